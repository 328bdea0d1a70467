"""Reads from a PostgreSQL streaming standby, with read-your-writes for whoever just wrote.

A server started with a read URL (``journal serve --read-url``) writes to the primary and reads from the
standby.  A standby replays the primary's WAL a little behind it, so a member who has just written could read
the journal as it was before: :class:`ReadYourWrites` prevents that.

* After a member's write commits, :meth:`ReadYourWrites.wrote` reads the primary's ``pg_current_wal_lsn()`` (at or
  past the write's commit record) and remembers it for the member; the server also hands it out (the HTTP
  ``Journal-LSN`` header), so that a client carries it to another server process.
* Before a member's read, :meth:`ReadYourWrites.choose` takes the larger of the member's remembered LSN and the one
  the client carried, and reads from the standby once ``pg_last_wal_replay_lsn()`` there is at or past it.  It
  waits up to its bound for the replay; past the bound the read goes to the primary.  A member with nothing to
  wait for reads from the standby at once.  The replay position seen last is remembered (replay only moves
  forward), so a read whose LSN was already replayed costs no query.

The standby is checked before it serves (:func:`check_standby`): it must be in recovery and be a copy of this
primary (the same ``system_identifier``).  Its store saves no caches (:class:`NoCaches`: a standby refuses writes,
and the primary's snapshots and read models reach it by replication anyway) and shares the primary's signing key,
so that its receipts are the primary's.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Hashable

import sqlalchemy as sa

from journal.errors import ValidationFailed
from journal.i18n import _
from journal.store.engine import SchemaOutOfDate, current_revision, make_read_engine
from journal.store.eventstore import EventStore
from journal.store.snapshots import ProjectionStore
from journal.store.tables import SCHEMA_REVISION

#: An LSN as PostgreSQL writes it: two hexadecimal halves of a 64-bit WAL position (``16/B374D848``).
_LSN = re.compile(r"^([0-9A-Fa-f]{1,8})/([0-9A-Fa-f]{1,8})$")

#: Seconds between two looks at the standby's replay position while a read waits for it.
POLL = 0.005


def parse_lsn(text: str, where: str = "LSN") -> int:
    """The WAL position ``text`` names (``X/Y``, hexadecimal) as an integer; ValidationFailed naming ``where``."""
    found = _LSN.match(text.strip())
    if found is None:
        raise ValidationFailed(_("{where}: '{text}' is not an LSN (two hexadecimal halves, like 0/16B3748)").format(where=where, text=text[:40]))
    return (int(found.group(1), 16) << 32) | int(found.group(2), 16)


def format_lsn(value: int) -> str:
    """An integer WAL position as PostgreSQL writes it (``X/Y``)."""
    return f"{value >> 32:X}/{value & 0xFFFFFFFF:X}"


def current_lsn(engine: sa.Engine) -> int:
    """The primary's current WAL write position."""
    with engine.connect() as conn:
        return parse_lsn(conn.exec_driver_sql("SELECT pg_current_wal_lsn()::text").scalar_one())


def replayed_lsn(engine: sa.Engine) -> int:
    """How far the standby has replayed the primary's WAL (0 when it has replayed nothing yet)."""
    with engine.connect() as conn:
        value = conn.exec_driver_sql("SELECT pg_last_wal_replay_lsn()::text").scalar()
    return 0 if value is None else parse_lsn(value)


def check_standby(primary: sa.Engine, standby: sa.Engine) -> None:
    """Refuse, in one line, a read server that is not a streaming standby of ``primary``."""
    if primary.dialect.name != "postgresql":
        raise ValidationFailed("read URL: the journal's database must be PostgreSQL for a standby to serve its reads")
    identify = "SELECT system_identifier::text FROM pg_control_system()"
    with standby.connect() as conn:
        in_recovery = conn.exec_driver_sql("SELECT pg_is_in_recovery()").scalar()
        standby_system = conn.exec_driver_sql(identify).scalar()
    if not in_recovery:
        raise ValidationFailed("read URL: the server is not a standby (pg_is_in_recovery() is false): "
                               "reads would not follow the primary's writes")
    with primary.connect() as conn:
        primary_system = conn.exec_driver_sql(identify).scalar()
    if standby_system != primary_system:
        raise ValidationFailed(_("read URL: the standby copies database system {standby}, the journal's primary is "
                                 "{primary}").format(standby=standby_system, primary=primary_system))


