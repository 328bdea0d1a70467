"""Disputes and points of the timeline named on the page as people name them, at 360 px in Russian, on both databases.

A dispute reads «спор №1 о «…»» (its short number and the disputed event's summary) in the disputes panel and in
the timeline's lines; the sheet's point reads as what happened there («на момент: начало сессии 1»), never
``session:1:start`` or a bare version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.browsers import PHONE
from tests.web.conftest import auth
from tests.web.page import choose, one, press, read, texts, wait
from tests.web.test_web_words_page_e2e import EVENT_ID, Taps, open_russian, options, post, vpt_table, wield_table

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server


@pytest.fixture(scope="module")
def phone(chromiums: Callable[..., WebDriver]) -> WebDriver:
    """One 360-px phone for the module (an English locale: the address asks for Russian)."""
    return chromiums("names-phone", **PHONE)


@pytest.fixture
def browser(phone: WebDriver, live: str) -> Iterator[WebDriver]:
    yield phone
    phone.get("about:blank")


def russian_events(base: str, token: str, kind: str) -> list[dict]:
    """The campaign's events of ``kind``, their summaries in Russian."""
    answer = httpx.get(base + "/api/events", params={"type": kind},
                       headers={**auth(token), "Accept-Language": "ru"}, timeout=10)
    return answer.json()["events"]


def disputed(live: str, new_campaign) -> tuple[dict[str, str], str]:
    """A VPT session with Оля's hit, disputed by Дима: (tokens, the hit's Russian summary)."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    post(live, tokens["Оля"], "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "weapon": "Меч",
                                               "dice": [3, 5]})
    [hit] = russian_events(live, tokens["Вика"], "vpt.hit_rolled")
    post(live, tokens["Дима"], "/api/disputes", {"event": hit["id"], "reason": "кубики не те"})
    return tokens, hit["summary"]


def test_the_disputes_panel_names_the_dispute_by_its_number_and_event(live: str, new_campaign,
                                                                      browser: WebDriver) -> None:
    """The dispute's heading is «спор №1 о «<the hit's summary>» — на рассмотрении»: no id, no version."""
    tokens, hit = disputed(live, new_campaign)
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "[data-test=dispute] [data-test=dispute-about]"))
    heading = read(browser, "[data-test=dispute] [data-test=dispute-about]")
    assert heading.startswith(f"спор №1 о «{hit}» — ")


def test_the_timeline_names_the_dispute_in_its_opening_line(live: str, new_campaign, browser: WebDriver) -> None:
    """The timeline's line of the opening: «открывает спор №1 о «…»: кубики не те»; no line shows an id."""
    tokens, hit = disputed(live, new_campaign)
    open_russian(browser, live, tokens["Оля"])
    opening = f"открывает спор №1 о «{hit}»: кубики не те"
    wait(browser, lambda d: opening in texts(d, "#timeline [data-test=event-summary]"))
    assert [line for line in texts(browser, "#timeline [data-test=event-summary]") if EVENT_ID.search(line)] == []


def test_a_vote_in_the_timeline_names_the_dispute(live: str, new_campaign, browser: WebDriver) -> None:
    """Оля's vote reads «голосует за отмену в споре №1 о «…»» in the timeline."""
    tokens, hit = disputed(live, new_campaign)
    [opened] = russian_events(live, tokens["Вика"], "dispute.opened")
    post(live, tokens["Оля"], f"/api/disputes/{opened['id']}/vote", {"choice": "overturn"})
    open_russian(browser, live, tokens["Оля"])
    vote = f"голосует за отмену в споре №1 о «{hit}»"
    wait(browser, lambda d: vote in texts(d, "#timeline [data-test=event-summary]"))


