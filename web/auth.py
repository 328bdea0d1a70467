"""Who is asking: the bearer token of every request, resolved to its campaign, member and role.

The token travels in ``Authorization: Bearer <token>``; the event stream also takes ``?token=``
because a browser's EventSource cannot send headers.  ``journal.service.tokens.resolve`` does the
work (the campaign's read model, never the whole stream); a token it refuses is HTTP 401 here.  The
member it names is the actor of everything the request records, whatever the body says.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from journal.errors import NotAuthorized
from journal.service import Journal
from journal.service.tokens import Bearer, resolve
from web.errors import Unauthenticated

#: Declares the scheme in the OpenAPI document; the check itself is ``member`` below.
scheme = HTTPBearer(auto_error=False, description="A token from 'journal member token CAMPAIGN NAME'.")

MISSING = "missing token: send 'Authorization: Bearer <token>' (from 'journal member token CAMPAIGN NAME')"


def journal_of(request: Request) -> Journal:
    return request.app.state.journal


def _resolve(journal: Journal, token: str) -> Bearer:
    try:
        return resolve(journal, token)
    except NotAuthorized as exc:
        raise Unauthenticated(str(exc)) from None


def _header_token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme_name, _, token = header.strip().partition(" ")
    if scheme_name.lower() != "bearer" or not token.strip():
        raise Unauthenticated("malformed Authorization header: expected 'Bearer <token>'")
    return token.strip()


Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(scheme)]


def member(request: Request, _credentials: Credentials) -> Bearer:
    """The campaign, member and role of the request's bearer token; 401 without a valid one."""
    token = _header_token(request)
    if token is None:
        raise Unauthenticated(MISSING)
    return _resolve(journal_of(request), token)


def stream_member(
    request: Request,
    _credentials: Credentials,
    token: Annotated[str | None, Query(max_length=2000, description="The bearer token (EventSource cannot send headers).")] = None,
) -> Bearer:
    """As ``member``, but the token may also come as ``?token=``."""
    found = _header_token(request) or (token.strip() if token else None)
    if not found:
        raise Unauthenticated(MISSING)
    return _resolve(journal_of(request), found)
