"""``POST /api/vpt/carry-over`` through a real ``journal serve``, on SQLite and PostgreSQL: the verb's HTTP twin."""

from __future__ import annotations

import httpx
import pytest

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SHEET = {"character": "Вольтаир", "source": "сессии 1–20, тетрадь Мастера",
         "relationships": [{"other": "Питер", "points": 6, "statuses": ["Друг"]}]}


def api(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def test_the_master_carries_a_character_over_http_and_the_bonds_read_it(live, new_campaign) -> None:
    """The Master's sheet is recorded as vpt.carried_over; /api/bonds reads 6 points and the Status."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm, api(live, tokens["Оля"]) as olya:
        olya.post("/api/vpt/char", json={"name": "Вольтаир"})
        gm.post("/api/vpt/char", json={"name": "Питер"})
        answer = gm.post("/api/vpt/carry-over", json={"sheet": SHEET})
        bonds = gm.get("/api/bonds").json()["bonds"]
    assert (answer.status_code, answer.json()["events"][0]["type"]) == (200, "vpt.carried_over")
    assert [(b["character"], b["other"], b["points"], b["statuses"]) for b in bonds] == [
        ("Вольтаир", "Питер", 6, ["Друг"])]


def test_a_player_carrying_over_http_is_refused_403(live, new_campaign) -> None:
    """Оля's own sheet over HTTP: 403, NotAuthorized, nothing recorded."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"]) as gm, api(live, tokens["Оля"]) as olya:
        olya.post("/api/vpt/char", json={"name": "Вольтаир"})
        gm.post("/api/vpt/char", json={"name": "Питер"})
        answer = olya.post("/api/vpt/carry-over", json={"sheet": SHEET})
        bonds = gm.get("/api/bonds").json()["bonds"]
    assert (answer.status_code, answer.json()["kind"], bonds) == (403, "NotAuthorized", [])
