"""Who is asking: the bearer token of every request, resolved to its campaign, member and role.

The token travels in ``Authorization: Bearer <token>``; the event stream also takes ``?token=``
because a browser's EventSource cannot send headers.  ``journal.service.tokens.resolve`` does the
work (the campaign's membership and token events, cached by head version, never a read model); a token it refuses is HTTP 401 here.  The
member it names is the actor of everything the request records, whatever the body says.

Tokens are always resolved on the primary, even where a standby serves the reads (``journal_of``): a token the
Master has just revoked opens nothing, however far behind the standby is.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from journal.errors import NotAuthorized
from journal.service import Journal
from journal.service.tokens import Bearer, resolve
from web.errors import Unauthenticated
from web.integrity import check_campaign
from web.threads import in_thread

#: Declares the scheme in the OpenAPI document; the check itself is ``member`` below.
scheme = HTTPBearer(auto_error=False, description="A token from 'journal member token CAMPAIGN NAME'.")

MISSING = "missing token: send 'Authorization: Bearer <token>' (from 'journal member token CAMPAIGN NAME')"
#: The key of the request's state under which web.edge.Edge leaves the write's resolved token.
RESOLVED = "journal_bearer"
#: The key of the request's state by which web.edge.Edge leaves a write's token to its route's own worker thread
#: (web.writes: resolved there first, before the body is looked at).
PENDING = "journal_bearer_pending"


#: The request's state keys of a read's reader (set by ``member``) and of the server that read went to.
READER = "journal_reader"
READ_FROM = "journal_read_from"
#: The header a client carries a write's WAL position in, from one server process to another (``Journal-LSN``).
LSN_HEADER = "journal-lsn"


def journal_of(request: Request) -> Journal:
    """The journal this request reads and writes: the primary's, or for a member's GET the standby's when it is current.

    With a standby (``journal serve --read-url``), a GET by a member (resolved by ``member``) goes where
    ``ReadYourWrites.choose`` sends it, once per request: the standby when it has replayed the member's last
    write (and the WAL position the client carried in ``Journal-LSN``), else the primary after the bound.
    Everything else (writes, the event stream, tokens) uses the primary.
    """
    app_state = request.app.state
    reads = getattr(app_state, "reads", None)
    if reads is None or request.method != "GET":
        return app_state.journal
    state = request.scope.setdefault("state", {})
    chosen = state.get(READ_FROM)
    if chosen is None:
        reader = state.get(READER)
        if not isinstance(reader, Bearer):
            return app_state.journal
        from journal.store.replicas import parse_lsn

        header = request.headers.get(LSN_HEADER)
        carried = parse_lsn(header, "Journal-LSN header") if header is not None else None
        chosen = "standby" if reads.choose((reader.campaign, reader.member), carried) is reads.standby else "primary"
        state[READ_FROM] = chosen
    return app_state.read_journal if chosen == "standby" else app_state.journal


def _resolve(journal: Journal, token: str) -> Bearer:
    try:
        who = resolve(journal, token)
    except NotAuthorized as exc:
        raise Unauthenticated(str(exc)) from None
    check_campaign(journal, who.campaign)  # a campaign whose signature or witness fails is not served
    return who


def _header_token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme_name, _, token = header.strip().partition(" ")
    if scheme_name.lower() != "bearer" or not token.strip():
        raise Unauthenticated("malformed Authorization header: expected 'Bearer <token>'")
    return token.strip()


Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(scheme)]


def resolve_member(request: Request) -> Bearer:
    """The campaign, member and role of the request's bearer token; 401 without a valid one (it reads the store:
    call it in a worker thread)."""
    token = _header_token(request)
    if token is None:
        raise Unauthenticated(MISSING)
    who = _resolve(request.app.state.journal, token)  # on the primary: a revocation holds at once
    request.scope.setdefault("state", {})[READER] = who
    return who


def resolve_write(request: Request) -> Bearer:
    """:func:`resolve_member` for a write, before its body is read, kept in the request's state for ``member`` (and
    for web.edge's read headers); call it in a worker thread."""
    who = resolve_member(request)
    request.scope.setdefault("state", {})[RESOLVED] = who
    return who


def _resolved(request: Request) -> Bearer | None:
    """The write's token resolved before its body was read, else None; 401 at once without an Authorization header."""
    resolved = request.scope.get("state", {}).get(RESOLVED)
    if isinstance(resolved, Bearer):
        return resolved
    if request.headers.get("authorization") is None:
        raise Unauthenticated(MISSING)
    return None


async def member(request: Request, _credentials: Credentials) -> Bearer:
    """As :func:`resolve_member`, in a worker thread; a write's token, resolved by web.edge.Edge before its
    body was read, is taken as it is (no second trip to a thread).  Async, so that FastAPI does not run it in a
    thread of its own whatever it has to do."""
    resolved = _resolved(request)
    return resolved if resolved is not None else await in_thread(resolve_member, request)


def member_here(request: Request) -> Bearer:
    """``member`` for a caller already in a worker thread (web.writes)."""
    resolved = _resolved(request)
    return resolved if resolved is not None else resolve_member(request)


def stream_token(
    request: Request,
    _credentials: Credentials,
    token: Annotated[str | None, Query(max_length=2000, description="The bearer token (EventSource cannot send headers).")] = None,
) -> str:
    """The token of a stream request, from the header or else ``?token=`` (a stream re-checks it as it runs)."""
    found = _header_token(request) or (token.strip() if token else None)
    if not found:
        raise Unauthenticated(MISSING)
    return found


def stream_member(request: Request, token: Annotated[str, Depends(stream_token)]) -> Bearer:
    """As ``member``, but the token may also come as ``?token=``."""
    return _resolve(request.app.state.journal, token)
