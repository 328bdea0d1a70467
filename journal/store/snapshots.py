"""Storage of projection states: snapshots every K versions and one read model per campaign.

Both hold opaque JSON documents (the store knows nothing of what a projection is), tagged with a
fingerprint of the projection code that made them.  They are caches: losing them loses nothing,
``journal rebuild`` recreates them, and a failed save (two readers catching up at once) is ignored.
"""

from __future__ import annotations

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

    def snapshot(self, campaign: str, version: int) -> bytes | str:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(S.c.state).where(S.c.campaign == campaign, S.c.version == version)).scalar_one()

    def save_snapshots(self, campaign: str, fingerprint: str, states: Iterable[tuple[int, str]]) -> None:
        """Store (version, state JSON) pairs, replacing any snapshot at the same versions."""
        rows = [{"campaign": campaign, "version": v, "fingerprint": fingerprint, "state": s} for v, s in states]
        if not rows:
            return
        try:
            with self._write() as conn, conn.begin():
                conn.execute(sa.delete(S).where(S.c.campaign == campaign, S.c.version.in_([r["version"] for r in rows])))
                conn.execute(sa.insert(S), rows)
        except sa.exc.IntegrityError:
            pass  # another reader saved the same snapshot first

    def read_model(self, campaign: str, fingerprint: str) -> tuple[int, str] | None:
        """(checkpoint, state JSON) of the campaign's read model, if one made by this code exists."""
        stmt = sa.select(R.c.checkpoint, R.c.state).where(R.c.campaign == campaign, R.c.fingerprint == fingerprint)
        with self.engine.connect() as conn:
            row = conn.execute(stmt).first()
        return None if row is None else (row[0], row[1])

    def save_read_model(self, campaign: str, fingerprint: str, checkpoint: int, state: str) -> None:
        """Replace the campaign's read model (unless a newer one was saved meanwhile)."""
        try:
            with self._write() as conn, conn.begin():
                current = conn.execute(sa.select(R.c.checkpoint, R.c.fingerprint).where(R.c.campaign == campaign)).first()
                if current is not None and current[1] == fingerprint and current[0] >= checkpoint:
                    return
                conn.execute(sa.delete(R).where(R.c.campaign == campaign))
                conn.execute(sa.insert(R).values(campaign=campaign, checkpoint=checkpoint, fingerprint=fingerprint, state=state))
        except sa.exc.IntegrityError:
            pass

    def clear(self, campaign: str) -> None:
        """Drop every snapshot and the read model of a campaign."""
        with self._write() as conn, conn.begin():
            conn.execute(sa.delete(S).where(S.c.campaign == campaign))
            conn.execute(sa.delete(R).where(R.c.campaign == campaign))
