"""Concurrent writers through one server: no global lock, no lost or doubled event (both databases)."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

CLIENTS = 8
APPENDS = 100


@pytest.mark.slow
def test_eight_clients_appending_a_hundred_rolls_each_leave_800_gap_free_events(server, make_campaign) -> None:
    """8 threads x 100 POST /api/roll (table dice), each with its own token: 800 rolls, versions 1..head gap-free."""
    players = [f"Игрок {n}" for n in range(1, CLIENTS)]
    tokens = make_campaign("Толпа", "vpt", "Вика", players)

    def append(member: str) -> list[int]:
        statuses = []
        with httpx.Client(base_url=server, headers={"Authorization": f"Bearer {tokens[member]}"}, timeout=60) as http:
            for n in range(APPENDS):
                answer = http.post("/api/roll", json={"notation": "1d6", "dice": [n % 6 + 1], "purpose": member})
                statuses.append(answer.status_code)
        return statuses

    with ThreadPoolExecutor(CLIENTS) as pool:
        statuses = [s for result in pool.map(append, list(tokens)) for s in result]
    with httpx.Client(base_url=server, headers={"Authorization": f"Bearer {tokens['Вика']}"}, timeout=60) as http:
        answer = http.get("/api/events", params={"limit": 5000}).json()
    events = answer["events"]
    rolls = [e for e in events if e["type"] == "roll.made"]
    assert Counter(statuses) == {200: CLIENTS * APPENDS}
    assert [e["version"] for e in events] == list(range(1, answer["head"] + 1))
    assert len(rolls) == CLIENTS * APPENDS
    assert len({e["id"] for e in events}) == len(events)
    assert Counter((e["actor"], e["data"]["purpose"]) for e in rolls) == {(m, m): APPENDS for m in tokens}
