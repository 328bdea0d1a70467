"""Two server processes on one database: writes to both are serialised per campaign, each warm head sees the other's."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench.ports import free_port
from journal.service import Journal
from journal.service.sessions import start_session
from journal.service.tokens import issue

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN = "Два сервера"
PLAYERS = ["Аня", "Борис", "Вика", "Глеб"]
WRITES = 10


def _serve(url: str) -> tuple[subprocess.Popen, str]:
    """``journal serve`` on a free port in a process of its own; returns once /healthz answers."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "--db", url, "serve", "--port", str(port)],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {process.stderr.read().decode() if process.stderr else ''}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not answer /healthz")


@pytest.fixture
def servers(journal: Journal) -> Iterator[tuple[list[str], dict[str, str]]]:
    """A VPT campaign with four players and an open session, and two servers over its database; player -> token."""
    journal.create_campaign(CAMPAIGN, "vpt", "ГМ")
    for player in PLAYERS:
        journal.add_member(CAMPAIGN, player)
    start_session(journal, CAMPAIGN, PLAYERS)
    tokens = {player: issue(journal, CAMPAIGN, player).token for player in PLAYERS}
    url = journal.store.engine.url.render_as_string(hide_password=False)
    started = [_serve(url), _serve(url)]
    try:
        yield [base for _, base in started], tokens
    finally:
        for process, _ in started:
            process.terminate()
            process.communicate(timeout=30)


def _roll(base: str, token: str) -> httpx.Response:
    return httpx.post(f"{base}/api/roll", headers={"Authorization": f"Bearer {token}",
                                                  "Idempotency-Key": uuid.uuid4().hex},
                      json={"notation": "2d6", "dice": [3, 4]}, timeout=60)


def _head(base: str, token: str) -> int:
    answer = httpx.get(f"{base}/api/sheets", headers={"Authorization": f"Bearer {token}"}, timeout=60)
    assert answer.status_code == 200, answer.text
    return int(answer.json()["version"])


def test_clients_writing_to_two_servers_lose_no_write(journal: Journal,
                                                      servers: tuple[list[str], dict[str, str]]) -> None:
    """Four clients, two on each server, each write ten rolls at once: no failure, versions 1..n without a gap."""
    bases, tokens = servers
    before = journal.store.head(CAMPAIGN)
    failures: list[str] = []

    def client(index: int, player: str) -> None:
        for _ in range(WRITES):
            answer = _roll(bases[index % 2], tokens[player])
            if answer.status_code != 200:
                failures.append(f"{answer.status_code} {answer.text}")

    threads = [threading.Thread(target=client, args=(index, player)) for index, player in enumerate(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    versions = [event.version for event in journal.store.read(CAMPAIGN)]
    assert (failures, versions) == ([], list(range(1, before + len(PLAYERS) * WRITES + 1)))


def test_each_server_head_reflects_the_other_servers_writes(journal: Journal,
                                                            servers: tuple[list[str], dict[str, str]]) -> None:
    """After a write to one server, the other's head query answers that write's version, and the other way round."""
    (first, second), tokens = servers
    seen = [_head(first, tokens["Аня"]), _head(second, tokens["Аня"])]  # both servers warm
    on_first = _roll(first, tokens["Аня"]).json()["events"][-1]["version"]
    seen_by_second = _head(second, tokens["Борис"])
    on_second = _roll(second, tokens["Борис"]).json()["events"][-1]["version"]
    seen_by_first = _head(first, tokens["Аня"])
    head = journal.store.head(CAMPAIGN)
    assert (seen, seen_by_second, seen_by_first) == ([head - 2, head - 2], on_first, on_second)
