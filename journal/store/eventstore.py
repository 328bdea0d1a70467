"""The event store proper: append with an expected version, streaming reads, export, import, verify.

Everything here is SQLAlchemy Core.  Appending a batch costs three statements (an idempotency check
when ids are supplied, the stream head, one executemany insert) whatever the batch size; reading
streams rows in chunks and decodes each payload exactly once.

Writers to one campaign take turns: :meth:`EventStore.writing` holds the campaign's write lock (in this
process, then in the database) for one transaction, and every append goes through it, so an append
waits for its turn, up to the store's bound, instead of losing a race.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import operator
import os
import threading
import time
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import orjson
import sqlalchemy as sa
import structlog

import journal.logs  # (quiet default logging)
from journal import aftermath
from journal.errors import CampaignBusy, ConcurrencyConflict, IntegrityFailure, NotFound, ValidationFailed
from journal.events.envelope import Event, NewEvent
from journal.i18n import _, gettext
from journal.store.engine import (
    AFTER_COMMIT,
    APPENDED,
    begin_write,
    driver_execute,
    held_write,
    holding,
    statement_reads,
    write_wait,
)
from journal.store.grouping import Work, WriteGroups
from journal.store.hashing import (
    canonical,
    decision_break,
    envelope_bytes,
    export_line,
    hash_bytes,
    row_hasher,
)
from journal.store.receipts import refuse_past_witness, remember_head, sign_last, witness_append
from journal.store.tables import MARKER_TYPES
from journal.store.tables import event_marks as M
from journal.store.tables import events as T
from journal.store.tables import session_seeds as S

if TYPE_CHECKING:
    from pathlib import Path

    from journal.store.keys import JournalKey
    from journal.store.snapshots import ProjectionStore

_log = structlog.get_logger("journal.store")

_COLUMNS = (
    T.c.id,
    T.c.campaign,
    T.c.version,
    T.c.type,
    T.c.data,
    T.c.actor,
    T.c.recorded_at,
    T.c.session,
    T.c.causation,
    T.c.schema,
    T.c.prev_hash,
    T.c.hash,
    T.c.seq,
    T.c.decision,
)
_CHUNK = 2000


def new_ids(count: int) -> list[str]:
    """``count`` time-ordered UUIDs (RFC 9562 version 7), increasing within the batch.

    48 bits of Unix milliseconds and 12 random bits are shared by the batch; the low 64 bits hold
    the variant, the position in the batch and 30 random bits.  Ids that sort by creation keep the
    unique index's inserts at its right edge (random UUIDs halve SQLite's insert rate).
    """
    millis = time.time_ns() // 1_000_000
    entropy = int.from_bytes(os.urandom(6), "big")
    high = f"{(millis << 16) | 0x7000 | (entropy >> 36):016x}"
    prefix = f"{high[:8]}-{high[8:12]}-{high[12:]}-"
    variant, low_random = 0b10 << 62, entropy & ((1 << 30) - 1)
    ids = []
    for position in range(count):
        low = f"{variant | ((position & 0xFFFFFFFF) << 30) | low_random:016x}"
        ids.append(f"{prefix}{low[:4]}-{low[4:]}")
    return ids


def utc_now() -> str:
    """The current UTC time in the store's fixed-width ISO-8601 form."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True, slots=True)
class ChainBreak:
    """The first event of a campaign whose stored hash or link does not match (``reason`` in the language of the
    moment ``verify`` ran: the CLI's, or the audit's request's)."""

    campaign: str
    version: int
    id: str
    reason: str

    def __str__(self) -> str:
        return f"campaign '{self.campaign}' version {self.version} (event {self.id}): {self.reason}"


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """What ``verify`` walked and the first break per campaign (empty when every chain holds)."""

    campaigns: int
    events: int
    breaks: tuple[ChainBreak, ...]

    @property
    def ok(self) -> bool:
        return not self.breaks


#: What folds read of an event: everything but the chain (``prev_hash``, ``hash``) and ``seq``.
_FOLD_COLUMNS = (T.c.id, T.c.version, T.c.type, T.c.data, T.c.actor, T.c.recorded_at, T.c.session, T.c.causation,
                 T.c.schema, T.c.decision)


#: Builds an Event from its fields in order without the named tuple's Python-level ``__new__`` (a third of
#: the cost of turning a row into an event, on the path every read takes).
_event = cast("Callable[[type[Event], tuple], Event]", tuple.__new__)


def _row_to_event(row: Sequence) -> Event:
    return _event(Event, (row[0], row[1], row[2], row[3], orjson.loads(row[4]), row[5], row[6], row[7], row[8], row[9],
                          row[10], row[11], row[12], row[13]))


# The read paths' statements, built once with bound parameters: building a statement costs SQLAlchemy more than
# SQLite spends on a head lookup, and an as-of query makes half a dozen of them.

#: A bound ``end`` meaning "up to the head" (versions are 32-bit integers on PostgreSQL).
_UPTO_ANY = 2**31 - 1


