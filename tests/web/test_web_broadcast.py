"""The one broadcaster per server: other processes' appends wake the streams, revocations end them, idle costs nothing.

Through a real ``journal serve`` process on both databases, with a heartbeat of 60 s: nothing a test
sees can come from a heartbeat, so an event that arrives, or a stream that ends, was woken by the
broadcaster (LISTEN on PostgreSQL; the server's one poll on SQLite, for the CLI's appends).
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import orjson
import pytest

from journal.service import Journal
from journal.service.tokens import issue
from journal.service.tokens import tokens as tokens_of
from journal.store import open_store
from tests.web.conftest import JOURNAL, Served, auth, start_server
from tests.web.test_web_stream import frames, next_event

#: The heartbeat of this module's server: longer than any test, so no test is helped by one.
HEARTBEAT = "60"
#: Seconds a client waits for a frame before the test fails (instead of hanging).
WAIT = 10
#: The CPU time the server may spend over the measured window with its idle streams open.
CPU_BOUND = 0.3
#: The length of the measured window, in seconds.
WINDOW = 3.0


@pytest.fixture(scope="module")
def quiet(module_db: str) -> Iterator[Served]:
    """One ``journal serve`` over ``module_db`` whose heartbeat (60 s) never fires during a test."""
    running = start_server(module_db, "--heartbeat", HEARTBEAT)
    try:
        yield running
    finally:
        log = running.stop()
        assert "Traceback" not in log, log


@contextmanager
def journal_at(db_url: str) -> Iterator[Journal]:
    """A Journal over ``db_url`` in the test process (another process than the server's), closed after."""
    journal = Journal(open_store(db_url))
    try:
        yield journal
    finally:
        journal.close()


def cli(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real ``journal`` command over ``db_url`` in a process of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("JOURNAL_DB", "JOURNAL_ACTOR")}
    return subprocess.run([JOURNAL, "--db", db_url, *args], capture_output=True, text=True, env=env, timeout=60,
                          check=True)


def opened(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The frames of a stream, past its opening comment and retry hint (the server has read and checked once by then)."""
    found = frames(lines)
    comment, hint = next(found), next(found)
    assert (comment["comment"].startswith("stream of "), hint) == (True, {"retry": "2000"})
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (utime + stime of /proc/<pid>/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_an_event_appended_by_the_cli_reaches_an_open_stream(quiet, module_db, new_campaign) -> None:
    """A roll recorded by the journal command (another process) arrives on a player's open stream as version 5."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with httpx.stream("GET", f"{quiet.base}/api/stream", headers=auth(tokens["Оля"]), timeout=WAIT) as stream:
        found = opened(stream.iter_lines())
        cli(module_db, "roll", name, "2d6", "--dice", "3,4")
        event = next_event(found)
    data = orjson.loads(event["data"])
    assert (event["id"], data["type"], data["data"]["rolls"][0]["dice"]) == ("5", "roll.made", [3, 4])


def test_a_revoked_tokens_open_stream_ends(quiet, module_db, new_campaign) -> None:
    """Revoking a player's token (the CLI, another process) ends that player's open stream with the reason."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with httpx.stream("GET", f"{quiet.base}/api/stream", headers=auth(tokens["Оля"]), timeout=WAIT) as stream:
        found = opened(stream.iter_lines())
        cli(module_db, "member", "revoke", name, "Оля")
        rest = list(found)  # ends only when the server completes the response
    with journal_at(module_db) as journal:
        issued = next(t["issued_at"] for t in tokens_of(journal, name) if t["member"] == "Оля")
    assert rest == [{"event": "closed", "data": orjson.dumps(
        {"error": f"token: revoked (the token of 'Оля' issued {issued[:16].replace('T', ' ')})",
         "kind": "Unauthenticated"}).decode()}]


def test_a_revocation_leaves_the_other_members_streams_open(quiet, module_db, new_campaign) -> None:
    """The Master's stream outlives a player's revocation and receives the revocation event itself."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with httpx.stream("GET", f"{quiet.base}/api/stream", headers=auth(tokens["Вика"]), timeout=WAIT) as stream:
        found = opened(stream.iter_lines())
        cli(module_db, "member", "revoke", name, "Оля")
        event = next_event(found)
    assert (event["id"], orjson.loads(event["data"])["type"]) == ("5", "member.token_revoked")


def test_sixty_idle_streams_cost_little_cpu(quiet, module_db, new_campaign) -> None:
    """60 open, idle streams (15 tokens, 4 each) cost the server under 0.3 s of CPU over 3 s, and all stay open."""
    name, _ = new_campaign("vpt", "Вика", [])
    players = [f"Игрок {n}" for n in range(15)]
    with journal_at(module_db) as journal:
        for player in players:
            journal.add_member(name, player)
        tokens = [issue(journal, name, player).token for player in players]
    with ExitStack() as stack, httpx.Client(timeout=WAIT, limits=httpx.Limits(max_connections=None)) as client:
        streams = [opened(stack.enter_context(client.stream("GET", f"{quiet.base}/api/stream", headers=auth(token)))
                          .iter_lines()) for token in tokens for _ in range(4)]
        before = cpu_seconds(quiet.process.pid)
        time.sleep(WINDOW)
        spent = cpu_seconds(quiet.process.pid) - before
        with journal_at(module_db) as journal:  # the test process is another process too
            journal.add_member(name, "Последний")
        delivered = {next_event(found)["id"] for found in streams}
    assert spent < CPU_BOUND, f"{spent:.2f} s of CPU over {WINDOW} s with 60 idle streams"
    assert (len(streams), delivered) == (60, {"33"})
