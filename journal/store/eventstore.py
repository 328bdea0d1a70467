"""The event store proper: append with an expected version, streaming reads, export, import, verify.

Everything here is SQLAlchemy Core.  Appending a batch costs three statements (an idempotency check
when ids are supplied, the stream head, one executemany insert) whatever the batch size; reading
streams rows in chunks and decodes each payload exactly once.
"""

from __future__ import annotations

import functools
import operator
import os
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, cast

import orjson
import sqlalchemy as sa
import structlog

import journal.logs  # noqa: F401  (quiet default logging)
from journal.errors import ConcurrencyConflict, IntegrityFailure, NotFound, ValidationFailed
from journal.events.envelope import Event, NewEvent
from journal.store.hashing import (
    canonical,
    decision_break,
    envelope_bytes,
    export_line,
    hash_bytes,
    row_hasher,
)
from journal.store.tables import MARKER_TYPES
from journal.store.tables import event_marks as M
from journal.store.tables import events as T
from journal.store.tables import session_seeds as S

if TYPE_CHECKING:
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
    """The first event of a campaign whose stored hash or link does not match."""

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


class EventStore:
    """Append-only campaign streams over one SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    def _write(self) -> sa.Connection:
        return self.engine.connect().execution_options(sqlite_begin="IMMEDIATE")

    # -- writing -----------------------------------------------------------------------------

    def append(self, campaign: str, new_events: Sequence[NewEvent], expected_version: int | None = None) -> list[Event]:
        """Append ``new_events`` to ``campaign`` in one transaction and return them as stored.

        ``expected_version`` is the version the caller last saw (0 for a new campaign); a different
        head raises :class:`ConcurrencyConflict` naming both.  ``None`` appends at whatever the head
        is.  When every event's id is already stored, the stored events are returned and nothing is
        written (an idempotent retry); a batch that repeats only some stored ids is refused.
        """
        if not new_events:
            return []
        try:
            return self._append_once(campaign, new_events, expected_version)
        except sa.exc.IntegrityError:
            # A concurrent writer took the version (or stored the same id) between our read and write.
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
            raise ValidationFailed(f"event id already stored: {clash} (a retry must resend the whole batch unchanged)")
        return stored

    def _append_once(self, campaign: str, new_events: Sequence[NewEvent], expected_version: int | None) -> list[Event]:
        supplied = [e.id for e in new_events if e.id]
        with self._write() as conn, conn.begin():
            if supplied:
                stored = self._idempotent(campaign, new_events, self._by_ids(conn, supplied))
                if stored is not None:
                    return stored
            head = conn.execute(
                sa.select(T.c.version, T.c.hash).where(T.c.campaign == campaign).order_by(T.c.version.desc()).limit(1)
            ).first()
            current, prev_hash = (head[0], head[1]) if head else (0, None)
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
                rows.append(row)
                appended.append(event)
            self._insert(conn, rows)
        log = _log.bind(campaign=campaign)
        for event in appended:
            log.debug("event.appended", version=event.version, type=event.type, actor=event.actor)
        return appended

    def _insert(self, conn: sa.Connection, rows: list[dict]) -> None:
        """Insert rows with one executemany of the INSERT compiled once for this dialect."""
        sql, order = self._insert_sql
        if order is None:
            conn.exec_driver_sql(sql, rows)
        else:
            conn.exec_driver_sql(sql, list(map(order, rows)))
        marks = [{"campaign": r["campaign"], "version": r["version"], "type": r["type"]}
                 for r in rows if r["type"] in MARKER_TYPES]
        if marks:
            conn.execute(sa.insert(M), marks)

    @functools.cached_property
    def _insert_sql(self) -> tuple[str, Callable[[dict], tuple] | None]:
        compiled = sa.insert(T).values({c.name: sa.bindparam(c.name) for c in T.columns if c.name != "seq"}).compile(
            dialect=self.engine.dialect
        )
        positions = compiled.positiontup  # the parameters' order, for a positional paramstyle (None otherwise)
        return str(compiled), operator.itemgetter(*positions) if compiled.positional and positions is not None else None

    # -- reading -----------------------------------------------------------------------------

    def head(self, campaign: str) -> int:
        """The campaign's current version (0 when it has no events)."""
        with self.engine.connect() as conn:
            value = conn.execute(sa.select(sa.func.max(T.c.version)).where(T.c.campaign == campaign)).scalar()
        return value or 0

    def exists(self, campaign: str) -> bool:
        return self.head(campaign) > 0

    def campaigns(self) -> list[str]:
        """Every campaign's name, in the order the campaigns were started."""
        stmt = sa.select(T.c.campaign).where(T.c.version == 1).order_by(T.c.seq)
        with self.engine.connect() as conn:
            return list(conn.execute(stmt).scalars())

    def read(
        self,
        campaign: str,
        *,
        from_version: int = 1,
        to_version: int | None = None,
        types: Iterable[str] | None = None,
    ) -> Generator[Event, None, None]:
        """Stream a campaign's events in version order (rows fetched in chunks, never all at once)."""
        stmt = sa.select(*_COLUMNS).where(T.c.campaign == campaign, T.c.version >= from_version)
        if to_version is not None:
            stmt = stmt.where(T.c.version <= to_version)
        if types is not None:
            stmt = stmt.where(T.c.type.in_(list(types)))
        yield from self._stream(stmt.order_by(T.c.version))

    def read_for_fold(self, campaign: str, *, from_version: int = 1, to_version: int | None = None) -> Iterator[Event]:
        """Stream a campaign's events for folding: as :meth:`read`, without the chain's hashes and ``seq``.

        The hashes are a third of a row and no fold reads them; ``prev_hash`` is None and ``hash`` empty.
        """
        stmt = sa.select(*_FOLD_COLUMNS).where(T.c.campaign == campaign, T.c.version >= from_version)
        if to_version is not None:
            stmt = stmt.where(T.c.version <= to_version)
        loads = orjson.loads
        with self.engine.connect() as conn:
            result = conn.execution_options(yield_per=_CHUNK).execute(stmt.order_by(T.c.version))
            for rows in result.partitions():
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
        marked = sa.select(M.c.version).where(M.c.campaign == campaign)
        if to_version is not None:
            marked = marked.where(M.c.version <= to_version)
        if types is not None:
            marked = marked.where(M.c.type.in_(list(types)))
        # A semi-join the planners drive from the small marks table (a plain join let SQLite scan the stream).
        stmt = sa.select(*_COLUMNS).where(T.c.campaign == campaign, T.c.version.in_(marked)).order_by(T.c.version)
        with self.engine.connect() as conn:
            return [_row_to_event(row) for row in conn.execute(stmt)]

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
        with self.engine.connect() as conn:
            return [(row[0], row[1]) for row in conn.execute(stmt.order_by(T.c.seq).limit(limit))]

    def version_at(self, campaign: str, recorded_at: str) -> int:
        """The last version of the campaign recorded at or before ``recorded_at`` (0 if none)."""
        stmt = sa.select(sa.func.max(T.c.version)).where(T.c.campaign == campaign, T.c.recorded_at <= recorded_at)
        with self.engine.connect() as conn:
            return conn.execute(stmt).scalar() or 0

    @functools.cached_property
    def projections(self) -> ProjectionStore:
        """Snapshots and read models kept beside the events."""
        from journal.store.snapshots import ProjectionStore

        return ProjectionStore(self.engine)

    def get(self, event_id: str) -> Event:
        """The stored event with this id; NotFound otherwise."""
        with self.engine.connect() as conn:
            found = self._by_ids(conn, [event_id])
        if not found:
            raise NotFound(f"no event with id '{event_id}'")
        return found[0]

    # -- session seeds -----------------------------------------------------------------------

    def keep_seed(self, campaign: str, session: int, seed: str) -> None:
        """Keep the secret seed of a session's dice until its end (replacing an unused earlier one)."""
        with self._write() as conn, conn.begin():
            conn.execute(sa.delete(S).where(S.c.campaign == campaign, S.c.session == session))
            conn.execute(sa.insert(S).values(campaign=campaign, session=session, seed=seed))

    def seed(self, campaign: str, session: int) -> str | None:
        """The kept seed of a session, or None."""
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(S.c.seed).where(S.c.campaign == campaign, S.c.session == session)
            ).scalar()

    # -- export, import, verify --------------------------------------------------------------

    def export_lines(self, campaign: str) -> Iterator[bytes]:
        """The campaign as JSONL lines (no newline), one stored envelope each, in version order."""
        stmt = sa.select(*_COLUMNS).where(T.c.campaign == campaign).order_by(T.c.version)
        with self.engine.connect() as conn:
            for row in conn.execution_options(yield_per=_CHUNK).execute(stmt):
                yield export_line(row._mapping, row[4])

    def import_lines(self, lines: Iterable[bytes | str]) -> dict[str, int]:
        """Import exported JSONL all-or-nothing, keeping ids, versions and hashes.

        Every line is parsed, validated and chain-checked before anything is written; the first
        bad line raises an error naming it.  A campaign already in this journal is refused.
        Returns the number of events imported per campaign.
        """
        from journal.store.importing import check_lines

        rows = check_lines(lines)
        counts: dict[str, int] = {}
        for row in rows:
            counts[row["campaign"]] = counts.get(row["campaign"], 0) + 1
        if not rows:
            return counts
        with self._write() as conn, conn.begin():
            present = conn.execute(sa.select(T.c.campaign).where(T.c.campaign.in_(list(counts))).limit(1)).scalar()
            if present is not None:
                raise ValidationFailed(f"campaign '{present}' already exists in this journal: nothing imported")
            try:
                for start in range(0, len(rows), 10_000):
                    self._insert(conn, rows[start : start + 10_000])
            except sa.exc.IntegrityError:
                raise ValidationFailed("an event id in the file is already stored in this journal: nothing imported") from None
        return counts

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
                        reason = f"version {expected_version} is missing"
                    elif row[10] != prev_hash:
                        reason = "prev_hash does not match the previous event's hash"
                    elif row_hash(row) != row[11]:
                        reason = "hash does not match the stored envelope (the event was altered)"
                    elif decision != prev_decision and decision != row[0]:
                        reason = decision_break(decision, row[0], prev_decision)
                    if reason:
                        breaks.append(ChainBreak(row[1], row[2], row[0], reason))
                        broken = True
                    prev_hash = row[11]
                    prev_decision = decision
        if campaign is not None and campaigns == 0:
            raise NotFound(f"no campaign named '{campaign}'")
        return VerifyReport(campaigns, count, tuple(breaks))


__all__ = ["ChainBreak", "EventStore", "IntegrityFailure", "VerifyReport", "envelope_bytes", "utc_now"]
