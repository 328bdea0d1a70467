"""``create_app(db_url)``: the FastAPI application over one journal database.

The app holds one :class:`journal.service.Journal` (its SQLAlchemy engine pools connections and is
shared by the worker threads that run the endpoints).  Nothing here serialises requests: a command
reads the campaign, decides and appends with the version it read, and the service retries on a
conflict, so concurrent writers interleave and a command the new state forbids is refused (409).

Every request passes :class:`BoundedBody` first: a body past ``max_body`` bytes is refused (413)
before anything buffers it, and a write's token is resolved before a byte of its body is read.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from journal.limits import MAX_BODY
from journal.service import Journal
from journal.service.tokens import Bearer
from journal.store.replicas import ReadYourWrites, format_lsn, open_read_store
from web import auth, errors
from web.after_commit import AfterCommitWarnings
from web.broadcast import Broadcaster
from web.errors import JSON
from web.headers import SecurityHeaders
from web.language import RequestLanguage
from web.routes import sane_numbers
from web.routes.links import CLAIM_PATH
from web.threads import in_thread

STATIC = resources.files("web") / "static"
#: The methods whose requests carry a body: under /api/ every one of them is a write that needs a token.
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class BoundedBody:
    """Pure ASGI: no request body is buffered beyond ``limit`` bytes, and a write's token is checked before its body.

    A declared ``Content-Length`` over the cap is answered 413 before a byte of the body is read; a
    chunked body is counted as it arrives and answered 413 the moment it passes the cap (the endpoint
    then sees a disconnect and never runs).  A write under ``/api/`` resolves its bearer token first
    (``web.auth.resolve_member``, in a worker thread: web.threads); a refusal is rendered by the app's own exception
    handler for it, with the body unread, and an accepted token is left for ``member`` to reuse.
    Every answer given here closes the connection, so the server does not read a refused upload's
    rest.  (Starlette's RequestBodyLimitMiddleware runs an endpoint that never reads its body and
    then replaces the answer with a plain-text 413: a write could be stored and reported refused.)
    """

    def __init__(self, app: ASGIApp, limit: int, handlers: dict[Any, Any]) -> None:
        self.app = app
        self.limit = limit
        self.handlers = handlers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await self._answer(scope, receive, send, self._too_large())
            return
        if scope["method"] in WRITES and scope["path"].startswith("/api/") and scope["path"] != CLAIM_PATH:
            try:
                who = await in_thread(auth.resolve_member, Request(scope))
            except Exception as exc:  # noqa: BLE001 - rendered by the handler the app has for it
                await self._answer(scope, receive, send, await self._handled(scope, exc))
                return
            scope.setdefault("state", {})[auth.RESOLVED] = who
        received = 0
        refused = started = False

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

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 went out instead
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, bounded_receive, guarded_send)

    def _too_large(self) -> Response:
        return errors.error(413, errors.WEB.ngettext("request body: at most {limit} byte", "request body: at most {limit} bytes",
                                                     self.limit).format(limit=self.limit), "PayloadTooLarge")

    async def _handled(self, scope: Scope, exc: Exception) -> Response:
        """The answer of the app's exception handler for ``exc`` (the first class of its MRO with one)."""
        for cls in type(exc).__mro__:
            handler = self.handlers.get(cls)
            if handler is not None:
                return await handler(Request(scope), exc)
        raise exc

    @staticmethod
    async def _answer(scope: Scope, receive: Receive, send: Send, response: Response) -> None:
        """Send ``response`` and close the connection (the request's body stays unread)."""
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


class ReadHeaders:
    """Pure ASGI, with a standby (``--read-url``): the API's answers say what read-your-writes needs and did.

    A member's write answered 2xx carries ``Journal-LSN``, the primary's WAL position once it committed, which
    ``ReadYourWrites.wrote`` remembers for the member (a client hands it to another server process in the same
    request header).  A read chosen by ``web.auth.journal_of`` carries ``Journal-Read`` (``standby`` or ``primary``)
    and ``Journal-Standby-Reads``, how many reads the standby has served in this process.
    """

    def __init__(self, app: ASGIApp, reads: ReadYourWrites) -> None:
        self.app = app
        self.reads = reads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return

        async def tagged(message: Message) -> None:
            if message["type"] == "http.response.start":
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
            await send(message)

        await self.app(scope, receive, tagged)


