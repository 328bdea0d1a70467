"""The journal's dice over HTTP (``POST /api/<system>/<verb>``, a real ``journal serve`` on SQLite and PostgreSQL):
a refused verb tells no player the die the next roll gets (docs/dice.md, "Refused commands burn their dice")."""

from __future__ import annotations

import httpx
import pytest

from journal.service import Journal
from journal.systems.stone_wheel import commands as sw

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

CHARS = dict(zip(("constitution", "strength", "dexterity", "perception", "intelligence", "wisdom", "charisma", "will",
                  "magic", "luck"), (5, 6, 4, 3, 2, 2, 3, 4, 1, 2), strict=True))


def api(base: str, token: str) -> httpx.Client:
    """An HTTP client of the server that sends ``token`` with every request."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def _characters(db_url: str, campaign: str) -> None:
    """Ратибор (Аня's) and Ёжик (Боря's), created by the Master through the service."""
    journal = Journal.open(db_url)
    try:
        params = dict.fromkeys(("attack", "dodge", "block", "casting", "search", "stamina_recovery",
                                "disease_resistance", "toxin_resistance", "magic_resistance", "reaction", "movement",
                                "carry"), 0)
        params |= {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "damage": 3, "health_recovery": 2,
                   "mana_recovery": 1}
        sw.create_character(journal, campaign, "Ратибор", "Аня", "physical", "человек", "воин", CHARS, params)
        sw.create_character(journal, campaign, "Ёжик", "Боря", "general", "ёж", "вор", CHARS, params)
    finally:
        journal.close()


def test_an_exchange_with_armour_minus_one_is_refused_before_its_dice_over_http(live, module_db, new_campaign) -> None:
    """The attack of issue 18 over HTTP: each `"armour": -1` exchange is refused 409 by the rule before any die is
    thrown, whatever the die would show (five times alike), nothing is appended, and the next roll gets counter 0."""
    name, tokens = new_campaign("stone-wheel", "Мастер", ["Аня", "Боря"])
    _characters(module_db, name)
    exchange = {"challenger": "Ратибор", "target": "Ёжик", "threshold": 10, "pool": 1, "weapon": 2, "armour": -1}
    with api(live, tokens["Мастер"]) as master, api(live, tokens["Аня"]) as anya:
        master.post("/api/sessions/start", json={"present": ["Аня", "Боря"]}).raise_for_status()
        anya.post("/api/sessions/salt", json={"salt": "лиса"}).raise_for_status()
        head = anya.get("/api/me").json()["version"]
        refused = [anya.post("/api/stone-wheel/exchange", json=exchange) for _ in range(5)]
        after = anya.get("/api/me").json()["version"]
        [roll] = anya.post("/api/roll", json={"notation": "1d10"}).json()["events"]
    assert {(r.status_code, r.json()["error"]) for r in refused} == {
        (409, "refused by rule 'stone_wheel: damage terms': armour value cannot be -1")}
    assert (after, roll["data"]["rolls"][0]["counter"]) == (head, 0)
