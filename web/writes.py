"""``WriteRoute``: the API's writes answered without FastAPI's dependency solving, in one trip to a worker thread.

A write endpoint of the usual shape (``request``, the token's member ``Me``, the idempotency key ``Once`` and a
JSON body model, nothing in its path or query) spent about a quarter of the server's CPU per write in FastAPI's
generic machinery on the event loop: ``solve_dependencies`` walking the Depends chain (the app's number check, the
member and its bearer scheme, the key and its header) and anyio's capacity limiter around the endpoint's thread
(README, Performance).  For such an endpoint this route's handler does the same steps itself, in the same order,
with FastAPI's own validators, so every answer and refusal is the one FastAPI gives.  The body is read on the event
loop; everything after it runs in one worker thread of web.threads (one trip, no anyio limiter):

0. the token, when ``web.edge.Edge`` left it to this route (``web.auth.PENDING``: the whole body was in the server's
   buffer): resolved first, before anything looks at the body, and refused as Edge refuses it;
1. the body is JSON (``json``, as Starlette parses it: orjson reads an integer past 64 bits as a float) when its
   content type says so, 422 ``json_invalid`` when it does not parse;
2. the app's number check (:func:`web.routes.sane_numbers`) on the body;
3. the member: the token resolved before the body was read (``web.auth.member``);
4. the ``Idempotency-Key`` header, validated by its parameter's own field (FastAPI's validator, without FastAPI's
   generic parameter steps: :class:`_KeyHeader`), and its digest (:func:`web.routes.key_digest`);
5. the body against its model (FastAPI's own field validation), every error of 4 and 5 in one 422;
6. the endpoint.

Once the route has answered a write itself, it leaves itself in the request's state (:class:`Served`), and Edge
sends the next writes of that method and path straight to it (:func:`answer`: FastAPI's router chose this route for
them before, and an exception is answered by the app's handler for it as Starlette's would choose it), without
matching them against every route of the app again.

An endpoint of any other shape, or any request while the app has dependency overrides, goes through FastAPI's
handler as before.  The OpenAPI document is FastAPI's: the route's dependant is built as for any APIRoute.
"""

from __future__ import annotations

import email.message
import functools
import inspect
import json
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from typing import Any, NamedTuple, TypeVar, cast

from fastapi import Request, params
from fastapi._compat import ModelField, Undefined
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import request_body_to_args, request_params_to_args
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import Json
from starlette._utils import is_async_callable
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from journal.service.tokens import Bearer
from web.auth import PENDING, RESOLVED, member, member_here, resolve_write
from web.errors import refusal
from web.routes import check_numbers, key_digest, request_key, sane_numbers
from web.threads import in_thread

try:  # FastAPI's included routes build their handler under this variable (fastapi.routing.APIRoute.get_route_handler)
    from fastapi.routing import _effective_route_context_var
except ImportError:  # pragma: no cover - another FastAPI: every route takes FastAPI's own handler
    _EFFECTIVE: ContextVar[Any] | None = None
else:
    _EFFECTIVE = _effective_route_context_var

Handler = Callable[[Request], Coroutine[Any, Any, Response]]
T = TypeVar("T")
_UNSET = object()
#: The request's state key by which the route tells web.edge.Edge that it answered the write itself (so that Edge may
#: leave the next write to the same path its token, in this route's own thread trip).
SERVED = "journal_write_route"


class _Shape:
    """The parameter names of a write endpoint of the usual shape, and the dependants of its key and body."""

    def __init__(self, dependant: Dependant) -> None:
        self.who: str | None = None
        self.key: str | None = None
        self.key_dependant: Dependant | None = None
        self.simple = self._read(dependant)

    def _read(self, dependant: Dependant) -> bool:
        if (dependant.path_params or dependant.query_params or dependant.header_params or dependant.cookie_params
                or dependant.request_param_name is None or dependant.websocket_param_name
                or dependant.http_connection_param_name or dependant.response_param_name
                or dependant.background_tasks_param_name or dependant.security_scopes_param_name
                or len(dependant.body_params) > 1):
            return False
        for sub in dependant.dependencies:
            if sub.call is sane_numbers and sub.name is None:
                continue
            if sub.call is member and sub.name is not None and self.who is None:
                self.who = sub.name
            elif sub.call is request_key and sub.name is not None and self.key is None:
                self.key, self.key_dependant = sub.name, sub
            else:
                return False
        return self.who is not None and self.key is not None


