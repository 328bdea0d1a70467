"""The headless Chromium every web e2e test drives (Debian's Chromium and chromedriver, through selenium).

:func:`chromium` opens one in a fresh profile, kept off the network, at a window size; ``lang`` sets its
locale (the Accept-Language it sends, navigator.languages and Intl's default: headless Chromium ignores ``--lang``
for all three, so its prefs and CDP set them) and ``mobile`` emulates a phone's screen of exactly that width over
CDP (headless Chromium keeps a window some 500 px wide whatever ``--window-size`` asks).  :func:`phone` is the 360-px phone in an English
locale most modules use.  The ``chromiums`` fixture of ``conftest.py`` opens them for a module and quits them
after it.  Without /usr/bin/chromium the tests skip, except under ``CI=true``, where a missing browser fails the
run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

from bench.ports import free_port

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Chromium's flags for a test: headless, no sandbox (containers), nothing fetched from elsewhere, no first run.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run")
#: A player's phone: 360 px wide.
PHONE_WIDTH, PHONE_HEIGHT = 360, 800
#: :func:`chromium`'s size, locale and screen for :func:`phone` (``chromiums(name, **PHONE)``).
PHONE = {"width": PHONE_WIDTH, "height": PHONE_HEIGHT, "lang": "en-US", "mobile": True}


def require_chromium() -> None:
    """Skip the test when Chromium is missing (fail it under ``CI=true``); fail when chromedriver alone is."""
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    if not os.path.exists(CHROMEDRIVER):
        pytest.fail(f"{CHROMIUM} is installed but {CHROMEDRIVER} is not (apt-get install chromium-driver)")


def chromium(profile: str | Path, width: int, height: int, lang: str | None = None,
             mobile: bool = False) -> WebDriver:
    """Headless Chromium in the fresh profile folder ``profile``, in a ``width`` x ``height`` window; ``lang``: its
    locale (else the machine's); ``mobile``: a phone's screen of exactly ``width`` px, emulated."""
    require_chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    flags = [*FLAGS, *([f"--lang={lang}"] if lang else []), f"--user-data-dir={profile}", f"--window-size={width},{height}"]
    for flag in flags:
        options.add_argument(flag)
    if lang:  # headless Chromium ignores --lang for the Accept-Language header and navigator.languages: its prefs set them
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    # chromedriver's port is drawn below the ephemeral range (bench/ports.py): selenium's own pick, asked of the
    # kernel, could be taken by a connection before chromedriver binds it.
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER, port=free_port()), options=options)
    if lang:  # and the locale Intl and toLocale*String use (a Russian phone's clock is 24-hour)
        driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": lang})
    if mobile:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


def phone(profile: str | Path) -> WebDriver:
    """A player's phone (:data:`PHONE`): Chromium in the fresh profile ``profile``, 360 px wide, English locale."""
    return chromium(profile, PHONE_WIDTH, PHONE_HEIGHT, "en-US", True)
