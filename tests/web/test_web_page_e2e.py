"""The table page in a real headless browser (Debian's Chromium and chromedriver, driven by selenium).

Each test starts ``journal serve`` over the test's database (the ``server`` fixture), opens the page
(one Chromium with a fresh profile per module and worker; each server is a new origin, so a new
localStorage), signs in with a player's token and acts as that player would, while
another client (httpx, the Master's token) records at the same time.  The browser is told not to
reach anything outside this machine.  Without /usr/bin/chromium the tests skip, except under
``CI=true``, where a missing browser fails the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.conftest import auth, campaign_with_tokens
from tests.web.page import one, press, read, texts, type_over, wait

CAMPAIGN = "Пепел"
MASTER = "Вика"
PLAYERS = ["Оля", "Дима"]


@pytest.fixture(scope="module")
def browser(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """Headless Chromium in a fresh profile, kept off the network, at a phone's width (one per module and worker).

    Each test's server listens on its own port, so each test's page is another origin with an empty
    localStorage.
    """
    return chromiums("chromium", 420, 900)


@pytest.fixture
def page(browser: WebDriver, server: str) -> Iterator[WebDriver]:
    """The browser for one test against ``server``; it leaves the page (closing its stream) before the server stops."""
    yield browser
    browser.get("about:blank")


def _sign_in(driver: WebDriver, base: str, token: str) -> None:
    """Open the page, paste the token and wait for the live stream."""
    driver.get(base + "/")
    driver.find_element(By.ID, "token-input").send_keys(token)
    driver.find_element(By.ID, "token-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").text == "live")


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
    item = f"#event-{event['version']}"
    assert read(driver, f"{item} [data-test=event-summary]") == event["summary"]
    assert texts(driver, f"{item} [data-test=die]") == ["3", "5"]
    assert read(driver, f"{item} [data-test=event-actor]") == MASTER

    press(driver, f"{item} [data-test=event-dispute]")
    type_over(driver, f"{item} [data-test=dispute-reason]", "на столе выпало 2 и 3")
    press(driver, f"{item} [data-test=dispute-open]")
    dispute = f"[data-test=dispute][data-target-version='{event['version']}']"
    dispute_id = read(driver, dispute, attribute="data-id")
    assert read(driver, f"{dispute} [data-test=evidence-roll]") == "rolls[0]: d6 [3, 5] table dice — table roll"
    press(driver, f"{dispute} [data-test=vote-overturn]")
    wait(driver, lambda d: one(d, f"{dispute} [data-test=my-vote]"))

    votes = httpx.get(server + "/api/events", params={"type": "dispute.voted"}, headers=auth(tokens[MASTER]), timeout=10)
    [vote] = votes.json()["events"]
    assert (vote["actor"], vote["data"]["choice"], vote["data"]["dispute"]) == ("Оля", "overturn", dispute_id)
    assert read(driver, "[data-test=my-vote]") == "you voted overturn"
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
    wait(page, lambda d: d.find_element(By.ID, "sheet").get_attribute("data-character") == "Вольтаир")
    assert read(page, wounds) == "0"

    hurt = _post(server, tokens[MASTER], "/api/vpt/wound", {"name": "Вольтаир", "wounds": 2})["events"][0]
    wait(page, lambda d: read(d, wounds) == "2")
    assert read(page, "#asof-label") == f"now (#{hurt['version']})"

    press(page, f"#event-{created['version']} [data-test=event-asof]")
    wait(page, lambda d: read(d, "#asof-label") == f"as of “{created['summary']}”")
    assert read(page, wounds) == "0"


def test_a_refused_token_shows_the_apis_one_line_error(server: str, page: WebDriver) -> None:
    """A token the server refuses leaves the sign-in form up, with the API's own error line."""
    page.get(server + "/")
    page.find_element(By.ID, "token-input").send_keys("jt1.bm9wZQ.short")
    page.find_element(By.ID, "token-save").click()
    line = wait(page, lambda d: d.find_element(By.ID, "error") if d.find_element(By.ID, "error").text else None)
    refused = httpx.get(server + "/api/me", headers=auth("jt1.bm9wZQ.short"), timeout=10)
    assert (refused.status_code, line.text) == (401, refused.json()["error"])
    assert page.find_element(By.ID, "login").is_displayed() is True
