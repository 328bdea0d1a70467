"""The page in the table's words at 360 px, in a real headless Chromium (``/?lang=ru``), on both databases.

A Russian player picks what the campaign holds (her character, the one she hits, a weapon, a sealed geis by
its promise, a difficulty by its word) and types only what the table says («спас жизнь», «Жулики» and 7);
no form asks for JSON, an id or a version, and no screen says «версия» (a point is its event's number, «№57»).  The actions a player takes most (a VPT hit, a Wield chance, a
tick) are on the first screen and take at most three taps (a list is two: open it, pick; a tick three: its button
beside the list, its checklist's box, send); a stored action clears its form; «лист на этот момент» brings the sheet into view.  On every screen (each verb's form, each
tab of the Master's console) the document is no wider than the phone, no visible text has an event id, and
no Latin word shows but the allowed ones (the text the server writes included).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.web.browsers import PHONE, PHONE_WIDTH
from tests.web.conftest import auth
from tests.web.page import choose, one, press, read, texts, wait
from tests.web.test_web_forms_e2e import fill

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

#: Latin words the Russian page may show: none of the group's names is Latin; "JSON" is a format's name.
ALLOWED = frozenset({"JSON"})
#: A Latin word of three letters or more (dice notation, ``2d6``, has none; nor has a hex digest).
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{3,}(?![A-Za-z0-9])")
#: An event's id, as the journal keys its events.
EVENT_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

#: Every visible text of the page (text nodes, placeholders, labels), the server's text included.
VISIBLE = """
function shown(node) {
  var host = node.closest('option') ? node.closest('select') : node;
  return host.checkVisibility({ visibilityProperty: true });
}
function skipped(node) { return node.closest('[translate=no], script, style, template'); }
var found = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var text = walker.nextNode(); text; text = walker.nextNode()) {
  var parent = text.parentElement, value = text.nodeValue.trim();
  if (value && parent && !skipped(parent) && shown(parent)) found.push(value);
}
document.body.querySelectorAll('*').forEach(function (node) {
  if (skipped(node) || !shown(node)) return;
  ['placeholder', 'title', 'aria-label', 'alt'].forEach(function (name) {
    if (node.getAttribute(name)) found.push(node.getAttribute(name));
  });
});
return found;
"""


@pytest.fixture(scope="module")
def phone(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """One 360-px phone (an English locale: only the address asks for Russian), for the module."""
    return chromiums("words-phone", **PHONE)


@pytest.fixture
def browser(phone: WebDriver, live: str) -> Iterator[WebDriver]:
    """The phone for one test; it leaves the page (closing its stream) afterwards."""
    yield phone
    phone.get("about:blank")


class Taps:
    """What a player's thumb does on the page, counted: a button is one tap, a list two (open it, pick)."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver, self.count = driver, 0

    def press(self, css: str) -> None:
        press(self.driver, css)
        self.count += 1

    def pick(self, css: str, value: str) -> None:
        choose(self.driver, css, value)
        self.count += 2


