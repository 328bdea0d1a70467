"""The API's routers: reading (``reading``), the table's shared commands (``table``), disputes and house
rules (``quorum``), the event stream (``stream``) and one endpoint per verb of each rule system (``systems``).

Every write takes an optional ``Idempotency-Key`` header (``Once``) and runs its service call inside
``once(request, key)``: a retry of the same request with the same key returns the first answer and
stores nothing more (``Journal.idempotent``).
"""

import hashlib
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Annotated, Any

from fastapi import Depends, Header, Query, Request

from journal.errors import TokenRefused, ValidationFailed
from journal.events.numbers import MAX_INT as NUMBERS_MAX_INT
from journal.service.tokens import Bearer
from web.auth import journal_of
from web.errors import Unauthenticated

#: An as-of point: a version (``N``, «№N», ``#N``), an event id, before:ID, an ISO time, session:K[:start] or head
#: (printable ASCII, and the sign «№» the Russian lines write a point with).
AsOf = Annotated[str | None, Query(max_length=100, pattern=r"^[ -~№]*$",
                                   description="N | №N | #N | EVENT_ID | before:EVENT_ID | ISO time | session:K[:start] | head")]
#: The largest number a request may carry, either way: the journal's one bound (journal.events.numbers), well inside
#: JavaScript's safe integers.
MAX_INT = NUMBERS_MAX_INT


#: The client's key of one user action, re-sent unchanged on every retry of it (printable ASCII).
IdempotencyKey = Annotated[str | None, Header(
    alias="Idempotency-Key", min_length=1, max_length=200, pattern=r"^[ -~]+$",
    description="One key per user action, re-sent on a retry: the retry answers as the first request did "
                "and records nothing more (at most 200 printable ASCII characters).")]


async def request_key(request: Request, key: IdempotencyKey = None) -> str | None:
    """The key of this write under ``Journal.idempotent``: the client's key and a digest of the request, or None.

    The service already scopes a key to the campaign and the actor (the token's member); the request's
    method, path and body are folded in so that a key reused for another request records that request
    instead of silently answering with the first one.
    """
    if key is None:
        return None
    return key_digest(request, key, await request.body())


def key_digest(request: Request, key: str, body: bytes) -> str:
    """The digest :func:`request_key` stores a write under: its method, path, key and body, each with its length."""
    digest = hashlib.sha256()
    for part in (request.method.encode(), url_path(request).encode(), key.encode("ascii"), body):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


#: A path of plain characters, which Starlette's ``request.url.path`` gives back as it is.
_PLAIN_PATH = re.compile(r"/(?!/)[A-Za-z0-9/._~-]*")


def url_path(request: Request) -> str:
    """``request.url.path``, without building the whole URL when the path is made of plain characters only (it
    then equals the scope's path: only ``?``, ``#``, ``\\``, a leading ``//`` and control characters are changed)."""
    path = request.scope["path"]
    return path if _PLAIN_PATH.fullmatch(path) else request.url.path


#: A write's idempotency key (the ``Idempotency-Key`` header and the request), for ``once``.
Once = Annotated[str | None, Depends(request_key)]


@contextmanager
def once(request: Request, key: str | None, who: Bearer) -> Iterator[None]:
    """Run the write's service call under ``Journal.idempotent(key)`` (without a key, as it is), and under the
    route's bearer token ``who`` (``Journal.acting_under``: a token revoked before the write decides refuses it,
    whichever way the route resolved it)."""
    journal = journal_of(request)
    try:
        with journal.acting_under(who.token_id) if who.token_id else nullcontext():
            if key is None:
                yield
                return
            with journal.idempotent(key):
                yield
    except TokenRefused as exc:  # revoked since it was resolved: 401, as the token check before the body says
        raise Unauthenticated(str(exc)) from None


def _first_bad_value(data: Any) -> str | None:
    """Where the JSON holds a number no field may take (beyond ±2^53 - 1, NaN, infinite), else None."""
    pending: list[tuple[str, Any]] = [("body", data)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            return f"{where}: the number is out of range (at most {MAX_INT} either way)"
        if isinstance(value, float) and not math.isfinite(value):
            return f"{where}: not a finite number"
        if isinstance(value, dict):
            pending.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            pending.extend((f"{where}.{index}", item) for index, item in enumerate(value))
    return None


async def sane_numbers(request: Request) -> None:
    """Refuse a JSON body carrying a number the journal cannot store exactly (422, before any endpoint runs)."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    try:
        data = await request.json()
    except Exception:  # noqa: BLE001 - not JSON: the body's own validation reports it
        return
    check_numbers(data)


def check_numbers(data: Any) -> None:
    """ValidationFailed naming where ``data`` (a decoded JSON body) holds a number the journal cannot store exactly."""
    problem = _first_bad_value(data)
    if problem is not None:
        raise ValidationFailed(problem)
