"""web.edge.Edge through a real ``journal serve`` (both databases): a write answers the same, byte for byte, whether
Edge checked its token itself or left it to its route's thread, and whether FastAPI's router or Edge chose the route.

The first write to a path goes the long way (Edge resolves the token before the body, FastAPI routes it); once the
route has answered, the next writes to that path, their whole body in the server's buffer, leave the token to the
route and go straight to it.  Every answer here is read off the socket as sent: its status line, every header in
the order sent (the date's value aside) and its body.  That a body is whole is the server's word (web.server's
protocols, both of them, over a real socket).
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
from collections.abc import Callable

import pytest
import uvicorn
from uvicorn.server import ServerState

from tests.web.conftest import Served, campaign_with_tokens, serving
from web.server import WHOLE_BODY, GuardedHttpToolsProtocol, GuardedProtocol

FORGED = "Bearer jt1.0J_QtdC_0LXQuw.forged"
ROLL = json.dumps({"notation": "2d6", "dice": [3, 4], "purpose": "edge"}).encode()
#: Refused writes, each (what, headers, body): the token's refusals first in line, then the body's and the key's.
REFUSED: list[tuple[str, list[tuple[str, str]], bytes]] = [
    ("no token", [("Accept-Language", "ru")], ROLL),
    ("a forged token", [("Authorization", FORGED)], ROLL),
    ("another scheme", [("Authorization", "Basic b2xhOnB3")], ROLL),
    ("a forged token and no JSON", [("Authorization", FORGED), ("Accept-Language", "ru")], b"{"),
    ("a forged token and a number past the bound", [("Authorization", FORGED)], b'{"notation":"1d6","dice":[1e400]}'),
    ("a forged token and a key too long", [("Authorization", FORGED), ("Idempotency-Key", "k" * 201)], b"{}"),
    ("a forged token waiting for 100-continue", [("Authorization", FORGED), ("Expect", "100-continue")], ROLL),
]


def post(served: Served, path: str, headers: list[tuple[str, str]], body: bytes) -> bytes:
    """The whole answer to one POST sent in one piece (headers and body), on a connection of its own."""
    host, port = served.base.removeprefix("http://").split(":")
    head = "".join(f"{name}: {value}\r\n" for name, value in [
        ("Host", f"{host}:{port}"), ("Content-Type", "application/json"), *headers,
        ("Content-Length", str(len(body))), ("Connection", "close")])
    with socket.create_connection((host, int(port)), timeout=30) as raw:
        raw.sendall(f"POST {path} HTTP/1.1\r\n{head}\r\n".encode() + body)
        return raw.makefile("rb").read()


def as_sent(answer: bytes) -> tuple[list[str], str]:
    """The status line and header lines in order (the date's value masked), and the body."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = [re.sub(r"^date: .*$", "date: -", line) for line in head.decode("latin-1").split("\r\n")]
    return lines, body.decode()


def test_a_refused_write_answers_the_same_before_and_after_its_route_answered(db_url: str) -> None:
    """Each refusal, sent before any roll and again after one: the same status, headers in the same order, body."""
    tokens = campaign_with_tokens(db_url, "Край", "vpt", "Вика", ["Оля"])
    with serving(db_url) as served:
        before = [as_sent(post(served, "/api/roll", headers, body)) for _, headers, body in REFUSED]
        stored = as_sent(post(served, "/api/roll", [("Authorization", f"Bearer {tokens['Оля']}")], ROLL))
        after = [as_sent(post(served, "/api/roll", headers, body)) for _, headers, body in REFUSED]
    assert stored[0][0] == "HTTP/1.1 200 OK"
    assert after == before
    assert [lines[0] for lines, _ in before] == ["HTTP/1.1 401 Unauthorized"] * len(REFUSED)


def test_a_write_and_its_refusal_carry_their_headers_in_order(db_url: str) -> None:
    """A stored roll (sent after a first one, so Edge sends it straight to its route) and a forged token's refusal:
    uvicorn's, the app's headers, then the language, then the security headers; the refusal says it closes the
    connection before the language (Edge's own answer), the roll after them all (uvicorn's, for the request's)."""
    tokens = campaign_with_tokens(db_url, "Край", "vpt", "Вика", ["Оля"])
    player = [("Authorization", f"Bearer {tokens['Оля']}"), ("Accept-Language", "ru-RU,ru;q=0.9")]
    with serving(db_url) as served:
        post(served, "/api/roll", player, ROLL)
        stored, _ = as_sent(post(served, "/api/roll", [*player, ("Idempotency-Key", "edge-1")], ROLL))
        refused, said = as_sent(post(served, "/api/roll", [("Authorization", FORGED)], ROLL))
    security = [("content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' "
                 "blob:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; "
                 "frame-ancestors 'none'"), "x-frame-options: DENY", "x-content-type-options: nosniff",
                "referrer-policy: no-referrer"]
    assert [line for line in stored if not line.startswith("content-length: ")] == [
        "HTTP/1.1 200 OK", "date: -", "server: uvicorn", "content-type: application/json", "content-language: ru",
        "vary: Accept-Language", *security, "connection: close"]
    assert refused == [
        "HTTP/1.1 401 Unauthorized", "date: -", "server: uvicorn", "www-authenticate: Bearer",
        f"content-length: {len(said.encode())}", "content-type: application/json", "connection: close",
        "content-language: en", "vary: Accept-Language", *security]
    assert json.loads(said) == {"error": "token: malformed (wrong length)", "kind": "Unauthenticated"}


WHOLE = "POST /api/roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {n}\r\n{more}\r\n"


async def _whole_seen(protocol: type[asyncio.Protocol], parts: list[bytes]) -> list[bool]:
    """Serve one connection with ``protocol`` over a real socket; send ``parts`` one by one, each once the app has
    started on the request before it (the first part at once); what the app saw of web.server.WHOLE_BODY."""
    seen: list[bool] = []
    started = asyncio.Event()

    async def app(scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            return
        seen.append(WHOLE_BODY in scope.get("extensions", {}))
        started.set()
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    config = uvicorn.Config(app, lifespan="off", log_level="critical")
    config.load()
    state = ServerState()
    server = await asyncio.get_running_loop().create_server(lambda: protocol(config, state, {}), "127.0.0.1", 0)
    try:
        reader, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
        for index, part in enumerate(parts):
            if index:
                await started.wait()
            started.clear()
            writer.write(part)
            await writer.drain()
        await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        writer.close()
    finally:
        server.close()
    return seen


@pytest.mark.parametrize("protocol", [GuardedHttpToolsProtocol, GuardedProtocol], ids=["httptools", "h11"])
def test_the_server_says_a_body_is_whole_only_when_it_is_all_in(protocol: type[asyncio.Protocol]) -> None:
    """A request sent in one piece is marked whole (kept alive or the connection's last); one whose body follows its
    headers, or that waits for 100-continue, is not (its body is still the client's)."""
    body = b'{"notation": "1d6"}'
    at_once = asyncio.run(_whole_seen(protocol, [WHOLE.format(n=len(body), more="").encode() + body]))
    last = asyncio.run(_whole_seen(protocol, [WHOLE.format(n=len(body), more="Connection: close\r\n").encode() + body]))
    later = asyncio.run(_whole_seen(protocol, [WHOLE.format(n=len(body), more="").encode(), body]))
    waiting = asyncio.run(_whole_seen(protocol, [WHOLE.format(n=len(body), more="Expect: 100-continue\r\n").encode()
                                                 + body]))
    assert (at_once, last, later, waiting) == ([True], [True], [False], [False])
