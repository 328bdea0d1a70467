"""The table's words over HTTP through a real ``journal serve`` (the path the page's forms post on), on SQLite and
PostgreSQL: VPT's sides and fighters as text rows, its modifiers and checklist items by the page's own words,
Wield's Domains and difficulties in Russian, and a refused word's one translated line; every choice the command
line takes in Russian (cli.language.SpokenChoice.of_system) taken by the verb's endpoint too: VPT's Initiative
mode, how a Dichotomy career ends and the injury healed, Stone Wheel's type, action, response, pool, return of a
soul and what XP improves."""

from __future__ import annotations

from contextlib import closing

import httpx
import pytest

from tests.support import CHARS, PARAMS

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

RU = {"Accept-Language": "ru-RU,ru;q=0.9"}


def api(base: str, token: str) -> httpx.Client:
    """An HTTP client of the server that sends ``token`` with every request."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def _vpt(live: str, new_campaign) -> tuple[httpx.Client, httpx.Client]:
    """A VPT campaign with Оля's Вольтаир, the GM's Питер, a spear in the table and session 1 open."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    gm, olya = api(live, tokens["Вика"]), api(live, tokens["Оля"])
    assert olya.post("/api/vpt/char", json={"name": "Вольтаир", "hit_bonus": 1}).status_code == 200
    assert gm.post("/api/vpt/char", json={"name": "Питер"}).status_code == 200
    assert gm.post("/api/vpt/weapon", json={"name": "копьё", "target": 8, "initiative": 8}).status_code == 200
    assert gm.post("/api/sessions/start", json={"present": ["Оля"]}).status_code == 200
    return gm, olya


def test_initiative_takes_the_enemies_as_text_rows(live, new_campaign) -> None:
    """«Жулики 7; Стража 5» in the Enemies field are two sides."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/initiative", json={"mode": "careful", "enemies": "Жулики 7; Стража 5",
                                                        "dice": [6]})
    data = answer.json()["events"][0]["data"]
    assert ([(s["name"], s["initiative"]) for s in data["enemies"]], data["order"]) == (
        [("Жулики", 7), ("Стража", 5)], ["Жулики", "players", "Стража"])


def test_initiative_refuses_a_bad_row_in_one_russian_line(live, new_campaign) -> None:
    """A row without its number: 422, one line in the reader's language naming the field and its form."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/initiative", json={"mode": "careful", "enemies": "Жулики", "dice": [6]},
                           headers=RU)
    assert (answer.status_code, answer.json()["error"]) == (
        422, "враги: «Жулики» — не ИМЯ ИНИЦИАТИВА [вид], например «Жулики 7»")


def test_melee_takes_the_fighters_as_text_rows(live, new_campaign) -> None:
    """«Вольтаир копьё @Питер; Питер 6» in the Fighters field."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = gm.post("/api/vpt/melee", json={"fighters": "Вольтаир копьё @Питер; Питер 6"})
    assert answer.json()["events"][0]["data"]["order"] == [["Вольтаир"], ["Питер"]]


def test_hit_takes_the_placeholders_modifier_name(live, new_campaign) -> None:
    """``щит=-1`` (the form's own example) is the enemy in cover."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/hit", json={"attacker": "Вольтаир", "defender": "Питер", "target": 7,
                                                 "modifiers": {"щит": -1, "engaged": 1}, "dice": [3, 4]})
    assert answer.json()["events"][0]["data"]["modifiers"] == {"enemy_in_cover": -1, "engaged": 1, "fresh": 1}


def test_tick_takes_the_pages_labels(live, new_campaign) -> None:
    """«спас жизнь» and «подарок» (the page's labels) and ``saved`` (the CLI's) are checklist items."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/tick", json={"name": "Вольтаир", "other": "Питер",
                                                  "items": ["спас жизнь", "подарок"]})
    assert answer.json()["events"][0]["data"]["items"] == ["saved_life", "gave_magic_item"]


def test_revenge_tick_takes_the_russian_item(live, new_campaign) -> None:
    """«сражались» is fought."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        olya.post("/api/vpt/revenge", json={"avenger": "Вольтаир", "target": "Питер"})
        answer = olya.post("/api/vpt/revenge-tick", json={"avenger": "Вольтаир", "items": ["сражались"]})
    assert answer.json()["events"][0]["data"]["items"] == ["fought"]


def _wield(live: str, new_campaign) -> tuple[httpx.Client, httpx.Client]:
    """A Wield campaign: Jill's Ring (of «Воздух», as typed on the page) wielded by John's Ёжик."""
    _, tokens = new_campaign("wield", "Судьба", ["John", "Jill"])
    jill, john = api(live, tokens["Jill"]), api(live, tokens["John"])
    vatcha = jill.post("/api/wield/vatcha", json={"name": "Ring", "item": "Ring", "domains": ["Воздух"],
                                                  "goal": "Kill", "steps": list("abcde"), "destruction": "Fire"})
    assert vatcha.json()["events"][0]["data"]["domains"] == ["Air"]
    assert john.post("/api/wield/hero", json={"name": "Ёжик", "vatcha_name": "Ring", "background": "Thief",
                                              "destiny": "Marry"}).status_code == 200
    return jill, john


