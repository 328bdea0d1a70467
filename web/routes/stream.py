"""``GET /api/stream``: the campaign's new events as server-sent events, resumable with Last-Event-ID.

Each event is ``id: <version>``, ``event: journal`` and ``data: <the same JSON as one item of
/api/events>``.  The stream starts after ``Last-Event-ID`` (what a reconnecting EventSource sends),
else after ``?after=V``, else at the campaign's head when it opens.  It polls the store (a range read
on the (campaign, version) index) every ``poll`` seconds, so events appended by any client, this
server or another process, arrive; a comment line is sent every ``heartbeat`` seconds.
"""

import time
from typing import Annotated

import anyio
import orjson
from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import StreamingResponse

from journal.service.tokens import Bearer
from web.auth import journal_of, stream_member
from web.render import event_json
from web.routes import MAX_INT

router = APIRouter(prefix="/api", tags=["stream"])
#: Events sent per read; a stream that is behind catches up in batches of this size.
BATCH = 500


def frame(event: dict) -> bytes:
    """One server-sent event: id, event name and the JSON item on one data line."""
    return b"id: %d\nevent: journal\ndata: %s\n\n" % (event["version"], orjson.dumps(event))


def _start(last_event_id: str | None, after: int | None) -> int | None:
    if last_event_id is not None and last_event_id.strip().isascii() and last_event_id.strip().isdigit():
        return min(int(last_event_id.strip()), MAX_INT)
    return after


@router.get("/stream", summary="New events as server-sent events",
            response_class=StreamingResponse,
            responses={200: {"content": {"text/event-stream": {}}, "description": "An endless event stream."}})
async def stream(
    request: Request,
    who: Annotated[Bearer, Depends(stream_member)],
    after: Annotated[int | None, Query(ge=0, le=MAX_INT, description="Send the events after this version.")] = None,
    last_event_id: Annotated[str | None, Header(max_length=40)] = None,
) -> StreamingResponse:
    journal = journal_of(request)
    settings = request.app.state.stream
    store = journal.store
    start = _start(last_event_id, after)
    if start is None:
        start = await anyio.to_thread.run_sync(store.head, who.campaign)

    def read(cursor: int) -> list[dict]:
        return [event_json(e) for e in store.read(who.campaign, from_version=cursor + 1, to_version=cursor + BATCH)]

    async def frames():
        cursor = start
        yield b"retry: 2000\n: stream of '%s' after version %d\n\n" % (who.campaign.encode(), cursor)
        beat = time.monotonic()
        while not await request.is_disconnected():
            batch = await anyio.to_thread.run_sync(read, cursor)
            for item in batch:
                yield frame(item)
                cursor = item["version"]
            if batch:
                beat = time.monotonic()
                if len(batch) == BATCH:
                    continue
            elif time.monotonic() - beat >= settings["heartbeat"]:
                yield b": heartbeat\n\n"
                beat = time.monotonic()
            await anyio.sleep(settings["poll"])

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(frames(), media_type="text/event-stream", headers=headers)
