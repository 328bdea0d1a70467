"""``POST /api/<system>/carry-over`` through a real ``journal serve``, on SQLite and PostgreSQL: the verb's HTTP twin
for Wield, Stone Wheel and Dichotomy (VPT's is tests/web/test_web_vpt_carry_over.py)."""

from __future__ import annotations

import httpx
import pytest

from tests.support import CHARS, PARAMS

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SOURCE = "перенос с бумажного листа, после 20-й сессии"


def api(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def test_fate_carries_a_hero_over_http_and_the_debts_read_it(live, new_campaign) -> None:
    """Fate's sheet (the Domain in Russian) is recorded as wield.carried_over; /api/debts reads the debt owed."""
    _, tokens = new_campaign("wield", "Судьба", ["John", "Jill"])
    sheet = {"hero": "Ёжик", "source": SOURCE, "powers": [{"power": "Порыв", "rank": 1, "domain": "Воздух"}],
             "geasa": [{"promise": "Отдать плащ", "rank": 2, "broken": True, "owed": 2}]}
    with api(live, tokens["Судьба"]) as fate, api(live, tokens["Jill"]) as jill, api(live, tokens["John"]) as john:
        assert jill.post("/api/wield/vatcha", json={"name": "Ring", "item": "Ring", "domains": ["Air"],
                                                    "goal": "Kill", "steps": list("abcde"),
                                                    "destruction": "Fire"}).status_code == 200
        assert john.post("/api/wield/hero", json={"name": "Ёжик", "vatcha_name": "Ring", "background": "Thief",
                                                  "destiny": "Marry"}).status_code == 200
        answer = fate.post("/api/wield/carry-over", json={"sheet": sheet})
        refused = john.post("/api/wield/carry-over", json={"sheet": sheet})
        debts = fate.get("/api/debts").json()["geasa"]
    assert (answer.status_code, answer.json()["events"][0]["type"]) == (200, "wield.carried_over")
    assert (refused.status_code, refused.json()["kind"]) == (403, "NotAuthorized")
    assert [(d["geis"], d["owed"]) for d in debts] == [("Отдать плащ", 2)]


def test_the_master_carries_a_stone_wheel_character_over_http(live, new_campaign) -> None:
    """The Master's sheet is recorded; a player's is refused 403; the sheet reads the carried XP."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня"])
    sheet = {"character": "Ратибор", "source": SOURCE, "xp": {"earned": 1250, "spent": 900},
             "current": {"Здоровье": 7}}
    with api(live, tokens["Мастер"]) as master, api(live, tokens["Аня"]) as anya:
        created = master.post("/api/stone-wheel/character", json={
            "name": "Ратибор", "player": "Аня", "kind": "physical", "race": "человек", "class_": "воин",
            "characteristics": CHARS, "parameters": PARAMS})
        assert created.status_code == 200, created.text
        refused = anya.post("/api/stone-wheel/carry-over", json={"sheet": sheet})
        answer = master.post("/api/stone-wheel/carry-over", json={"sheet": sheet})
    assert (refused.status_code, answer.status_code, answer.json()["events"][0]["type"]) == (
        403, 200, "stone_wheel.carried_over")


def test_a_sheet_with_its_fields_russian_names_is_carried_over_http(live, new_campaign) -> None:
    """The file the page sends, its fields named as the Russian help names them («персонаж», «Опыт», «Сейчас»): the
    event the English sheet records."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня"])
    sheet = {"персонаж": "Ратибор", "источник": SOURCE, "Опыт": {"получено": 1250, "потрачено": 900},
             "Сейчас": {"Здоровье": 7}}
    with api(live, tokens["Мастер"]) as master:
        assert master.post("/api/stone-wheel/character", json={
            "name": "Ратибор", "player": "Аня", "kind": "physical", "race": "человек", "class_": "воин",
            "characteristics": CHARS, "parameters": PARAMS}).status_code == 200
        answer = master.post("/api/stone-wheel/carry-over", json={"sheet": sheet})
    event = answer.json()["events"][0]
    assert (answer.status_code, event["type"], event["data"]) == (200, "stone_wheel.carried_over", {
        "character": "Ратибор", "source": SOURCE, "xp": {"earned": 1250, "spent": 900}, "current": {"health": 7},
        "effects": []})