def test_power_takes_the_russian_domain(live, new_campaign) -> None:
    """«Воздух» in the power form's Domain is Air."""
    jill, john = _wield(live, new_campaign)
    with closing(jill), closing(john):
        answer = jill.post("/api/wield/power", json={"vatcha_name": "Ring", "power": "Gust", "rank": 1,
                                                     "domain": "Воздух"})
    assert (answer.status_code, answer.json()["events"][0]["data"]["domain"]) == (200, "Air")


def test_power_refuses_an_unknown_domain_in_one_translated_line(live, new_campaign) -> None:
    """Not pydantic's English: 422 naming the field's label and the twelve Domains' words."""
    jill, john = _wield(live, new_campaign)
    with closing(jill), closing(john):
        answer = jill.post("/api/wield/power", json={"vatcha_name": "Ring", "power": "Gust", "rank": 1,
                                                     "domain": "Ветер"}, headers=RU)
    assert (answer.status_code, answer.json()) == (422, {"kind": "ValidationFailed", "error": (
        "домен: «Ветер» — не одно из слов «Воздух», «Разрушение», «Земля», «Свет», «Животное», «Тьма», «Огонь», "
        "«Растение», «Создание», «Смерть», «Жизнь», «Вода»")})


def test_chance_takes_the_russian_difficulty(live, new_campaign) -> None:
    """«Героическая» is Heroic: target 20."""
    jill, john = _wield(live, new_campaign)
    with closing(jill), closing(john):
        answer = john.post("/api/wield/chance", json={"hero_name": "Ёжик", "task": "Climb",
                                                      "difficulty": "Героическая", "dice": [17]})
    data = answer.json()["events"][0]["data"]
    assert (data["difficulty"], data["target"]) == ("Heroic", 20)


def test_initiative_takes_the_russian_mode(live, new_campaign) -> None:
    """«осторожно», the word the form's option shows, is careful: one die."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/initiative", json={"mode": "осторожно", "enemies": "Жулики 7", "dice": [6]})
    assert (answer.status_code, answer.json()["events"][0]["data"]["mode"]) == (200, "careful")


def test_initiative_refuses_an_unknown_mode_by_its_label_and_words(live, new_campaign) -> None:
    """«быстро»: 422, «режим» and the two modes as a player types them."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        answer = olya.post("/api/vpt/initiative", json={"mode": "быстро", "enemies": "Жулики 7", "dice": [6]},
                           headers=RU)
    assert (answer.status_code, answer.json()) == (422, {"kind": "ValidationFailed", "error": (
        "режим: «быстро» — не одно из слов «опрометчиво», «осторожно»")})


def test_the_verbs_schema_still_offers_the_initiative_modes(live, new_campaign) -> None:
    """The form's options stay the two modes, each with its word: the body takes words, the schema lists values."""
    gm, olya = _vpt(live, new_campaign)
    with closing(gm), closing(olya):
        verbs = olya.get("/api/verbs", headers=RU).json()["verbs"]
    mode = next(v for v in verbs if v["path"].endswith("/initiative"))["schema"]["properties"]["mode"]
    assert (mode["enum"], mode["x-labels"]) == (["reckless", "careful"], {"reckless": "опрометчиво",
                                                                          "careful": "осторожно"})


def _dichotomy(live: str, new_campaign) -> httpx.Client:
    """A Dichotomy campaign: the GM's client, Карли's Шарлотта at |●●|●|●| after three rounds."""
    _, tokens = new_campaign("dichotomy", "Ведущий", ["Карли"])
    gm = api(live, tokens["Ведущий"])
    assert gm.post("/api/dichotomy/new", json={
        "character_name": "Шарлотта", "attributes": dict(zip(("finesse", "power", "martial", "spiritual", "natural",
                                                               "technical"), (6, 5, 8, 3, 10, 1))),
        "abilities": ["Mobility", "Climbing", "Alertness"], "motives": ["Honor", "Fame"], "wealth": "богатый",
        "player": "Карли"}).status_code == 200
    for number, damage in ((1, 3), (2, 3), (3, 2)):
        assert gm.post("/api/dichotomy/damage", json={"character_name": "Шарлотта", "damage": damage,
                                                      "round": number}).status_code == 200
    return gm


def test_damage_takes_the_end_of_a_career_in_russian(live, new_campaign) -> None:
    """«конец карьеры» with the third Hit after both state circles: the career ends."""
    with closing(_dichotomy(live, new_campaign)) as gm:
        answer = gm.post("/api/dichotomy/damage", json={"character_name": "Шарлотта", "damage": 1, "round": 4,
                                                        "end": "Конец карьеры"})
    assert (answer.status_code, answer.json()["events"][0]["data"]["end"]) == (200, "career_ended")


