"""``kill -9`` of the server in the middle of keyed writes, then a restart on the same database (both databases).

Four clients each send 40 rolls, every one with its own Idempotency-Key; once 40 answers are in, the server
gets SIGKILL.  After the restart: every answered write is stored as answered, an unanswered one is stored at
most once (it may have committed before its answer was lost), and a retry of every unanswered write with its
key leaves each of the 160 stored exactly once, the versions gap-free and every chain intact.
"""

from __future__ import annotations

import subprocess
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from tests.web.conftest import JOURNAL, auth, start_server

CLIENTS = 4
WRITES = 40
#: The answers received before the server is killed.
KILL_AFTER = 40
MEMBERS = ["Вика", "Оля", "Дима", "Аня"]


def roll(n: int) -> dict[str, Any]:
    return {"notation": "1d6", "dice": [n % 6 + 1], "purpose": f"w{n}"}


@pytest.mark.slow
def test_writes_cut_by_kill_9_are_stored_once_each_after_a_keyed_retry(db_url, make_campaign) -> None:
    """SIGKILL mid-way: answered ⇒ stored, unanswered ⇒ stored at most once; keyed retries store each write once."""
    tokens = make_campaign("Обрыв", "vpt", MEMBERS[0], MEMBERS[1:])
    served = start_server(db_url)
    answered: dict[int, dict[str, Any]] = {}  # write number -> the event its answer named
    unanswered: list[int] = []
    enough = threading.Event()
    guard = threading.Lock()

    def write(client: int) -> None:
        numbers = range(client * WRITES, (client + 1) * WRITES)
        try:
            with httpx.Client(base_url=served.base, headers=auth(tokens[MEMBERS[client]]), timeout=30) as http:
                for index, n in enumerate(numbers):
                    try:
                        answer = http.post("/api/roll", json=roll(n), headers={"Idempotency-Key": f"w{n}"})
                    except httpx.TransportError:
                        with guard:
                            unanswered.extend(numbers[index:])
                        return
                    assert answer.status_code == 200, answer.text
                    with guard:
                        answered[n] = answer.json()["events"][0]
                        if len(answered) >= KILL_AFTER:
                            enough.set()
        finally:
            enough.set()  # a client that stops early must not leave the test waiting

    with ThreadPoolExecutor(CLIENTS) as pool:
        running = [pool.submit(write, client) for client in range(CLIENTS)]
        enough.wait()
        served.process.kill()
        served.process.wait()
        for future in running:
            future.result()
    served.stop()

    restarted = start_server(db_url)
    try:
        with httpx.Client(base_url=restarted.base, headers=auth(tokens[MEMBERS[0]]), timeout=30) as master:
            before = master.get("/api/events", params={"type": "roll.made", "limit": 5000}).json()["events"]
            retried = {}
            for n in sorted(unanswered):
                member = MEMBERS[n // WRITES]
                retried[n] = master.post("/api/roll", json=roll(n), headers={"Idempotency-Key": f"w{n}", **auth(
                    tokens[member])})
            everything = master.get("/api/events", params={"limit": 5000}).json()
    finally:
        log = restarted.stop()
    stored_before = {e["id"]: e["data"]["purpose"] for e in before}
    counted_before = Counter(stored_before.values())
    rolls = Counter(e["data"]["purpose"] for e in everything["events"] if e["type"] == "roll.made")
    verified = subprocess.run([JOURNAL, "--db", db_url, "verify", "Обрыв"], check=False, capture_output=True, text=True)
    assert "Traceback" not in log, log
    assert sorted([*answered, *unanswered]) == list(range(CLIENTS * WRITES))
    assert unanswered, "the kill came after every write was answered"
    assert all(stored_before.get(event["id"]) == f"w{n}" for n, event in answered.items())
    assert max(counted_before.values()) == 1
    assert Counter(answer.status_code for answer in retried.values()) == {200: len(unanswered)}
    assert all(answer.json()["events"][0]["id"] in stored_before for n, answer in retried.items()
               if counted_before[f"w{n}"])
    assert rolls == {f"w{n}": 1 for n in range(CLIENTS * WRITES)}
    assert [e["version"] for e in everything["events"]] == list(range(1, everything["head"] + 1))
    assert verified.returncode == 0, verified.stderr
