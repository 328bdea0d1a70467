"""Request bodies are bounded before anything parses them, and a write's token is checked before its body is read.

Through a real ``journal serve`` process (both databases): uploads far past the cap are refused with the
one-line JSON error while the server's resident memory (``VmRSS`` in ``/proc/<pid>/status``) stays within
a few MB, and nothing is stored.  The cap itself is a parameter of ``create_app``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from journal.service import Journal
from journal.store import open_store
from tests.web.conftest import auth, campaign_with_tokens
from web.app import MAX_BODY, create_app

MB = 1024 * 1024
#: What the tests try to upload: the issue's 150 MB.
UPLOAD = 150 * MB
#: How much the server's resident memory may grow while it refuses one such upload.
GROWTH = 8 * MB
TOO_LARGE = {"error": f"request body: at most {MAX_BODY} bytes", "kind": "PayloadTooLarge"}


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def megabytes(total: int) -> Iterator[bytes]:
    """``total`` bytes of JSON whitespace, one MB at a time (the client never holds the whole upload)."""
    chunk = b" " * MB
    for _ in range(total // MB):
        yield chunk


def upload(base: str, headers: dict[str, str], *, declared: bool) -> httpx.Response:
    """POST 150 MB to /api/roll, with its Content-Length declared, or chunked."""
    sizes = {"Content-Length": str(UPLOAD)} if declared else {}
    return httpx.post(f"{base}/api/roll", content=megabytes(UPLOAD), timeout=60,
                      headers={"Content-Type": "application/json", **headers, **sizes})


def head(base: str, token: str) -> int:
    return httpx.get(f"{base}/api/events", headers=auth(token), params={"limit": 1}, timeout=30).json()["head"]


def test_a_declared_150_mb_upload_without_a_token_is_refused_413_and_the_server_stays_small(served) -> None:
    """Content-Length 150 MB, no token: 413 with the one-line JSON error, and VmRSS grows by less than 8 MB."""
    httpx.post(f"{served.base}/api/roll", json={"notation": "1d6"}, timeout=30)  # the routes' first import
    before = rss(served.process.pid)
    answer = upload(served.base, {}, declared=True)
    grown = rss(served.process.pid) - before
    assert (answer.status_code, answer.json(), answer.headers["connection"]) == (413, TOO_LARGE, "close")
    assert grown < GROWTH, f"the server grew by {grown / MB:.1f} MB"


def test_a_chunked_150_mb_upload_with_a_token_is_refused_413_and_stores_nothing(served, new_campaign) -> None:
    """A chunked 150 MB roll from a member: 413 once the cap is passed, VmRSS grows by less than 8 MB, head unchanged."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    httpx.post(f"{served.base}/api/roll", json={"notation": "1d6", "dice": [1]}, headers=auth(tokens["Оля"]), timeout=30)
    version = head(served.base, tokens["Оля"])
    before = rss(served.process.pid)
    answer = upload(served.base, auth(tokens["Оля"]), declared=False)
    grown = rss(served.process.pid) - before
    assert (answer.status_code, answer.json()) == (413, TOO_LARGE)
    assert grown < GROWTH, f"the server grew by {grown / MB:.1f} MB"
    assert head(served.base, tokens["Оля"]) == version


def test_a_chunked_150_mb_upload_with_a_forged_token_is_refused_401_before_its_body_is_read(served) -> None:
    """A chunked 150 MB upload under a token that opens nothing: 401, and VmRSS grows by less than 8 MB."""
    httpx.post(f"{served.base}/api/roll", json={"notation": "1d6"}, timeout=30)
    before = rss(served.process.pid)
    answer = upload(served.base, {"Authorization": "Bearer jt1.0J_QtdC_0LXQuw.forged"}, declared=False)
    grown = rss(served.process.pid) - before
    assert (answer.status_code, answer.json()["kind"], answer.headers["www-authenticate"]) == \
        (401, "Unauthenticated", "Bearer")
    assert grown < GROWTH, f"the server grew by {grown / MB:.1f} MB"


def test_a_write_without_a_token_is_refused_401_before_its_numbers_are_checked(served) -> None:
    """A roll carrying 2^60 and no token is 401 (who asks comes first), not the 422 of the number."""
    answer = httpx.post(f"{served.base}/api/roll", json={"notation": "1d6", "dice": [2**60]}, timeout=30)
    assert (answer.status_code, answer.json()["kind"]) == (401, "Unauthenticated")


def test_an_oversized_body_on_a_write_that_reads_none_stores_nothing(served, new_campaign) -> None:
    """POST /api/rules/{id}/adopt (no body) with a declared body past the cap: 413, and the rule stays unadopted."""
    _, tokens = new_campaign("stone-wheel", "Мастер", ["Аня", "Боря"])
    master = auth(tokens["Мастер"])
    proposal = httpx.post(f"{served.base}/api/rules", json={"key": "xp_per_hour_player", "value": 60},
                          headers=auth(tokens["Аня"]), timeout=30).json()["events"][0]["id"]
    for player in ("Аня", "Боря"):
        httpx.post(f"{served.base}/api/rules/{proposal}/vote", json={"in_favour": True}, headers=auth(tokens[player]),
                   timeout=30).raise_for_status()
    version = head(served.base, tokens["Мастер"])
    answer = httpx.post(f"{served.base}/api/rules/{proposal}/adopt", content=b" " * (MAX_BODY + 1), headers=master,
                        timeout=30)
    assert (answer.status_code, answer.json()) == (413, TOO_LARGE)
    assert head(served.base, tokens["Мастер"]) == version


def test_a_body_of_exactly_the_cap_is_read_and_recorded(served, new_campaign) -> None:
    """A roll padded with whitespace to exactly 64 KiB is recorded (the cap is inclusive)."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    body = b'{"notation": "1d6", "dice": [4]}'
    answer = httpx.post(f"{served.base}/api/roll", content=body.ljust(MAX_BODY), timeout=30,
                        headers={"Content-Type": "application/json", **auth(tokens["Оля"])})
    assert (answer.status_code, answer.json()["events"][0]["data"]["rolls"][0]["dice"]) == (200, [4])


def test_create_app_takes_the_cap(db_url: str) -> None:
    """create_app(max_body=100) refuses a 101-byte body with 413 naming 100 bytes."""
    tokens = campaign_with_tokens(db_url, "Кап", "vpt", "Вика", [])
    journal = Journal(open_store(db_url))
    try:
        with TestClient(create_app(db_url, journal=journal, max_body=100)) as client:
            answer = client.post("/api/roll", content=b" " * 101, headers=auth(tokens["Вика"]))
    finally:
        journal.close()
    assert (answer.status_code, answer.json()) == (413, {"error": "request body: at most 100 bytes",
                                                         "kind": "PayloadTooLarge"})