def post(base: str, token: str, path: str, body: dict) -> dict:
    answer = httpx.post(base + path, json=body, headers=auth(token), timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def events(base: str, token: str, kind: str) -> list[dict]:
    return httpx.get(base + "/api/events", params={"type": kind}, headers=auth(token), timeout=10).json()["events"]


def open_russian(driver: WebDriver, base: str, token: str) -> None:
    """Sign in through ``/?lang=ru#token=…``; wait for the live stream, the forms and their lists, and the sheet."""
    driver.get("about:blank")
    driver.get(f"{base}/?lang=ru#token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
    wait(driver, lambda d: one(d, "[data-test=verb-form]"))
    wait(driver, lambda d: one(d, "#sheet dd[data-field]") or d.find_element(By.ID, "sheet-empty").is_displayed())


def vpt_table(new_campaign, base: str) -> dict[str, str]:
    """A VPT campaign: Оля's Вольтаир, Дима's Гром and the Master's Питер; a sword in the weapon table."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    post(base, tokens["Оля"], "/api/vpt/char", {"name": "Вольтаир"})
    post(base, tokens["Дима"], "/api/vpt/char", {"name": "Гром"})
    post(base, tokens["Вика"], "/api/vpt/char", {"name": "Питер"})
    post(base, tokens["Вика"], "/api/vpt/weapon", {"name": "Меч", "target": 7, "initiative": 3})
    return tokens


def wield_table(new_campaign, base: str) -> dict[str, str]:
    """A Wield campaign: Оля's hero Ёжик (of the vatcha Искра) with a geis sealed for «Перепрыгнуть пропасть»."""
    _, tokens = new_campaign("wield", "Вика", ["Оля", "Дима"])
    post(base, tokens["Дима"], "/api/wield/vatcha", {
        "name": "Искра", "item": "кольцо", "domains": ["Air", "Fire"], "goal": "Свергнуть короля",
        "steps": ["Найти наследника", "Склонить стражу", "Взять ворота", "Открыть сокровищницу", "Встать перед королём"],
        "destruction": "Расплавить в драконьем огне"})
    post(base, tokens["Оля"], "/api/wield/hero", {"name": "Ёжик", "vatcha_name": "Искра", "background": "вор",
                                                  "destiny": "Жениться на принце"})
    post(base, tokens["Оля"], "/api/wield/offer", {"hero_name": "Ёжик", "promise": "Отдать плащ первому нищему",
                                                   "chance": "Перепрыгнуть пропасть"})
    post(base, tokens["Вика"], "/api/wield/seal", {"hero_name": "Ёжик", "rank": 1})
    return tokens


def options(driver: WebDriver, css: str) -> list[str]:
    return texts(driver, f"{css} option")


def on_first_screen(driver: WebDriver, css: str) -> bool:
    """Whether the element ``css`` names is within the first screen of the page (scrolled to the top)."""
    return bool(driver.execute_script(
        "window.scrollTo(0, 0); var e = document.querySelector(arguments[0]); if (!e) return false;"
        " var r = e.getBoundingClientRect(); return r.height > 0 && r.bottom <= window.innerHeight;", css))


def test_a_vpt_hit_picks_its_fighters_and_weapon_from_the_campaign(live: str, new_campaign, browser: WebDriver) -> None:
    """The hit's attacker and defender list the campaign's characters, its weapon the weapon table."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    press(browser, "[data-test=verb-picker]")
    Select(browser.find_element(By.CSS_SELECTOR, "[data-test=verb-picker]")).select_by_value("hit")
    wait(browser, lambda d: "Питер" in options(d, "[data-verb=hit] [data-field=attacker]"))
    wait(browser, lambda d: "Меч" in options(d, "[data-verb=hit] [data-field=weapon]"))
    assert (options(browser, "[data-verb=hit] [data-field=attacker]"),
            options(browser, "[data-verb=hit] [data-field=weapon]")) == (["Вольтаир", "Гром", "Питер"], ["—", "Меч"])


def test_a_vpt_hit_takes_one_tap_from_the_home_screen(live: str, new_campaign, browser: WebDriver) -> None:
    """The picker is on the first screen with the hit open: its submit alone records Оля's Вольтаир's sword blow."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    assert on_first_screen(browser, "[data-test=verb-picker]")
    taps = Taps(browser)  # the hit is VPT's main verb: its form is open from the start
    wait(browser, lambda d: read(d, "[data-test=verb-picker]", "value") == "hit")
    wait(browser, lambda d: read(d, "[data-verb=hit] [data-field=attacker]", "value") == "Вольтаир")
    taps.press("[data-verb=hit] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "vpt.hit_rolled"))
    [hit] = events(live, tokens["Вика"], "vpt.hit_rolled")
    assert (hit["data"]["attacker"], hit["data"]["weapon"], taps.count) == ("Вольтаир", "Меч", 1)


def test_a_tick_takes_three_taps_and_the_words_the_rule_text_says(live: str, new_campaign, browser: WebDriver) -> None:
    """A tick: its button beside the list of verbs (one tap, on the first screen), «спас жизнь» ticked in the rule
    text's checklist (one: typing it was a tap and ten keys), send: Вольтаир's checklist towards another character."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    assert on_first_screen(browser, "[data-test=verb-quick][data-verb=tick]")
    taps = Taps(browser)
    taps.press("[data-test=verb-quick][data-verb=tick]")
    wait(browser, lambda d: read(d, "[data-verb=tick] [data-field=name]", "value") == "Вольтаир")
    taps.press("[data-verb=tick] [data-test=check-saved_life]")
    taps.press("[data-verb=tick] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "vpt.relationship_ticked"))
    [tick] = events(live, tokens["Вика"], "vpt.relationship_ticked")
    assert (tick["data"]["character"], tick["data"]["other"] != "Вольтаир", tick["data"]["items"], taps.count) == (
        "Вольтаир", True, ["saved_life"], 3)


def test_the_tick_button_opens_the_tick_the_list_still_offers(live: str, new_campaign, browser: WebDriver) -> None:
    """The tick's button and the hit's beside the list: the tick's tapped, the list shows «Отметка Отношения» picked
    and the tick's button pressed; the list still holds every verb, the tick among them."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    press(browser, "[data-test=verb-quick][data-verb=tick]")
    wait(browser, lambda d: one(d, "[data-test=verb-form][data-verb=tick]"))
    assert (texts(browser, "[data-test=verb-quick]"),
            texts(browser, "[data-test=verb-quick][aria-pressed=true]"),
            read(browser, "[data-test=verb-picker]", "value"),
            "tick" in texts(browser, "[data-test=verb-picker] option", "value")) == (
        ["Попадание", "Отметка Отношения"], ["Отметка Отношения"], "tick", True)


def test_a_wield_chance_settled_by_a_geis_picks_the_seal_by_its_promise(live: str, new_campaign,
                                                                       browser: WebDriver) -> None:
    """The chance's geis lists the sealed geis by its promise; picked, it settles the chance: no version typed."""
    tokens = wield_table(new_campaign, live)
    [seal] = events(live, tokens["Вика"], "wield.geis_sealed")
    open_russian(browser, live, tokens["Оля"])
    taps = Taps(browser)
    taps.pick("[data-test=verb-picker]", "chance")
    promise = "Отдать плащ первому нищему (Ёжик)"
    wait(browser, lambda d: promise in options(d, "[data-verb=chance] [data-field=geis]"))
    fill(browser, "chance", {"task": "Перепрыгнуть пропасть", "difficulty": "Эпическая", "geis": promise})
    taps.press("[data-verb=chance] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "wield.chance_rolled"))
    [chance] = events(live, tokens["Вика"], "wield.chance_rolled")
    assert (chance["data"]["hero"], chance["data"]["difficulty"], chance["data"]["geis"], chance["data"]["success"]) == (
        "Ёжик", "Epic", seal["id"], True)


def test_vpt_initiative_takes_its_enemy_sides_as_rows_of_a_name_and_a_number(live: str, new_campaign,
                                                                            browser: WebDriver) -> None:
    """Two rows, «Жулики» 7 and «Стража» 5, are the two enemy sides stored."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "initiative")
    press(browser, "[data-verb=initiative] [data-test=row-add]")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-verb=initiative] [data-test=row]")) == 2)
    for row, (name, number) in enumerate((("Жулики", "7"), ("Стража", "5"))):
        rows = browser.find_elements(By.CSS_SELECTOR, "[data-verb=initiative] [data-test=row]")
        rows[row].find_element(By.CSS_SELECTOR, "[data-test=row-name]").send_keys(name)
        rows[row].find_element(By.CSS_SELECTOR, "[data-test=row-number]").send_keys(number)
    fill(browser, "initiative", {"dice": "4, 3"})
    press(browser, "[data-verb=initiative] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "vpt.initiative_rolled"))
    [rolled] = events(live, tokens["Вика"], "vpt.initiative_rolled")
    assert [(side["name"], side["initiative"]) for side in rolled["data"]["enemies"]] == [("Жулики", 7), ("Стража", 5)]


def test_a_stored_action_clears_its_form_and_the_roll_its_notation(live: str, new_campaign, browser: WebDriver) -> None:
    """After a hit with the table's dice «3, 5» the dice field is empty; after «2к6» rolled, the notation is."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "hit")
    fill(browser, "hit", {"dice": "3, 5"})
    press(browser, "[data-verb=hit] [data-test=verb-submit]")
    wait(browser, lambda d: one(d, "[data-verb=hit] [data-test=verb-result-die]"))
    browser.find_element(By.ID, "roll-notation").send_keys("2к6")
    press(browser, "[data-test=roll-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "roll.made"))
    assert (read(browser, "[data-verb=hit] [data-field=dice]", "value"), read(browser, "#roll-notation", "value")) == (
        "", "")


def test_the_sheet_here_button_brings_the_sheet_into_view(live: str, new_campaign, browser: WebDriver) -> None:
    """«лист на этот момент» under an event of the timeline scrolls the sheet to the top of the phone's screen."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "#timeline [data-test=event-asof]"))
    press(browser, "#timeline [data-test=event-asof]")
    wait(browser, lambda d: d.execute_script(
        "var r = document.getElementById('sheet-panel').getBoundingClientRect();"
        " return Math.abs(r.top) < 2 || (r.top >= 0 && r.bottom <= window.innerHeight);"))


def test_a_refusal_on_the_page_names_the_form_not_a_command(live: str, new_campaign, browser: WebDriver) -> None:
    """An unknown character: the CLI's «создайте его через «journal vpt char»» reads on the page as the form to use."""
    tokens = vpt_table(new_campaign, live)
    headers = {**auth(tokens["Оля"]), "Accept-Language": "ru"}
    campaign = httpx.get(live + "/api/me", headers=headers, timeout=10).json()["campaign"]
    answer = httpx.post(live + "/api/vpt/hit", json={"attacker": "Никто"}, headers=headers, timeout=10)
    open_russian(browser, live, tokens["Оля"])
    shown = browser.execute_script("return window.JournalForms.refusal(arguments[0]);", answer.json()["error"])
    assert shown == f"в кампании «{campaign}» нет персонажа «Никто» (создайте его формой «Персонаж»)"


def screens(driver: WebDriver) -> Iterator[str]:
    """Go through every screen: the home screen, each verb's form, each tab of the Master's console; name each."""
    yield "home"
    picker = Select(driver.find_element(By.CSS_SELECTOR, "[data-test=verb-picker]"))
    for verb in [option.get_attribute("value") for option in picker.options]:
        Select(driver.find_element(By.CSS_SELECTOR, "[data-test=verb-picker]")).select_by_value(verb)
        wait(driver, lambda d, verb=verb: one(d, f"[data-test=verb-form][data-verb='{verb}']"))
        yield f"verb {verb}"
    tabs = [str(name) for name in driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('[data-test^=console-tab-]'),"
        " function (b) { return b.dataset.test; });")]
    for tab in tabs:
        press(driver, f"[data-test={tab}]")
        wait(driver, lambda d, tab=tab: read(d, f"[data-test={tab}]", attribute="aria-selected") == "true")
        yield tab


def check_every_screen(driver: WebDriver) -> list[str]:
    """What is wrong on any screen: wider than the phone, an event id shown, a Latin word shown."""
    problems = []
    for screen in screens(driver):
        width = driver.execute_script("return document.documentElement.scrollWidth")
        if width > PHONE_WIDTH:
            problems.append(f"{screen}: {width} px wide")
        for text in driver.execute_script(VISIBLE):
            if EVENT_ID.search(text):
                problems.append(f"{screen}: an event id in {text!r}")
            latin = [word for word in LATIN_WORD.findall(text) if word not in ALLOWED]
            if latin:
                problems.append(f"{screen}: {' '.join(latin)} in {text!r}")
    return sorted(set(problems))


@pytest.mark.parametrize("who", ["Оля", "Вика"])
def test_every_screen_of_a_vpt_campaign_fits_the_phone_in_russian(live: str, new_campaign, browser: WebDriver,
                                                                   who: str) -> None:
    """Every screen of a player's and the Master's page: no horizontal scroll, no id, no Latin word."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Оля"], "/api/vpt/tick", {"name": "Вольтаир", "other": "Гром", "items": ["спас жизнь"]})
    post(live, tokens["Оля"], "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "weapon": "Меч",
                                               "dice": [3, 5]})
    [hit] = events(live, tokens["Вика"], "vpt.hit_rolled")
    post(live, tokens["Дима"], "/api/disputes", {"event": hit["id"], "reason": "кубики не те"})
    open_russian(browser, live, tokens[who])
    wait(browser, lambda d: one(d, "[data-test=dispute]"))
    wait(browser, lambda d: one(d, "[data-panel=bonds] [data-test=row]"))
    problems = check_every_screen(browser)
    assert problems == [], "\n".join(problems)


def test_every_screen_of_a_wield_campaign_fits_the_phone_in_russian(live: str, new_campaign,
                                                                    browser: WebDriver) -> None:
    """The Master's Wield page, its debts and Control tables shown: no horizontal scroll, no id, no Latin word."""
    tokens = wield_table(new_campaign, live)
    open_russian(browser, live, tokens["Вика"])
    wait(browser, lambda d: one(d, "[data-panel=debts] [data-test=row]"))
    problems = check_every_screen(browser)
    assert problems == [], "\n".join(problems)


def vpt_tally_on_the_console(live: str, new_campaign, browser: WebDriver) -> None:
    """A VPT session of two hours with «спас жизнь» ticked, ended; the Master's console open on its tally."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Оля"], "/api/vpt/tick", {"name": "Вольтаир", "other": "Гром", "items": ["спас жизнь"]})
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 120})
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=console-tab-tally]")


def test_a_vpt_tally_offers_no_bonus_award_and_says_when_it_is_recorded(live: str, new_campaign,
                                                                        browser: WebDriver) -> None:
    """VPT keeps no experience: its tally has no «Бонусная награда»; «Записать итоги» ends on «Итоги … записаны»."""
    vpt_tally_on_the_console(live, new_campaign, browser)
    wait(browser, lambda d: one(d, "[data-test=console-tally] [data-test=tally-commit]"))
    bonus = browser.find_elements(By.CSS_SELECTOR, "[data-test=bonus-add]")
    press(browser, "[data-test=tally-commit]")
    assert (bonus, read(browser, "[data-test=tally-committed]")) == ([], "Итоги сессии 1 записаны.")


def test_a_vpt_hit_ticks_its_modifiers_by_their_rule_names(live: str, new_campaign, browser: WebDriver) -> None:
    """Two named modifiers ticked (engaged +1, the high ground +1) are the hit's modifiers; none asks for a number."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "hit")
    for tick in ("check-engaged-1", "check-high_ground-1"):
        press(browser, f"[data-verb=hit] [data-test={tick}]")
    fill(browser, "hit", {"dice": "3, 5"})
    press(browser, "[data-verb=hit] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "vpt.hit_rolled"))
    [hit] = events(live, tokens["Вика"], "vpt.hit_rolled")
    assert (hit["data"]["modifiers"]["engaged"], hit["data"]["modifiers"]["high_ground"]) == (1, 1)


def test_a_vpt_hits_modifiers_read_as_the_rule_texts_conditions(live: str, new_campaign, browser: WebDriver) -> None:
    """The hit's checklist in Russian: each modifier the recorder gives reads as the rule text's list says it, with its
    amount («-1, если Подготовка противника больше 4»: «Подготовка противника больше 4 -1»)."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "[data-verb=hit] [data-test=check-engaged-1]"))
    assert texts(browser, "[data-verb=hit] .checks[data-source=modifiers] label span") == [
        "навязал Ближний Бой +1", "верхом подходящим оружием +1", "верхом подходящим оружием +2",
        "Дальняя Атака с возвышенности +1", "в Ближнем Бою союзников больше +1", "выиграл Инициативу +1",
        "Дальняя Атака не двигаясь +1", "противник в укрытии -1", "в Ближнем Бою со всадником, не в седле -1",
        "Подготовка противника больше 4 -1"]


#: «версия», «версии», «version», "v57": what the page never shows (it names a point by its event's number, «№57»).
VERSION_WORD = re.compile(r"верси|version|(?<![A-Za-z0-9])v\d+\b", re.IGNORECASE)


def test_no_screen_says_version_and_every_point_is_named_by_its_event_number(live: str, new_campaign,
                                                                             browser: WebDriver) -> None:
    """A Stone Wheel Master's page in Russian with a house rule adopted and a session tallied: on no screen, nor in
    the session's whole report («Весь отчёт»), does any text say «версия» or "v12"; the adoption reads «принято
    событием №N», the tally «Итоги записаны событием №N.», the sheet's point «сейчас (№N)», the timeline's first
    column names each event «№N» (with its session), the report each event «№N · Вика», and the adoption's line in
    the timeline names the rule by its meaning, never by its key."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля", "Дима"])
    proposal = post(live, tokens["Оля"], "/api/rules", {"key": "xp_per_hour_player", "value": 60})["events"][0]["id"]
    for player in ("Оля", "Дима"):
        post(live, tokens[player], f"/api/rules/{proposal}/vote", {"in_favour": True})
    adopted = post(live, tokens["Вика"], f"/api/rules/{proposal}/adopt", {})["events"][0]["version"]
    started = post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})["events"][0]["version"]
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 120})
    committed = post(live, tokens["Вика"], "/api/tally/1/commit", {"skip": []})["events"][-1]["version"]
    open_russian(browser, live, tokens["Вика"])
    wait(browser, lambda d: one(d, f"#event-{committed}"))
    columns = tuple(read(browser, f"#event-{version} [data-test=event-version]") for version in (adopted, started))
    wait(browser, lambda d: read(d, "#asof-label").endswith(f"№{committed})"))  # «сейчас» until the sheet's answer
    columns += (read(browser, "#asof-label"),)
    said = []
    for screen in screens(browser):
        said += [f"{screen}: {text!r}" for text in browser.execute_script(VISIBLE) if VERSION_WORD.search(text)]
        if screen == "console-tab-rules":
            columns += (read(browser, "[data-test=proposal-adopted]"),)
        if screen == "console-tab-tally":
            columns += (read(browser, "[data-test=tally-done]"),)
    press(browser, "[data-test=report-full-open]")
    wait(browser, lambda d: one(d, "[data-test=report-doc] .event"))
    said += [f"report: {text!r}" for text in browser.execute_script(VISIBLE) if VERSION_WORD.search(text)]
    columns += (texts(browser, "[data-test=report-doc] .who")[0],
                read(browser, f"#event-{adopted} [data-test=event-summary]"))
    assert (said, columns) == ([], (f"№{adopted}", f"№{started} · сессия 1", f"сейчас (№{committed})",
                                    f"Итоги записаны событием №{committed}.", f"принято событием №{adopted}",
                                    f"№{started} · Вика",
                                    ("принимает домашнее правило «опыт за сессию в час каждому игроку за столом: "
                                     "округление вниз (ставка × минуты / 60)»: 60 (2 за, 0 против; нужно 2 из 2 "
                                     "игроков)")))