def _marks_statement(typed: bool) -> sa.Select:
    marked = sa.select(M.c.version).where(M.c.campaign == sa.bindparam("campaign"), M.c.version <= sa.bindparam("end"))
    if typed:
        marked = marked.where(M.c.type.in_(sa.bindparam("types", expanding=True)))
    # A semi-join the planners drive from the small marks table (a plain join let SQLite scan the stream).
    return sa.select(*_COLUMNS).where(T.c.campaign == sa.bindparam("campaign"), T.c.version.in_(marked)).order_by(T.c.version)


#: The marks read, without and with a filter on the types.
_MARKS = (_marks_statement(False), _marks_statement(True))

#: The fold reads made so far, by (SQLite, filtered, suffixes, caused).
_FOLD_READS: dict[tuple[bool, bool, tuple[str, ...], bool], sa.Select] = {}


def _fold_read(sqlite: bool, filtered: bool, suffixes: tuple[str, ...], caused: bool) -> sa.Select:
    """The fold read of versions ``start``..``end``; when ``filtered``, only the events of ``types``, of a type ending
    in one of ``suffixes``, or (``caused``) naming a causation.

    On SQLite the payload is read as a BLOB: its stored UTF-8 bytes, which orjson parses as they are (read as text,
    the driver decodes them into a str that orjson encodes back to UTF-8 first: a tenth of the read).
    """
    key = (sqlite, filtered, suffixes, caused)
    stmt = _FOLD_READS.get(key)
    if stmt is None:
        columns = [sa.cast(c, sa.LargeBinary) if sqlite and c is T.c.data else c for c in _FOLD_COLUMNS]
        stmt = sa.select(*columns).where(T.c.campaign == sa.bindparam("campaign"),
                                               T.c.version >= sa.bindparam("start"), T.c.version <= sa.bindparam("end"))
        if filtered:
            stmt = stmt.where(sa.or_(T.c.type.in_(sa.bindparam("types", expanding=True)),
                                     *(T.c.type.endswith(suffix, autoescape=True) for suffix in suffixes),
                                     *((T.c.causation.is_not(None),) if caused else ())))
        stmt = _FOLD_READS[key] = stmt.order_by(T.c.version)
    return stmt



@dataclass(frozen=True, slots=True)
class WriteHead:
    """What a write read of its campaign's head (:meth:`EventStore.write_head`): the version and hash of the last
    event, the ids found not stored (``unstored``), and whether the probed id is stored."""

    version: int
    hash: str | None
    unstored: tuple[str, ...] = ()
    probed_stored: bool = False
    #: How many appends the write had made when it was read: once it has made more, the head is read again.
    appends: int = 0