class _KeyHeader:
    """The ``Idempotency-Key`` header read as FastAPI reads an optional header parameter, without its generic steps:
    the first value of the header, else the default (None); a value validated by the parameter's own field
    (``web.routes.IdempotencyKey``'s bounds and pattern), its errors located as FastAPI locates them."""

    def __init__(self, field: ModelField, info: params.Header) -> None:
        self.field = field
        self.name = field.alias.lower().encode("latin-1")
        self.loc = (info.in_.value, field.alias)

    @classmethod
    def of(cls, fields: list[ModelField]) -> _KeyHeader | None:
        """The reader of the key's one header parameter, or None where FastAPI's own steps may read it otherwise (a
        parameter model, a list, a required header, a default to validate, another alias than its name)."""
        if len(fields) != 1:
            return None
        field = fields[0]
        info = field.field_info
        if (not isinstance(info, params.Header) or info.annotation != (str | None) or info.is_required()
                or info.validate_default or field.default is not None
                or info.validation_alias not in (None, field.alias)
                or getattr(field, "validation_alias", None) not in (None, field.alias) or field.config
                or any(type(item) is Json for item in info.metadata)):
            return None
        return cls(field, info)

    def read(self, scope: Any) -> tuple[str | None, list[Any]]:
        """The key (None without the header) and the errors of its validation."""
        for name, value in scope["headers"]:
            if name == self.name:
                key, errors = self.field.validate(value.decode("latin-1"), {}, loc=self.loc)
                return key, errors
        return None, []


@functools.lru_cache(maxsize=64)
def _json_type(content_type: str | None) -> bool:
    """Whether FastAPI reads a body of ``content_type`` as JSON (``application/json`` or ``application/*+json``)."""
    if not content_type:
        return False  # FastAPI's strict content type: no header, the body is bytes
    message = email.message.Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (subtype == "json" or subtype.endswith("+json"))


def fast_handler(route: Any, endpoint: Callable[..., Any], shape: _Shape, fallback: Handler, original: APIRoute) -> Handler:
    """The request handler of a write of the usual shape (the module docstring's steps); ``original`` is the route
    itself (``route`` may be its effective context, under an including router)."""
    dependant: Dependant = route.dependant
    body_params = list(dependant.body_params)
    embed = bool(route._embed_body_fields)
    key_headers = list(shape.key_dependant.header_params) if shape.key_dependant is not None else []
    key_header = _KeyHeader.of(key_headers)
    overrides = route.dependency_overrides_provider
    request_name, who_name, key_name = str(dependant.request_param_name), str(shape.who), str(shape.key)

    def steps(request: Request, raw: bytes, pending: bool) -> Any:
        """Steps 1 to 6 past the body's read, in the worker thread: the endpoint's answer (or the token's refusal)."""
        if pending:  # web.edge.Edge left the token to this thread: first, before the body is looked at
            try:
                resolve_write(request)
            except Exception as exc:  # noqa: BLE001 - answered as Edge answers it (web.errors.refusal)
                return _Refused(exc)
        body: Any = Undefined
        parsed: Any = _UNSET
        try:  # as FastAPI reads a body: a decode error is 422, any other failure (not UTF-8) 400
            if raw:
                if _json_type(request.headers.get("content-type")):
                    parsed = body = json.loads(raw)
                else:
                    body = raw
        except json.JSONDecodeError as exc:
            raise RequestValidationError([{"type": "json_invalid", "loc": ("body", exc.pos), "msg": "JSON decode error",
                                           "input": {}, "ctx": {"error": exc.msg}}], body=exc.doc) from exc
        except Exception as exc:  # FastAPI's own answer to a body it cannot read
            raise HTTPException(status_code=400, detail="There was an error parsing the body") from exc
        if request.method in ("POST", "PUT", "PATCH"):  # the app's dependency, web.routes.sane_numbers
            if parsed is _UNSET:
                try:
                    parsed = json.loads(raw)
                except Exception:  # noqa: BLE001 - not JSON: the body's own validation reports it
                    parsed = _UNSET
            if parsed is not _UNSET:
                check_numbers(parsed)
        values: dict[str, Any] = {request_name: request, who_name: member_here(request)}
        if key_header is not None:
            key, errors = key_header.read(request.scope)
            if not errors:
                values[key_name] = None if key is None else key_digest(request, key, raw)
        else:
            header_values, errors = request_params_to_args(key_headers, request.headers)
            if not errors:
                values[key_name] = _at_once(request_key(request, **header_values))
        if body_params:
            body_values, body_errors = _at_once(request_body_to_args(body_params, body, embed))
            errors = [*errors, *body_errors]
            values.update(body_values)
        if errors:
            raise RequestValidationError(errors, body=body)
        return endpoint(**values)

    async def app(request: Request) -> Response:
        state = request.scope.setdefault("state", {})
        pending = bool(state.get(PENDING)) and not isinstance(state.get(RESOLVED), Bearer)
        if overrides is not None and getattr(overrides, "dependency_overrides", None):
            if pending:  # the token first, as web.edge.Edge checks it, then FastAPI's own handler
                try:
                    await in_thread(resolve_write, request)
                except Exception as exc:  # noqa: BLE001 - answered as Edge answers it
                    return await refusal(request, exc)
            return await fallback(request)
        try:  # as FastAPI reads a body: any failure (a disconnect) 400
            raw = await request.body()
        except HTTPException:
            raise
        except Exception as exc:  # FastAPI's own answer to a body it cannot read
            raise HTTPException(status_code=400, detail="There was an error parsing the body") from exc
        state[SERVED] = Served(original, app)
        answer = await in_thread(steps, request, raw, pending)
        if isinstance(answer, _Refused):
            return await refusal(request, answer.exc)
        response: Response = answer
        return response

    return app


