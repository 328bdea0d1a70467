"""Storage of projection states: snapshots every K versions and one read model per campaign.

Both hold opaque JSON documents (the store knows nothing of what a projection is), zlib-compressed
(projection states repeat their keys: a tenth of the size, for about a millisecond either way), and
tagged with a fingerprint of the projection code that made them.  They are caches: losing them loses nothing,
``journal rebuild`` recreates them, and a failed save (two readers catching up at once) is ignored.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

import sqlalchemy as sa

from journal.store.tables import read_models as R
from journal.store.tables import snapshots as S


class ProjectionStore:
    """Snapshots and read models over one engine."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def _write(self) -> sa.Connection:
        return self.engine.connect().execution_options(sqlite_begin="IMMEDIATE")

    def snapshot_versions(self, campaign: str, fingerprint: str, upto: int) -> list[int]:
        """Versions of the usable snapshots at or before ``upto``, newest first."""
        stmt = (
            sa.select(S.c.version)
            .where(S.c.campaign == campaign, S.c.fingerprint == fingerprint, S.c.version <= upto)
            .order_by(S.c.version.desc())
        )
        with self.engine.connect() as conn:
            return list(conn.execute(stmt).scalars())

    def snapshot(self, campaign: str, version: int) -> bytes:
        """The state JSON of the snapshot at ``version``."""
        with self.engine.connect() as conn:
            packed = conn.execute(sa.select(S.c.state).where(S.c.campaign == campaign, S.c.version == version)).scalar_one()
        return zlib.decompress(packed)

    def save_snapshots(self, campaign: str, fingerprint: str, states: Iterable[tuple[int, bytes]]) -> None:
        """Store (version, state JSON) pairs, replacing any snapshot at the same versions."""
        rows = [{"campaign": campaign, "version": v, "fingerprint": fingerprint, "state": zlib.compress(s, 1)}
                for v, s in states]
        if not rows:
            return
        try:
            with self._write() as conn, conn.begin():
                conn.execute(sa.delete(S).where(S.c.campaign == campaign, S.c.version.in_([r["version"] for r in rows])))
                conn.execute(sa.insert(S), rows)
        except sa.exc.IntegrityError:
            pass  # another reader saved the same snapshot first

    def read_model(self, campaign: str, fingerprint: str, upto: int | None = None) -> tuple[int, bytes] | None:
        """(checkpoint, state JSON) of the campaign's read model made by this code (at or before ``upto``)."""
        stmt = sa.select(R.c.checkpoint, R.c.state).where(R.c.campaign == campaign, R.c.fingerprint == fingerprint)
        if upto is not None:
            stmt = stmt.where(R.c.checkpoint <= upto)
        with self.engine.connect() as conn:
            row = conn.execute(stmt).first()
        return None if row is None else (row[0], zlib.decompress(row[1]))

    def save_read_model(self, campaign: str, fingerprint: str, checkpoint: int, state: bytes) -> None:
        """Replace the campaign's read model (unless a newer one was saved meanwhile)."""
        try:
            with self._write() as conn, conn.begin():
                current = conn.execute(sa.select(R.c.checkpoint, R.c.fingerprint).where(R.c.campaign == campaign)).first()
                if current is not None and current[1] == fingerprint and current[0] >= checkpoint:
                    return
                conn.execute(sa.delete(R).where(R.c.campaign == campaign))
                conn.execute(sa.insert(R).values(campaign=campaign, checkpoint=checkpoint, fingerprint=fingerprint,
                                                 state=zlib.compress(state, 1)))
        except sa.exc.IntegrityError:
            pass

    def clear(self, campaign: str) -> None:
        """Drop every snapshot and the read model of a campaign."""
        with self._write() as conn, conn.begin():
            conn.execute(sa.delete(S).where(S.c.campaign == campaign))
            conn.execute(sa.delete(R).where(R.c.campaign == campaign))
