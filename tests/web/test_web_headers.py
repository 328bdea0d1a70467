"""Every answer of ``journal serve`` carries the security headers (web/headers.py): the console cannot be framed,
nothing inline runs, nothing is sniffed (both databases, a real server).

The page still works under the policy: the browser tests (tests/web/*_e2e.py) run against the same headers.
"""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import auth
from web.headers import HEADERS

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

SECURED = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                               "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _secured(answer: httpx.Response) -> dict[str, str | None]:
    return {name: answer.headers.get(name) for name in SECURED}


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/app.css", "/healthz", "/openapi.json"])
def test_the_page_its_files_and_the_api_carry_the_security_headers(live: str, path: str) -> None:
    """The page, its script and style, /healthz and /openapi.json: 200 with every header."""
    answer = httpx.get(f"{live}{path}", timeout=30)
    assert (answer.status_code, _secured(answer)) == (200, SECURED)


def test_a_refusal_carries_the_security_headers(live: str) -> None:
    """A 401 (no token), a 404 and a 413 (past the body cap) carry every header too."""
    answers = [httpx.get(f"{live}/api/me", timeout=30), httpx.get(f"{live}/nowhere", timeout=30),
               httpx.post(f"{live}/api/roll", content=b" " * (65 * 1024), timeout=30,
                          headers={"Content-Type": "application/json"})]
    assert [(a.status_code, _secured(a)) for a in answers] == [(401, SECURED), (404, SECURED), (413, SECURED)]


def test_a_members_answer_carries_the_security_headers(live: str, new_campaign) -> None:
    """A member's read (JSON) carries every header."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    answer = httpx.get(f"{live}/api/me", headers=auth(tokens["Оля"]), timeout=30)
    assert (answer.status_code, _secured(answer)) == (200, SECURED)


def test_the_api_docs_that_load_a_cdns_scripts_are_not_served(live: str) -> None:
    """/docs and /redoc (Swagger UI and ReDoc load scripts from a CDN) are 404: no foreign script on this origin."""
    assert [httpx.get(f"{live}{path}", timeout=30).status_code for path in ("/docs", "/redoc")] == [404, 404]


def test_the_headers_are_the_ones_the_server_sends() -> None:
    """web.headers.HEADERS is the set checked here (one list, so a header added there is tested here)."""
    assert {name.lower(): value for name, value in HEADERS.items()} == SECURED
