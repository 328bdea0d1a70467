"""The system's generated forms in a real headless browser (Debian's Chromium, selenium), on both databases.

One ``journal serve`` per module and backend (``live``), and two phones: two Chromiums with fresh
profiles at a 360-px width, each signed in with its own player's token (``/#token=…``).  A player
records a VPT hit from the form the page builds out of ``GET /api/verbs``; the other phone sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.web.browsers import PHONE, PHONE_WIDTH
from tests.web.conftest import auth
from tests.web.page import choose, one, press, read, texts, wait

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

WIDTH = PHONE_WIDTH


@pytest.fixture(scope="module")
def phones(chromiums: Callable[..., WebDriver]) -> tuple[WebDriver, WebDriver]:
    """Two phones (one Chromium each, 360 px wide, English locale), shared by the tests of the module."""
    return chromiums("phone1", **PHONE), chromiums("phone2", **PHONE)


@pytest.fixture
def pair(phones: tuple[WebDriver, WebDriver], live: str) -> Iterator[tuple[WebDriver, WebDriver]]:
    """The two phones for one test; they leave the page (closing its stream) afterwards."""
    yield phones
    for driver in phones:
        driver.get("about:blank")


def sign_in(driver: WebDriver, base: str, token: str) -> None:
    """Open the page with the token in its address (as a QR code's link does) and wait for the live stream and forms."""
    driver.get("about:blank")
    driver.get(f"{base}/#token={token}")
    wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
    wait(driver, lambda d: one(d, "[data-test=verb-form]"))


def choose_verb(driver: WebDriver, verb: str) -> None:
    choose(driver, "[data-test=verb-picker]", verb)
    wait(driver, lambda d: one(d, f"[data-test=verb-form][data-verb='{verb}']"))


def fill(driver: WebDriver, verb: str, values: dict[str, str]) -> None:
    """Type each value into its field (or pick it, by the text shown, from a field's list of the campaign's
    characters, weapons, geasa or words), found afresh and again if a redraw replaced the field meanwhile."""
    for name, value in values.items():
        css = f"[data-verb='{verb}'] [data-field='{name}']"

        def put(d: WebDriver, css: str = css, value: str = value) -> bool:
            field = one(d, css)
            if field is None:
                return False
            if field.tag_name == "select":  # the list comes with GET /api/choices: wait until it offers the value
                options = [option for option in Select(field).options if option.text == value]
                if not options:
                    return False
                Select(field).select_by_visible_text(value)
                return bool(field.get_attribute("value"))
            field.clear()
            field.send_keys(value)
            return field.get_attribute("value") == value

        wait(driver, put)


def characters(base: str, tokens: dict[str, str]) -> None:
    """Оля's Вольтаир and the GM's Питер."""
    for who, name in (("Оля", "Вольтаир"), ("Вика", "Питер")):
        answer = httpx.post(base + "/api/vpt/char", json={"name": name}, headers=auth(tokens[who]), timeout=10)
        assert answer.status_code == 200, answer.text


def test_a_player_records_a_vpt_hit_from_the_generated_form_and_another_phone_sees_it(
    live: str, new_campaign, pair: tuple[WebDriver, WebDriver],
) -> None:
    """Оля's hit form posts the dice typed; her result shows them and Дима's timeline shows the stored hit."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    characters(live, tokens)
    olya, dima = pair
    sign_in(olya, live, tokens["Оля"])
    sign_in(dima, live, tokens["Дима"])
    choose_verb(olya, "hit")
    fill(olya, "hit", {"attacker": "Вольтаир", "defender": "Питер", "target": "7", "dice": "3, 5"})
    press(olya, "[data-verb=hit] [data-test=verb-submit]")

    wait(olya, lambda d: one(d, "[data-verb=hit] [data-test=verb-result-die]"))
    assert texts(olya, "[data-verb=hit] [data-test=verb-result-die]") == ["3", "5"]
    hits = httpx.get(live + "/api/events", params={"type": "vpt.hit_rolled"}, headers=auth(tokens["Вика"]), timeout=10)
    [hit] = hits.json()["events"]
    assert (hit["actor"], hit["data"]["attacker"], hit["data"]["roll"]["dice"]) == ("Оля", "Вольтаир", [3, 5])
    assert read(dima, f"#event-{hit['version']} [data-test=event-summary]") == hit["summary"]


def test_a_field_that_is_not_a_whole_number_is_named_as_it_is_typed_and_nothing_is_sent(
    live: str, new_campaign, pair: tuple[WebDriver, WebDriver],
) -> None:
    """Typing "семь" into the hit's target marks the field "a whole number"; submitting records nothing."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    characters(live, tokens)
    olya, _ = pair
    sign_in(olya, live, tokens["Оля"])
    choose_verb(olya, "hit")
    fill(olya, "hit", {"attacker": "Вольтаир", "target": "семь"})
    assert read(olya, "[data-verb=hit] [data-field=target] + [data-test=field-error]") == "a whole number"
    press(olya, "[data-verb=hit] [data-test=verb-submit]")
    hits = httpx.get(live + "/api/events", params={"type": "vpt.hit_rolled"}, headers=auth(tokens["Вика"]), timeout=10)
    assert (hits.json()["events"], olya.find_elements(By.CSS_SELECTOR, "[data-test=pending-item]")) == ([], [])


def test_a_refusal_names_its_rule_under_the_form(live: str, new_campaign, pair: tuple[WebDriver, WebDriver]) -> None:
    """A hit on oneself is refused by the rule 'vpt: hit target', shown under the form with the API's reason."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    characters(live, tokens)
    olya, _ = pair
    sign_in(olya, live, tokens["Оля"])
    choose_verb(olya, "hit")
    fill(olya, "hit", {"attacker": "Вольтаир", "defender": "Вольтаир", "target": "7", "dice": "3, 5"})
    press(olya, "[data-verb=hit] [data-test=verb-submit]")
    assert read(olya, "[data-verb=hit] [data-test=verb-refusal]") == "refused by the rule «vpt: hit target»: Вольтаир cannot attack himself"


def test_the_page_at_360_px_has_no_horizontal_scroll(live: str, new_campaign, pair: tuple[WebDriver, WebDriver]) -> None:
    """Signed in, with the hit form open, the document is no wider than the 360-px phone."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля", "Дима"])
    characters(live, tokens)
    olya, _ = pair
    sign_in(olya, live, tokens["Оля"])
    choose_verb(olya, "hit")
    assert olya.execute_script("return document.documentElement.scrollWidth") <= WIDTH
