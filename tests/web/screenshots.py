"""Screenshots of the player's page at 360 px and 1280 px into docs/screenshots/ (not a test; re-run by hand).

    .venv/bin/python -m tests.web.screenshots

Starts ``journal serve`` over a fresh SQLite file, records a VPT campaign (two players, a session with a
hit), and photographs the sign-in, the timeline with the generated forms, a form's result and a refusal,
in English and in Russian, at each width; in Russian also a VPT tick opened by its button (its checklist's box
ticked), a Wield chance settled by a sealed geis picked by its promise, and the geis debts as cards (a system's panel
found by its ``[data-panel=…]``, never by its place on the page).  The language is asked for in the page's address (``/?lang=ru``):
Chromium's locale override does not change ``navigator.language``, which the page falls back to.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import httpx
from selenium.webdriver.common.by import By

from tests.web.browsers import phone
from tests.web.conftest import auth, campaign_with_tokens, start_server
from tests.web.page import one, wait
from tests.web.test_web_forms_e2e import choose_verb, fill

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{folder}/journal.db"
        tokens = campaign_with_tokens(db, "Пепел Золы", "vpt", "Вика", ["Оля", "Дима"])
        served = start_server(db)
        try:
            base = served.base
            post = lambda who, path, body: httpx.post(base + path, json=body, headers=auth(tokens[who]), timeout=10)
            post("Оля", "/api/vpt/char", {"name": "Вольтаир"})
            post("Вика", "/api/vpt/char", {"name": "Питер"})
            post("Вика", "/api/sessions/start", {"present": ["Оля", "Дима"]})
            post("Оля", "/api/vpt/hit", {"attacker": "Вольтаир", "defender": "Питер", "target": 7, "dice": [4, 5]})
            wield = campaign_with_tokens(db, "Владетели", "wield", "Вика", ["Оля", "Дима"])
            put = lambda who, path, body: httpx.post(base + path, json=body, headers=auth(wield[who]), timeout=10)
            put("Дима", "/api/wield/vatcha", {
                "name": "Искра", "item": "кольцо", "domains": ["Air", "Fire"], "goal": "Свергнуть короля",
                "steps": ["Найти наследника", "Склонить стражу", "Взять ворота", "Открыть сокровищницу",
                          "Встать перед королём"], "destruction": "Расплавить в драконьем огне"})
            put("Оля", "/api/wield/hero", {"name": "Ёжик", "vatcha_name": "Искра", "background": "вор",
                                           "destiny": "Жениться на принце"})
            put("Оля", "/api/wield/offer", {"hero_name": "Ёжик", "promise": "Отдать плащ первому нищему",
                                            "chance": "Перепрыгнуть пропасть"})
            put("Вика", "/api/wield/seal", {"hero_name": "Ёжик", "rank": 1})
            for width in (360, 1280):
                for lang in ("en", "ru"):
                    driver = phone(str(Path(folder) / f"profile-{width}-{lang}"))
                    try:
                        driver.set_window_size(width, 900)
                        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                               {"width": width, "height": 900, "deviceScaleFactor": 1,
                                                "mobile": width < 600})
                        driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": lang})
                        driver.get(f"{base}/?lang={lang}")
                        wait(driver, lambda d, lang=lang: d.execute_script("return document.documentElement.lang") == lang)
                        driver.save_screenshot(str(OUT / f"player-signin-{lang}-{width}.png"))
                        driver.get("about:blank")  # the same address with a #token= alone would not reload the page
                        driver.get(f"{base}/?lang={lang}#token={tokens['Оля']}")
                        wait(driver, lambda d: d.find_element(By.ID, "stream-state").get_attribute("class") == "badge live")
                        wait(driver, lambda d: one(d, "[data-test=verb-form]"))
                        driver.save_screenshot(str(OUT / f"player-timeline-{lang}-{width}.png"))
                        choose_verb(driver, "hit")
                        fill(driver, "hit", {"attacker": "Вольтаир", "defender": "Вольтаир", "target": "x"})
                        driver.execute_script("document.getElementById('verbs-panel').scrollIntoView()")
                        driver.save_screenshot(str(OUT / f"player-form-invalid-{lang}-{width}.png"))
                        fill(driver, "hit", {"target": "7", "dice": "3, 5"})
                        driver.find_element(By.CSS_SELECTOR, "[data-verb=hit] [data-test=verb-submit]").click()
                        wait(driver, lambda d: one(d, "[data-verb=hit] [data-test=verb-refusal]"))
                        driver.execute_script(  # the refusal under the form (its checklists make it long), in view
                            "document.querySelector('[data-verb=hit] [data-test=verb-refusal]')"
                            ".scrollIntoView({ block: 'center' })")
                        driver.save_screenshot(str(OUT / f"player-form-refused-{lang}-{width}.png"))
                        if lang == "ru":  # a tick a tap away, «спас жизнь» ticked in the rule text's checklist
                            driver.find_element(By.CSS_SELECTOR, "[data-test=verb-quick][data-verb=tick]").click()
                            wait(driver, lambda d: one(d, "[data-verb=tick] [data-test=check-saved_life]"))
                            driver.find_element(By.CSS_SELECTOR, "[data-verb=tick] [data-test=check-saved_life]").click()
                            driver.execute_script("document.getElementById('verbs-panel').scrollIntoView()")
                            driver.save_screenshot(str(OUT / f"player-tick-ru-{width}.png"))
                        if lang == "ru":  # a Wield chance settled by the sealed geis, picked by its promise
                            driver.get("about:blank")
                            driver.get(f"{base}/?lang=ru#token={wield['Оля']}")
                            wait(driver, lambda d: one(d, "[data-test=verb-form]"))
                            choose_verb(driver, "chance")
                            fill(driver, "chance", {"task": "Перепрыгнуть пропасть", "difficulty": "Эпическая",
                                                    "geis": "Отдать плащ первому нищему (Ёжик)"})
                            driver.execute_script("window.scrollTo(0, 0)")
                            driver.save_screenshot(str(OUT / f"player-chance-geis-ru-{width}.png"))
                            wait(driver, lambda d: one(d, "[data-panel=debts] [data-test=row]"))
                            driver.execute_script("document.querySelector('[data-panel=debts]').scrollIntoView()")
                            driver.save_screenshot(str(OUT / f"player-debts-ru-{width}.png"))
                    finally:
                        driver.quit()
        finally:
            served.stop()
    print(f"screenshots in {OUT}")


if __name__ == "__main__":
    main()
