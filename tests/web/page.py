"""How a browser test reads and acts on the page, which redraws while the test looks at it.

The page redraws a screen whenever the stream brings an event, so an element a test found a moment ago
may be gone (stale) by the time it is read or clicked.  Each helper here finds its element afresh and
either acts in one step inside the page (:func:`read`, :func:`texts`) or tries again inside :func:`wait`
when a redraw got in between (:func:`press`, :func:`choose`, :func:`type_over`).  A wait is bounded by
:data:`WAIT` seconds and returns as soon as the page is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from selenium.common.exceptions import (
    ElementNotInteractableException,
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

#: Seconds a test waits for the page to show something.
WAIT = 30  # seconds: a bound for a loaded CI machine; a passing wait returns as soon as the page is ready


def wait(driver: WebDriver, find: Callable[[WebDriver], Any]) -> Any:
    """Wait until ``find(driver)`` returns something truthy; return it.

    An element the page is redrawing (gone, replaced, or not yet shown) makes ``find`` try again, not fail.
    """
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException, ElementNotInteractableException)).until(find)
    except TimeoutException as timeout:
        raise TimeoutException(f"the page did not get there in {WAIT} s; it shows: {shown(driver)}") from timeout


def shown(driver: WebDriver) -> str:
    """What the page shows now, for a wait that timed out: its error line and its visible text (shortened)."""
    seen = driver.execute_script(
        "var e = document.getElementById('error');"
        " return [e === null || e.hidden ? '' : e.textContent, document.body ? document.body.innerText : ''];")
    error, text = (str(part) for part in seen)
    return f"error {error!r}; text {' '.join(text.split())[:1500]!r}"


def one(driver: WebDriver, css: str) -> WebElement | None:
    """The first element ``css`` names now, or None."""
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0] if found else None


def read(driver: WebDriver, css: str, prop: str = "textContent", *, attribute: str | None = None) -> str:
    """``prop`` (or the ``attribute``) of the first element ``css`` names, read in the page in one step once it
    is there.

    A read through a found element can meet it replaced by a redraw (stale); one script cannot.
    """
    return str(wait(driver, lambda d: d.execute_script(
        "var e = document.querySelector(arguments[0]); if (e === null) return null;"
        " return [String(arguments[2] === null ? e[arguments[1]] : e.getAttribute(arguments[2]))];",
        css, prop, attribute))[0])


def texts(driver: WebDriver, css: str, prop: str = "textContent") -> list[str]:
    """``prop`` of every element ``css`` names, read in the page in one step (an empty list when there is none)."""
    return list(driver.execute_script(
        "var prop = arguments[1]; return Array.prototype.map.call(document.querySelectorAll(arguments[0]),"
        " function (e) { return String(e[prop]); });", css, prop))


def press(driver: WebDriver, css: str) -> None:
    """Click the element ``css`` names once it is there, again if the page redrew it under the click (stale)."""
    def click(d: WebDriver) -> bool:
        found = one(d, css)
        if found is None:
            return False
        found.click()
        return True

    wait(driver, click)


def choose(driver: WebDriver, css: str, value: str) -> None:
    """Pick ``value`` in the select ``css`` names once it is there, again if the page redrew it (stale)."""
    def pick(d: WebDriver) -> bool:
        found = one(d, css)
        if found is None:
            return False
        Select(found).select_by_value(value)
        return True

    wait(driver, pick)


def type_over(driver: WebDriver, css: str, text: str) -> None:
    """Type ``text`` over the value of the input ``css`` names and leave it (TAB), again if the page redrew it.

    The old value is selected and typed over: ``clear()`` would fire a change of its own, which redraws.
    """
    def type_in(d: WebDriver) -> bool:
        found = one(d, css)
        if found is None:
            return False
        found.send_keys(Keys.CONTROL, "a")
        found.send_keys(text + Keys.TAB)
        return True

    wait(driver, type_in)
