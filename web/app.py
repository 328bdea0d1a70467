"""``create_app(db_url)``: the FastAPI application over one journal database.

The app holds one :class:`journal.service.Journal` (its SQLAlchemy engine pools connections and is
shared by the worker threads that run the endpoints).  Nothing here serialises requests: a command
reads the campaign, decides and appends with the version it read, and the service retries on a
conflict, so concurrent writers interleave and a command the new state forbids is refused (409).
"""

from __future__ import annotations

import math
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from journal.errors import ValidationFailed
from journal.service import Journal
from web import errors
from web.errors import JSON
from web.routes import MAX_INT

STATIC = resources.files("web") / "static"


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
    problem = _first_bad_value(data)
    if problem is not None:
        raise ValidationFailed(problem)


def create_app(db_url: str, *, heartbeat: float = 15.0, poll: float = 0.25, journal: Journal | None = None) -> FastAPI:
    """The HTTP API (and the page) over the journal at ``db_url``; ``heartbeat``/``poll`` tune the event stream."""
    from web.routes import quorum, reading, stream, systems, table

    opened = journal or Journal.open(db_url)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
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
    )
    app.state.journal = opened
    app.state.stream = {"heartbeat": heartbeat, "poll": poll}
    errors.install(app)

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return errors.error(404, "the page is not installed (web/static/index.html)", "NotFound")
        return FileResponse(str(index), media_type="text/html")

    @app.get("/healthz", summary="Liveness: the server answers", tags=["health"])
    def healthz() -> JSON:
        return JSON({"ok": True})

    for router in (reading.router, table.router, quorum.router, stream.router, systems.build(), systems.build_queries()):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=str(STATIC), check_dir=False), name="static")
    return app
