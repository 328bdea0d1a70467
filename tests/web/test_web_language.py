"""The server writes its text in the reader's language: ``?lang=``, else ``Accept-Language`` (web/language.py).

Through a real ``journal serve`` process on SQLite and PostgreSQL: the timeline's summaries, the refusals,
the verbs' help and the event stream; the server's own process speaks English (tests/conftest.py).
"""

from __future__ import annotations

import json

import httpx
import pytest

from journal.i18n import language
from journal.systems.registry import descriptors
from web.routes.verbs import spoken, verbs_of

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

RU = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}


def api(base: str, token: str, headers: dict[str, str] | None = None) -> httpx.Client:
    """An HTTP client of the server that sends ``token`` (and ``headers``) with every request."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}", **(headers or {})}, timeout=30)


def test_a_timeline_read_with_accept_language_ru_has_russian_summaries(live, new_campaign) -> None:
    """GET /api/events with Accept-Language: ru answers the campaign's first events in Russian, keys in English."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"], RU) as http:
        answer = http.get("/api/events", params={"limit": 2})
    assert [(e["type"], e["summary"]) for e in answer.json()["events"]] == [
        ("campaign.created", f"кампания «{name}» начата (ВПТ), Мастер: Вика"),
        ("member.added", "Оля присоединяется как игрок")]


def test_the_answer_names_its_language_in_content_language(live, new_campaign) -> None:
    """A Russian answer says Content-Language: ru and varies on Accept-Language."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"], RU) as http:
        answer = http.get("/api/events", params={"limit": 1})
    assert (answer.headers["content-language"], answer.headers["vary"]) == ("ru", "Accept-Language")


def test_lang_en_in_the_address_overrides_accept_language(live, new_campaign) -> None:
    """?lang=en wins over a Russian Accept-Language: the summary is the English line."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"], RU) as http:
        answer = http.get("/api/events", params={"limit": 1, "lang": "en"})
    assert (answer.headers["content-language"], answer.json()["events"][0]["summary"]) == (
        "en", f"campaign '{name}' started (VPT), Master: Вика")


def test_a_rule_refusal_is_russian_with_its_rule_named(live, new_campaign) -> None:
    """Ending a session none is open is 409 in Russian: the rule's Russian name, then the detail."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Вика"], RU) as gm:
        answer = gm.post("/api/sessions/end", json={})
    assert (answer.status_code, answer.json()) == (409, {
        "error": "отказано по правилу «сессия: нужна открытая сессия»: завершение сессии: нужна открытая сессия "
                 "(её начинает Мастер на «Пульте Мастера»)", "kind": "RuleViolation"})


def test_a_players_refusal_for_want_of_a_session_names_the_masters_console_not_a_command(live, new_campaign) -> None:
    """A player's relationship tick with no session open, as the page posts it in Russian: 409, what to do said in the
    page's words (the Master starts the session on his console), no «journal …» command."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    with api(live, tokens["Оля"], RU) as player:
        answer = player.post("/api/vpt/tick", json={"name": "Вольтаир", "other": "Гром", "items": ["спас жизнь"]})
    error = answer.json()["error"]
    assert (answer.status_code, error, "journal" in error) == (409, (
        "отказано по правилу «сессия: нужна открытая сессия»: отметка Отношений: нужна открытая сессия "
        "(её начинает Мастер на «Пульте Мастера»)"), False)


def test_a_masters_verb_refused_to_a_player_names_the_verb_in_russian(live, new_campaign) -> None:
    """A player setting VPT's weapon table is 403: 'only the Master may' with the verb's Russian words."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"], RU) as olya:
        answer = olya.post("/api/vpt/weapon", json={"name": "копьё", "target": 8, "initiative": 8})
    assert (answer.status_code, answer.json()) == (403, {
        "error": "только Мастер может: задавать таблицу оружия («Оля» — игрок)", "kind": "NotAuthorized"})


def test_a_shared_masters_event_refused_to_a_player_is_russian(live, new_campaign) -> None:
    """A player starting a session is refused by the roles table's words, in Russian."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"], RU) as olya:
        answer = olya.post("/api/sessions/start", json={"present": ["Оля"]})
    assert (answer.status_code, answer.json()["error"]) == (403, "только Мастер может: начинать сессию («Оля» — игрок)")


def test_the_verbs_answer_their_label_help_and_title_in_russian(live, new_campaign) -> None:
    """GET /api/verbs in Russian: VPT's title, the revenge tick's label and help line; the keys stay English."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"], RU) as olya:
        answer = olya.get("/api/verbs").json()
    tick = next(v for v in answer["verbs"] if v["verb"] == "revenge-tick")
    assert (answer["system"], answer["title"], tick["help"]) == (
        "vpt", "ВПТ", "Одна отметка конца сессии в текущей Мести мстителя; пункты — то, что сделала цель.")


def test_every_verbs_help_and_label_has_its_russian_line() -> None:
    """Under language('ru') no verb of any system keeps an English label or help line."""
    with language("ru"):
        english = [(d.name, v["verb"]) for d in descriptors() for v in verbs_of(d.name)
                   if spoken(v)["help"] == v["help"] or spoken(v)["label"] == v["label"]]
    assert english == []


def test_the_stream_writes_summaries_in_its_requests_language(live, new_campaign) -> None:
    """GET /api/stream?lang=ru sends the campaign's first event with its Russian summary."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with httpx.stream("GET", f"{live}/api/stream", params={"token": tokens["Оля"], "after": 0, "lang": "ru"},
                      timeout=30) as stream:
        data = next(line for line in stream.iter_lines() if line.startswith("data: "))
    assert json.loads(data.removeprefix("data: "))["summary"] == f"кампания «{name}» начата (ВПТ), Мастер: Вика"
