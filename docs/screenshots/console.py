"""Screenshots of the Master's console at 360 px (a phone) and 1280 px (a laptop), into docs/screenshots/.

Re-runnable: ``.venv/bin/python docs/screenshots/console.py``.  It records a Stone Wheel campaign in a
temporary SQLite file, starts ``journal serve`` over it, drives Debian's headless Chromium through each
screen of the console (session open with one salt, the tally with one line's amount changed, house rules,
a phone's new link) in Russian (``/?lang=ru``) and writes ``console-<screen>-<width>.png`` beside this script.
Headless Chromium keeps its window some 500 px wide whatever ``--window-size`` says: the width is emulated.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from journal.service import Journal
from journal.service.sessions import add_salt, end_session, start_session
from journal.store import open_store
from journal.systems.stone_wheel.commands.characters import create_character
from tests.web.conftest import campaign_with_tokens, start_server
from tests.web.test_web_console_e2e import CHARACTERISTICS, PARAMETERS

CAMPAIGN, MASTER, PLAYERS = "Каменное колесо", "Вика", ["Оля", "Дима"]


def _browser(width: int, profile: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=ru",
                 f"--user-data-dir={profile}", f"--window-size={width},1000", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": width < 900})
    return driver


def _shoot(driver: webdriver.Chrome, base: str, token: str, tab: str, name: str, width: int) -> None:
    driver.get(f"{base}/?lang=ru#token={token}")  # the address asks for Russian: --lang does not set navigator.language
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.execute_script(  # the console redraws as the stream's history arrives: click when it is there
        f"var b = document.querySelector('[data-test=console-tab-{tab}]'); if (b) b.click(); return !!b;"))
    if tab == "tokens":
        wait.until(lambda d: d.execute_script(
            "var b = document.querySelector('[data-test=token-issue]'); if (b) b.click(); return !!b;"))
        wait.until(lambda d: d.execute_script(
            "var i = document.querySelector('[data-test=token-qr]'); return i && i.complete && i.naturalWidth > 0;"))
    elif tab == "tally":  # the Master sets Ратибор's 125 to 150: the line reads "+150 (предложено +125)"
        wait.until(lambda d: d.execute_script(
            "var i = document.querySelector(\"[data-key='session_xp:Ратибор'] [data-test=tally-amount]\");"
            "if (i) { i.value = '150'; i.dispatchEvent(new Event('input')); i.dispatchEvent(new Event('change')); }"
            "return !!i;"))
        wait.until(lambda d: d.execute_script(
            "var a = document.querySelector(\"[data-key='session_xp:Ратибор'] .amount\");"
            "return a !== null && a.textContent.indexOf('150 (') === 1;"))
    else:
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"[data-test=console-{tab}] li, [data-test=console-{tab}] button"))
    console = driver.find_element(By.ID, "console")
    driver.execute_script("arguments[0].scrollIntoView()", console)
    scrolls = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
    if scrolls:
        print(f"warning: {name} at {width} px scrolls sideways", file=sys.stderr)
    console.screenshot(str(HERE / f"console-{name}-{width}.png"))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/journal.db"
        tokens = campaign_with_tokens(url, CAMPAIGN, "stone-wheel", MASTER, PLAYERS)
        journal = Journal(open_store(url))
        create_character(journal, CAMPAIGN, "Ратибор", "Оля", "physical", "человек", "воин", CHARACTERISTICS,
                         PARAMETERS, actor=MASTER)
        start_session(journal, CAMPAIGN, PLAYERS, MASTER)
        end_session(journal, CAMPAIGN, 150, MASTER)
        start_session(journal, CAMPAIGN, PLAYERS, MASTER)
        add_salt(journal, CAMPAIGN, None, "Оля")
        journal.close()
        served = start_server(url)
        try:
            for width in (360, 1280):
                driver = _browser(width, f"{folder}/chrome-{width}")
                try:
                    for tab, name in (("session", "session"), ("tally", "tally"), ("rules", "rules"),
                                      ("tokens", "devices")):
                        _shoot(driver, served.base, tokens[MASTER], tab, name, width)
                finally:
                    driver.quit()
        finally:
            served.stop()


if __name__ == "__main__":
    main()