def caught_up(primary: sa.Engine, standby: sa.Engine, within: float) -> bool:
    """Wait up to ``within`` seconds for the standby to replay the primary's current WAL position; True once it has."""
    needed, deadline = current_lsn(primary), time.monotonic() + within
    while replayed_lsn(standby) < needed:
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL)
    return True


#: Seconds a server starting with a standby waits for it to replay what the primary holds (its schema included).
START_WAIT = 10.0


class NoCaches(ProjectionStore):
    """The projection storage of a standby: read like the primary's, never saved to (a standby refuses writes)."""

    def _save(self, campaign: str, work: Callable[[sa.Connection], None], wait: float = 0) -> bool:
        return False


def open_read_store(primary: EventStore, url: str) -> EventStore:
    """The store reading from the standby at ``url``, checked to be this primary's standby at the same schema."""
    engine = make_read_engine(url)
    try:
        check_standby(primary.engine, engine)
        caught_up(primary.engine, engine, START_WAIT)  # a schema made just now on the primary is there too
        revision = current_revision(engine)
        if revision != SCHEMA_REVISION:
            raise SchemaOutOfDate(_("read URL: the standby's schema is at revision {revision}, this journal needs "
                                    "{needed}").format(revision=revision or "none", needed=SCHEMA_REVISION))
    except BaseException:
        engine.dispose()
        raise
    store = EventStore(engine, wait=primary.wait, url=url, key=primary.key)  # a standby keeps no witness
    store.__dict__["projections"] = NoCaches(engine, wait=primary.wait)  # in place of the cached property
    return store


class ReadYourWrites:
    """Chooses the store each read goes to: the standby once it has replayed the reader's last write, else the primary.

    ``wait`` bounds, in seconds, how long a read waits for the standby's replay before it goes to the primary.
    The readers (``who``) are whatever the caller names a member by; ``served`` counts the reads each store served.
    """

    def __init__(self, primary: EventStore, standby: EventStore, *, wait: float = 0.5) -> None:
        if not 0 <= wait <= 60:
            raise ValidationFailed(_("read wait: {wait} is not between 0 and 60 seconds").format(wait=wait))
        self.primary = primary
        self.standby = standby
        self.wait = wait
        self.served = {"standby": 0, "primary": 0}
        self._written: dict[Hashable, int] = {}
        self._replayed = 0
        self._lock = threading.Lock()

    def wrote(self, who: Hashable) -> int:
        """Remember the primary's WAL position after ``who``'s write (call it once the write committed); return it."""
        lsn = current_lsn(self.primary.engine)
        with self._lock:
            self._written[who] = max(lsn, self._written.get(who, 0))
        return lsn

    def needed(self, who: Hashable, carried: int | None = None) -> int:
        """The WAL position a read by ``who`` must see: their last write here, or the one they carried, if later."""
        with self._lock:
            return max(self._written.get(who, 0), carried or 0)

    def choose(self, who: Hashable, carried: int | None = None) -> EventStore:
        """The store ``who``'s read goes to (the standby when it has replayed ``who``'s writes within the bound)."""
        needed = self.needed(who, carried)
        deadline = time.monotonic() + self.wait
        while needed > self._replayed:
            replayed = replayed_lsn(self.standby.engine)
            with self._lock:
                self._replayed = max(self._replayed, replayed)
            if replayed >= needed:
                break
            if time.monotonic() >= deadline:
                return self._count("primary", self.primary)
            time.sleep(POLL)
        with self._lock:
            if who in self._written and self._written[who] <= self._replayed:
                del self._written[who]  # replayed: the member's reads wait for nothing more
        return self._count("standby", self.standby)

    def _count(self, name: str, store: EventStore) -> EventStore:
        with self._lock:
            self.served[name] += 1
        return store

    def close(self) -> None:
        self.standby.close()
