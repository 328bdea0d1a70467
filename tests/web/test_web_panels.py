"""``GET /api/panels/<name>`` and ``/api/me``'s ``panels`` through a real ``journal serve``, on SQLite and PostgreSQL:
a system's declared panels, their rows written in the reader's language (journal.service.panels)."""

from __future__ import annotations

import httpx
import pytest

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SHEET = {"hero": "Ёжик", "source": "с бумажного листа", "powers": [{"power": "Порыв", "rank": 1, "domain": "Воздух"}],
         "geasa": [{"promise": "Отдать плащ", "rank": 2, "broken": True, "owed": 2}]}


def api(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)


def _wield_with_a_debt(new_campaign, live: str) -> dict[str, str]:
    """A Wield campaign whose hero Ёжик was carried over owing Fate 2 for a broken geis."""
    _, tokens = new_campaign("wield", "Судьба", ["John", "Jill"])
    with api(live, tokens["Судьба"]) as fate, api(live, tokens["Jill"]) as jill, api(live, tokens["John"]) as john:
        assert jill.post("/api/wield/vatcha", json={"name": "Ring", "item": "Ring", "domains": ["Air"], "goal": "Kill",
                                                    "steps": list("abcde"), "destruction": "Fire"}).status_code == 200
        assert john.post("/api/wield/hero", json={"name": "Ёжик", "vatcha_name": "Ring", "background": "Thief",
                                                  "destiny": "Marry"}).status_code == 200
        assert fate.post("/api/wield/carry-over", json={"sheet": SHEET}).status_code == 200
    return tokens


def test_me_lists_the_systems_panels_with_their_titles_in_the_readers_language(live, new_campaign) -> None:
    """A Wield campaign's /api/me?lang=ru names its two panels in order, titled in Russian."""
    _, tokens = new_campaign("wield", "Судьба", ["John"])
    with api(live, tokens["John"]) as john:
        me = john.get("/api/me", params={"lang": "ru"}).json()
    assert me["panels"] == [{"name": "debts", "title": "Долги гейсов"}, {"name": "control", "title": "Контроль"}]


def test_a_panel_answers_its_rows_as_cells_in_russian(live, new_campaign) -> None:
    """/api/panels/debts?lang=ru: the labels in Russian, the broken geis noted «нарушен», every cell a string."""
    tokens = _wield_with_a_debt(new_campaign, live)
    with api(live, tokens["John"]) as john:
        answer = john.get("/api/panels/debts", params={"lang": "ru"}).json()
    assert ([c["label"] for c in answer["columns"]], answer["rows"]) == (
        ["герой", "гейс", "ранг", "долг", "уплачено", "пропало"], [["Ёжик", "Отдать плащ (нарушен)", "2", "2", "0", "0"]])


def test_a_panel_the_campaigns_system_does_not_declare_is_not_found(live, new_campaign) -> None:
    """A VPT campaign has no debts panel: 404, naming VPT's one panel."""
    _, tokens = new_campaign("vpt", "ГМ", ["Аня"])
    with api(live, tokens["Аня"]) as anya:
        answer = anya.get("/api/panels/debts")
    assert (answer.status_code, answer.json()["kind"], answer.json()["error"]) == (
        404, "NotFound", "panel: 'debts' is not a panel of vpt (its panels: bonds)")
