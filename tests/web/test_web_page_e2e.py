"""The table page in a real headless browser (Debian's Chromium and chromedriver, driven by selenium).

Each test starts ``journal serve`` over the test's database (the ``server`` fixture), opens the page
(one Chromium with a fresh profile per module and worker; each server is a new origin, so a new
localStorage), signs in with a player's token and acts as that player would, while
another client (httpx, the Master's token) records at the same time.  The browser is told not to
reach anything outside this machine.  Without /usr/bin/chromium the tests skip, except under
``CI=true``, where a missing browser fails the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.conftest import auth, campaign_with_tokens

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Seconds a test waits for the page to show something.
WAIT = 15
CAMPAIGN = "Пепел"
MASTER = "Вика"
PLAYERS = ["Оля", "Дима"]


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless Chromium in a fresh profile, kept off the network, at a phone's width (one per module and worker).

    Each test's server listens on its own port, so each test's page is another origin with an empty
    localStorage.
    """
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    if not os.path.exists(CHROMEDRIVER):
        pytest.fail(f"{CHROMIUM} is installed but {CHROMEDRIVER} is not (apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}", "--window-size=420,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: WebDriver, server: str) -> Iterator[WebDriver]:
    """The browser for one test against ``server``; it leaves the page (closing its stream) before the server stops."""
    yield browser
    browser.get("about:blank")


def _wait(driver: WebDriver, find: Callable[[WebDriver], WebElement | bool | None]) -> WebElement:
    """Wait until ``find(driver)`` returns something truthy; return it."""
    return WebDriverWait(driver, WAIT, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(find)


def _one(driver: WebDriver, css: str) -> WebElement | None:
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0] if found else None


def _sign_in(driver: WebDriver, base: str, token: str) -> None:
    """Open the page, paste the token and wait for the live stream."""
    driver.get(base + "/")
    driver.find_element(By.ID, "token-input").send_keys(token)
    driver.find_element(By.ID, "token-save").click()
    _wait(driver, lambda d: d.find_element(By.ID, "stream-state").text == "live")


def _post(base: str, token: str, path: str, body: dict) -> dict:
    response = httpx.post(base + path, json=body, headers=auth(token), timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_player_sees_anothers_roll_live_and_votes_on_its_dispute_with_the_pages_button(
    db_url: str, server: str, page: WebDriver,
) -> None:
    """Another client's roll appears in the player's timeline; the page opens a dispute and its Overturn button votes."""
    tokens = campaign_with_tokens(db_url, CAMPAIGN, "vpt", MASTER, PLAYERS)
    _post(server, tokens[MASTER], "/api/sessions/start", {"present": PLAYERS})
    driver = page
    _sign_in(driver, server, tokens["Оля"])

    rolled = _post(server, tokens[MASTER], "/api/roll", {"notation": "2d6+1", "dice": [3, 5], "purpose": "засада"})
    event = rolled["events"][0]
    item = _wait(driver, lambda d: _one(d, f"#event-{event['version']}"))
    assert item.find_element(By.CSS_SELECTOR, "[data-test=event-summary]").text == event["summary"]
    assert [die.text for die in item.find_elements(By.CSS_SELECTOR, "[data-test=die]")] == ["3", "5"]
    assert item.find_element(By.CSS_SELECTOR, "[data-test=event-actor]").text == MASTER

    item.find_element(By.CSS_SELECTOR, "[data-test=event-dispute]").click()
    item.find_element(By.CSS_SELECTOR, "[data-test=dispute-reason]").send_keys("на столе выпало 2 и 3")
    item.find_element(By.CSS_SELECTOR, "[data-test=dispute-open]").click()
    dispute = f"[data-test=dispute][data-target-version='{event['version']}']"
    dispute_id = _wait(driver, lambda d: _one(d, dispute)).get_attribute("data-id")
    roll_proof = _wait(driver, lambda d: _one(d, f"{dispute} [data-test=evidence-roll]"))
    assert roll_proof.text == "rolls[0]: d6 [3, 5] table dice — table roll"
    driver.find_element(By.CSS_SELECTOR, f"{dispute} [data-test=vote-overturn]").click()
    _wait(driver, lambda d: _one(d, f"{dispute} [data-test=my-vote]"))

    votes = httpx.get(server + "/api/events", params={"type": "dispute.voted"}, headers=auth(tokens[MASTER]), timeout=10)
    [vote] = votes.json()["events"]
    assert (vote["actor"], vote["data"]["choice"], vote["data"]["dispute"]) == ("Оля", "overturn", dispute_id)
    assert driver.find_element(By.CSS_SELECTOR, "[data-test=my-vote]").text == "you voted overturn"
    assert driver.find_element(By.ID, "error").is_displayed() is False



def test_the_sheet_follows_the_journal_live_and_shows_an_earlier_version_on_request(
    db_url: str, server: str, page: WebDriver,
) -> None:
    """The player's sheet updates when the Master records a wound; "sheet here" on an older event shows it as of then."""
    tokens = campaign_with_tokens(db_url, CAMPAIGN, "vpt", MASTER, PLAYERS)
    created = _post(server, tokens["Оля"], "/api/vpt/char", {"name": "Вольтаир"})["events"][0]
    _post(server, tokens[MASTER], "/api/vpt/char", {"name": "Питер"})
    _sign_in(page, server, tokens["Оля"])
    wounds = "#sheet dd[data-field=wounds]"
    _wait(page, lambda d: d.find_element(By.ID, "sheet").get_attribute("data-character") == "Вольтаир")
    assert page.find_element(By.CSS_SELECTOR, wounds).text == "0"

    hurt = _post(server, tokens[MASTER], "/api/vpt/wound", {"name": "Вольтаир", "wounds": 2})["events"][0]
    _wait(page, lambda d: d.find_element(By.CSS_SELECTOR, wounds).text == "2")
    assert page.find_element(By.ID, "asof-label").text == f"now (version {hurt['version']})"

    page.find_element(By.CSS_SELECTOR, f"#event-{created['version']} [data-test=event-asof]").click()
    _wait(page, lambda d: d.find_element(By.ID, "asof-label").text == f"as of version {created['version']}")
    assert page.find_element(By.CSS_SELECTOR, wounds).text == "0"


def test_a_refused_token_shows_the_apis_one_line_error(server: str, page: WebDriver) -> None:
    """A token the server refuses leaves the sign-in form up, with the API's own error line."""
    page.get(server + "/")
    page.find_element(By.ID, "token-input").send_keys("jt1.bm9wZQ.short")
    page.find_element(By.ID, "token-save").click()
    line = _wait(page, lambda d: d.find_element(By.ID, "error") if d.find_element(By.ID, "error").text else None)
    refused = httpx.get(server + "/api/me", headers=auth("jt1.bm9wZQ.short"), timeout=10)
    assert (refused.status_code, line.text) == (401, refused.json()["error"])
    assert page.find_element(By.ID, "login").is_displayed() is True