class EventStore:
    """Append-only campaign streams over one SQLAlchemy engine (SQLite or PostgreSQL)."""

    #: The PostgreSQL channel each append notifies (payload: "<version> <campaign>"), inside its transaction.
    NOTIFY_CHANNEL = "journal_events"

    def __init__(self, engine: sa.Engine, *, wait: float | None = None, url: str | None = None,
                 key: JournalKey | None = None, witness: Path | None = None) -> None:
        self.engine = engine
        #: How long a writer waits for a campaign's write lock, in seconds, before CampaignBusy.
        self.wait = write_wait(wait)
        #: Called as ``listener(campaign, head_version)`` after each append of this process commits.
        self.after_append: list[Callable[[str, int], None]] = []
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        #: The commands queued for each campaign's next group commit (journal/store/grouping.py).
        self._groups = WriteGroups(self)
        #: The URL the store was opened with (``open_store``), which names its key file.
        self.url = url
        #: The journal's signing key, when it has one: each append signs its last event.
        self.key: JournalKey | None = None
        #: The folder beside the key where the newest receipt of each campaign is kept (journal/store/receipts.py).
        self.witness: Path | None = None
        if key is not None:
            self.sign_with(key, witness)

    def sign_with(self, key: JournalKey, witness: Path | None) -> None:
        """Sign every append from now on with ``key`` and, when ``witness`` is a folder's path, keep each
        campaign's newest receipt there once the append commits (journal/store/receipts.py)."""
        self.key = key
        if witness is not None:
            self.witness = witness
            self.after_append.append(lambda campaign, version: witness_append(self, campaign, version))

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    @functools.cached_property
    def _reads(self) -> sa.Engine:
        """The engine for the reads of one statement (journal.store.engine.statement_reads)."""
        return statement_reads(self.engine)

    def _write(self) -> sa.Connection:
        return self.engine.connect().execution_options(sqlite_begin="IMMEDIATE")

    def _connect(self, campaign: str | None) -> contextlib.AbstractContextManager[sa.Connection]:
        """A connection for one read: the write this context holds on ``campaign`` (None: any it holds), if any,
        so that a command's decide sees its own and its group's uncommitted events; else a pooled one."""
        held = held_write(self.engine, campaign)
        return contextlib.nullcontext(held) if held is not None else self.engine.connect()

    # -- writing -----------------------------------------------------------------------------

    def held(self, campaign: str) -> sa.Connection | None:
        """The connection of the write on ``campaign`` this context (thread or task) holds, or None."""
        return held_write(self.engine, campaign)

    @contextlib.contextmanager
    def writing(self, campaign: str, *, wait: float | None = None) -> Iterator[sa.Connection]:
        """Hold ``campaign``'s write lock for one transaction and yield its connection; commit on leaving.

        The wait is bounded (``wait`` seconds, default the store's): past it, :class:`CampaignBusy`.  In
        this process writers queue on a per-campaign thread lock first (one pooled connection per campaign
        waits in the database, not one per thread).  Inside, the context is known as the campaign's writer:
        a nested ``writing`` (an :meth:`append` without ``conn``, a seed kept, a cache saved) goes through
        the same connection and transaction.  The append listeners run after the commit.
        """
        held = self.held(campaign)
        if held is not None:
            yield held
            return
        bound = self.wait if wait is None else wait
        deadline = time.monotonic() + bound
        with self._locks_guard:
            lock = self._locks.setdefault(campaign, threading.Lock())
        if not lock.acquire(timeout=bound):
            raise CampaignBusy(campaign, bound)
        pending: list[tuple[str, int]] = []
        committed: list[Callable[[], None]] = []
        try:
            with self.engine.connect() as conn:
                transaction = begin_write(conn, campaign, max(0.0, deadline - time.monotonic()))
                if transaction is None:
                    raise CampaignBusy(campaign, bound)
                conn.info[APPENDED] = pending
                conn.info[AFTER_COMMIT] = committed
                try:
                    with transaction, holding(self.engine, campaign, conn):
                        yield conn
                finally:
                    conn.info.pop(APPENDED, None)
                    conn.info.pop(AFTER_COMMIT, None)
        finally:
            lock.release()
        for then in committed:
            then()
        failed: list[aftermath.AfterCommit] = []
        for appended_to, version in pending:  # stored now: what fails from here on is said as such (journal.aftermath)
            for listener in self.after_append:
                try:
                    listener(appended_to, version)
                except Exception as exc:  # noqa: BLE001 - the events are stored; the caller hears what failed after
                    _log.info("append.after_commit_failed", campaign=appended_to, version=version,
                                 reason=aftermath.failed_step(exc))
                    failed.append(aftermath.AfterCommit(appended_to, version, aftermath.failed_step(exc)))
        aftermath.report(failed)

    def grouped(self, campaign: str, work: Work, *, key: object | None = None) -> Any:
        """Run ``work(conn, carry)`` in ``campaign``'s next write, shared with whatever else queued for it (group
        commit, journal/store/grouping.py), and return its step's result once that write is committed; raise its
        error, or its step's refusal.  ``key`` (an idempotent request's): the same key never shares a group."""
        return self._groups.run(campaign, work, key=key)

    def queued(self, campaign: str) -> int:
        """How many works wait for ``campaign``'s next group write (:meth:`grouped`)."""
        return self._groups.queued(campaign)

    def append(self, campaign: str, new_events: Sequence[NewEvent], expected_version: int | None = None, *,
               conn: sa.Connection | None = None, known: WriteHead | None = None) -> list[Event]:
        """Append ``new_events`` to ``campaign`` in one transaction and return them as stored.

        ``expected_version`` is the version the caller last saw (0 for a new campaign); a different
        head raises :class:`ConcurrencyConflict` naming both.  ``None`` appends at whatever the head
        is.  The append takes the campaign's write lock (:meth:`writing`), or goes through ``conn``, the
        connection of a :meth:`writing` the caller holds (it commits when that ends).  When every event's
        id is already stored with the same content, the stored events are returned and nothing is written
        (an idempotent retry); a batch that repeats only some stored ids, or a stored id with other
        content, is refused.

        ``known``: what :meth:`write_head` read through ``conn`` in this same write: unless the write appended since,
        the head is not read again, nor are the ids it found unstored probed again (one round trip each saved).
        """
        if not new_events:
            return []
        try:
            return self._append_once(campaign, new_events, expected_version, via=conn,
                                     known=known if conn is not None else None)
        except sa.exc.IntegrityError:
            # A writer that bypassed the lock took the version (or stored the same id) first.
            if conn is not None or self.held(campaign) is not None:  # the caller's transaction is spoilt
                with self._reads.connect() as fresh:  # (aborted, on PostgreSQL): the committed head, read apart
                    head = self.head(campaign, conn=fresh)
                raise ConcurrencyConflict(campaign, -1 if expected_version is None else expected_version,
                                          head) from None
            stored = self._stored_retry(campaign, new_events)
            if stored is not None:
                return stored
            raise ConcurrencyConflict(campaign, -1 if expected_version is None else expected_version, self.head(campaign)) from None

    def _stored_retry(self, campaign: str, new_events: Sequence[NewEvent]) -> list[Event] | None:
        ids = [e.id for e in new_events if e.id]
        if len(ids) != len(new_events):
            return None
        with self.engine.connect() as conn:
            stored = self._by_ids(conn, ids)
        return self._idempotent(campaign, new_events, stored)

    def _by_ids(self, conn: sa.Connection, ids: list[str]) -> list[Event]:
        rows = conn.execute(sa.select(*_COLUMNS).where(T.c.id.in_(ids)).order_by(T.c.seq)).all()
        return [_row_to_event(row) for row in rows]

    @staticmethod
    def _idempotent(campaign: str, new_events: Sequence[NewEvent], stored: list[Event]) -> list[Event] | None:
        if not stored:
            return None
        if len(stored) != len(new_events) or any(e.campaign != campaign for e in stored):
            clash = ", ".join(sorted(e.id for e in stored))
            raise ValidationFailed(_("event id already stored: {clash} (a retry must resend the whole batch unchanged)").format(clash=clash))
        by_id = {e.id: e for e in stored}
        for new in new_events:
            old = by_id[cast(str, new.id)]
            if (old.type, old.actor, old.causation, old.session) != (new.type, new.actor, new.causation, new.session) \
                    or canonical(old.data) != canonical(new.data):
                raise ValidationFailed(
                    f"event id {old.id} is already stored as version {old.version} ({old.type}) of campaign "
                    f"'{old.campaign}' with other content than this append's {new.type}: a retry must resend "
                    "the same events")
        return stored

    def _append_once(self, campaign: str, new_events: Sequence[NewEvent], expected_version: int | None,
                     via: sa.Connection | None = None, known: WriteHead | None = None) -> list[Event]:
        supplied = [e.id for e in new_events if e.id]
        with contextlib.nullcontext(via) if via is not None else self.writing(campaign) as conn:
            if known is not None and len(conn.info.get(APPENDED, ())) != known.appends:
                known = None  # appended since it was read (a decide's own write): read again
            unprobed = [i for i in supplied if known is None or i not in known.unstored]
            if unprobed and self.any_stored(unprobed, conn=conn):
                stored = self._idempotent(campaign, new_events, self._by_ids(conn, supplied))
                if stored is not None:
                    return stored
            if known is not None:
                current, prev_hash = known.version, known.hash
            else:
                head_sql, positional = self._head_sql
                head = driver_execute(conn, head_sql, (campaign,) if positional else {"campaign": campaign}).fetchone()
                current, prev_hash = (head[0], head[1]) if head else (0, None)
            if self.witness is not None:
                refuse_past_witness(self, conn, campaign, current, prev_hash)
            if expected_version is not None and expected_version != current:
                raise ConcurrencyConflict(campaign, expected_version, current)
            now = utc_now()
            ids = new_ids(len(new_events))
            rows: list[dict] = []
            appended: list[Event] = []
            decision = new_events[0].id or ids[0]  # one append is one decision: its first event names it
            for offset, new in enumerate(new_events):
                data_json = canonical(new.data)
                event_id, version, recorded_at = new.id or ids[offset], current + offset + 1, new.recorded_at or now
                row = {
                    "actor": new.actor,
                    "campaign": campaign,
                    "causation": new.causation,
                    "data": orjson.Fragment(data_json),
                    "decision": decision,
                    "id": event_id,
                    "prev_hash": prev_hash,
                    "recorded_at": recorded_at,
                    "schema": new.schema,
                    "session": new.session,
                    "type": new.type,
                    "version": version,
                }
                event = _event(Event, (event_id, campaign, version, new.type, new.data, new.actor, recorded_at,
                                       new.session, new.causation, new.schema, prev_hash, hash_bytes(row), None, decision))
                row["hash"] = prev_hash = event.hash
                row["data"] = data_json.decode()
                row["signature"] = None
                rows.append(row)
                appended.append(event)
            if self.key is not None:
                sign_last(self.key, rows)  # one signature per append, on its last event (journal/store/receipts.py)
            self._insert(conn, rows)
            if self.dialect == "postgresql":
                driver_execute(conn, "SELECT pg_notify(%s, %s)", (self.NOTIFY_CHANNEL, f"{appended[-1].version} {campaign}"))
            conn.info.setdefault(APPENDED, []).append((campaign, appended[-1].version))
        if journal.logs.enabled(logging.DEBUG):  # (a bound logger per append cost more than the signature)
            log = _log.bind(campaign=campaign)
            for event in appended:
                log.debug("event.appended", version=event.version, type=event.type, actor=event.actor)
        return appended

    def any_stored(self, ids: Sequence[str], *, conn: sa.Connection | None = None) -> bool:
        """Whether any of ``ids`` is a stored event's id (read through ``conn``, a write's, when given).

        The idempotency checks of the write path ask this first: a new id, the usual case, costs one index probe.
        """
        marks = ", ".join(["?" if self._head_sql[1] else "%s"] * len(ids))
        sql = f"SELECT 1 FROM events WHERE id IN ({marks}) LIMIT 1"
        if conn is not None:
            return driver_execute(conn, sql, tuple(ids)).fetchone() is not None
        with self.engine.connect() as own:
            return driver_execute(own, sql, tuple(ids)).fetchone() is not None

    def _insert(self, conn: sa.Connection, rows: list[dict]) -> None:
        """Insert rows with one driver-level execute(many) of the INSERT compiled once for this dialect."""
        sql, order = self._insert_sql
        params = rows if order is None else list(map(order, rows))
        if len(params) == 1:
            driver_execute(conn, sql, params[0])
        else:
            driver_execute(conn, sql, params, many=True)
        marks = [{"campaign": r["campaign"], "version": r["version"], "type": r["type"]}
                 for r in rows if r["type"] in MARKER_TYPES]
        if marks:
            marks_sql, marks_order = self._marks_sql
            driver_execute(conn, marks_sql, marks if marks_order is None else list(map(marks_order, marks)), many=True)

    def _compiled_insert(self, table: sa.Table, names: Iterable[str]) -> tuple[str, Callable[[dict], tuple] | None]:
        compiled = sa.insert(table).values({name: sa.bindparam(name) for name in names}).compile(
            dialect=self.engine.dialect
        )
        positions = compiled.positiontup  # the parameters' order, for a positional paramstyle (None otherwise)
        return str(compiled), operator.itemgetter(*positions) if compiled.positional and positions is not None else None

    @functools.cached_property
    def _insert_sql(self) -> tuple[str, Callable[[dict], tuple] | None]:
        return self._compiled_insert(T, [c.name for c in T.columns if c.name != "seq"])

    @functools.cached_property
    def _marks_sql(self) -> tuple[str, Callable[[dict], tuple] | None]:
        return self._compiled_insert(M, ["campaign", "version", "type"])

    def write_head(self, campaign: str, conn: sa.Connection, probe: str | None = None) -> WriteHead:
        """The campaign's head (version and hash of its last event) read through ``conn``, a write's, and whether
        the event id ``probe`` is stored, in ONE statement (a command's head and its idempotency probe)."""
        appends = len(conn.info.get(APPENDED, ()))
        if probe is None:
            head_sql, positional = self._head_sql
            row = driver_execute(conn, head_sql, (campaign,) if positional else {"campaign": campaign}).fetchone()
            return WriteHead(row[0], row[1], appends=appends) if row else WriteHead(0, None, appends=appends)
        sql, order = self._head_probe_sql
        params = {"probe": probe, "campaign": campaign}
        row = driver_execute(conn, sql, params if order is None else tuple(params[name] for name in order)).fetchone()
        if row is None:
            return WriteHead(0, None, appends=appends)
        return WriteHead(row[0], row[1], () if row[2] else (probe,), bool(row[2]), appends)

    @functools.cached_property
    def _head_probe_sql(self) -> tuple[str, tuple[str, ...] | None]:
        """:meth:`write_head`'s statement with the probe in the driver's paramstyle, and its parameters' order when
        that paramstyle is positional."""
        compiled = sa.text("SELECT version, hash, EXISTS (SELECT 1 FROM events WHERE id = :probe) FROM events "
                           "WHERE campaign = :campaign ORDER BY version DESC LIMIT 1").compile(dialect=self.engine.dialect)
        return str(compiled), tuple(compiled.positiontup or ()) if compiled.positional else None

    @functools.cached_property
    def _head_sql(self) -> tuple[str, bool]:
        """The append's head lookup (version and hash of the campaign's last event) in the driver's paramstyle."""
        compiled = sa.text("SELECT version, hash FROM events WHERE campaign = :campaign ORDER BY version DESC LIMIT 1"
                           ).compile(dialect=self.engine.dialect)
        return str(compiled), bool(compiled.positional)

    # -- reading -----------------------------------------------------------------------------

    def head(self, campaign: str, *, conn: sa.Connection | None = None) -> int:
        """The campaign's current version (0 when it has no events), read through ``conn`` when given (a write's),
        else through the write this context holds on the campaign (its own uncommitted events counted), if any."""
        conn = conn if conn is not None else self.held(campaign)
        head_sql, positional = self._head_sql  # to the driver: a token check and every command read the head
        params = (campaign,) if positional else {"campaign": campaign}
        if conn is not None:
            row = driver_execute(conn, head_sql, params).fetchone()
            return row[0] if row else 0
        with self._reads.connect() as own:
            row = driver_execute(own, head_sql, params).fetchone()
            return row[0] if row else 0

    def exists(self, campaign: str) -> bool:
        return self.head(campaign) > 0

    def campaigns(self) -> list[str]:
        """Every campaign's name, in the order the campaigns were started."""
        stmt = sa.select(T.c.campaign).where(T.c.version == 1).order_by(T.c.seq)
        with self._connect(None) as conn:
            return list(conn.execute(stmt).scalars())

    def read(
        self,
        campaign: str,
        *,
        from_version: int = 1,
        to_version: int | None = None,
        types: Iterable[str] | None = None,
    ) -> Generator[Event, None, None]:
        """Stream a campaign's events in version order (rows fetched in chunks, never all at once).

        Inside a write this context holds (a command's decide) the read goes through the write's connection, so
        it sees the write's own events, those of the commands before it in its group (journal/service/journal.py)
        included, and the rows are fetched at once."""
        stmt = sa.select(*_COLUMNS).where(T.c.campaign == campaign, T.c.version >= from_version)
        if to_version is not None:
            stmt = stmt.where(T.c.version <= to_version)
        if types is not None:
            stmt = stmt.where(T.c.type.in_(list(types)))
        held = self.held(campaign)
        if held is not None:  # inside this context's write: its own events (a group's uncommitted ones) included
            yield from map(_row_to_event, held.execute(stmt.order_by(T.c.version)).all())
            return
        yield from self._stream(stmt.order_by(T.c.version))

    def read_for_fold(self, campaign: str, *, from_version: int = 1, to_version: int | None = None,
                      types: Collection[str] | None = None, suffixes: Sequence[str] = (),
                      caused: bool = False) -> Iterator[Event]:
        """Stream a campaign's events for folding: as :meth:`read`, without the chain's hashes and ``seq``.

        The hashes are a third of a row and no fold reads them; ``prev_hash`` is None and ``hash`` empty.
        With ``types``, only the events the folds read are fetched: those of ``types``, of a type ending in one
        of ``suffixes``, and (``caused``) those that name a causation; the versions in between are skipped.
        A span of at most one chunk of versions (an as-of's tail from its snapshot) is fetched at once, in one
        statement without a transaction; a longer one is streamed through a server-side cursor.
        """
        params: dict = {"campaign": campaign, "start": from_version, "end": _UPTO_ANY if to_version is None else to_version}
        if types is not None:
            params["types"] = sorted(types)
        stmt = _fold_read(self.dialect == "sqlite", types is not None, tuple(suffixes), caused)
        loads = orjson.loads
        held = self.held(campaign)
        short = params["end"] - from_version < _CHUNK
        with contextlib.nullcontext(held) if held is not None else (self._reads if short else self.engine).connect() as conn:
            # Inside this context's write, its own events (a group's uncommitted ones) included; or a short span.
            if held is not None or short:
                partitions: Iterable[Sequence[sa.Row]] = [conn.execute(stmt, params).all()]
            else:
                partitions = conn.execution_options(yield_per=_CHUNK).execute(stmt, params).partitions()
            for rows in partitions:
                for r in rows:
                    yield _event(Event, (r[0], campaign, r[1], r[2], loads(r[3]), r[4], r[5], r[6], r[7], r[8], None, "",
                                         None, r[9]))

    def read_all(self, *, after_seq: int = 0) -> Iterator[Event]:
        """Stream every event of every campaign in global order."""
        yield from self._stream(sa.select(*_COLUMNS).where(T.c.seq > after_seq).order_by(T.c.seq))

    def _stream(self, stmt: sa.Select) -> Generator[Event, None, None]:
        with self.engine.connect() as conn:
            result = conn.execution_options(yield_per=_CHUNK).execute(stmt)
            for rows in result.partitions():
                yield from map(_row_to_event, rows)

    def marks(self, campaign: str, *, to_version: int | None = None, types: Iterable[str] | None = None) -> list[Event]:
        """The campaign's structural events (creation, members, tokens, sessions, voids), through their marks."""
        params: dict = {"campaign": campaign, "end": _UPTO_ANY if to_version is None else to_version}
        if types is not None:
            params["types"] = list(types)
        held = self.held(campaign)
        with contextlib.nullcontext(held) if held is not None else self._reads.connect() as conn:
            return [_row_to_event(row) for row in conn.execute(_MARKS[types is not None], params)]

    def decision(self, event: Event) -> list[Event]:
        """Every event of ``event``'s decision (the events its command appended), in version order.

        A decision's events are contiguous: they were appended together.  An event stored before
        decisions were recorded (``decision`` NULL) belongs with the neighbours of its append, which
        the store stamped with one ``recorded_at`` and which share its actor and session.
        """
        if event.decision is not None:
            first = event if event.decision == event.id else self.get(event.decision)
            found = []
            for candidate in self.read(event.campaign, from_version=first.version):
                if candidate.decision != event.decision:
                    break
                found.append(candidate)
            return found

        def same(other: Event) -> bool:
            return (other.decision is None and other.recorded_at == event.recorded_at and other.actor == event.actor
                    and other.session == event.session)

        low = max(1, event.version - 200)
        around = list(self.read(event.campaign, from_version=low, to_version=event.version + 200))
        at = next(i for i, e in enumerate(around) if e.id == event.id)
        start = at
        while start > 0 and same(around[start - 1]):
            start -= 1
        end = at
        while end + 1 < len(around) and same(around[end + 1]):
            end += 1
        return around[start:end + 1]

    def ids_with_prefix(self, prefix: str, *, campaign: str | None = None, type_: str | None = None,
                        limit: int = 6) -> list[tuple[str, str]]:
        """(id, campaign) of the stored events whose id starts with ``prefix`` (at most ``limit``)."""
        stmt = sa.select(T.c.id, T.c.campaign).where(T.c.id.like(prefix + "%"))
        if campaign is not None:
            stmt = stmt.where(T.c.campaign == campaign)
        if type_ is not None:
            stmt = stmt.where(T.c.type == type_)
        with self._connect(campaign) as conn:
            return [(row[0], row[1]) for row in conn.execute(stmt.order_by(T.c.seq).limit(limit))]

    def version_at(self, campaign: str, recorded_at: str) -> int:
        """The last version of the campaign recorded at or before ``recorded_at`` (0 if none)."""
        stmt = sa.select(sa.func.max(T.c.version)).where(T.c.campaign == campaign, T.c.recorded_at <= recorded_at)
        with self._connect(campaign) as conn:
            return conn.execute(stmt).scalar() or 0

    @functools.cached_property
    def projections(self) -> ProjectionStore:
        """Snapshots and read models kept beside the events."""
        from journal.store.snapshots import ProjectionStore

        return ProjectionStore(self.engine, wait=self.wait)

    def get(self, event_id: str) -> Event:
        """The stored event with this id (through the write this context holds, if any); NotFound otherwise."""
        with self._connect(None) as conn:
            found = self._by_ids(conn, [event_id])
        if not found:
            raise NotFound(gettext("no event with id '{id}'").format(id=event_id))
        return found[0]

    # -- session seeds -----------------------------------------------------------------------

    def keep_seed(self, campaign: str, session: int, seed: str) -> None:
        """Keep the secret seed of a session's dice until its end (replacing an unused earlier one).

        Inside a command (the campaign's write held) the seed is kept in the command's transaction.
        """
        with self.writing(campaign) as conn:
            conn.execute(sa.delete(S).where(S.c.campaign == campaign, S.c.session == session))
            conn.execute(sa.insert(S).values(campaign=campaign, session=session, seed=seed))

    def seed(self, campaign: str, session: int) -> str | None:
        """The kept seed of a session, or None (read through the campaign's write when this context holds it)."""
        stmt = sa.select(S.c.seed).where(S.c.campaign == campaign, S.c.session == session)
        with self._connect(campaign) as conn:
            return conn.execute(stmt).scalar()

    def seed_rows(self, campaign: str | None = None) -> list[tuple[str, int, str]]:
        """Every kept seed row (campaign, session, seed), or one campaign's, in order: what ``verify`` checks."""
        stmt = sa.select(S.c.campaign, S.c.session, S.c.seed).order_by(S.c.campaign, S.c.session)
        if campaign is not None:
            stmt = stmt.where(S.c.campaign == campaign)
        with self.engine.connect() as conn:
            return [(row[0], row[1], row[2]) for row in conn.execute(stmt)]

    # -- export, import, verify --------------------------------------------------------------

    def export_lines(self, campaign: str) -> Iterator[bytes]:
        """The campaign as JSONL lines (no newline), one stored envelope each, in version order."""
        stmt = sa.select(*_COLUMNS).where(T.c.campaign == campaign).order_by(T.c.version)
        with self.engine.connect() as conn:
            for row in conn.execution_options(yield_per=_CHUNK).execute(stmt):
                yield export_line(row._mapping, row[4])

    def import_lines(self, lines: Iterable[bytes | str], *, public_key: str | None = None,
                     validate: Callable[[list[tuple[int, dict]]], None] | None = None) -> dict[str, int]:
        """Import exported JSONL all-or-nothing, keeping ids, versions and hashes.

        Every line is parsed, validated and chain-checked before anything is written; the first
        bad line raises an error naming it.  ``validate`` (the service's check that the journal's
        commands could have recorded each event) is handed the (line number, row) pairs and raises
        to refuse.  A campaign already in this journal is refused.
        The file's receipt lines are checked against its chain (one per campaign is required when
        ``public_key`` is given, signed by it); this journal then signs each imported head.
        Returns the number of events imported per campaign.
        """
        from journal.store.importing import numbered_rows
        from journal.store.receipts import split, vouch_import

        lines, receipts = split(lines)
        numbered = numbered_rows(lines)
        if validate is not None:
            validate(numbered)
        rows = [row for _, row in numbered]
        signed_heads = vouch_import(rows, receipts, public_key, self.key)
        counts: dict[str, int] = {}
        for row in rows:
            counts[row["campaign"]] = counts.get(row["campaign"], 0) + 1
        if not rows:
            return counts
        with self._write() as conn, conn.begin():
            present = conn.execute(sa.select(T.c.campaign).where(T.c.campaign.in_(list(counts))).limit(1)).scalar()
            if present is not None:
                raise ValidationFailed(_("campaign '{present}' already exists in this journal: nothing imported").format(present=present))
            if self.witness is not None:
                for campaign in counts:  # a campaign the witness holds was deleted: no import takes its place
                    refuse_past_witness(self, conn, campaign, 0, None)
            try:
                for start in range(0, len(rows), 10_000):
                    self._insert(conn, rows[start : start + 10_000])
            except sa.exc.IntegrityError:
                raise ValidationFailed("an event id in the file is already stored in this journal: nothing imported") from None
        for head in signed_heads:  # stored: a witness that cannot be written is said as such (journal.aftermath)
            with aftermath.stored(head["campaign"], head["version"]):
                remember_head(self, head["campaign"], head["version"], head["hash"], head["recorded_at"],
                              head["signature"])
        return counts

    def verify_marks(self, campaign: str | None = None) -> list[str]:
        """Rebuild ``event_marks`` from the events (every event of a ``MARKER_TYPES`` type) and name each difference.

        A mark missing for a structural event, a mark of a version that holds no such event, and a mark whose
        type is not its event's: one line each, in campaign and version order (empty when the marks agree).
        """
        expected = sa.select(T.c.campaign, T.c.version, T.c.type).where(T.c.type.in_(sorted(MARKER_TYPES)))
        stored = sa.select(M.c.campaign, M.c.version, M.c.type)
        if campaign is not None:
            expected, stored = expected.where(T.c.campaign == campaign), stored.where(M.c.campaign == campaign)
        with self.engine.connect() as conn:
            events = {(row[0], row[1]): row[2] for row in conn.execute(expected)}
            marks = {(row[0], row[1]): row[2] for row in conn.execute(stored)}
            unexplained = sorted(set(marks) - set(events))
            actual: dict[tuple[str, int], str] = {}
            for start in range(0, len(unexplained), 500):
                keys = unexplained[start:start + 500]
                found = sa.select(T.c.campaign, T.c.version, T.c.type).where(
                    sa.tuple_(T.c.campaign, T.c.version).in_(keys))
                actual.update({(row[0], row[1]): row[2] for row in conn.execute(found)})
        problems: list[tuple[tuple[str, int], str]] = []
        for key, kind in events.items():
            if key not in marks:
                problems.append((key, f"event_marks: campaign '{key[0]}' version {key[1]} ({kind}) is missing"))
            elif marks[key] != kind:
                where = f"event_marks: campaign '{key[0]}' version {key[1]}"
                problems.append((key, f"{where} is marked {marks[key]}, the event is {kind}"))
        for key in unexplained:
            held = f"the event is {actual[key]}" if key in actual else "there is no such event"
            problems.append((key, f"event_marks: campaign '{key[0]}' version {key[1]} is marked {marks[key]}, {held}"))
        return [text for _, text in sorted(problems)]

    def verify_order(self, campaign: str | None = None) -> list[str]:
        """Name each event whose ``seq`` (the order events were stored in, which reads and the event stream follow)
        is not after its campaign's previous event's, and each ``seq`` two events share: one line each.

        ``seq`` is outside the hash (the database numbers it), so the chain cannot vouch for it; the versions can:
        a campaign's events were stored in version order, so their ``seq`` rise with the version.
        """
        previous = sa.func.lag(T.c.seq).over(partition_by=T.c.campaign, order_by=T.c.version).label("previous")
        ordered = sa.select(T.c.campaign, T.c.version, T.c.seq, previous)
        if campaign is not None:
            ordered = ordered.where(T.c.campaign == campaign)
        inner = ordered.subquery()
        backwards = sa.select(inner.c.campaign, inner.c.version, inner.c.seq, inner.c.previous).where(
            inner.c.previous >= inner.c.seq).order_by(inner.c.campaign, inner.c.version)
        shared = sa.select(T.c.seq).group_by(T.c.seq).having(sa.func.count() > 1)
        twice = sa.select(T.c.campaign, T.c.version, T.c.seq).where(T.c.seq.in_(shared))
        if campaign is not None:
            twice = twice.where(T.c.campaign == campaign)
        problems: list[tuple[tuple[str, int], str]] = []
        with self.engine.connect() as conn:
            for name, version, seq, before in conn.execute(backwards):
                problems.append(((name, version), gettext(
                    "seq: campaign '{campaign}' version {version} has seq {seq}, not after the previous version's "
                    "{previous} (the stored order was changed)").format(campaign=name, version=version, seq=seq,
                                                                       previous=before)))
            for name, version, seq in conn.execute(twice.order_by(T.c.campaign, T.c.version)):
                problems.append(((name, version), gettext(
                    "seq: campaign '{campaign}' version {version} has seq {seq}, which another event has too")
                    .format(campaign=name, version=version, seq=seq)))
        return [text for _, text in sorted(problems)]

    def verify(self, campaign: str | None = None) -> VerifyReport:
        """Walk every chain (or one campaign's) and report the first break of each."""
        stmt = sa.select(*_COLUMNS)
        if campaign is not None:
            stmt = stmt.where(T.c.campaign == campaign)
        stmt = stmt.order_by(T.c.campaign, T.c.version)
        breaks: list[ChainBreak] = []
        count = 0
        campaigns = 0
        current: str | None = None
        broken = False
        expected_version = 0
        prev_hash: str | None = None
        prev_decision: str | None = None
        row_hash = row_hasher([c.name for c in _COLUMNS])
        # Row positions (see _COLUMNS): 0 id, 1 campaign, 2 version, 10 prev_hash, 11 hash, 13 decision.
        with self.engine.connect() as conn:
            for rows in conn.execution_options(yield_per=_CHUNK).execute(stmt).partitions():
                for row in rows:
                    count += 1
                    if row[1] != current:
                        current, broken, expected_version, prev_hash, prev_decision = row[1], False, 0, None, None
                        campaigns += 1
                    if broken:
                        continue
                    expected_version += 1
                    reason = None
                    decision = row[13]
                    if row[2] != expected_version:
                        reason = gettext("version {version} is missing").format(version=expected_version)
                    elif row[10] != prev_hash:
                        reason = gettext("prev_hash does not match the previous event's hash")
                    elif row_hash(row) != row[11]:
                        reason = gettext("hash does not match the stored envelope (the event was altered)")
                    elif decision != prev_decision and decision != row[0]:
                        reason = decision_break(decision, row[0], prev_decision)
                    if reason:
                        breaks.append(ChainBreak(row[1], row[2], row[0], reason))
                        broken = True
                    prev_hash = row[11]
                    prev_decision = decision
        if campaign is not None and campaigns == 0:
            raise NotFound(gettext("no campaign named '{campaign}'").format(campaign=campaign))
        return VerifyReport(campaigns, count, tuple(breaks))


__all__ = ["ChainBreak", "EventStore", "IntegrityFailure", "VerifyReport", "envelope_bytes", "utc_now"]
