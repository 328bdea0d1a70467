"""``GET /api/stream``: the campaign's new events as server-sent events, resumable with Last-Event-ID.

Each event is ``id: <version>``, ``event: journal`` and ``data: <the same JSON as one item of
/api/events>``.  The stream starts after ``Last-Event-ID`` (what a reconnecting EventSource sends),
else after ``?after=V``, else at the campaign's head when it opens.  It sleeps on a watch of its
campaign (:mod:`web.broadcast`, one per server) and reads the store (a range read on the (campaign,
version) index) only when the campaign moved, so events appended by any client, this server or
another process, arrive without a poll per stream; a comment line is sent every ``heartbeat`` seconds.

The token is checked again each time the campaign moves (a revocation is an event of the campaign)
and at each heartbeat: once it no longer opens the campaign, the stream sends ``event: closed`` with
the one-line JSON error and ends the response, without the events read since.  One token holds at
most ``streams_per_token`` open streams (``create_app``); the next is refused with 429.

The stream speaks the language of its request (``?lang=``, else Accept-Language: web.language): the events'
summaries and the closing refusal are written in it, since the body is produced inside that request's context.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import orjson
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import StreamingResponse
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from journal.errors import NotAuthorized
from journal.i18n import WEB
from journal.service.figures import listing
from journal.service.tokens import Bearer, resolve
from web import errors
from web.auth import journal_of, stream_member, stream_token
from web.broadcast import Broadcaster, Watch
from web.render import event_json
from web.routes import MAX_INT

router = APIRouter(prefix="/api", tags=["stream"])
#: Events sent per read; a stream that is behind catches up in batches of this size.
BATCH = 500


def frame(event: dict) -> bytes:
    """One server-sent event: id, event name and the JSON item on one data line."""
    return b"id: %d\nevent: journal\ndata: %s\n\n" % (event["version"], orjson.dumps(event))


def closed(reason: str) -> bytes:
    """The last frame of a stream whose token no longer opens the campaign: the service's one-line JSON error."""
    body = orjson.dumps({"error": errors.one_line(reason), "kind": "Unauthenticated"})
    return b"event: closed\ndata: %s\n\n" % body


def _start(last_event_id: str | None, after: int | None) -> int | None:
    if last_event_id is not None and last_event_id.strip().isascii() and last_event_id.strip().isdigit():
        return min(int(last_event_id.strip()), MAX_INT)
    return after


class EventStream(StreamingResponse):
    """A streaming response that gives its watch back when it ends, however it ends (even before its first byte)."""

    def __init__(self, content: AsyncIterator[bytes], watch: Watch) -> None:
        super().__init__(content, media_type="text/event-stream",
                         headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        self.watch = watch

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.watch.close()


@router.get("/stream", summary="New events as server-sent events",
            response_class=StreamingResponse,
            responses={200: {"content": {"text/event-stream": {}}, "description": "An endless event stream."},
                       429: {"description": "The token already holds as many open streams as it may."}})
async def stream(
    request: Request,
    who: Annotated[Bearer, Depends(stream_member)],
    token: Annotated[str, Depends(stream_token)],
    after: Annotated[int | None, Query(ge=0, le=MAX_INT, description="Send the events after this version.")] = None,
    last_event_id: Annotated[str | None, Header(max_length=40)] = None,
) -> Response:
    journal = journal_of(request)
    heartbeat: float = request.app.state.stream["heartbeat"]
    broadcaster: Broadcaster = request.app.state.broadcaster
    store = journal.store
    start = _start(last_event_id, after)
    if start is None:
        start = await anyio.to_thread.run_sync(store.head, who.campaign)
    watch = broadcaster.watch(who.campaign, token)
    if watch is None:
        return errors.error(429, WEB.gettext("stream: this token already holds {count} open streams "
                                             "(at most {count} per token)").format(count=broadcaster.per_token),
                            "TooManyStreams")

    def read(cursor: int) -> list[dict]:
        page = list(store.read(who.campaign, from_version=cursor + 1, to_version=cursor + BATCH))
        figures = listing(journal, who.campaign, page)
        return [event_json(e, figures.get(e.id)) for e in page]

    def refused() -> str | None:
        """Why the token no longer opens the campaign (the one check every request goes through), else None."""
        try:
            resolve(journal, token)
        except NotAuthorized as exc:
            return str(exc)
        return None

    async def frames() -> AsyncIterator[bytes]:
        cursor = start
        moved = True  # read once at the start: what came after ``start`` before the watch opened
        opened = False
        while True:
            batch = await anyio.to_thread.run_sync(read, cursor) if moved else []
            # The check follows the read: every event sent was stored while the token still opened the campaign.
            reason = await anyio.to_thread.run_sync(refused)
            if reason is not None:
                yield closed(reason)
                return
            if not opened:  # after the first read and check: a client that has this line has a settled stream
                opened = True
                yield b"retry: 2000\n: stream of '%s' after version %d\n\n" % (who.campaign.encode(), cursor)
            if not moved:
                yield b": heartbeat\n\n"
            for item in batch:
                yield frame(item)
                cursor = item["version"]
            if len(batch) == BATCH:
                continue
            moved = await watch.wait(heartbeat)

    return EventStream(frames(), watch)