def test_the_sheets_point_reads_as_what_happened_there(live: str, new_campaign, browser: WebDriver) -> None:
    """Picking «начало сессии 1» dates the sheet «на момент: начало сессии 1», not ``session:1:start``."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: "session:1:start" in [o.get_attribute("value") for o in
                                                  d.find_elements("css selector", "#asof-point option")])
    choose(browser, "#asof-point", "session:1:start")
    wait(browser, lambda d: read(d, "#asof-label").startswith("на момент: "))
    assert read(browser, "#asof-label") == "на момент: начало сессии 1"


def test_the_sheets_point_at_an_event_reads_as_its_summary(live: str, new_campaign, browser: WebDriver) -> None:
    """«лист на этот момент» under the hit dates the sheet by the hit's summary, not by its version."""
    tokens, hit = disputed(live, new_campaign)
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "#timeline [data-type='vpt.hit_rolled'] [data-test=event-asof]"))
    browser.find_element("css selector", "#timeline [data-type='vpt.hit_rolled'] [data-test=event-asof]").click()
    wait(browser, lambda d: read(d, "#asof-label") == f"на момент «{hit}»")


def owed_and_succeeded(live: str, new_campaign) -> dict[str, str]:
    """Ёжик's geis breached (a failure owed), then his later chance «Открыть замок» a success (a table d20 of 20)."""
    tokens = wield_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/wield/breach", {"hero_name": "Ёжик", "how": "Оставил плащ себе"})
    post(live, tokens["Оля"], "/api/wield/chance", {"hero_name": "Ёжик", "task": "Открыть замок",
                                                    "difficulty": "Hard", "dice": [20]})
    return tokens


def test_the_collect_form_offers_the_heros_rolled_successes_by_what_was_rolled(live: str, new_campaign,
                                                                               browser: WebDriver) -> None:
    """Fate's collect lists «Ёжик: Открыть замок», the success a failure is collected on; no id is typed."""
    tokens = owed_and_succeeded(live, new_campaign)
    open_russian(browser, live, tokens["Вика"])
    Taps(browser).pick("[data-test=verb-picker]", "collect")
    wait(browser, lambda d: "Ёжик: Открыть замок" in options(d, "[data-verb=collect] [data-field=success]"))
    assert [text for text in options(browser, "[data-verb=collect] [data-field=success]") if EVENT_ID.search(text)] == []


def test_a_success_picked_from_the_list_is_collected(live: str, new_campaign, browser: WebDriver) -> None:
    """Picked and sent, the collect turns that chance into a failure: the stored event names its id."""
    tokens = owed_and_succeeded(live, new_campaign)
    [chance] = russian_events(live, tokens["Вика"], "wield.chance_rolled")
    open_russian(browser, live, tokens["Вика"])
    Taps(browser).pick("[data-test=verb-picker]", "collect")
    wait(browser, lambda d: "Ёжик: Открыть замок" in options(d, "[data-verb=collect] [data-field=success]"))
    choose(browser, "[data-verb=collect] [data-field=success]", chance["id"])
    browser.find_element("css selector", "[data-verb=collect] [data-test=verb-submit]").click()
    wait(browser, lambda d: russian_events(live, tokens["Вика"], "wield.failure_collected"))
    [collected] = russian_events(live, tokens["Вика"], "wield.failure_collected")
    assert (collected["data"]["success"], collected["data"]["hero"]) == (chance["id"], "Ёжик")


def checklist(driver: WebDriver, verb: str) -> list[str]:
    """The words of a verb's checklist of items, as the page shows them."""
    return texts(driver, f"[data-verb={verb}] [data-field=items] label span")


def test_a_tick_offers_the_rule_texts_checklist_in_russian(live: str, new_campaign, browser: WebDriver) -> None:
    """The tick's items are the rule text's six, in its words: «спас жизнь» … «не взаимодействовали»."""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "tick")
    wait(browser, lambda d: checklist(d, "tick"))
    assert checklist(browser, "tick") == ["спас жизнь", "подарил магический предмет", "удачное свидание",
                                          "особенно удачное свидание", "прерванное свидание", "не взаимодействовали"]