def test_a_wield_heros_result_is_named_by_its_event_number_and_no_screen_says_version(
    live: str, new_campaign, browser: WebDriver,
) -> None:
    """Ёжик's failed chance on Оля's sheet reads «№N, Вид: шанс, …» (the record's version is its event's number, as the
    timeline names it), and no screen of her page says «версия»."""
    tokens = wield_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    chance = post(live, tokens["Оля"], "/api/wield/chance", {"hero_name": "Ёжик", "task": "Открыть замок",
                                                             "difficulty": "Heroic", "dice": [3]})["events"][0]["version"]
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "#sheet dd[data-field=results]"))
    said = [f"{screen}: {text!r}" for screen in screens(browser)
            for text in browser.execute_script(VISIBLE) if VERSION_WORD.search(text)]
    assert (read(browser, "#sheet dd[data-field=results]"), said) == (
        f"№{chance}, Вид: шанс, что: Открыть замок, успех: нет, взыскано: —", [])


def test_the_sign_in_screen_fits_the_phone(live: str, browser: WebDriver) -> None:
    """Before any token, the Russian sign-in is no wider than the 360-px phone."""
    browser.get(f"{live}/?lang=ru")
    wait(browser, lambda d: d.execute_script("return document.documentElement.lang") == "ru")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE_WIDTH


