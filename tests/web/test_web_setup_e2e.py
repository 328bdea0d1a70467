"""A group sets up from a phone, in a real headless Chromium 360 px wide, on both databases: the Master opens the
one-time link, is signed in, adds a player from the console's Devices screen and makes the player's link; a player
opens the whole session report on the page, in Russian, at 360 px."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from journal.service import Journal
from journal.service.links import issue_link
from journal.store import open_store
from tests.web.browsers import PHONE_HEIGHT, PHONE_WIDTH
from tests.web.conftest import auth
from tests.web.page import press, read, type_over, wait

MASTER = "Вика"


@pytest.fixture
def phone(chromiums: Callable[..., WebDriver], live: str) -> Iterator[WebDriver]:
    """The Master's phone (360 px, emulated); it forgets its token after the test."""
    driver = chromiums("setup-phone", PHONE_WIDTH, PHONE_HEIGHT, mobile=True)
    yield driver
    driver.get(live + "/healthz")  # the page's origin: its token is forgotten before the next test
    driver.execute_script("localStorage.clear(); window.location = 'about:blank';")


def _linked_campaign(module_db: str, name: str) -> str:
    journal = Journal(open_store(module_db))
    try:
        journal.create_campaign(name, "vpt", MASTER)
        return issue_link(journal, name, MASTER).token
    finally:
        journal.close()


def test_the_master_opens_the_link_adds_a_player_and_makes_her_link(live: str, module_db: str,
                                                                    phone: WebDriver) -> None:
    """#link= signs the phone in as the Master (the link gone from the bar); 'Add player' Оля, then 'New link for a
    phone' for her: that link's token opens the journal as Оля, a player."""
    link = _linked_campaign(module_db, "Сад")
    phone.get(f"{live}/#link={link}")
    wait(phone, lambda d: d.find_element("id", "stream-state").text == "live")
    assert "#link=" not in phone.current_url
    press(phone, "[data-test=console-tab-tokens]")
    type_over(phone, "[data-test=member-name]", "Оля")
    press(phone, "[data-test=member-add]")
    wait(phone, lambda d: d.execute_script(
        "var s = document.querySelector('[data-test=token-member]'); return s !== null && s.value === 'Оля';"))
    press(phone, "[data-test=token-issue]")
    shown = read(phone, "[data-test=token-issued][data-member='Оля'] [data-test=token-link]", "value")
    me = httpx.get(live + "/api/me", headers=auth(shown.split("#token=")[1]), timeout=10).json()["me"]
    assert me == {"name": "Оля", "role": "player"}


def test_a_used_link_opened_again_says_so_in_one_line(live: str, module_db: str, phone: WebDriver) -> None:
    """The link claimed already (another phone): the page shows the refusal, and signs nobody in."""
    link = _linked_campaign(module_db, "Пруд")
    assert httpx.post(live + "/api/link/claim", headers=auth(link), timeout=10).status_code == 200
    phone.get(f"{live}/#link={link}")
    error = read(phone, "#error:not([hidden])")
    assert error.startswith("refused by the rule «link: used once»: this link was opened once already")


def test_the_whole_report_opens_on_a_360_px_phone_in_russian(live: str, module_db: str, phone: WebDriver) -> None:
    """A player's phone at /?lang=ru opens "Весь отчёт" of a Stone Wheel session with its XP table: the replay's
    document in Russian, inside the page, which scrolls no wider than the phone (each table in a box of its own, no
    wider than the phone either)."""
    from journal.service.sessions import end_session, start_session
    from journal.service.tallies import commit_tally
    from journal.service.tokens import issue
    from journal.systems.stone_wheel.commands.characters import create_character
    from journal.systems.stone_wheel.demo import _CHARACTERISTICS, _PARAMETERS

    journal = Journal(open_store(module_db))
    try:
        journal.create_campaign("Роща", "stone-wheel", MASTER)
        journal.add_member("Роща", "Оля", MASTER)
        create_character(journal, "Роща", "Ратибор Длинноименный", "Оля", "physical", "человек", "воин",
                         _CHARACTERISTICS, _PARAMETERS, actor=MASTER)
        start_session(journal, "Роща", ["Оля"], MASTER)
        end_session(journal, "Роща", 150, MASTER)
        commit_tally(journal, "Роща", 1, actor=MASTER)
        token = issue(journal, "Роща", "Оля", MASTER).token
    finally:
        journal.close()
    phone.get(f"{live}/?lang=ru#token={token}")
    wait(phone, lambda d: d.find_element("id", "stream-state").text == "в эфире")
    press(phone, "[data-test=report-full-open]")
    heading = read(phone, "[data-test=report-doc] h1")
    fits = phone.execute_script(
        "var doc = document.querySelector('[data-test=report-doc]'), wide = doc.querySelectorAll('.wide');"
        " return [document.documentElement.scrollWidth <= window.innerWidth, doc.getAttribute('lang'),"
        " doc.querySelectorAll('table').length > 0 && wide.length === doc.querySelectorAll('table').length,"
        " Array.prototype.every.call(wide, function (w) { return w.getBoundingClientRect().right <= window.innerWidth; }),"
        " doc.querySelectorAll('script, style').length];")
    assert (heading, fits) == ("Сессия 1 кампании Роща", [True, "ru", True, True, 0])