def test_two_items_ticked_are_the_two_stored(live: str, new_campaign, browser: WebDriver) -> None:
    """«спас жизнь» and «удачное свидание» ticked: the tick stores saved_life and date_successful; the boxes clear."""
    tokens = vpt_table(new_campaign, live)
    post(live, tokens["Вика"], "/api/sessions/start", {"present": ["Оля", "Дима"]})
    open_russian(browser, live, tokens["Оля"])
    taps = Taps(browser)
    taps.pick("[data-test=verb-picker]", "tick")
    wait(browser, lambda d: checklist(d, "tick"))
    taps.press("[data-verb=tick] [data-test=check-saved_life]")
    taps.press("[data-verb=tick] [data-test=check-date_successful]")
    taps.press("[data-verb=tick] [data-test=verb-submit]")
    wait(browser, lambda d: russian_events(live, tokens["Вика"], "vpt.relationship_ticked"))
    [tick] = russian_events(live, tokens["Вика"], "vpt.relationship_ticked")
    wait(browser, lambda d: not d.find_elements("css selector", "[data-verb=tick] [data-field=items] input:checked"))
    assert tick["data"]["items"] == ["saved_life", "date_successful"]


def test_a_revenge_tick_offers_the_revenge_checklist(live: str, new_campaign, browser: WebDriver) -> None:
    """The revenge tick's items are what the target did: «сражались», «убил приближённых», …"""
    tokens = vpt_table(new_campaign, live)
    open_russian(browser, live, tokens["Оля"])
    Taps(browser).pick("[data-test=verb-picker]", "revenge-tick")
    wait(browser, lambda d: checklist(d, "revenge-tick"))
    assert checklist(browser, "revenge-tick") == ["сражались", "убил приближённых", "получил магический предмет",
                                                  "не взаимодействовали"]


def test_the_devices_tab_names_each_token_by_its_member_and_day(live: str, new_campaign, browser: WebDriver) -> None:
    """The Master's «Устройства» list Оля's token as «Оля: телефон, выдан <день>», never its id."""
    tokens = vpt_table(new_campaign, live)
    [issued] = [t for t in httpx.get(live + "/api/tokens", headers=auth(tokens["Вика"]), timeout=10).json()
                if t["member"] == "Оля"]
    day = issued["issued_at"][:10].split("-")
    open_russian(browser, live, tokens["Вика"])
    press(browser, "[data-test=console-tab-tokens]")  # again if the console redrew it under the click
    wait(browser, lambda d: one(d, f"[data-token-id='{issued['token_id']}'] [data-test=token-name]"))
    shown = read(browser, f"[data-token-id='{issued['token_id']}'] [data-test=token-name]")
    assert (shown, issued["token_id"] in read(browser, "[data-test=tokens]")) == (
        f"Оля: телефон, выдан {day[2]}.{day[1]}.{day[0]}", False)


def test_the_evidence_of_a_collected_failure_names_the_geis_by_its_promise(live: str, new_campaign,
                                                                           browser: WebDriver) -> None:
    """Disputed, the collect's evidence reads «… «Отдать плащ первому нищему» …», and no id."""
    tokens = owed_and_succeeded(live, new_campaign)
    [chance] = russian_events(live, tokens["Вика"], "wield.chance_rolled")
    [collected] = post(live, tokens["Вика"], "/api/wield/collect", {"success": chance["id"]})["events"]
    post(live, tokens["Оля"], "/api/disputes", {"event": collected["id"], "reason": "долг уже взыскан"})
    open_russian(browser, live, tokens["Оля"])
    wait(browser, lambda d: one(d, "[data-test=dispute] [data-test=evidence-change]"))
    changes = texts(browser, "[data-test=dispute] [data-test=evidence-change]")
    assert ([line for line in changes if EVENT_ID.search(line)],
            any("«Отдать плащ первому нищему»" in line for line in changes)) == ([], True)