def create_app(db_url: str, *, heartbeat: float = 15.0, poll: float = 0.5, journal: Journal | None = None,
               max_body: int = MAX_BODY, streams_per_token: int = 4, read_url: str | None = None,
               read_wait: float = 0.5, warm: int | None = None, public_url: str | None = None) -> FastAPI:
    """The HTTP API (and the page) over the journal at ``db_url``; ``heartbeat``/``poll`` tune the event stream.

    ``poll`` is the seconds between the server's one check for other processes' appends (SQLite only:
    PostgreSQL notifies), ``streams_per_token`` how many event streams one token may hold open (429 past it).

    ``max_body`` caps every request body, in bytes (413 beyond it, before anything reads it; by default
    ``journal.limits.MAX_BODY``, which an import's lines keep to too).

    ``read_url`` names a PostgreSQL streaming standby of the journal's database: members' reads go there, each
    after the standby has replayed that member's last write, waiting up to ``read_wait`` seconds before reading
    from the primary instead (journal/store/replicas.py).

    ``warm`` is how many campaigns' folded heads the server keeps in memory (journal/service/warm.py; 0 none,
    default the Journal's); they live as long as the app's Journal and are let go when the app stops.

    ``public_url`` is the page's address put into the devices' links and QR codes (``serve --public-url``,
    checked by ``web.hosting.public_url``); without it a link carries the address the Master's request used.
    """
    from web.routes import console, i18n, links, members, quorum, reading, report, stream, systems, table, verbs

    opened = journal or Journal.open(db_url)
    if warm is not None:
        opened.warm.size = warm
    broadcaster = Broadcaster(opened.store, poll=poll, per_token=streams_per_token)
    reads = None
    if read_url is not None:
        try:
            reads = ReadYourWrites(opened.store, open_read_store(opened.store, read_url), wait=read_wait)
        except BaseException:
            if journal is None:
                opened.close()
            raise

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        await broadcaster.start()
        try:
            yield
        finally:
            await broadcaster.stop()
        if reads is not None:
            reads.close()
        opened.warm.clear()
        if journal is None:
            opened.close()

    app = FastAPI(
        title="campaign-journal",
        version="0.1.0",
        description="The event-sourced journal of a tabletop campaign, over HTTP. Every request carries "
                    "'Authorization: Bearer <token>' (from 'journal member token CAMPAIGN NAME'); the token "
                    "names the campaign and the member, who is the actor of everything recorded.",
        default_response_class=JSON,
        dependencies=[Depends(sane_numbers)],
        lifespan=lifespan,
        docs_url=None,  # Swagger UI and ReDoc load scripts from a CDN: not on the origin that holds the tokens
        redoc_url=None,
    )
    app.state.journal = opened
    app.state.stream = {"heartbeat": heartbeat}
    app.state.broadcaster = broadcaster
    app.state.public_url = public_url
    if reads is not None:
        app.state.reads, app.state.read_journal = reads, Journal(reads.standby)
    errors.install(app)
    app.add_middleware(AfterCommitWarnings)  # innermost: a stored write answers 2xx, with what failed after its commit
    if reads is not None:
        app.add_middleware(ReadHeaders, reads=reads)  # inside BoundedBody, which resolves a write's token first
    app.add_middleware(BoundedBody, limit=max_body, handlers=app.exception_handlers)
    app.add_middleware(RequestLanguage)  # every answer, a refusal of BoundedBody's too, in the reader's language
    app.add_middleware(SecurityHeaders)  # outermost: every answer carries the security headers (web/headers.py)

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return errors.error(404, "the page is not installed (web/static/index.html)", "NotFound")
        return FileResponse(str(index), media_type="text/html")

    @app.get("/healthz", summary="Liveness: the server answers", tags=["health"])
    def healthz() -> JSON:
        return JSON({"ok": True})

    for router in (reading.router, table.router, quorum.router, stream.router, systems.build(), systems.build_queries(),
                   verbs.router, i18n.router, console.router, report.router, links.router,
                   members.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=str(STATIC), check_dir=False), name="static")
    return app
