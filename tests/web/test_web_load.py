"""Sixteen clients writing to one campaign through one ``journal serve`` process (both databases).

Each client sends 20 rolls with an Idempotency-Key each; every answer is a 2xx, the campaign's versions
run 1..head without a gap, each roll is stored once, and ``journal verify`` finds every chain intact.
"""

from __future__ import annotations

import subprocess
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.web.conftest import JOURNAL, auth

CLIENTS = 16
WRITES = 20
#: Eight members (the Master and seven players), two devices (clients) each.
MEMBERS = ["Вика", *(f"Игрок {n}" for n in range(1, 8))]


@pytest.mark.slow
def test_sixteen_clients_times_fifty_writes_all_succeed_gap_free_and_verify(db_url, server, make_campaign) -> None:
    """16 threads x 20 POST /api/roll with keys: 320 answers 200, versions 1..head gap-free, 320 rolls, verify ok."""
    tokens = make_campaign("Толпа", "vpt", MEMBERS[0], MEMBERS[1:])

    def write(client: int) -> list[tuple[int, str]]:
        member = MEMBERS[client % len(MEMBERS)]
        with httpx.Client(base_url=server, headers=auth(tokens[member]), timeout=60) as http:
            answers = [http.post("/api/roll", json={"notation": "1d6", "dice": [n % 6 + 1], "purpose": f"{client}:{n}"},
                                 headers={"Idempotency-Key": f"{client}:{n}"}) for n in range(WRITES)]
        return [(a.status_code, "" if a.is_success else a.text) for a in answers]

    with ThreadPoolExecutor(CLIENTS) as pool:
        answers = [answer for answers in pool.map(write, range(CLIENTS)) for answer in answers]
    statuses = Counter(status for status, _ in answers)
    with httpx.Client(base_url=server, headers=auth(tokens[MEMBERS[0]]), timeout=60) as http:
        answer = http.get("/api/events", params={"limit": 5000}).json()
    events = answer["events"]
    purposes = Counter(e["data"]["purpose"] for e in events if e["type"] == "roll.made")
    verified = subprocess.run([JOURNAL, "--db", db_url, "verify", "Толпа"], check=False, capture_output=True,
                              text=True)
    assert statuses == {200: CLIENTS * WRITES}, Counter(text for _, text in answers)
    assert [e["version"] for e in events] == list(range(1, answer["head"] + 1))
    assert purposes == {f"{c}:{n}": 1 for c in range(CLIENTS) for n in range(WRITES)}
    assert (verified.returncode, verified.stdout.splitlines()[0]) == (
        0, f"ok: {answer['head']} events in 1 campaigns, every chain holds")