class Served(NamedTuple):
    """What the route leaves in the request's state once it answered a write itself: itself and its handler."""

    route: APIRoute
    handler: Handler


def direct(app: Any, scope: Scope) -> bool:
    """Whether a write the route answered before may go straight to its handler (:func:`answer`): not while the app
    has dependency overrides, FastAPI's own telemetry records the request, or FastAPI caps the body itself."""
    return (not getattr(app, "dependency_overrides", None) and "fastapi.telemetry" not in scope
            and getattr(app, "max_body_size", None) is None and HTTPException in app.exception_handlers)


async def answer(served: Served, scope: Scope, receive: Receive, send: Send) -> None:
    """Answer a write as FastAPI's router answers it, without matching the app's routes again: the route FastAPI
    chose for this method and path before (``web.edge.Edge`` keeps it), its handler, and an exception answered by the
    app's handler for it as Starlette's ExceptionMiddleware chooses it (one for the HTTP status first, then by the
    exception's classes; without one it goes on up, to the server error handler's 500)."""
    app = scope["app"]
    scope.setdefault("router", app.router)
    scope.update(endpoint=served.route.endpoint, path_params={}, route=served.route)
    request = Request(scope, receive, send)
    started = False

    async def sender(message: Message) -> None:
        nonlocal started
        started = started or message["type"] == "http.response.start"
        await send(message)

    try:
        response = await served.handler(request)
        await response(scope, receive, sender)
    except Exception as exc:
        handler = _handler_of(app.exception_handlers, exc)
        if handler is None:
            raise
        if started:
            raise RuntimeError("Caught handled exception, but response already started.") from exc
        handled = await handler(request, exc) if is_async_callable(handler) else await run_in_threadpool(
            handler, request, exc)
        if handled is not None:
            await handled(scope, receive, sender)
        exc.__traceback__ = None  # (as Starlette: a reused exception would gather tracebacks)


def _handler_of(handlers: dict[Any, Any], exc: Exception) -> Any:
    """The handler Starlette's ExceptionMiddleware takes for ``exc``: its HTTP status's, then its first class's (the
    handler of ``Exception`` and of 500 is the server error handler's, outside)."""
    if isinstance(exc, HTTPException) and exc.status_code != 500 and exc.status_code in handlers:
        return handlers[exc.status_code]
    for cls in type(exc).__mro__:
        if cls is not Exception and cls in handlers:
            return handlers[cls]
    return None


class _Refused:
    """The token's refusal, from the worker thread to the loop (which renders it with the app's handler)."""

    __slots__ = ("exc",)

    def __init__(self, exc: Exception) -> None:
        self.exc = exc


def _at_once(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine of FastAPI's that awaits nothing for a body that is no form (``request_body_to_args``)
    or of ``web.routes.request_key`` for a body already read, run in the worker thread."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coroutine.close()
    raise RuntimeError("a validation step waited for something, in a worker thread")


class WriteRoute(APIRoute):
    """An APIRoute whose handler, for a write of the usual shape, is :func:`fast_handler` (else FastAPI's)."""

    def get_route_handler(self) -> Handler:
        fallback = super().get_route_handler()
        route: Any = self
        effective = _EFFECTIVE.get() if _EFFECTIVE is not None else None
        if effective is not None and effective.original_route is self:
            route = effective
        if _EFFECTIVE is None or not self.methods or not self.methods <= {"POST", "PUT", "PATCH", "DELETE"}:
            return fallback
        if route.dependant is None or getattr(route, "is_sse_stream", False) or getattr(route, "is_json_stream", False):
            return fallback
        shape = _Shape(route.dependant)
        if not shape.simple or route.dependant.call is None or not _answers_a_response(route.dependant.call):
            return fallback
        return fast_handler(route, route.dependant.call, shape, fallback, self)


def _answers_a_response(call: Callable[..., Any]) -> bool:
    """Whether ``call`` is a plain function declared to return a Response (so nothing is left to serialise)."""
    if inspect.iscoroutinefunction(call) or not inspect.isfunction(call):
        return False
    returns = inspect.signature(call).return_annotation
    return isinstance(returns, type) and issubclass(returns, Response)
