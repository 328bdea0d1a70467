"""``GET /api/report/{session}`` (web/routes/report.py) on a real ``journal serve``: the session's SVG figures."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import httpx
import pytest

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SVG = "{http://www.w3.org/2000/svg}"


def api(base: str, token: str, **headers: str) -> httpx.Client:
    """An HTTP client of the server that sends ``token`` (and ``headers``) with every request."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}", **headers}, timeout=30)


def _session(live: str, token: str) -> None:
    """A VPT session: one relationship tick, one table roll, one journal roll."""
    with api(live, token) as gm:
        for path, body in (("/api/sessions/start", {"present": ["Оля"]}),
                           ("/api/roll", {"notation": "2d6", "dice": [3, 5]}), ("/api/roll", {"notation": "1d20"}),
                           ("/api/sessions/end", {"minutes": 10})):
            assert gm.post(path, json=body).status_code == 200, path


def test_the_report_serves_the_systems_charts_then_the_dice(live, new_campaign) -> None:
    """A VPT session's report: the Relationships and Revenge figures, then the dice, the table's and the journal's."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    _session(live, tokens["Вика"])
    with api(live, tokens["Оля"]) as player:
        answer = player.get("/api/report/1").json()
    dice = ET.fromstring(answer["figures"][2]["svg"])
    assert ([(f["name"], f["title"]) for f in answer["figures"]], answer["lang"]) == (
        [("relationships", "Relationships"), ("revenge", "Revenge (avenger → target)"), ("dice", "Dice of the session")],
        "en")
    assert [g.get("class") for g in dice.iter(f"{SVG}g") if g.get("data-version")] == ["roll table", "roll journal"]


def test_the_report_speaks_the_readers_language(live, new_campaign) -> None:
    """``Accept-Language: ru`` gives the figures' titles in Russian."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    _session(live, tokens["Вика"])
    with api(live, tokens["Оля"], **{"Accept-Language": "ru-RU,ru;q=0.9"}) as player:
        answer = player.get("/api/report/1").json()
    assert ([f["title"] for f in answer["figures"]], answer["lang"]) == (
        ["Отношения", "Месть (мститель → цель)", "Кости сессии"], "ru")


def test_the_report_of_a_session_that_never_was_is_not_found(live, new_campaign) -> None:
    """Session 9 of a campaign with none: 404 with one line naming it."""
    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    with api(live, tokens["Оля"]) as player:
        answer = player.get("/api/report/9")
    assert (answer.status_code, answer.json()["error"]) == (404, f"no session 9 in campaign '{name}'")


def test_the_whole_report_is_the_document_replay_writes_in_html(live, module_db, new_campaign) -> None:
    """GET /api/report/1/html with ``?lang=ru``: byte for byte what ``journal replay --format html`` prints in
    Russian (one renderer)."""
    from click.testing import CliRunner

    from cli.main import cli

    name, tokens = new_campaign("vpt", "Вика", ["Оля"])
    _session(live, tokens["Вика"])
    with api(live, tokens["Оля"]) as player:
        answer = player.get("/api/report/1/html", params={"lang": "ru"})
    printed = CliRunner().invoke(
        cli, ["--db", module_db, "--lang", "ru", "replay", name, "--session", "1", "--format", "html"],
        catch_exceptions=False)
    assert (answer.status_code, answer.headers["content-type"], '<html lang="ru">' in answer.text, answer.text) == (
        200, "text/html; charset=utf-8", True, printed.stdout)
