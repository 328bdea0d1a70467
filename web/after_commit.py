"""A write that was stored is answered as stored, with what failed after its commit as a warning, never as a 500.

``web.edge.Edge`` collects, for each request, what failed after a commit the request made (journal.aftermath: the
witness beside the key not written, a full disk), around the app (after the request's token check), and passes each
message of the answer through :meth:`Warnings.take`.  When something did fail, the JSON object the endpoint answered
gains ``"warnings": [one line each]`` (in the request's language) and the answer a ``Journal-Warning`` header; its
status is the endpoint's own.  A request with nothing to say passes through untouched, streamed as it comes.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.datastructures import MutableHeaders
from starlette.types import Message

from journal.aftermath import AfterCommit

#: The header of an answer whose write is stored but a step after its commit failed (ASCII: the body says which).
HEADER = "Journal-Warning"
HEADER_VALUE = "stored; a step after the commit failed (see the body's warnings)"


class Warnings:
    """One answer's messages, held back from the moment a step after a commit failed until its body is whole."""

    __slots__ = ("chunks", "problems", "start")

    def __init__(self, problems: list[AfterCommit]) -> None:
        self.problems = problems
        self.start: Message | None = None
        self.chunks: list[bytes] = []

    def take(self, message: Message) -> list[Message]:
        """The messages to send on for the app's ``message``: itself, none (held), or the whole answer, warned."""
        if self.start is None and not self.problems:
            return [message]
        if message["type"] == "http.response.start":
            self.start = message
            return []
        if message["type"] != "http.response.body" or self.start is None:
            return [message]
        self.chunks.append(message.get("body", b""))
        if message.get("more_body", False):
            return []
        head, body = _with_warnings(self.start, b"".join(self.chunks), [str(p) for p in self.problems])
        return [head, {"type": "http.response.body", "body": body}]


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


__all__ = ["HEADER", "Warnings"]