def test_damage_refuses_an_unknown_end_by_its_label_and_words(live, new_campaign) -> None:
    """«пенсия»: 422, «конец» and «смерть», «конец карьеры», never ``career_ended``."""
    with closing(_dichotomy(live, new_campaign)) as gm:
        answer = gm.post("/api/dichotomy/damage", json={"character_name": "Шарлотта", "damage": 1, "round": 4,
                                                        "end": "пенсия"}, headers=RU)
    assert (answer.status_code, answer.json()) == (422, {"kind": "ValidationFailed", "error": (
        "конец: «пенсия» — не одно из слов «смерть», «конец карьеры»")})


def test_heal_takes_the_serious_injury_in_russian(live, new_campaign) -> None:
    """«серьезное ранение» (е for ё) after the fight and a rest: the serious injury healed."""
    with closing(_dichotomy(live, new_campaign)) as gm:
        assert gm.post("/api/dichotomy/fight-end", json={}).status_code == 200
        assert gm.post("/api/dichotomy/recover", json={"character_name": "Шарлотта", "how": "отдых"}).status_code == 200
        answer = gm.post("/api/dichotomy/heal", json={"character_name": "Шарлотта", "injury": "серьезное ранение"})
    assert (answer.status_code, answer.json()["events"][0]["data"]["injury"]) == (200, "serious")


def _stone_wheel(live: str, new_campaign) -> httpx.Client:
    """A Stone Wheel campaign: the Master's client; Аня's Ратибор made «физический», Боря's Велес."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня", "Боря"])
    master = api(live, tokens["Мастер"])
    for name, player in (("Ратибор", "Аня"), ("Велес", "Боря")):
        created = master.post("/api/stone-wheel/character", json={
            "name": name, "player": player, "kind": "физический", "race": "человек", "class_": "воин",
            "characteristics": CHARS, "parameters": PARAMS})
        assert created.status_code == 200, created.text
    return master


def test_a_stone_wheel_character_takes_its_russian_type(live, new_campaign) -> None:
    """«умственный» is mental."""
    with closing(_stone_wheel(live, new_campaign)) as master:
        answer = master.post("/api/stone-wheel/character", json={
            "name": "Мила", "player": "Аня", "kind": "умственный", "race": "человек", "class_": "маг",
            "characteristics": CHARS, "parameters": PARAMS})
    assert (answer.status_code, answer.json()["events"][0]["data"]["kind"]) == (200, "mental")


def test_an_exchange_takes_the_russian_action_and_response(live, new_campaign) -> None:
    """«захват» answered by «уклонение»: grab and dodge."""
    with closing(_stone_wheel(live, new_campaign)) as master:
        answer = master.post("/api/stone-wheel/exchange", json={
            "challenger": "Ратибор", "target": "Велес", "threshold": 6, "pool": 2, "action": "захват",
            "response": "уклонение", "answer_threshold": 6, "answer_pool": 2, "dice": [7, 3], "answer_dice": [2, 1]})
    data = answer.json()["events"][0]["data"]
    assert (answer.status_code, data["action"], data["response"]) == (200, "grab", "dodge")


def test_a_recovery_takes_the_pools_russian_name(live, new_campaign) -> None:
    """«Выносливость» is stamina."""
    with closing(_stone_wheel(live, new_campaign)) as master:
        answer = master.post("/api/stone-wheel/recover", json={"name": "Ратибор", "pool": "Выносливость",
                                                               "amount": 1, "reason": "передышка"})
    assert (answer.status_code, answer.json()["events"][0]["data"]["pool"]) == (200, "stamina")


def test_xp_spent_takes_the_russian_improvement(live, new_campaign) -> None:
    """«навык» is a skill."""
    with closing(_stone_wheel(live, new_campaign)) as master:
        assert master.post("/api/stone-wheel/xp-bonus", json={"name": "Ратибор", "amount": 100,
                                                              "reason": "клад"}).status_code == 200
        answer = master.post("/api/stone-wheel/xp-spend", json={"name": "Ратибор", "kind": "навык",
                                                                "target": "Фехтование", "cost": 100})
    assert (answer.status_code, answer.json()["events"][0]["data"]["kind"]) == (200, "skill")


def test_a_wealth_level_no_list_has_is_refused_by_its_label_and_words(live, new_campaign) -> None:
    """«миллионер» for the wealth level: 422, «Богатство» and the levels as a player types them."""
    with closing(_dichotomy(live, new_campaign)) as gm:
        answer = gm.post("/api/dichotomy/wealth", json={"character_name": "Шарлотта", "level": "миллионер"},
                         headers=RU)
    assert (answer.status_code, answer.json()) == (422, {"kind": "ValidationFailed", "error": (
        "Богатство: «миллионер» — не одно из слов «нищий», «комфортный», «богатый»")})
