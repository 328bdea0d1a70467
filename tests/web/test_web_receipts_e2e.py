"""The page's receipts (web/static/receipts.js) in a real headless Chromium, on SQLite and PostgreSQL.

One ``journal serve`` per module and backend, over a database given a signing key first, and one browser.
A player signs in and records rolls; the page keeps the journal's signed head after each in localStorage and
says they match.  Then the host cuts the chain's tail with plain SQL (the append-only triggers dropped, as in
tests/test_threat_model.py) and the reloaded page names each receipt that no longer holds.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from journal.store.keys import JournalKey
from tests.test_threat_model import _sql
from tests.web.browsers import PHONE
from tests.web.conftest import auth, campaign_with_tokens, serving
from tests.web.page import one, wait
from tests.web.test_web_forms_e2e import sign_in


@pytest.fixture(scope="module")
def site(module_db: str) -> Iterator[str]:
    """The base URL of one ``journal serve`` over ``module_db``, which has a signing key (``journal init``'s)."""
    JournalKey.create_for_url(module_db)
    with serving(module_db) as served:
        yield served.base


@pytest.fixture(scope="module")
def driver(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """One headless Chromium for the module (a phone: 360 px, English locale)."""
    return chromiums("receipts", **PHONE)


def _kept(driver: WebDriver, campaign: str, member: str) -> list[dict]:
    """The receipts the page keeps in localStorage for ``member`` of ``campaign``."""
    raw = driver.execute_script("return localStorage.getItem(arguments[0])", f"journal.receipts:{campaign}:{member}")
    return json.loads(raw) if raw else []


def _roll(base: str, token: str) -> int:
    """The player rolls 1d6 through the API; the version recorded."""
    answer = httpx.post(base + "/api/roll", json={"notation": "1d6", "dice": [4]}, headers=auth(token), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["events"][-1]["version"]


def _status(driver: WebDriver, state: str):
    return wait(driver, lambda d: one(d, f"[data-test=receipts-status][data-state={state}]"))


_numbers = itertools.count(1)


@pytest.fixture
def played(site: str, module_db: str, driver: WebDriver) -> Iterator[tuple[str, str, list[int]]]:
    """Оля signed in and three rolls recorded, each one's receipt kept: (campaign, her token, versions kept)."""
    campaign = f"Квитанции {next(_numbers)}"
    tokens = campaign_with_tokens(module_db, campaign, "vpt", "Вика", ["Оля"])
    sign_in(driver, site, tokens["Оля"])
    first = wait(driver, lambda d: _kept(d, campaign, "Оля"))[0]["version"]
    versions = [first]
    for _ in range(3):
        versions.append(_roll(site, tokens["Оля"]))
        wait(driver, lambda d: [r["version"] for r in _kept(d, campaign, "Оля")] == versions)
    yield campaign, tokens["Оля"], versions
    driver.get("about:blank")


def test_the_page_keeps_a_receipt_per_write_and_says_they_match(driver: WebDriver, played) -> None:
    """After three rolls localStorage holds four signed receipts and "check my receipts" says they match."""
    campaign, _, versions = played
    driver.find_element(By.CSS_SELECTOR, "[data-test=receipts-check]").click()
    status = _status(driver, "match")
    kept = _kept(driver, campaign, "Оля")
    assert (status.text, status.get_attribute("data-count")) == ("your 4 receipts match", "4")
    assert [(r["format"], r["campaign"], r["version"]) for r in kept] == [
        ("journal-receipt-v1", campaign, v) for v in versions]
    assert driver.find_elements(By.CSS_SELECTOR, "[data-test=receipt-broken]") == []
    assert driver.find_element(By.CSS_SELECTOR, "[data-test=receipts-key]").is_displayed() is False


def test_a_cut_tail_is_named_per_receipt_on_reload(driver: WebDriver, played, module_db: str) -> None:
    """The host deletes the last two events; the reloaded page names those two receipts as truncated."""
    campaign, _, versions = played
    _sql(module_db, f"DELETE FROM events WHERE campaign = '{campaign}' AND version >= {versions[2]}")
    driver.refresh()
    status = _status(driver, "broken")
    lines = driver.find_elements(By.CSS_SELECTOR, "[data-test=receipt-broken]")
    assert status.text == "2 of your 4 receipts no longer hold"
    assert [(line.get_attribute("data-version"), line.get_attribute("data-kind")) for line in lines] == [
        (str(versions[2]), "truncated"), (str(versions[3]), "truncated")]
    assert lines[0].text == (f"your receipt of #{versions[2]} no longer holds: truncated "
                             f"(campaign '{campaign}' version {versions[2]}: the chain ends at version "
                             f"{versions[1]} (its tail was cut))")


def test_a_receipt_signed_by_another_key_than_the_first_is_named(driver: WebDriver, played) -> None:
    """When the pinned first receipt carries another key than the journal's, the page names the later receipt's key."""
    campaign, _, versions = played
    kept = _kept(driver, campaign, "Оля")
    kept[0]["public_key"] = "ab" * 32
    driver.execute_script("localStorage.setItem(arguments[0], arguments[1])",
                          f"journal.receipts:{campaign}:Оля", json.dumps(kept))
    driver.refresh()
    _status(driver, "broken")
    warning = driver.find_element(By.CSS_SELECTOR, "[data-test=receipts-key]")
    expected = (f"the journal's key changed: your first receipt was signed by {'ab' * 8}…, the one of "
                f"#{versions[1]} by {kept[1]['public_key'][:16]}…")
    assert (warning.text, warning.get_attribute("data-key")) == (expected, kept[1]["public_key"])


def test_a_kept_receipt_that_no_longer_holds_is_named_in_the_readers_language(site: str, module_db: str) -> None:
    """POST /api/receipts/check in Russian (what the page shows beside a receipt): an altered one reads «кампания «…»,
    №N: подпись квитанции не сходится …», one with a field missing «квитанция 2: …», one of another campaign
    «квитанция 3: кампании «…», а не этого токена»: the point as the timeline numbers it, no English word."""
    campaign = f"Квитанции {next(_numbers)}"
    tokens = campaign_with_tokens(module_db, campaign, "vpt", "Вика", ["Оля"])
    headers = {**auth(tokens["Оля"]), "Accept-Language": "ru"}
    receipt = httpx.get(site + "/api/receipt", headers=headers, timeout=10).json()
    altered = {**receipt, "version": receipt["version"] - 1}
    broken = {key: value for key, value in receipt.items() if key != "hash"}
    answer = httpx.post(site + "/api/receipts/check", json=[altered, broken, {**receipt, "campaign": "Чужая"}],
                        headers=headers, timeout=10).json()
    assert [r["problem"] for r in answer["results"]] == [
        (f"кампания «{campaign}», №{altered['version']}: подпись квитанции не сходится (квитанция подделана или "
         "изменена)"), "квитанция 2: поля «hash» нет или у него не тот тип",
        "квитанция 3: кампании «Чужая», а не этого токена"]
