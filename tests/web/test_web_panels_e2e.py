"""A system's panels on the page, in a real headless Chromium at 360 px, on SQLite and PostgreSQL: the one renderer
(app.js's buildPanels and drawPanel) draws what the descriptor declares, as cards, in Russian, and folds away."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.browsers import PHONE
from tests.web.page import one, press, read, texts, wait
from tests.web.test_web_panels import _wield_with_a_debt

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

ROW = "[data-panel=debts] [data-test=row]"


def sign_in(driver: WebDriver, base: str, token: str) -> None:
    """Open the Russian page with the token in its address (as a QR code's link does) and wait for the live stream."""
    driver.get("about:blank")
    driver.get(f"{base}/?lang=ru#token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")


@pytest.fixture
def phone(chromiums: Callable[..., WebDriver], live: str) -> Iterator[WebDriver]:
    """A player's phone (360 px); it leaves the page afterwards."""
    driver = chromiums("panels-phone", **PHONE)
    yield driver
    driver.get("about:blank")


def test_the_debts_panel_shows_its_row_as_a_card_in_russian(live: str, new_campaign, phone: WebDriver) -> None:
    """The Wield campaign's panels are titled in Russian, in the descriptor's order; the debt's cells each name
    their column (a card line), and the card fits the 360-px screen."""
    tokens = _wield_with_a_debt(new_campaign, live)
    sign_in(phone, live, tokens["John"])
    wait(phone, lambda d: one(d, ROW))
    assert texts(phone, "[data-test=panel-title]") == ["Долги гейсов", "Контроль"]
    assert texts(phone, f"{ROW} td") == ["Ёжик", "Отдать плащ (нарушен)", "2", "2", "0", "0"]
    assert [read(phone, f"{ROW} td:nth-child({n})", attribute="data-label") for n in (1, 2, 4)] == [
        "герой", "гейс", "долг"]
    assert phone.execute_script(
        "var td = document.querySelector(arguments[0] + ' td'); var panel = td.closest('.panel');"
        " return [getComputedStyle(td).display, panel.scrollWidth <= panel.clientWidth,"
        " document.documentElement.scrollWidth <= 360];", ROW) == ["flex", True, True]


def test_a_panel_folds_away_at_its_title(live: str, new_campaign, phone: WebDriver) -> None:
    """A tap on the debts panel's title closes it: its row is no longer shown; another opens it again."""
    tokens = _wield_with_a_debt(new_campaign, live)
    sign_in(phone, live, tokens["John"])
    wait(phone, lambda d: one(d, ROW))
    press(phone, "[data-panel=debts] summary")
    wait(phone, lambda d: not d.execute_script("return document.querySelector(arguments[0]).open;", "[data-panel=debts]"))
    assert phone.execute_script("return document.querySelector(arguments[0]).checkVisibility();", ROW) is False
    press(phone, "[data-panel=debts] summary")
    wait(phone, lambda d: d.execute_script("return document.querySelector(arguments[0]).checkVisibility();", ROW))


def test_an_installed_systems_panel_is_drawn_by_the_same_renderer(live: str, module_db: str, new_campaign,
                                                                  phone: WebDriver) -> None:
    """The coin package's «coins» panel (examples/coin-system, no file of the journal changed): titled and labelled
    in Russian from its own catalogue, its row counted by its fold."""
    from coin_system.commands import flip

    from journal.service import Journal

    name, tokens = new_campaign("coin", "ГМ", ["Аня"])
    journal = Journal.open(module_db)
    try:
        for face in (1, 1, 2):
            flip(journal, name, "Аня", [face], actor="Аня")
    finally:
        journal.close()
    sign_in(phone, live, tokens["Аня"])
    row = "[data-panel=coins] [data-test=row]"
    wait(phone, lambda d: one(d, row))
    assert (texts(phone, "[data-test=panel-title]"), texts(phone, f"{row} td"),
            [read(phone, f"{row} td:nth-child({n})", attribute="data-label") for n in (1, 2, 3)]) == (
        ["Орлы и решки"], ["Аня", "2", "1"], ["персонаж", "орлы", "решки"])
