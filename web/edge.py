"""``Edge``: the app's one pure-ASGI wrapper, round every HTTP request, with one ``receive`` and one ``send`` wrapper.

It runs, in this order, what five middlewares each did with a wrapper of their own before (README, Performance):

1. the request's language (web.language): chosen once, the whole request runs in it;
2. the body's bound: a declared ``Content-Length`` over ``limit`` is answered 413 before a byte of the body is read;
   a chunked body is counted as it arrives and answered 413 the moment it passes the cap (the endpoint then sees a
   disconnect and never runs, and whatever it sends is dropped);
3. a write's token (under ``/api/``, but the link's claim): resolved before a byte of its body is read
   (``web.auth.resolve_write``, in a worker thread: web.threads); a refusal is rendered by the app's own exception
   handler for it (``web.errors.handled``), with the body unread, and an accepted token is left for
   ``web.auth.member`` to reuse.  A write whose whole body is already in the server's buffer (the server says so:
   ``web.server.WHOLE_BODY``; its ``Content-Length`` declared), to a path whose write route has answered before
   (web.writes), leaves its token to that route: the route resolves it first thing in the worker thread that then
   runs the write (one trip to a thread a write, not two), before anything looks at the body, and refuses it as
   here (``web.errors.refusal``); reading such a body waits for nothing from the client;
4. what failed after a commit the request made (web.after_commit), collected round the app;
5. the app, or for a write whose route web.writes answered before (kept here by method and path), that route's
   handler straight away (``web.writes.answer``), past FastAPI's routing, which matched it against every route of
   the app for each request: not while the app has dependency overrides or FastAPI's telemetry records it.

Every answer given here (2 and 3) closes the connection, so the server does not read a refused upload's rest.
(Starlette's RequestBodyLimitMiddleware runs an endpoint that never reads its body and then replaces the answer
with a plain-text 413: a write could be stored and reported refused.)

The app's answer then takes each rule's mark in the order those middlewares gave it, innermost first: the warnings
of a stored write (web.after_commit), the read-your-writes headers with a standby (:class:`ReadHeaders`), then
``Content-Language`` and ``Vary`` (web.language.tag), then the security headers (web.headers.secure).  Edge's own
refusals take only the last two, as they did.
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from journal.aftermath import collecting
from journal.i18n import language
from journal.service.tokens import Bearer
from journal.store.replicas import ReadYourWrites, format_lsn
from web import auth, errors, writes
from web.after_commit import Warnings
from web.headers import secure
from web.language import STATE_KEY, of_scope, tag
from web.routes.links import CLAIM_PATH
from web.server import WHOLE_BODY
from web.threads import in_thread

#: The methods whose requests carry a body: under /api/ every one of them is a write that needs a token.
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
START = "http.response.start"


class ReadHeaders:
    """With a standby (``--read-url``): the API's answers say what read-your-writes needs and did.

    A member's write answered 2xx carries ``Journal-LSN``, the primary's WAL position once it committed, which
    ``ReadYourWrites.wrote`` remembers for the member (a client hands it to another server process in the same
    request header).  A read chosen by ``web.auth.journal_of`` carries ``Journal-Read`` (``standby`` or ``primary``)
    and ``Journal-Standby-Reads``, how many reads the standby has served in this process.
    """

    def __init__(self, reads: ReadYourWrites) -> None:
        self.reads = reads

    async def mark(self, scope: Scope, message: Message) -> None:
        """Add the headers to the start ``message`` of an answer under /api/."""
        state = scope.get("state", {})
        headers = MutableHeaders(scope=message)
        writer = state.get(auth.RESOLVED)
        if scope["method"] in WRITES and isinstance(writer, Bearer) and message["status"] < 400:
            lsn = await in_thread(self.reads.wrote, (writer.campaign, writer.member))
            headers["Journal-LSN"] = format_lsn(lsn)
        chosen = state.get(auth.READ_FROM)
        if chosen is not None:
            headers["Journal-Read"] = chosen
            headers["Journal-Standby-Reads"] = str(self.reads.served["standby"])


class Edge:
    """Pure ASGI: language, the body's bound, a write's token, after-commit warnings and every answer's headers."""

    def __init__(self, app: ASGIApp, limit: int, handlers: dict[Any, Any], reads: ReadYourWrites | None = None) -> None:
        self.app = app
        self.limit = limit
        self.handlers = handlers
        self.reads = ReadHeaders(reads) if reads is not None else None
        #: The writes (method, root path, path) that web.writes' route answered itself, and that route: the next ones go
        #: straight to it, their token left to it.
        self.routes: dict[tuple[str, str, str], writes.Served] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chosen = of_scope(scope)
        scope.setdefault("state", {})[STATE_KEY] = chosen

        async def marked(message: Message) -> None:  # every answer: its language, then the security headers
            if message["type"] == START:
                raw = message["headers"] = list(message.get("headers", ()))
                tag(raw, chosen)
                secure(raw)
            await send(message)

        with language(chosen):
            await self._bounded(scope, receive, marked)

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The request past the body's bound and the write's token, then the app (``send``: :meth:`__call__`'s)."""
        declared = _header(scope, b"content-length")
        if declared.isdigit() and int(declared) > self.limit:
            await self._answer(scope, receive, send, self._too_large())
            return
        route = served = None
        if scope["method"] in WRITES and scope["path"].startswith("/api/") and scope["path"] != CLAIM_PATH:
            route = (scope["method"], scope.get("root_path", ""), scope["path"])
            served = self.routes.get(route)
            if served is not None and not writes.direct(scope.get("app"), scope):
                served = None
            if served is not None and declared.isdigit() and WHOLE_BODY in scope.get("extensions", ()):
                scope["state"][auth.PENDING] = True  # web.writes resolves it first, in its one trip to a thread
            else:
                try:
                    await in_thread(auth.resolve_write, Request(scope))
                except Exception as exc:  # noqa: BLE001 - rendered by the handler the app has for it
                    await self._answer(scope, receive, send,
                                       await errors.handled(Request(scope), exc, self.handlers))
                    return
        received = 0
        refused = started = False
        reads = self.reads if self.reads is not None and scope["path"].startswith("/api/") else None

        async def bounded_receive() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    refused = True
                    if not started:
                        await self._answer(scope, receive, send, self._too_large())
                    return {"type": "http.disconnect"}
            return message

        with collecting() as problems:  # the endpoint's thread runs in a copy of this context: it reports here
            warnings = Warnings(problems)

            async def answered(message: Message) -> None:
                nonlocal started
                for each in warnings.take(message):
                    if reads is not None and each["type"] == START:
                        await reads.mark(scope, each)
                    if refused:
                        continue  # the 413 went out instead
                    started = started or each["type"] == START
                    await send(each)

            if served is not None:
                await writes.answer(served, scope, bounded_receive, answered)
            else:
                await self.app(scope, bounded_receive, answered)
        if route is not None and served is None and isinstance(scope["state"].get(writes.SERVED), writes.Served):
            self.routes[route] = scope["state"][writes.SERVED]

    def _too_large(self) -> Response:
        return errors.error(413, errors.WEB.ngettext("request body: at most {limit} byte", "request body: at most {limit} bytes",
                                                     self.limit).format(limit=self.limit), "PayloadTooLarge")

    @staticmethod
    async def _answer(scope: Scope, receive: Receive, send: Send, response: Response) -> None:
        """Send ``response`` and close the connection (the request's body stays unread)."""
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str:
    """The first value of the request's header ``name`` (lower-case), or ""."""
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return ""
