"""Storage of projection states: snapshots every K versions and one read model per campaign.

Both hold opaque JSON documents (the store knows nothing of what a projection is), zlib-compressed
(projection states repeat their keys: a tenth of the size, for about a millisecond either way), and
tagged with a fingerprint of the projection code that made them.  They are caches: losing them loses nothing,
``journal rebuild`` recreates them, and a failed save (two readers catching up at once) is ignored.

A save never makes a read wait: it tries the campaign's write lock without waiting and skips the save
when a writer holds it.  Inside a write (a command holding the campaign's lock, in this context) it goes
through the writer's connection, in a SAVEPOINT, so a busy campaign's read model keeps up with its head.
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Callable, Iterable, Iterator

import sqlalchemy as sa

from journal.errors import CampaignBusy
from journal.store.engine import begin_write, held_write, statement_reads, write_wait
from journal.store.tables import read_models as R
from journal.store.tables import snapshots as S

# The reads, built once with bound parameters (an as-of query makes several; building one costs more than running it).
_VERSIONS = (sa.select(S.c.version)
             .where(S.c.campaign == sa.bindparam("campaign"), S.c.fingerprint == sa.bindparam("fingerprint"),
                    S.c.version <= sa.bindparam("upto"))
             .order_by(S.c.version.desc()))
_NEAREST = (sa.select(S.c.version, S.c.state)
            .where(S.c.campaign == sa.bindparam("campaign"), S.c.fingerprint == sa.bindparam("fingerprint"),
                   S.c.version <= sa.bindparam("upto"), S.c.version > sa.bindparam("above"))
            .order_by(S.c.version.desc()).limit(1))
_STATE = sa.select(S.c.state).where(S.c.campaign == sa.bindparam("campaign"), S.c.version == sa.bindparam("version"))
_READ_MODEL = sa.select(R.c.checkpoint, R.c.state).where(
    R.c.campaign == sa.bindparam("campaign"), R.c.fingerprint == sa.bindparam("fingerprint"),
    R.c.checkpoint <= sa.bindparam("upto"))


@contextlib.contextmanager
def _not_durable(conn: sa.Connection) -> Iterator[None]:
    """A cache's own write commits without waiting for the disk: on SQLite ``synchronous=NORMAL`` for its length (in WAL
    mode a commit then never fsyncs, and the file stays consistent), on PostgreSQL ``synchronous_commit = off`` in the
    transaction.  A power cut may lose the last caches saved, which ``journal rebuild`` or the next read remakes; a
    disk busy with others' writes no longer stalls a read or a rebuild on its cache saves."""
    if conn.dialect.name != "sqlite":
        yield
        return
    driver = conn.connection.dbapi_connection
    assert driver is not None
    driver.execute("PRAGMA synchronous=NORMAL")
    try:
        yield
    finally:
        if conn.connection.dbapi_connection is driver:  # (an invalidated connection is not put back)
            driver.execute("PRAGMA synchronous=FULL")


class ProjectionStore:
    """Snapshots and read models over one engine."""

    def __init__(self, engine: sa.Engine, *, wait: float | None = None) -> None:
        self.engine = engine
        self.wait = write_wait(wait)
        #: The engine of the reads below, one statement each (journal.store.engine.statement_reads).
        self.reads = statement_reads(engine)

    def _save(self, campaign: str, work: Callable[[sa.Connection], None], wait: float = 0) -> bool:
        """Run ``work`` in a write on ``campaign``: the held one (a SAVEPOINT), else a lock taken within ``wait`` s.

        Returns False when the lock was not free within ``wait`` (0: only tried) and nothing was saved.
        """
        held = held_write(self.engine, campaign)
        try:
            if held is not None:
                with held.begin_nested():
                    work(held)
                return True
            with self.engine.connect() as conn, _not_durable(conn):
                transaction = begin_write(conn, campaign, wait)
                if transaction is None:
                    return False
                with transaction:
                    if conn.dialect.name == "postgresql":
                        conn.exec_driver_sql("SET LOCAL synchronous_commit = off")
                    work(conn)
                return True
        except sa.exc.IntegrityError:
            return False  # another reader saved the same cache first

    def snapshot_versions(self, campaign: str, fingerprint: str, upto: int) -> list[int]:
        """Versions of the usable snapshots at or before ``upto``, newest first."""
        with self.reads.connect() as conn:
            return list(conn.execute(_VERSIONS, {"campaign": campaign, "fingerprint": fingerprint, "upto": upto}).scalars())

    def snapshot(self, campaign: str, version: int) -> bytes:
        """The state JSON of the snapshot at ``version``."""
        with self.reads.connect() as conn:
            packed = conn.execute(_STATE, {"campaign": campaign, "version": version}).scalar_one()
        return zlib.decompress(packed)

    def nearest(self, campaign: str, fingerprint: str, upto: int, *, above: int = -1) -> tuple[int, bytes] | None:
        """(version, state JSON) of the newest usable snapshot at or before ``upto`` (and after ``above``), in one
        query; None if there is none."""
        with self.reads.connect() as conn:
            row = conn.execute(_NEAREST, {"campaign": campaign, "fingerprint": fingerprint, "upto": upto,
                                          "above": above}).first()
        return None if row is None else (row[0], zlib.decompress(row[1]))

    def save_snapshots(self, campaign: str, fingerprint: str, states: Iterable[tuple[int, bytes]], *,
                       wait: float = 0) -> bool:
        """Store (version, state JSON) pairs, replacing any snapshot at the same versions (False: skipped)."""
        rows = [{"campaign": campaign, "version": v, "fingerprint": fingerprint, "state": zlib.compress(s, 1)}
                for v, s in states]
        if not rows:
            return True

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.delete(S).where(S.c.campaign == campaign, S.c.version.in_([r["version"] for r in rows])))
            conn.execute(sa.insert(S), rows)

        return self._save(campaign, work, wait)

    def read_model(self, campaign: str, fingerprint: str, upto: int | None = None) -> tuple[int, bytes] | None:
        """(checkpoint, state JSON) of the campaign's read model made by this code (at or before ``upto``)."""
        with self.reads.connect() as conn:
            row = conn.execute(_READ_MODEL, {"campaign": campaign, "fingerprint": fingerprint,
                                             "upto": 2**31 - 1 if upto is None else upto}).first()
        return None if row is None else (row[0], zlib.decompress(row[1]))

    def save_read_model(self, campaign: str, fingerprint: str, checkpoint: int, state: bytes, *,
                        wait: float = 0) -> bool:
        """Replace the campaign's read model (unless a newer one was saved meanwhile; False: skipped)."""

        def work(conn: sa.Connection) -> None:
            current = conn.execute(sa.select(R.c.checkpoint, R.c.fingerprint).where(R.c.campaign == campaign)).first()
            if current is not None and current[1] == fingerprint and current[0] >= checkpoint:
                return
            conn.execute(sa.delete(R).where(R.c.campaign == campaign))
            conn.execute(sa.insert(R).values(campaign=campaign, checkpoint=checkpoint, fingerprint=fingerprint,
                                             state=zlib.compress(state, 1)))

        return self._save(campaign, work, wait)

    def clear(self, campaign: str) -> None:
        """Drop every snapshot and the read model of a campaign (waiting for the write lock, up to the bound)."""

        def work(conn: sa.Connection) -> None:
            conn.execute(sa.delete(S).where(S.c.campaign == campaign))
            conn.execute(sa.delete(R).where(R.c.campaign == campaign))

        if not self._save(campaign, work, self.wait):
            raise CampaignBusy(campaign, self.wait)
