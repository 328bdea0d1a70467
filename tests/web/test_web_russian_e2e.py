"""The Russian page has no English left: every screen in a real headless browser opened with ``?lang=ru``.

One ``journal serve`` over a SQLite file and one Chromium (English locale, so only the address asks for
Russian) for the module: the page's words do not depend on the database.  A VPT campaign with a session,
a hit, a free roll and a dispute; the player Оля and the Master Вика sign in (``/?lang=ru#token=…``) and
open the timeline, the sheet, every verb's form and (the Master) every console tab.  On each screen the
test collects the visible text nodes of ``document.body`` and the texts of placeholder, title, aria-label,
alt and buttons' value, and fails listing every one with a Latin word of three letters or more that is
not allowed below.  Text the server writes (event summaries, refusal details, verbs' help) sits in elements marked
``data-i18n-server``; ``translate="no"`` marks verbatim text (a shell command, a token); both are left out
of that check.  The timeline's summaries, its event types' labels and the sheet panel (keys and values, named
by the system's tables through GET /api/labels) are checked on their own: no Latin word in them but the
identifiers the test itself chose (:data:`TIMELINE_ALLOWED`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.web.browsers import PHONE
from tests.web.conftest import Served, auth, campaign_with_tokens, start_server
from tests.web.page import one, read, texts, wait

CAMPAIGN, MASTER, PLAYERS = "Пепел Золы", "Вика", ["Оля", "Дима"]
#: Latin words that may stay on the Russian page: the system's name (ВПТ is its Russian).
ALLOWED = frozenset({"VPT"})
#: Latin words a Russian timeline or sheet may show, each an identifier this test chose, not English text: none
#: (campaign.created names the system by its title, ВПТ).  Hex ids (a token's, the salt) are not words (see
#: LATIN_WORD), and dice units (``2d6``) have no three-letter run.
TIMELINE_ALLOWED: frozenset[str] = frozenset()
#: A Latin word: three letters or more between non-alphanumerics (so a hex id such as 4afda6a0 is not one).
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])")

#: Every visible text of the page, as [where, text]: text nodes and the attributes a reader meets.
COLLECT = """
function shown(node) {
  var host = node.closest('option') ? node.closest('select') : node;
  return host.checkVisibility({ visibilityProperty: true });
}
function skipped(node) { return node.closest('[data-i18n-server], [translate=no], script, style, template'); }
var found = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var text = walker.nextNode(); text; text = walker.nextNode()) {
  var parent = text.parentElement, value = text.nodeValue.trim();
  if (value && parent && !skipped(parent) && shown(parent)) found.push([parent.tagName.toLowerCase(), value]);
}
document.body.querySelectorAll('*').forEach(function (node) {
  if (skipped(node) || !shown(node)) return;
  ['placeholder', 'title', 'aria-label', 'alt'].forEach(function (name) {
    var value = node.getAttribute(name);
    if (value) found.push([node.tagName.toLowerCase() + '@' + name, value]);
  });
  if (node.matches('input[type=submit], input[type=button], button[value]') && node.value)
    found.push([node.tagName.toLowerCase() + '@value', node.value]);
});
return found;
"""


def english(driver: WebDriver) -> list[str]:
    """Every visible text of the page with a Latin word that is not allowed, as 'where: text'."""
    found = driver.execute_script(COLLECT)
    return sorted({f"{where}: {text}" for where, text in found
                   if any(word not in ALLOWED for word in LATIN_WORD.findall(text))})


def assert_russian(found: list[str]) -> None:
    """Fail naming every English text found, one a line."""
    if found:
        pytest.fail(f"{len(found)} English texts on the Russian page:\n" + "\n".join(found), pytrace=False)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A server over a VPT campaign with a session, a hit, a roll and an open dispute: (base URL, tokens)."""
    folder = tmp_path_factory.mktemp("russian")
    db = f"sqlite:///{folder}/journal.db"
    tokens = campaign_with_tokens(db, CAMPAIGN, "vpt", MASTER, PLAYERS)
    served: Served = start_server(db)
    try:
        base = served.base

        def post(who: str, path: str, body: dict) -> dict:
            answer = httpx.post(base + path, json=body, headers=auth(tokens[who]), timeout=10)
            assert answer.status_code == 200, answer.text
            return answer.json()

        post("Оля", "/api/vpt/char", {"name": "Вольтаир"})
        post(MASTER, "/api/vpt/char", {"name": "Питер"})
        post(MASTER, "/api/sessions/start", {"present": PLAYERS})
        post("Оля", "/api/sessions/salt", {"salt": "00112233445566778899aabbccddeeff"})
        post("Оля", "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "target": 7, "dice": [4, 5]})
        post("Дима", "/api/roll", {"notation": "2d6+1", "dice": [3, 5], "purpose": "на удачу"})
        post("Оля", "/api/vpt/initiative", {"mode": "careful", "party": "Отряд", "dice": [5],
                                            "enemies": [{"name": "Жулики", "initiative": 7, "kind": "living"}]})
        hits = httpx.get(base + "/api/events", params={"type": "vpt.hit_rolled"}, headers=auth(tokens[MASTER]),
                         timeout=10).json()["events"]
        post("Дима", "/api/disputes", {"event": hits[0]["id"], "reason": "кубики не те"})
        yield base, tokens
    finally:
        served.stop()


@pytest.fixture(scope="module")
def browser(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """One headless Chromium at a phone's width, in an English locale, for the module."""
    return chromiums("chromium", **PHONE)


def open_russian(driver: WebDriver, base: str, token: str) -> None:
    """Sign in through ``/?lang=ru#token=…`` and wait for the live stream, the forms and the dispute."""
    driver.get("about:blank")
    driver.get(f"{base}/?lang=ru#token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
    wait(driver, lambda d: one(d, "[data-test=verb-form]"))
    wait(driver, lambda d: one(d, "[data-test=dispute] [data-test=evidence-recorded]"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#sheet dd"))


def every_verb(driver: WebDriver) -> list[str]:
    """Choose each verb of the picker in turn; the English found on any of their forms."""
    found: set[str] = set()
    picker = Select(driver.find_element(By.CSS_SELECTOR, "[data-test=verb-picker]"))
    for verb in [option.get_attribute("value") for option in picker.options]:
        picker.select_by_value(verb)
        wait(driver, lambda d, verb=verb: one(d, f"[data-test=verb-form][data-verb='{verb}']"))
        found.update(english(driver))
    return sorted(found)


def test_the_sign_in_page_asked_for_in_russian_has_no_english(table: tuple[str, dict[str, str]],
                                                               browser: WebDriver) -> None:
    """``/?lang=ru`` without a token: the sign-in form is all Russian."""
    base, _ = table
    browser.get(f"{base}/?lang=ru")
    browser.execute_script("localStorage.clear()")  # no token kept from another test: the sign-in form shows
    browser.refresh()
    wait(browser, lambda d: d.execute_script("return document.documentElement.lang") == "ru")
    assert_russian(english(browser))


def test_the_address_keeps_its_language_when_the_token_is_taken_from_it(table: tuple[str, dict[str, str]],
                                                                       browser: WebDriver) -> None:
    """After ``/?lang=ru#token=…`` the address is ``/?lang=ru`` and the page speaks Russian."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    assert (browser.current_url, browser.execute_script("return document.documentElement.lang")) == (
        f"{base}/?lang=ru", "ru")


def test_the_players_timeline_sheet_and_disputes_have_no_english(table: tuple[str, dict[str, str]],
                                                                 browser: WebDriver) -> None:
    """Оля's page (timeline, sheet, bonds, the dispute and its evidence) shows no English word."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    assert_russian(english(browser))


def test_the_players_verb_forms_have_no_english(table: tuple[str, dict[str, str]], browser: WebDriver) -> None:
    """Each of the player's VPT forms, chosen in turn, shows no English word."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    assert_russian(every_verb(browser))


def test_the_masters_console_tabs_have_no_english(table: tuple[str, dict[str, str]], browser: WebDriver) -> None:
    """Each tab of Вика's console (session, tally, devices: VPT has no house rules) shows no English word."""
    base, tokens = table
    open_russian(browser, base, tokens[MASTER])
    found: set[str] = set()
    for tab in ("session", "tally", "tokens"):
        wait(browser, lambda d, tab=tab: d.execute_script(
            f"var b = document.querySelector('[data-test=console-tab-{tab}]'); if (b) b.click(); return !!b;"))
        wait(browser, lambda d, tab=tab: one(d, f"[data-test=console-{tab}]"))
        if tab == "tokens":
            wait(browser, lambda d: d.execute_script(
                "var b = document.querySelector('[data-test=token-issue]'); if (b) b.click(); return !!b;"))
            wait(browser, lambda d: one(d, "[data-test=token-issued]"))
        found.update(english(browser))
    assert_russian(sorted(found))


def test_the_masters_verb_forms_have_no_english(table: tuple[str, dict[str, str]], browser: WebDriver) -> None:
    """Each of the Master's VPT forms, chosen in turn, shows no English word."""
    base, tokens = table
    open_russian(browser, base, tokens[MASTER])
    assert_russian(every_verb(browser))


def test_the_page_without_a_language_in_its_address_follows_the_browser(table: tuple[str, dict[str, str]],
                                                                        browser: WebDriver) -> None:
    """Without ``?lang=`` the English browser gets the English page."""
    base, tokens = table
    browser.get("about:blank")
    browser.get(f"{base}/#token={tokens['Оля']}")
    wait(browser, lambda d: one(d, "[data-test=verb-form]"))
    assert browser.execute_script("return document.documentElement.lang") == "en"



def test_the_russian_timelines_summaries_have_no_english_word(table: tuple[str, dict[str, str]],
                                                              browser: WebDriver) -> None:
    """Every summary the server wrote into Оля's Russian timeline is Russian: the hit's ``melee`` and ``fresh``,
    the initiative's ``careful`` read as their Russian words; only the test's own identifiers stay Latin."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    summaries = texts(browser, "#timeline [data-test=event-summary]")
    found = sorted({text for text in summaries
                    if any(word not in TIMELINE_ALLOWED for word in LATIN_WORD.findall(text))})
    assert (len(summaries) >= 14, found) == (True, [])


def test_the_russian_timeline_shows_the_hit_in_the_systems_words(table: tuple[str, dict[str, str]],
                                                                 browser: WebDriver) -> None:
    """The hit's summary names its attack and modifier in VPT's Russian words (journal/systems/vpt/words.py)."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    assert read(browser, "#timeline [data-type='vpt.hit_rolled'] [data-test=event-summary]") == "Вольтаир бьёт Питер (Ближний Бой): [4, 5] +1 Свежий = 10 против 7 -> 1 Ранение"


def latin(texts: list[str]) -> list[str]:
    """The texts with a Latin word that is not one of :data:`TIMELINE_ALLOWED`."""
    return sorted({text for text in texts if any(word not in TIMELINE_ALLOWED for word in LATIN_WORD.findall(text))})


def test_the_russian_timelines_event_types_are_named_in_russian(table: tuple[str, dict[str, str]],
                                                                browser: WebDriver) -> None:
    """Every event's type on Оля's Russian timeline is its Russian label (the hit is «Попадание»), none raw."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    labels = texts(browser, "#timeline [data-test=event-type]", "innerText")  # in one step: a redraw stales nothing
    hit = read(browser, "#timeline [data-type='vpt.hit_rolled'] [data-test=event-type]")
    assert (len(labels) >= 14, latin(labels), hit) == (True, [], "Попадание")


def test_the_russian_sheet_names_its_fields_and_values_in_russian(table: tuple[str, dict[str, str]],
                                                                  browser: WebDriver) -> None:
    """Оля's sheet of Вольтаир: every key and every value (its kind «персонаж») is Russian, none an identifier."""
    base, tokens = table
    open_russian(browser, base, tokens["Оля"])
    wait(browser, lambda d: d.find_element(By.ID, "sheet").get_attribute("data-character") == "Вольтаир")
    shown = texts(browser, "#sheet dt, #sheet dd", "innerText")  # in one step: a redraw stales nothing
    kind = read(browser, "#sheet dd[data-field=kind]")
    assert (len(shown) >= 20, latin(shown), kind) == (True, [], "персонаж")
