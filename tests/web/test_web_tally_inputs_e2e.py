"""A tally input a system declares (Dichotomy's motive outcomes), picked in the Master's console on a 360-px phone in
Russian, in a real headless Chromium, on SQLite and PostgreSQL.

Давид's Взломщик held Greed and Truth through adventure 1; the GM recorded Greed fulfilled, so the tally's line of
Truth waits for the Master's word («без исхода», 0 XP).  The console's picker of that line offers the rule text's
outcomes in the table's words; the Master picks «предательство»: the line is proposed at the rule's +3 XP, and the
commit records it and says so where the Master looks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.browsers import PHONE
from tests.web.conftest import auth
from tests.web.page import choose, one, press, read, texts, wait
from tests.web.test_web_tally_inputs import LEAD, _adventure

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

#: The tally line of Взломщик's Truth, and its picker of the motive outcomes.
TRUTH = "[data-test=tally-line][data-key='motive:Взломщик:Truth']"
PICKER = f"{TRUTH} [data-test=tally-choice][data-input=motives]"


@pytest.fixture(scope="module")
def phone(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """The Master's 360-px phone (an English locale: the address asks for Russian), for the module."""
    return chromiums("tally-input-phone", **PHONE)


@pytest.fixture
def master(phone: WebDriver, live: str) -> Iterator[WebDriver]:
    """The phone for one test; it forgets the token and leaves the page (closing its stream) afterwards."""
    yield phone
    if phone.current_url.startswith(live):
        phone.execute_script("localStorage.clear()")
    phone.get("about:blank")


def on_the_tally(driver: WebDriver, base: str, token: str) -> None:
    """Sign the Master in through ``/?lang=ru#token=…`` and open the console's tally, Truth's picker drawn."""
    driver.get("about:blank")
    driver.get(f"{base}/?lang=ru#token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
    press(driver, "[data-test=console-tab-tally]")
    wait(driver, lambda d: one(d, f"{TRUTH}[data-status=pending] [data-test=tally-choice]"))


def awards(base: str, token: str) -> list[dict]:
    return httpx.get(base + "/api/events", params={"type": "dichotomy.xp_awarded"}, headers=auth(token),
                     timeout=10).json()["events"]


def test_the_picker_offers_the_rule_texts_outcomes_in_the_tables_words(live: str, module_db: str, new_campaign,
                                                                      master: WebDriver) -> None:
    """Truth's picker: «без исхода» (picked), «воплощение», «предательство»; its label «исход»."""
    _, tokens = _adventure(module_db, new_campaign)
    on_the_tally(master, live, tokens[LEAD])
    assert (texts(master, f"{PICKER} option"), read(master, PICKER, "value"),
            read(master, PICKER, attribute="aria-label")) == (
        ["без исхода", "воплощение", "предательство"], "", "исход")


def test_a_betrayal_picked_proposes_the_rules_three_xp(live: str, module_db: str, new_campaign,
                                                       master: WebDriver) -> None:
    """«предательство» picked: Truth's line is proposed at +3 and reads «Правда: предательство»; nothing is stored."""
    _, tokens = _adventure(module_db, new_campaign)
    on_the_tally(master, live, tokens[LEAD])
    choose(master, PICKER, "betrayed")
    wait(master, lambda d: one(d, f"{TRUTH}[data-status=proposed]"))
    assert (read(master, f"{TRUTH} .amount"), read(master, PICKER, "value"), len(awards(live, tokens[LEAD]))) == (
        "+3", "betrayed", 1)


def test_the_commit_records_the_betrayal_and_says_so(live: str, module_db: str, new_campaign,
                                                     master: WebDriver) -> None:
    """«предательство» picked, «Записать итоги»: the page says «Итоги сессии 1 записаны.» over Truth's line recorded
    at +3, and the journal holds Truth betrayed for 3 XP."""
    _, tokens = _adventure(module_db, new_campaign)
    on_the_tally(master, live, tokens[LEAD])
    choose(master, PICKER, "betrayed")
    wait(master, lambda d: one(d, f"{TRUTH}[data-status=proposed]"))
    press(master, "[data-test=tally-commit]")
    shown = wait(master, lambda d: d.execute_script(  # read in one step: the stream's events redraw the tally
        "var e = document.querySelector('[data-test=tally-committed]'); return e !== null && e.checkVisibility();"))
    truth = [(e["data"]["outcome"], e["data"]["amount"]) for e in awards(live, tokens[LEAD])
             if e["data"]["motive"] == "Truth"]
    assert (read(master, "[data-test=tally-committed]"), shown, read(master, f"{TRUTH}[data-status=recorded] .amount"),
            truth) == ("Итоги сессии 1 записаны.", True, "+3", [("betrayed", 3)])
