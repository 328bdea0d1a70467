"""A write that was stored is answered as stored, with what failed after its commit as a warning, never as a 500.

:class:`AfterCommitWarnings` is a pure-ASGI middleware: it collects, for each request, what failed after a commit
the request made (journal.aftermath: the witness beside the key not written, a full disk).  When something did,
the JSON object the endpoint answered gains ``"warnings": [one line each]`` (in the request's language) and the
answer a ``Journal-Warning`` header; its status is the endpoint's own.  A request with nothing to say passes
through untouched, streamed as it comes.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from journal.aftermath import collecting

#: The header of an answer whose write is stored but a step after its commit failed (ASCII: the body says which).
HEADER = "Journal-Warning"
HEADER_VALUE = "stored; a step after the commit failed (see the body's warnings)"


class AfterCommitWarnings:
    """Pure ASGI: an answer after whose commit something failed says so in its body (``warnings``) and header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with collecting() as problems:  # the endpoint's thread runs in a copy of this context: it reports here
            start: Message | None = None
            chunks: list[bytes] = []

            async def warned(message: Message) -> None:
                nonlocal start
                if start is None and not problems:
                    await send(message)
                    return
                if message["type"] == "http.response.start":
                    start = message
                    return
                if message["type"] != "http.response.body" or start is None:
                    await send(message)
                    return
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                head, body = _with_warnings(start, b"".join(chunks), [str(p) for p in problems])
                await send(head)
                await send({"type": "http.response.body", "body": body})

            await self.app(scope, receive, warned)


def _with_warnings(start: Message, body: bytes, warnings: list[str]) -> tuple[Message, bytes]:
    """The answer's start and body with ``warnings`` added (to the body when it is a JSON object)."""
    headers = MutableHeaders(scope=start)
    if headers.get("content-type", "").startswith("application/json"):
        try:
            value: Any = orjson.loads(body)
        except orjson.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            value["warnings"] = [*value.get("warnings", []), *warnings]
            body = orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    headers[HEADER] = HEADER_VALUE
    headers["content-length"] = str(len(body))
    return start, body


__all__ = ["HEADER", "AfterCommitWarnings"]
