"""``create_app(db_url)``: the FastAPI application over one journal database.

The app holds one :class:`journal.service.Journal` (its SQLAlchemy engine pools connections and is
shared by the worker threads that run the endpoints).  Nothing here serialises requests: a command
reads the campaign, decides and appends with the version it read, and the service retries on a
conflict, so concurrent writers interleave and a command the new state forbids is refused (409).

Every request passes ``web.edge.Edge`` first, the app's one pure-ASGI wrapper: it runs the request in its reader's
language, refuses a body past ``max_body`` bytes (413) before anything buffers it, resolves a write's token before a
byte of its body is read, and gives every answer its headers (language, security, after-commit warnings, a standby's).
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from importlib import resources

from fastapi import Depends, FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from journal.limits import MAX_BODY
from journal.service import Journal
from journal.store.replicas import ReadYourWrites, open_read_store
from web import errors
from web.broadcast import Broadcaster
from web.edge import Edge
from web.errors import JSON
from web.routes import sane_numbers

STATIC = resources.files("web") / "static"


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
    app.add_middleware(Edge, limit=max_body, handlers=app.exception_handlers, reads=reads)  # web/edge.py

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
