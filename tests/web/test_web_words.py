"""The table's words over HTTP through a real ``journal serve`` (the path the page's forms post on), on SQLite and
PostgreSQL: VPT's sides and fighters as text rows, its modifiers and checklist items by the page's own words,
Wield's Domains and difficulties in Russian, and a refused word's one translated line."""

from __future__ import annotations

from contextlib import closing

import httpx

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
