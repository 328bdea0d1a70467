"""Every refusal as HTTP: the status for each journal error class and one JSON body shape.

The body is always ``{"error": "<the one line the CLI prints after 'error: '>", "kind": "<class name>"}``, but for
a refusal's hint of what to do next: the page's reader is told it in the page's terms, never a command to run
(journal.errors.Hint, ``page_line``).
Bad input never gets a 5xx: request validation is 422, and a value the service or the database
cannot take (a digit it cannot read, a number past 64 bits) is 422 too.

The server's own messages are msgids of the ``web`` catalogue, in the request's language (web.language);
a validation error of a known pydantic type is said in the same words pydantic uses (its template is the
msgid, so English is unchanged), any other keeps pydantic's English.
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
from journal.i18n import N_, WEB

log = logging.getLogger("web")
_ = WEB.gettext


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


async def handled(request: Request, exc: Exception, handlers: dict[Any, Any]) -> Response:
    """The answer of the app's exception handler (of ``handlers``) for ``exc``: the first class of its MRO with one."""
    for cls in type(exc).__mro__:
        handler = handlers.get(cls)
        if handler is not None:
            answer: Response = await handler(request, exc)
            return answer
    raise exc


async def refusal(request: Request, exc: Exception) -> Response:
    """A write's refusal before its body is read (its token's, web.edge): the app's answer for ``exc``, closing the
    connection, so that the server does not read the rest of a refused upload."""
    answer = await handled(request, exc, request.app.exception_handlers)
    answer.headers["Connection"] = "close"
    return answer


def status_of(exc: JournalError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return OTHER_STATUS


#: Where a request's bad value sits, by the first part of its ``loc``: alone, and naming its field.
WHERE: dict[str, tuple[str, str]] = {
    "body": (N_("body"), N_("body field '{name}'")),
    "query": (N_("query"), N_("query field '{name}'")),
    "path": (N_("path"), N_("path field '{name}'")),
    "header": (N_("header"), N_("header field '{name}'")),
    "cookie": (N_("cookie"), N_("cookie field '{name}'")),
}
#: pydantic's message templates of the error types a reader meets, by type (pydantic's own English words).
PYDANTIC: dict[str, str] = {
    "missing": N_("Field required"),
    "string_type": N_("Input should be a valid string"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "less_than": N_("Input should be less than {lt}"),
    "literal_error": N_("Input should be {expected}"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_attributes_type": N_("Input should be a valid dictionary or object to extract fields from"),
    "json_invalid": N_("JSON decode error"),
}

def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(part) for part in loc]
    if parts and parts[0] in WHERE:
        alone, named = WHERE[parts[0]]
        return _(named).format(name=".".join(parts[1:])) if parts[1:] else _(alone)
    return _("field '{name}'").format(name=".".join(parts)) if parts else _("request")


def _words(error: dict[str, Any]) -> str:
    """pydantic's message of one error in the current language, when its type's template reproduces it."""
    english = str(error.get("msg", "invalid"))
    context = error.get("ctx") or {}
    kind = str(error.get("type", ""))
    if kind in ("string_too_short", "string_too_long"):
        bound = "min_length" if kind == "string_too_short" else "max_length"
        count = context.get(bound)
        if not isinstance(count, int) or count < 0:
            return english
        said = (WEB.ngettext("String should have at least {min_length} character",
                             "String should have at least {min_length} characters", count)
                if kind == "string_too_short" else
                WEB.ngettext("String should have at most {max_length} character",
                             "String should have at most {max_length} characters", count))
        as_pydantic = f"String should have at {'least' if bound == 'min_length' else 'most'} {count} character" + (
            "" if count == 1 else "s")
        return said.format(**{bound: count}) if as_pydantic == english else english
    template = PYDANTIC.get(kind)
    if template is None:
        return english
    try:
        if template.format(**context) != english:
            return english
        return _(template).format(**context)
    except (KeyError, IndexError, ValueError):
        return english


def _validation_message(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return _("request: invalid")
    first = errors[0]
    more = (WEB.ngettext(" (and {count} more)", " (and {count} more)", len(errors) - 1).format(count=len(errors) - 1)
            if len(errors) > 1 else "")
    return f"{_field(tuple(first.get('loc', ())))}: {_words(first)}{more}"


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
        return error(status, exc.page_line, type(exc).__name__, headers)

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
        return error(422, _("bad input: {text}").format(text=text), "ValidationFailed")

    async def unexpected(request: Request, exc: Exception) -> Response:
        import sqlalchemy as sa

        if isinstance(exc, (sa.exc.OperationalError, sa.exc.InterfaceError)):
            log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
            return error(503, _("database: {problem}").format(problem=(str(exc).splitlines() or [_("unavailable")])[0]),
                         "DatabaseUnavailable")
        log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        return error(500, _("internal error: {kind}").format(kind=type(exc).__name__), "InternalError")

    import sqlalchemy as sa

    # Handled inside the app (Starlette's ExceptionMiddleware), so nothing is re-raised to the server.
    for kind in (ValueError, OverflowError, UnicodeError, sa.exc.StatementError):
        app.add_exception_handler(kind, bad_value)
    app.add_exception_handler(Exception, unexpected)
