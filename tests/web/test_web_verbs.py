"""``GET /api/verbs`` (the forms' schemas) and ``GET /api/i18n`` (the page's strings) through a real
``journal serve``, on SQLite and PostgreSQL."""

from __future__ import annotations

import httpx
import pytest

from journal.systems.registry import system
from web.routes.systems import body_model

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


def api(base: str, token: str | None = None) -> httpx.Client:
    """An HTTP client of the server, sending ``token`` when there is one."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=base, headers=headers, timeout=30)


def test_verbs_lists_every_verb_of_the_campaigns_system_in_the_descriptors_order(live, new_campaign) -> None:
    """A VPT player's /api/verbs names the system and each of its verbs with the path it posts to."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        answer = http.get("/api/verbs").json()
    assert (answer["system"], answer["title"]) == ("vpt", "VPT")
    assert [(v["verb"], v["path"]) for v in answer["verbs"]] == [
        (verb, f"/api/vpt/{verb}") for verb in system("vpt").verbs]


def test_a_verbs_schema_is_the_model_its_endpoint_validates_with(live, new_campaign) -> None:
    """The Stone Wheel request's schema equals its POST body model's JSON schema, titles for people included (less
    the lists its fields are picked from, journal.service.choices)."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня"])
    with api(live, tokens["Аня"]) as http:
        [request] = [v for v in http.get("/api/verbs").json()["verbs"] if v["verb"] == "request"]
    descriptor = system("stone-wheel")
    plain = {**request["schema"], "properties": {name: {key: value for key, value in field.items() if key != "x-source"}
                                                 for name, field in request["schema"]["properties"].items()}}
    assert plain == body_model("stone-wheel", "request", descriptor.verb_function("request")).model_json_schema()
    assert (request["schema"]["required"], request["schema"]["properties"]["threshold"]) == (
        ["name", "check", "threshold", "pool"], {"title": "Threshold", "type": "integer"})


def test_a_verb_carries_its_label_and_the_first_paragraph_of_its_help(live, new_campaign) -> None:
    """VPT's revenge-tick is labelled "Revenge tick" with its service function's first docstring paragraph."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        [tick] = [v for v in http.get("/api/verbs").json()["verbs"] if v["verb"] == "revenge-tick"]
    doc = (system("vpt").verb_function("revenge-tick").__doc__ or "").strip().split("\n\n")[0]
    assert (tick["label"], tick["help"]) == ("Revenge tick", " ".join(doc.split()))


def test_a_verb_only_the_master_may_use_is_marked_master_and_a_players_verb_members(live, new_campaign) -> None:
    """VPT's wound (the GM records wounds) is ``master``; its hit (the attacker's player or the GM) is ``members``."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        who = {v["verb"]: v["who"] for v in http.get("/api/verbs").json()["verbs"]}
    assert (who["wound"], who["hit"]) == ("master", "members")


def test_verbs_without_a_token_is_refused_401(live) -> None:
    """/api/verbs names no campaign without a token: 401 with the one-line reason."""
    with api(live) as http:
        answer = http.get("/api/verbs")
    assert (answer.status_code, answer.json()["kind"]) == (401, "Unauthenticated")


def test_i18n_answers_the_russian_catalogue_for_lang_ru(live) -> None:
    """/api/i18n?lang=ru-RU answers ``ru`` with the web catalogue's Russian strings."""
    with api(live) as http:
        answer = http.get("/api/i18n", params={"lang": "ru-RU"}).json()
    assert answer["lang"] == "ru"
    assert (answer["messages"]["roll"], answer["messages"]["Hit bonus"]) == ("бросить", "Бонус Попадания")


def test_i18n_follows_accept_language_without_lang(live) -> None:
    """Without ?lang= the Accept-Language header's best language with a catalogue wins."""
    with api(live) as http:
        answer = http.get("/api/i18n", headers={"Accept-Language": "de;q=0.9, ru;q=0.8, en;q=0.1"}).json()
    assert answer["lang"] == "ru"


def test_i18n_of_a_language_without_a_catalogue_is_english_and_empty(live) -> None:
    """A language the journal has no catalogue for answers English with no messages (the page's own strings)."""
    with api(live) as http:
        answer = http.get("/api/i18n", params={"lang": "fr"}).json()
    assert (answer["lang"], answer["messages"]) == ("en", {})


def test_verbs_names_the_systems_main_verb(live, new_campaign) -> None:
    """A Wield campaign's page opens the chance first: /api/verbs names it ``main``."""
    _, tokens = new_campaign("wield", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        assert http.get("/api/verbs").json()["main"] == "chance"


def test_verbs_names_the_verbs_a_tap_opens(live, new_campaign) -> None:
    """A VPT campaign's page offers the hit and the tick a tap away: /api/verbs names them ``quick``."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as http:
        assert http.get("/api/verbs").json()["quick"] == ["hit", "tick"]


def test_every_systems_quick_verbs_are_its_own_verbs() -> None:
    """A quick verb a system names is one of its descriptor's verbs: the page draws no button for a verb it lacks."""
    from journal.service.choices import choices_of
    from journal.systems.registry import names, system

    assert {name: [verb for verb in choices_of(name).quick if verb not in system(name).verbs] for name in names()} == {
        name: [] for name in names()}