def test_the_house_rules_of_a_stone_wheel_campaign_read_in_russian(live: str, new_campaign,
                                                                    browser: WebDriver) -> None:
    """The Master's house rules tab of a Stone Wheel campaign: each rule's meaning and its «допустимо: целое число
    0–1000» in Russian, no Latin word, no wider than the phone."""
    _, tokens = new_campaign("stone-wheel", "Вика", ["Оля", "Дима"])
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=console-tab-rules]")
    wait(browser, lambda d: len(texts(d, "[data-test=rule]")) == 2)
    shown = [text for text in browser.execute_script(VISIBLE) if LATIN_WORD.search(text)]
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert (shown, "допустимо: целое число 0–1000" in texts(browser, "[data-test=console-rules] p"),
            width <= PHONE_WIDTH) == ([], True, True)


def test_a_stored_tick_answers_with_its_line_in_the_rule_texts_words(live: str, new_campaign,
                                                                     browser: WebDriver) -> None:
    """Under the tick's form, the stored tick reads as the timeline says it, its running total included («спас жизнь
    +1 = +1 -> 1 очко»), never as the payload's keys («character=Вольтаир, items=['saved_life']»)."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    press(browser, "[data-test=verb-quick][data-verb=tick]")
    fill(browser, "tick", {"name": "Вольтаир", "other": "Гром"})
    press(browser, "[data-verb=tick] [data-test=check-saved_life]")
    press(browser, "[data-verb=tick] [data-test=verb-submit]")
    wait(browser, lambda d: one(d, "[data-verb=tick] [data-test=verb-result-event]"))
    assert texts(browser, "[data-verb=tick] [data-test=verb-result-event] .summary") == [
        "Вольтаир -> Гром: спас жизнь +1 = +1 -> 1 очко (сессия 1)"]


def test_vpt_initiatives_party_reads_its_default_in_words_and_sends_none(live: str, new_campaign,
                                                                        browser: WebDriver) -> None:
    """«Отряд» starts empty with «игроки» as its hint, not the internal ``players`` typed in; left so, the initiative
    is the players' side's, and the timeline names it «игроки»."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "initiative")
    shown = (read(browser, "[data-verb=initiative] [data-field=party]", "value"),
             read(browser, "[data-verb=initiative] [data-field=party]", attribute="placeholder"))
    row = wait(browser, lambda d: one(d, "[data-verb=initiative] [data-test=row]"))
    row.find_element(By.CSS_SELECTOR, "[data-test=row-name]").send_keys("Жулики")
    row.find_element(By.CSS_SELECTOR, "[data-test=row-number]").send_keys("7")
    fill(browser, "initiative", {"dice": "4, 3"})
    press(browser, "[data-verb=initiative] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "vpt.initiative_rolled"))
    [rolled] = events(live, tokens["Вика"], "vpt.initiative_rolled")
    summary = read(browser, "#timeline [data-type='vpt.initiative_rolled'] [data-test=event-summary]")
    assert (shown, rolled["data"]["party"], summary.split(":")[0]) == (("", "игроки"), "players", "игроки")


def test_a_wield_control_risk_with_too_few_dice_is_refused_in_russian(live: str, new_campaign,
                                                                     browser: WebDriver) -> None:
    """Two of the table's dice for Ёжик's Control Risk: the refusal names the roll in Russian («этот Риск Контроля»),
    with no English word in it."""
    tokens = wield_table(new_campaign, live)
    open_russian(browser, live, tokens["Вика"])
    Taps(browser).pick("[data-test=verb-picker]", "risk")
    fill(browser, "risk", {"hero_name": "Ёжик", "demand": "Сжечь деревню", "dice": "3, 4"})
    press(browser, "[data-verb=risk] [data-test=verb-submit]")
    assert read(browser, "[data-verb=risk] [data-test=verb-refusal]") == "кубики: этот Риск Контроля — нужно 10 d20, дано 2"


def test_a_wield_result_names_the_geis_it_was_collected_for_by_its_event_number(live: str, new_campaign,
                                                                                browser: WebDriver) -> None:
    """Fate collects the failure Ёжик owes for his broken geis on his next success: on Оля's sheet the result reads
    «взыскано: №N», N the seal's number in the timeline, never the seal's id."""
    tokens = wield_table(new_campaign, live)
    [seal] = events(live, tokens["Вика"], "wield.geis_sealed")
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Вика"], "/api/wield/breach", {"hero_name": "Ёжик", "how": "оставил плащ себе"})
    chance = post(live, tokens["Оля"], "/api/wield/chance", {"hero_name": "Ёжик", "task": "Взломать сундук",
                                                             "difficulty": "Hard", "dice": [18]})["events"][0]
    post(live, tokens["Вика"], "/api/wield/collect", {"success": chance["id"]})
    open_russian(browser, live, tokens["Оля"])
    shown = f"№{chance['version']}, Вид: шанс, что: Взломать сундук, успех: нет, взыскано: №{seal['version']}"
    wait(browser, lambda d: read(d, "#sheet dd[data-field=results]") == shown)


def declare(driver: WebDriver, row: int, values: dict[str, str]) -> None:
    """Fill one row of the round's declarations: each cell typed, or picked by the word it shows."""
    def put(d: WebDriver) -> bool:
        rows = d.find_elements(By.CSS_SELECTOR, "[data-verb=round] [data-field=declarations] [data-test=row]")
        if len(rows) <= row:
            return False
        for name, value in values.items():
            cell = rows[row].find_element(By.CSS_SELECTOR, f"[data-cell={name}]")
            if cell.tag_name == "select":
                Select(cell).select_by_visible_text(value)
            else:
                cell.send_keys(value)
        return True

    wait(driver, put)


def test_a_wield_round_takes_its_declarations_as_rows_in_the_tables_words(live: str, new_campaign,
                                                                          browser: WebDriver) -> None:
    """Fate's round without JSON: a row per combatant, «Атакует» picked, the wounds and the target typed (Ёжик and a
    «Разбойник» the campaign does not hold); the round stored is those two declarations."""
    tokens = wield_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Вика"])
    Taps(browser).pick("[data-test=verb-picker]", "round")
    press(browser, "[data-verb=round] [data-field=declarations] [data-test=row-add]")
    declare(browser, 0, {"combatant": "Ёжик", "action": "Атакует", "wounds": "2", "target": "Разбойник"})
    declare(browser, 1, {"combatant": "Разбойник", "action": "Атакует", "wounds": "1", "target": "Ёжик"})
    fill(browser, "round", {"dice": "15"})
    press(browser, "[data-verb=round] [data-test=verb-submit]")
    wait(browser, lambda d: events(live, tokens["Вика"], "wield.combat_round"))
    [fought] = events(live, tokens["Вика"], "wield.combat_round")
    assert [(d["combatant"], d["action"], d["wounds"], d["target"]) for d in fought["data"]["declarations"]] == [
        ("Ёжик", "attack", 2, "Разбойник"), ("Разбойник", "attack", 1, "Ёжик")]


def test_a_vpt_tally_line_names_its_bond_in_the_systems_words(live: str, new_campaign, browser: WebDriver) -> None:
    """The Master's tally of a session with «спас жизнь» ticked: the line reads «Отношения · спас жизнь», the bond in
    VPT's own word, not the recorded ``relationship``."""
    vpt_tally_on_the_console(live, new_campaign, browser)
    wait(browser, lambda d: texts(d, "[data-test=tally-line] > div:nth-of-type(2)") == ["Отношения · спас жизнь"])


def test_the_whole_report_of_a_vpt_session_reads_in_russian_without_ids(live: str, new_campaign,
                                                                        browser: WebDriver) -> None:
    """«Весь отчёт» of a tallied VPT session (a hit, a tick) on the Master's phone: no Latin word (its times «по
    Гринвичу», not UTC), no event's id beside each event, no wider than the phone."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Оля"], "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "weapon": "Меч",
                                               "dice": [3, 5]})
    post(live, tokens["Оля"], "/api/vpt/tick", {"name": "Вольтаир", "other": "Гром", "items": ["спас жизнь"]})
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 120})
    post(live, tokens["Вика"], "/api/tally/1/commit", {"skip": []})
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=report-full-open]")
    wait(browser, lambda d: len(texts(d, "[data-test=report-doc] .event")) >= 6)
    problems = [f"{word} in {text!r}" for text in browser.execute_script(VISIBLE)
                for word in [*LATIN_WORD.findall(text), *EVENT_ID.findall(text)] if word not in ALLOWED]
    assert (problems, browser.execute_script("return document.documentElement.scrollWidth") <= PHONE_WIDTH) == (
        [], True)


def wield_fight(new_campaign, base: str) -> dict[str, str]:
    """:func:`wield_table` with a session: Ёжик «Ранен» (-1), then a round (Ёжик attacks a «Разбойник» for 2, who
    attacks him for 1; the table's d20 is 15) that Дима disputes; the session ended after 180 minutes."""
    tokens = wield_table(new_campaign, base)
    post(base, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(base, tokens["Вика"], "/api/wield/condition", {"hero_name": "Ёжик", "condition": "Ранен", "effect": "хромает",
                                                        "bonus": -1})
    fought = post(base, tokens["Вика"], "/api/wield/round", {"declarations": [
        {"combatant": "Ёжик", "action": "attack", "wounds": 2, "target": "Разбойник"},
        {"combatant": "Разбойник", "action": "attack", "wounds": 1, "target": "Ёжик"}], "dice": [15]})
    post(base, tokens["Дима"], "/api/disputes", {"event": fought["events"][0]["id"], "reason": "кубики не те"})
    post(base, tokens["Вика"], "/api/sessions/end", {"minutes": 180})
    return tokens


def test_a_disputed_wield_rounds_roll_is_named_where_it_sits_in_russian(live: str, new_campaign,
                                                                        browser: WebDriver) -> None:
    """The evidence under the dispute of a round names its roll as the CLI's audit does: «риски №1 · бросок», not the
    payload's path ``checks[0].roll``."""
    tokens = wield_fight(new_campaign, live)
    open_russian(browser, live, tokens["Вика"])
    wait(browser, lambda d: texts(d, "[data-test=dispute] [data-test=evidence-roll]") == [
        "риски №1 · бросок: d20 [15] кубики со стола — бросок за столом"])


def test_a_wield_heros_combat_result_is_of_the_kind_combat_in_russian(live: str, new_campaign,
                                                                      browser: WebDriver) -> None:
    """Ёжик's result of the round on Оля's sheet is «Вид: бой», Wield's word, not ``combat``, and what he did reads in
    the table's words: «что: (действие: атакует, Ранения: 2, цель: Разбойник)», never the English «attack 2 on …»."""
    tokens = wield_fight(new_campaign, live)
    [fought] = events(live, tokens["Вика"], "wield.combat_round")
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: read(d, "#sheet dd[data-field=results]") == (
        f"№{fought['version']}, Вид: бой, что: (действие: атакует, Ранения: 2, цель: Разбойник), успех: да, "
        "взыскано: —"))


def test_the_wield_reports_changes_name_a_conditions_fields_in_russian(live: str, new_campaign,
                                                                       browser: WebDriver) -> None:
    """The whole report's changes of Ёжик's condition: «Состояния · Ранен · эффект», «… · бонус», «… · доп. кубики»,
    each key by the system's word, not ``effect`` or ``extra_dice``."""
    tokens = wield_fight(new_campaign, live)
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=report-full-open]")
    wait(browser, lambda d: one(d, "[data-test=report-doc] .event"))
    assert sorted({text for text in texts(browser, "[data-test=report-doc] td") if text.startswith("Состояния")}) == [
        "Состояния · Ранен · бонус", "Состояния · Ранен · доп. кубики", "Состояния · Ранен · эффект"]


@pytest.mark.parametrize("who", ["Оля", "Вика"])
def test_every_screen_of_a_wield_evening_fits_the_phone_in_russian(live: str, new_campaign, browser: WebDriver,
                                                                   who: str) -> None:
    """A Wield evening played and tallied (a power, a condition, a chance settled by the geis, a combat round, a
    Control Risk, a dispute): every screen of the player's and the Master's page (each form, each console tab, the
    tally's lines, the dispute's evidence, Ёжик's result of the round on the sheet), no horizontal scroll, no id, no
    Latin word."""
    tokens = wield_table(new_campaign, live)
    [seal] = events(live, tokens["Вика"], "wield.geis_sealed")
    post(live, tokens["Дима"], "/api/wield/power", {"vatcha_name": "Искра", "power": "Порыв ветра", "rank": 1,
                                                    "domain": "Воздух"})
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Вика"], "/api/wield/condition", {"hero_name": "Ёжик", "condition": "Ранен", "effect": "хромает",
                                                        "bonus": -1})
    chance = post(live, tokens["Оля"], "/api/wield/chance", {"hero_name": "Ёжик", "task": "Перепрыгнуть пропасть",
                                                             "difficulty": "Героическая", "geis": seal["id"]})
    post(live, tokens["Вика"], "/api/wield/round", {"declarations": [
        {"combatant": "Ёжик", "action": "attack", "wounds": 2, "target": "Разбойник"},
        {"combatant": "Разбойник", "action": "attack", "wounds": 1, "target": "Ёжик"}], "dice": [15]})
    post(live, tokens["Вика"], "/api/wield/risk", {"hero_name": "Ёжик", "demand": "Сжечь деревню",
                                                   "dice": [5, 5, 5, 5, 5, 5, 5, 5, 5, 9]})
    post(live, tokens["Дима"], "/api/disputes", {"event": chance["events"][0]["id"], "reason": "гейс не тот"})
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 180})
    open_russian(browser, live, tokens[who])
    wait(browser, lambda d: one(d, "[data-test=dispute] [data-test=evidence-recorded]"))
    wait(browser, lambda d: one(d, "[data-panel=debts] [data-test=row]"))
    wait(browser, lambda d: "Вид: бой" in read(d, "#sheet dd[data-field=results]"))
    problems = check_every_screen(browser)
    assert problems == [], "\n".join(problems)


