"""A write of the usual shape answers through ``web.writes.WriteRoute`` exactly as FastAPI's own handler answers it.

The app over the test's database, served in-process (Starlette's TestClient: the real middleware, endpoints, service
and store).  Every request is sent twice: first as the app runs (the route's own handler), then with a dependency
override set, under which the route hands every request to FastAPI's handler; both answers must be the same
(status and body), refusals in English and Russian, and an accepted write retried under its Idempotency-Key.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import auth, campaign_with_tokens
from web.app import create_app

#: (what the request is, its keyword arguments for TestClient.post on /api/roll), each refused or idempotent.
REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("a field missing", {"json": {"dice": [1]}}),
    ("bad notation", {"json": {"notation": "2d"}}),
    ("a number past the bound", {"json": {"notation": "1d6", "dice": [10**20]}}),
    ("a number past 64 bits in a string field", {"json": {"notation": 10**30}}),
    ("a wrong type", {"json": {"notation": "1d6", "dice": "six"}}),
    ("not JSON", {"content": b"{", "headers": {"Content-Type": "application/json"}}),
    ("NaN", {"content": b'{"notation": "1d6", "dice": [NaN]}', "headers": {"Content-Type": "application/json"}}),
    ("not UTF-8", {"content": b'{"notation": "\xff"}', "headers": {"Content-Type": "application/json"}}),
    ("JSON as text/plain", {"content": b'{"notation": "1d6"}', "headers": {"Content-Type": "text/plain"}}),
    ("JSON without a content type", {"content": b'{"notation": "1d6"}'}),
    ("JSON as application/vnd+json", {"content": b'{"notation": "1d6", "dice": [7]}',
                                       "headers": {"Content-Type": "application/vnd.journal+json; charset=utf-8"}}),
    ("no body", {"headers": {"Content-Type": "application/json"}}),
    ("null", {"json": None}),
    ("a list", {"json": [1, 2]}),
    ("a key too long and a field missing", {"json": {}, "headers": {"Idempotency-Key": "k" * 201}}),
    ("an empty key", {"json": {"notation": "1d6"}, "headers": {"Idempotency-Key": ""}}),
    ("dice the notation does not throw", {"json": {"notation": "2d6", "dice": [1]}}),
    ("a roll, under its key", {"json": {"notation": "2d6", "dice": [3, 4], "purpose": "x"},
                               "headers": {"Idempotency-Key": "roll-1"}}),
]


@pytest.fixture
def served(db_url: str, db_at_head: None) -> Iterator[tuple[TestClient, Any, str]]:
    """The app over the test's database, its TestClient, and a player's token in a VPT campaign."""
    tokens = campaign_with_tokens(db_url, "Равенство", "vpt", "Вика", ["Оля"])
    app = create_app(db_url)
    with TestClient(app) as client:
        yield client, app, tokens["Оля"]


def answers(client: TestClient, token: str, language: str) -> list[tuple[str, int, Any]]:
    """Every request of :data:`REQUESTS`, as (what, status, body) in ``language``."""
    found = []
    for what, request in REQUESTS:
        headers = auth(token) | {"Accept-Language": language} | request.get("headers", {})
        answer = client.post("/api/roll", **{**request, "headers": headers})
        found.append((what, answer.status_code, answer.json()))
    return found


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_write_answers_as_fastapis_own_handler_answers_it(served, language: str) -> None:
    """Each refusal (body, JSON, numbers, the key's header, the rules) and an idempotent write: the same answers."""
    client, app, token = served
    route_first = answers(client, token, language)
    app.dependency_overrides[len] = len  # any override: the route hands every request to FastAPI's handler
    fastapi_after = answers(client, token, language)
    assert route_first == fastapi_after
    assert [(what, status) for what, status, _ in route_first if status == 200] == [("a roll, under its key", 200)]
