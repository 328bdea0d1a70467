"""``GET /api/choices`` and the fields' ``x-source`` (journal.service.choices) through a real ``journal serve``, on
SQLite and PostgreSQL: what a form offers is the campaign's own characters, weapons, sealed geasa and words."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import auth

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


def post(base: str, token: str, path: str, body: dict) -> dict:
    answer = httpx.post(base + path, json=body, headers=auth(token), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def get(base: str, token: str, path: str, lang: str = "ru") -> dict:
    answer = httpx.get(base + path, headers={**auth(token), "Accept-Language": lang}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def sources(base: str, token: str, verb: str) -> dict[str, str]:
    [found] = [v for v in get(base, token, "/api/verbs")["verbs"] if v["verb"] == verb]
    return {name: field["x-source"] for name, field in found["schema"]["properties"].items() if "x-source" in field}


def test_a_vpt_hit_picks_its_fighters_from_the_characters_and_its_weapon_from_the_table(live, new_campaign) -> None:
    """The hit's attacker and defender name the characters' list, its weapon the weapon table, its attack a word,
    its modifiers the rules' named ones."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    assert sources(live, tokens["Оля"], "hit") == {
        "attacker": "characters", "defender": "characters", "attack": "attacks", "weapon": "weapons",
        "modifiers": "modifiers"}


def test_the_named_hit_modifiers_are_offered_with_each_value_the_rules_allow(live, new_campaign) -> None:
    """Mounted is offered twice (+1, +2), the enemy in cover once (-1), fresh not at all (the sheets say it); each
    with its Russian word."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    offered = get(live, tokens["Оля"], "/api/choices")["choices"]["modifiers"]
    assert ([(item["value"], item["amount"]) for item in offered if item["value"] in ("mounted", "enemy_in_cover", "fresh")],
            all(not item["text"].startswith(item["value"]) for item in offered)) == (
        [("mounted", 1), ("mounted", 2), ("enemy_in_cover", -1)], True)


def test_the_named_hit_modifiers_read_as_the_rule_texts_conditions_in_english(live, new_campaign) -> None:
    """In English too each modifier the hit's checklist offers reads as the rule text's list says it ("Ranged Attack
    from high ground +1"), never by its key (``high_ground +1``)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    offered = get(live, tokens["Оля"], "/api/choices", lang="en")["choices"]["modifiers"]
    assert [item["text"] for item in offered] == [
        "engaged in melee +1", "on horseback with a suitable weapon +1", "on horseback with a suitable weapon +2",
        "Ranged Attack from high ground +1", "in melee, allies outnumber the enemies +1", "won Initiative +1",
        "Ranged Attack standing still +1", "enemy in cover -1", "in melee with a rider, not mounted -1",
        "enemy's Preparation above 4 -1"]


def test_a_verb_that_makes_a_character_offers_no_list_for_its_name(live, new_campaign) -> None:
    """VPT's char makes a new character: its name is typed, not picked."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    assert sources(live, tokens["Оля"], "char") == {}


def test_the_vpt_lists_are_the_campaigns_characters_weapons_and_attacks_in_russian(live, new_campaign) -> None:
    """Two characters and a sword: the lists name them; the attacks carry the rules value and the Russian word."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    post(live, tokens["Оля"], "/api/vpt/char", {"name": "Вольтаир"})
    post(live, tokens["Вика"], "/api/vpt/char", {"name": "Питер"})
    post(live, tokens["Вика"], "/api/vpt/weapon", {"name": "Меч", "target": 7, "initiative": 3})
    lists = get(live, tokens["Оля"], "/api/choices")["choices"]
    assert (lists["characters"], lists["weapons"], [item["value"] for item in lists["attacks"]]) == (
        [{"value": "Вольтаир", "text": "Вольтаир"}, {"value": "Питер", "text": "Питер"}],
        [{"value": "Меч", "text": "Меч"}], ["melee", "ranged"])


def test_a_sealed_geis_is_offered_by_its_promise_and_its_hero_with_its_id_as_the_value(live, new_campaign) -> None:
    """Wield: the geis sealed for Ёжик reads «Отдать плащ первому нищему (Ёжик)»; its value is the seal's id."""
    _, tokens = new_campaign("wield", "Вика", ["Оля", "Дима"])
    post(live, tokens["Дима"], "/api/wield/vatcha", {
        "name": "Искра", "item": "кольцо", "domains": ["Air"], "goal": "Свергнуть короля",
        "steps": ["Найти", "Склонить", "Взять", "Открыть", "Встать"], "destruction": "Расплавить"})
    post(live, tokens["Оля"], "/api/wield/hero", {"name": "Ёжик", "vatcha_name": "Искра", "background": "вор",
                                                  "destiny": "Жениться на принце"})
    post(live, tokens["Оля"], "/api/wield/offer", {"hero_name": "Ёжик", "promise": "Отдать плащ первому нищему",
                                                   "chance": "Перепрыгнуть пропасть"})
    [seal] = post(live, tokens["Вика"], "/api/wield/seal", {"hero_name": "Ёжик", "rank": 1})["events"]
    lists = get(live, tokens["Оля"], "/api/choices")["choices"]
    assert (lists["geasa"], lists["hero"], lists["vatcha"]) == (
        [{"value": seal["id"], "text": "Отдать плащ первому нищему (Ёжик)"}],
        [{"value": "Ёжик", "text": "Ёжик"}], [{"value": "Искра", "text": "Искра"}])


def test_a_wield_difficulty_is_offered_in_the_tables_words(live, new_campaign) -> None:
    """The chance's difficulties read «Лёгкая» … in Russian; each keeps its rules value (Heroic)."""
    _, tokens = new_campaign("wield", "Вика", ["Оля"])
    lists = get(live, tokens["Оля"], "/api/choices")["choices"]
    assert [item["value"] for item in lists["difficulties"]] == ["Easy", "Hard", "Heroic", "Epic", "Impossible"]
    assert all(item["text"] != item["value"] for item in lists["difficulties"])


def test_choices_without_a_token_is_refused_401(live) -> None:
    """/api/choices names no campaign without a token."""
    assert httpx.get(live + "/api/choices", timeout=10).status_code == 401


def test_what_a_stone_wheel_character_improves_is_typed_not_picked(live, new_campaign) -> None:
    """xp-spend's ``target`` is a skill or a perk: only its ``name`` (the character) is picked."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля"])
    assert sources(live, tokens["Оля"], "xp-spend") == {"name": "characters"}


def test_a_dichotomy_new_character_is_typed(live, new_campaign) -> None:
    """Dichotomy's new makes a character: its ``character_name`` offers no list."""
    _, tokens = new_campaign("dichotomy", "Вика", ["Оля"])
    assert sources(live, tokens["Оля"], "new") == {}
