"""One broadcaster per server: it hears every append and wakes the event streams of the campaign that moved.

An open ``/api/stream`` holds a :class:`Watch` of its campaign and sleeps on it; it reads the store only
when the broadcaster says the campaign moved (or at its heartbeat), never on a timer of its own.  The
broadcaster hears the appends once for the whole server:

* on PostgreSQL, by ``LISTEN`` on :attr:`EventStore.NOTIFY_CHANNEL` over one dedicated psycopg
  connection (the store notifies ``"<version> <campaign>"`` inside each append's transaction, so every
  writer, this server, another server or the CLI, is heard at its commit).  A lost connection is
  reopened after a second, and every stream is woken then: notifications sent meanwhile are gone.
  The channel is the database's, not the schema's: servers over other schemas of the same database
  only cause a spurious wake (the stream reads and finds nothing);
* on SQLite, through ``store.after_append`` for this process's appends, and by ONE poll per server of
  the events past the last ``seq`` it saw (every ``poll`` seconds, an index range on the primary key)
  for the appends of other processes, such as the CLI.

It also keeps the count of open streams per token and refuses one past ``per_token``.  Everything but
the two hearing paths runs on the event loop; they hand a campaign over with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections import Counter, defaultdict
from typing import Any

import anyio
import psycopg
import sqlalchemy as sa

from journal.store.eventstore import EventStore
from journal.store.tables import events as EVENTS

log = logging.getLogger("web.broadcast")

#: Seconds before a lost LISTEN connection is opened again.
RECONNECT = 1.0


#: The broadcasters of this process's running apps (between their lifespan's start and stop).
RUNNING: weakref.WeakSet[Broadcaster] = weakref.WeakSet()


def end_every_stream() -> None:
    """Uvicorn begins a graceful shutdown: every open stream of this process ends now (web.server calls this)."""
    for broadcaster in list(RUNNING):
        broadcaster.end()


class Watch:
    """One open stream's view of its campaign: ``wait`` returns when the campaign moved or the time is up."""

    def __init__(self, owner: Broadcaster, campaign: str, token: str) -> None:
        self.campaign = campaign
        self._owner = owner
        self._token = token
        self._moved = asyncio.Event()
        self._open = True
        #: The server is shutting down: the stream sends nothing more and ends its response.
        self.ending = False

    def wake(self) -> None:
        self._moved.set()

    async def wait(self, timeout: float) -> bool:
        """True when the campaign moved since the last wait (at once if it already did); False after ``timeout``."""
        try:
            await asyncio.wait_for(self._moved.wait(), timeout)
        except TimeoutError:
            return False
        self._moved.clear()  # before the stream reads: a later append sets it again
        return True

    def close(self) -> None:
        """Stop watching and give the token's slot back (idempotent)."""
        if self._open:
            self._open = False
            self._owner._release(self)

    @property
    def token(self) -> str:
        return self._token


class Broadcaster:
    """Wakes the watches of a campaign whenever it is appended to, by any process; caps the streams per token."""

    def __init__(self, store: EventStore, *, poll: float = 0.5, per_token: int = 4) -> None:
        self.store = store
        self.poll = poll
        self.per_token = per_token
        self._watches: defaultdict[str, set[Watch]] = defaultdict(set)
        self._per_token: Counter[str] = Counter()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    # -- the streams' side ---------------------------------------------------------------------

    def watch(self, campaign: str, token: str) -> Watch | None:
        """A watch of ``campaign`` for a stream opened with ``token``; None when the token holds ``per_token`` already."""
        if self._per_token[token] >= self.per_token:
            return None
        self._per_token[token] += 1
        watch = Watch(self, campaign, token)
        self._watches[campaign].add(watch)
        return watch

    def _release(self, watch: Watch) -> None:
        watches = self._watches.get(watch.campaign)
        if watches is not None:
            watches.discard(watch)
            if not watches:
                del self._watches[watch.campaign]
        self._per_token[watch.token] -= 1
        if self._per_token[watch.token] <= 0:
            del self._per_token[watch.token]

    # -- hearing the appends -------------------------------------------------------------------

    def moved(self, campaign: str) -> None:
        """Wake every watch of ``campaign`` (on the event loop)."""
        for watch in self._watches.get(campaign, ()):
            watch.wake()

    def end(self) -> None:
        """The server is shutting down: every watch wakes with ``ending`` set, so each stream ends its response itself
        (uvicorn waits ``timeout_graceful_shutdown`` for open responses, then cancels them with a traceback)."""
        for watches in self._watches.values():
            for watch in watches:
                watch.ending = True
                watch.wake()

    def _wake_all(self) -> None:
        for watches in self._watches.values():
            for watch in watches:
                watch.wake()

    def _heard(self, campaign: str, _version: int = 0) -> None:
        """``moved`` from any thread (the store's ``after_append`` runs in the appending worker thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed between the check and the call
            loop.call_soon_threadsafe(self.moved, campaign)

    async def start(self) -> None:
        """Begin hearing the appends (the app's lifespan calls this on startup)."""
        self._loop = asyncio.get_running_loop()
        RUNNING.add(self)
        if self.store.dialect == "postgresql":
            self._task = asyncio.create_task(self._listen(), name="journal-broadcast-listen")
        else:
            self.store.after_append.append(self._heard)
            self._task = asyncio.create_task(self._poll(), name="journal-broadcast-poll")

    async def stop(self) -> None:
        """Stop hearing (on shutdown); the open streams are woken so that they notice the end."""
        RUNNING.discard(self)
        if self._heard in self.store.after_append:
            self.store.after_append.remove(self._heard)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._wake_all()
        self._loop = None

    async def _listen(self) -> None:
        """PostgreSQL: LISTEN on the store's channel over one connection of its own, reopened when lost."""
        args, params = self.store.engine.dialect.create_connect_args(self.store.engine.url)
        channel = EventStore.NOTIFY_CHANNEL
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(*args, **params, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {channel}")
                    self._wake_all()  # whatever was appended while nobody listened
                    async for note in conn.notifies():
                        _version, _, campaign = note.payload.partition(" ")
                        self.moved(campaign)
            except psycopg.Error as exc:
                log.warning("broadcast: LISTEN %s lost (%s); again in %.0f s", channel,
                            (str(exc).splitlines() or [type(exc).__name__])[0], RECONNECT)
            await asyncio.sleep(RECONNECT)

    def _last_seq(self) -> int:
        with self.store.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.max(EVENTS.c.seq))).scalar() or 0

    def _moved_since(self, seq: int) -> tuple[int, list[str]]:
        """(the last seq, the campaigns appended to) past ``seq``: one range read of the primary key."""
        stmt = sa.select(EVENTS.c.campaign, sa.func.max(EVENTS.c.seq)).where(EVENTS.c.seq > seq).group_by(EVENTS.c.campaign)
        with self.store.engine.connect() as conn:
            rows: list[Any] = list(conn.execute(stmt))
        return max((row[1] for row in rows), default=seq), [row[0] for row in rows]

    async def _poll(self) -> None:
        """SQLite: one poll per server for the appends of other processes (this one's come through after_append)."""
        seq: int | None = None
        while True:
            try:
                if seq is None:
                    seq = await anyio.to_thread.run_sync(self._last_seq)
                else:
                    seq, campaigns = await anyio.to_thread.run_sync(self._moved_since, seq)
                    for campaign in campaigns:
                        self.moved(campaign)
            except sa.exc.OperationalError as exc:
                log.warning("broadcast: polling the events failed (%s)", (str(exc).splitlines() or ["?"])[0])
            await asyncio.sleep(self.poll)
