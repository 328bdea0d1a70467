"""A fuzz of the HTTP API's bodies: every POST of /openapi.json with hostile JSON, on a real SQLite file.

The app (``create_app``) runs in-process behind FastAPI's TestClient (httpx) over a VPT campaign with
a Master, two players with tokens, their characters and an open session.  Each example posts a body
whose fields are the operation's own properties filled with hostile values (huge and negative
integers, control characters, 300-character strings, unicode, wrong types) and asserts exactly: no
5xx, a JSON error body with ``error`` and ``kind`` for every refusal, and after a refusal the events
table row for row as it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tests.web.conftest import auth, campaign_with_tokens
from web.app import create_app

hostile_int = st.one_of(st.integers(min_value=2**31, max_value=2**80), st.integers(min_value=-(2**80), max_value=-1),
                        st.integers(min_value=0, max_value=12))
hostile_text = st.one_of(
    st.sampled_from(["Вольтаир", "Эдди", "Оля", "Дима", "дубинка", "saved", "2d6", "", " "]),
    st.text(alphabet=st.sampled_from(["\n", "\x00", "\x1b", "\u2028", "\u202e", "\t"]), min_size=1, max_size=3)
    .map(lambda s: f"Ев{s}ил"),
    st.sampled_from(["x", "я", "7"]).map(lambda ch: ch * 300),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
)
scalar = st.one_of(hostile_int, hostile_text, st.booleans(), st.none(), st.floats(allow_nan=True))
VALUE = st.one_of(scalar, st.lists(scalar, max_size=4), st.dictionaries(hostile_text, scalar, max_size=3))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path, dict[str, str], list]]:
    """The app over a seeded SQLite file: (client, file, {member: token}, [(path, [property, ...]), ...])."""
    path = tmp_path_factory.mktemp("webfuzz") / "journal.db"
    url = f"sqlite:///{path}"
    tokens = campaign_with_tokens(url, "Лес", "vpt", "Вика", ["Оля", "Дима"])
    app = create_app(url)
    with TestClient(app, raise_server_exceptions=False) as client:
        for who, name in (("Оля", "Вольтаир"), ("Дима", "Эдди")):
            assert client.post("/api/vpt/char", json={"name": name}, headers=auth(tokens[who])).status_code < 300
        spec = app.openapi()
        schemas = spec["components"]["schemas"]
        operations = []
        for route, ops in spec["paths"].items():
            body = ops.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json", {})
            schema = body.get("schema", {})
            ref = schema.get("$ref") or next((s.get("$ref") for s in schema.get("anyOf", []) if "$ref" in s), None)
            properties = sorted(schemas[ref.rsplit("/", 1)[1]].get("properties", {})) if ref else []
            if "post" in ops and "{" not in route:
                operations.append((route, properties))
        yield client, path, tokens, operations


def _events(path: Path) -> list[tuple]:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.exec_driver_sql("SELECT * FROM events ORDER BY seq")]
    finally:
        engine.dispose()


@st.composite
def request(draw: st.DrawFn, operations: list[tuple[str, list[str]]]) -> tuple[str, str, Any]:
    """(route, member, body): a POST route, who sends it, and its own fields (some) with hostile values."""
    route, properties = draw(st.sampled_from(operations))
    fields = draw(st.lists(st.sampled_from(properties), unique=True)) if properties else []
    body: Any = {name: draw(VALUE) for name in fields}
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        body = draw(VALUE)  # not even an object
    return route, draw(st.sampled_from(["Вика", "Оля", "Дима"])), body


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_bodies_never_get_a_5xx_and_a_refusal_writes_nothing(served, data: st.DataObject) -> None:
    """Whatever the body: no 5xx, a refusal is one JSON error with its kind, and the events are as they were."""
    client, path, tokens, operations = served
    route, who, body = data.draw(request(operations))
    before = _events(path)
    # Python's encoder writes NaN and Infinity as a hostile client would send them (httpx's json= refuses them).
    response = client.post(route, content=json.dumps(body).encode(),
                           headers={**auth(tokens[who]), "Content-Type": "application/json"})
    event(f"{response.status_code}")
    assert response.status_code < 500, (route, body, response.text)
    if response.status_code >= 400:
        error = response.json()
        assert (sorted(error), isinstance(error["error"], str), "\n" in error["error"]) == (
            ["error", "kind"], True, False), (route, body, error)
        assert _events(path) == before, (route, body)
