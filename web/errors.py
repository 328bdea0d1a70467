"""Every refusal as HTTP: the status for each journal error class and one JSON body shape.

The body is always ``{"error": "<the one line the CLI prints after 'error: '>", "kind": "<class name>"}``.
Bad input never gets a 5xx: request validation is 422, and a value the service or the database
cannot take (a digit it cannot read, a number past 64 bits) is 422 too.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import Response

from journal.errors import (
    ConcurrencyConflict,
    IntegrityFailure,
    JournalError,
    NotAuthorized,
    NotFound,
    RuleViolation,
    ValidationFailed,
)

log = logging.getLogger("web")


class Unauthenticated(JournalError):
    """No token, or a token that opens nothing (malformed, unknown or revoked): HTTP 401."""

    exit_code = 7


#: The HTTP status of each journal error class (the first match in the class's MRO wins).
STATUS: dict[type[JournalError], int] = {
    Unauthenticated: 401,
    ValidationFailed: 422,
    RuleViolation: 409,
    NotFound: 404,
    ConcurrencyConflict: 409,
    NotAuthorized: 403,
    IntegrityFailure: 409,
}
#: SchemaOutOfDate and any other JournalError of the server's own state.
OTHER_STATUS = 503

HTTP_KINDS = {400: "BadRequest", 401: "Unauthenticated", 403: "NotAuthorized", 404: "NotFound",
              405: "MethodNotAllowed", 406: "NotAcceptable", 413: "PayloadTooLarge", 415: "UnsupportedMediaType",
              422: "ValidationFailed"}


class JSON(Response):
    """A JSON response encoded by orjson (UTF-8, not ASCII-escaped)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def one_line(text: str) -> str:
    return text.replace("\r", " ").replace("\n", " ")


def error(status: int, message: str, kind: str, headers: dict[str, str] | None = None) -> JSON:
    return JSON({"error": one_line(message), "kind": kind}, status_code=status, headers=headers)


def status_of(exc: JournalError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return OTHER_STATUS


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(part) for part in loc]
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        where, parts = parts[0], parts[1:]
        return f"{where} field '{'.'.join(parts)}'" if parts else where
    return f"field '{'.'.join(parts)}'" if parts else "request"


def _validation_message(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "request: invalid"
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{_field(tuple(first.get('loc', ())))}: {first.get('msg', 'invalid')}{more}"


def _bad_value(exc: BaseException) -> BaseException | None:
    """The ValueError/OverflowError behind ``exc`` (possibly wrapped by SQLAlchemy), or None."""
    seen = exc
    for _ in range(3):
        if isinstance(seen, (ValueError, OverflowError, UnicodeError)):
            return seen
        nxt = getattr(seen, "orig", None) or seen.__cause__
        if nxt is None:
            return None
        seen = nxt
    return None


def install(app: FastAPI) -> None:
    """Register the handlers that turn every exception into the one JSON error shape."""

    @app.exception_handler(JournalError)
    async def journal_error(_request: Request, exc: JournalError) -> Response:
        status = status_of(exc)
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        return error(status, str(exc), type(exc).__name__, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> Response:
        return error(422, _validation_message(exc), "ValidationFailed")

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> Response:
        kind = HTTP_KINDS.get(exc.status_code, "HTTPError")
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        return error(exc.status_code, detail, kind, getattr(exc, "headers", None))

    async def bad_value(request: Request, exc: Exception) -> Response:
        """A value the service or the database cannot take, that got past validation: still bad input (422)."""
        import sqlalchemy as sa

        bad = _bad_value(exc)
        if bad is None and not isinstance(exc, sa.exc.DataError):
            return await unexpected(request, exc)
        reason = bad if bad is not None else getattr(exc, "orig", None) or exc
        text = (str(reason).splitlines() or [type(reason).__name__])[0]
        log.warning("bad value on %s %s: %s: %s", request.method, request.url.path, type(reason).__name__, text)
        return error(422, f"bad input: {text}", "ValidationFailed")

    async def unexpected(request: Request, exc: Exception) -> Response:
        import sqlalchemy as sa

        if isinstance(exc, (sa.exc.OperationalError, sa.exc.InterfaceError)):
            log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
            return error(503, f"database: {(str(exc).splitlines() or ['unavailable'])[0]}", "DatabaseUnavailable")
        log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        return error(500, f"internal error: {type(exc).__name__}", "InternalError")

    import sqlalchemy as sa

    # Handled inside the app (Starlette's ExceptionMiddleware), so nothing is re-raised to the server.
    for kind in (ValueError, OverflowError, UnicodeError, sa.exc.StatementError):
        app.add_exception_handler(kind, bad_value)
    app.add_exception_handler(Exception, unexpected)
