"""The Master brings a character in from the console's phone, in a real headless Chromium at 360 px, on SQLite and
PostgreSQL: the carry-over verb's form takes the sheet file the CLI reads (a file picker, never typed JSON)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.support import CHARS, PARAMS
from tests.web.browsers import PHONE
from tests.web.conftest import auth
from tests.web.page import one, press, read, wait
from tests.web.test_web_forms_e2e import choose_verb, sign_in

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SHEET = {"character": "Ратибор", "source": "перенос с бумажного листа, после 20-й сессии",
         "xp": {"earned": 1250, "spent": 900}, "current": {"Здоровье": 7}}


@pytest.fixture
def master_phone(chromiums: Callable[..., WebDriver], live: str) -> Iterator[WebDriver]:
    """The Master's phone (360 px); it leaves the page afterwards."""
    driver = chromiums("master-phone", **PHONE)
    yield driver
    driver.get("about:blank")


def _campaign(live: str, new_campaign) -> dict[str, str]:
    """A Stone Wheel campaign with Аня's Ратибор; the members' tokens."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня"])
    created = httpx.post(live + "/api/stone-wheel/character", headers=auth(tokens["Мастер"]), timeout=30, json={
        "name": "Ратибор", "player": "Аня", "kind": "physical", "race": "человек", "class_": "воин",
        "characteristics": CHARS, "parameters": PARAMS})
    assert created.status_code == 200, created.text
    return tokens


def _pick(driver: WebDriver, path: Path) -> None:
    """Choose ``path`` in the form's file picker, as the phone's file dialog does, and wait until it is read."""
    css = "[data-verb='carry-over'] [data-field='sheet']"
    wait(driver, lambda d: one(d, css) is not None)
    driver.find_element(By.CSS_SELECTOR, css).send_keys(str(path))
    wait(driver, lambda d: d.execute_script(f"var f = document.querySelector(\"{css}\"); "
                                            "return f !== null && f.dataset.loaded === 'true';"))


def test_the_master_brings_a_character_in_from_a_sheet_file_on_the_phone(
    live: str, new_campaign, master_phone: WebDriver, tmp_path: Path,
) -> None:
    """The sheet file picked and sent: stone_wheel.carried_over recorded with the file's XP, and the form empty again."""
    tokens = _campaign(live, new_campaign)
    sheet = tmp_path / "ratibor.json"
    sheet.write_text(json.dumps(SHEET, ensure_ascii=False), encoding="utf-8")
    sign_in(master_phone, live, tokens["Мастер"])
    choose_verb(master_phone, "carry-over")
    _pick(master_phone, sheet)
    press(master_phone, "[data-verb='carry-over'] [data-test=verb-submit]")

    def recorded() -> list[dict]:
        events = httpx.get(live + "/api/events", headers=auth(tokens["Мастер"]), timeout=30).json()["events"]
        return [e for e in events if e["type"] == "stone_wheel.carried_over"]

    wait(master_phone, lambda d: bool(recorded()))
    wait(master_phone, lambda d: read(d, "[data-verb='carry-over'] [data-field='sheet']", "value") == "")
    assert [(e["data"]["character"], e["data"]["xp"]) for e in recorded()] == [("Ратибор", {"earned": 1250, "spent": 900})]


def test_a_file_that_is_no_sheet_is_refused_on_the_form_and_nothing_is_sent(
    live: str, new_campaign, master_phone: WebDriver, tmp_path: Path,
) -> None:
    """A picked file that is not a sheet (a note) is named on the field; the journal records nothing."""
    tokens = _campaign(live, new_campaign)
    note = tmp_path / "note.txt"
    note.write_text("Ратибор: 1250 опыта", encoding="utf-8")
    sign_in(master_phone, live, tokens["Мастер"])
    choose_verb(master_phone, "carry-over")
    _pick(master_phone, note)
    press(master_phone, "[data-verb='carry-over'] [data-test=verb-submit]")
    error = "[data-verb='carry-over'] [data-test=field-error]"
    wait(master_phone, lambda d: bool(d.execute_script(f"var e = document.querySelector(\"{error}\"); "
                                                       "return e && e.textContent;")))
    events = httpx.get(live + "/api/events", headers=auth(tokens["Мастер"]), timeout=30).json()["events"]
    assert (master_phone.find_element(By.CSS_SELECTOR, error).text,
            [e["type"] for e in events if e["type"].endswith("carried_over")]) == (
        "not a sheet file: the file the table's doc shows (Bringing a running campaign)", [])