def test_every_screen_of_a_tallied_vpt_evening_fits_the_phone_in_russian(live: str, new_campaign,
                                                                          browser: WebDriver) -> None:
    """A VPT evening played and ended (an initiative, a hit, a tick, a revenge tick): every screen of the Master's page,
    the tally's lines among them, no horizontal scroll, no id, no Latin word."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Оля"], "/api/vpt/initiative", {"mode": "careful", "enemies": "Жулики 7", "dice": [4]})
    post(live, tokens["Оля"], "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "weapon": "Меч",
                                               "dice": [3, 5]})
    post(live, tokens["Оля"], "/api/vpt/tick", {"name": "Вольтаир", "other": "Гром", "items": ["спас жизнь"]})
    post(live, tokens["Оля"], "/api/vpt/revenge", {"avenger": "Вольтаир", "target": "Питер"})
    post(live, tokens["Оля"], "/api/vpt/revenge-tick", {"avenger": "Вольтаир", "target": "Питер",
                                                        "items": ["сражались"]})
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 180})
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=console-tab-tally]")
    wait(browser, lambda d: len(texts(d, "[data-test=tally-line]")) == 2)
    problems = check_every_screen(browser)
    assert problems == [], "\n".join(problems)


def test_the_wield_report_names_the_geis_a_failure_was_collected_for_by_its_promise(live: str, new_campaign,
                                                                                   browser: WebDriver) -> None:
    """Fate collects Ёжик's owed failure on his success: the whole report's change «взыскано» reads «— → «Отдать плащ
    первому нищему»», the geis by its promise; no event id shows anywhere in the report."""
    tokens = wield_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Вика"], "/api/wield/breach", {"hero_name": "Ёжик", "how": "оставил плащ себе"})
    chance = post(live, tokens["Оля"], "/api/wield/chance", {"hero_name": "Ёжик", "task": "Взломать сундук",
                                                             "difficulty": "Трудная", "dice": [18]})["events"][0]
    post(live, tokens["Вика"], "/api/wield/collect", {"success": chance["id"]})
    post(live, tokens["Вика"], "/api/sessions/end", {"minutes": 60})
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=report-full-open]")
    wait(browser, lambda d: one(d, "[data-test=report-doc] .event"))
    cells = texts(browser, "[data-test=report-doc] td")
    ids = [text for text in browser.execute_script(VISIBLE) if EVENT_ID.search(text)]
    assert ("«Отдать плащ первому нищему»" in cells, ids) == (True, [])
