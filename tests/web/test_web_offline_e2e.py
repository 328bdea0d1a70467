"""The phone's queue in a real headless browser: actions made offline wait, then are stored once each.

One ``journal serve`` per module and backend (``live``) and one Chromium (fresh profile, 360 px).  The
connection is cut with Chromium's network conditions (``set_network_conditions(offline=True)``); the
page keeps each action in localStorage with its Idempotency-Key and shows it pending until it is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.browsers import PHONE
from tests.web.conftest import auth
from tests.web.page import texts, wait
from tests.web.test_web_forms_e2e import sign_in

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


@pytest.fixture(scope="module")
def browser(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """The phone (360 px, English locale) of the module."""
    return chromiums("offline", **PHONE)


@pytest.fixture
def page(browser: WebDriver, live: str) -> Iterator[WebDriver]:
    """The phone for one test, back online and off the page afterwards."""
    yield browser
    browser.delete_network_conditions()
    browser.get("about:blank")


def offline(driver: WebDriver, cut: bool) -> None:
    driver.set_network_conditions(offline=cut, latency=0, download_throughput=-1 if not cut else 0,
                                  upload_throughput=-1 if not cut else 0)


def pending_labels(driver: WebDriver) -> list[str]:
    """The pending list's lines, read in the page in one step (a redraw between finding and reading staled it)."""
    return [" ".join(text.split()) for text in texts(driver, "[data-test=pending-item]", "innerText")]


def roll(driver: WebDriver, notation: str, dice: str, purpose: str) -> None:
    for field, value in (("roll-notation", notation), ("roll-dice", dice), ("roll-purpose", purpose)):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.ID, "roll-submit").click()


def test_two_rolls_made_offline_wait_as_pending_and_are_stored_once_each_when_back(
    live: str, new_campaign, page: WebDriver,
) -> None:
    """Offline, two rolls show as two pending actions; back online, each is stored exactly once and the list empties."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    sign_in(page, live, tokens["Оля"])
    offline(page, True)
    roll(page, "1d6", "4", "засада")
    roll(page, "2d6", "1, 2", "погоня")
    # The badge reads «sending» until the first try fails, a moment after the roll: the wait is for that failure.
    expected = ["waiting for the connection roll 1d6", "waiting for the connection roll 2d6"]
    wait(page, lambda d: pending_labels(d) == expected)
    assert pending_labels(page) == expected
    offline(page, False)
    wait(page, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-test=pending-item]"))
    rolls = httpx.get(live + "/api/events", params={"type": "roll.made"}, headers=auth(tokens["Вика"]), timeout=10)
    assert [(e["actor"], e["data"]["purpose"]) for e in rolls.json()["events"]] == [("Оля", "засада"), ("Оля", "погоня")]


def test_a_retry_while_offline_keeps_the_badge_waiting_for_the_connection(
    live: str, new_campaign, page: WebDriver,
) -> None:
    """Offline, the queue tries again every few seconds: the badge says «waiting for the connection» through each
    retry in flight, and never flickers back to «sending» (the offline test's flake of 2026-12-04 read it so)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    sign_in(page, live, tokens["Оля"])
    offline(page, True)
    roll(page, "1d4", "3", "дозор")
    wait(page, lambda d: pending_labels(d) == ["waiting for the connection roll 1d4"])
    page.execute_script(  # from now on: count the queue's tries, and note every badge the list shows
        "window.__tries = 0; window.__badges = [];"
        " var send = window.fetch; window.fetch = function (path, init) {"
        " if (init && init.headers && init.headers['Idempotency-Key']) window.__tries += 1;"
        " return send.apply(this, arguments); };"
        " new MutationObserver(function () { document.querySelectorAll('#pending .badge').forEach(function (b) {"
        " window.__badges.push(b.textContent); }); }).observe(document.getElementById('pending'),"
        " {childList: true, subtree: true, characterData: true});")
    wait(page, lambda d: d.execute_script("return window.__tries") >= 2)
    assert sorted(set(page.execute_script("return window.__badges"))) == ["waiting for the connection"]


def test_an_action_left_in_the_queue_is_sent_when_the_page_opens_again(
    live: str, new_campaign, page: WebDriver,
) -> None:
    """A roll queued offline survives a reload (localStorage) and is stored once when the page comes back online."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    sign_in(page, live, tokens["Оля"])
    offline(page, True)
    roll(page, "1d8", "7", "ловушка")
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-test=pending-item]")) == 1)
    page.get("about:blank")
    offline(page, False)
    page.get(live + "/")
    wait(page, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
    wait(page, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-test=pending-item]"))
    rolls = httpx.get(live + "/api/events", params={"type": "roll.made"}, headers=auth(tokens["Вика"]), timeout=10)
    assert [(e["actor"], e["data"]["purpose"]) for e in rolls.json()["events"]] == [("Оля", "ловушка")]
