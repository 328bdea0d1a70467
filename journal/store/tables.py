"""SQLAlchemy Core tables of the store.  The migrations in migrations/versions create exactly these.

``data`` is kept as canonical JSON text (sorted keys, no spaces, UTF-8) on every backend, so that the
bytes hashed, stored, exported and imported are the same everywhere.  ``recorded_at`` is a fixed-width
ISO-8601 UTC string (``2026-11-29T11:40:00.123456Z``): it sorts as text and round-trips exactly.

The only indexes are the two unique constraints: (campaign, version) serves every stream read and
the id serves idempotency.  An index on (campaign, type) cost a quarter of the append rate on SQLite
and is left to the read models (projections) that need type-filtered access.

On PostgreSQL (revision 0006) ``events`` is hash-partitioned by ``campaign``, and a partitioned table's unique
constraints must hold the partition key: there the primary key is (seq, campaign) and ``uq_events_id`` is
(id, campaign), and the table ``event_ids`` (id primary key, filled by a trigger in the inserting statement) keeps
each id unique across all campaigns.  The queries below are the same on both databases
(migrations/versions/0006_events_partitioned_by_campaign.py, docs/scale.md).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

events = sa.Table(
    "events",
    metadata,
    sa.Column("seq", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True, autoincrement=True),
    sa.Column("id", sa.String(36), nullable=False),
    sa.Column("campaign", sa.String(200), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("type", sa.String(100), nullable=False),
    sa.Column("schema", sa.Integer(), nullable=False),
    sa.Column("data", sa.Text(), nullable=False),
    sa.Column("actor", sa.String(200), nullable=False),
    sa.Column("recorded_at", sa.String(32), nullable=False),
    sa.Column("session", sa.Integer(), nullable=True),
    sa.Column("causation", sa.String(36), nullable=True),
    # The id of the first event of the append that stored this one (NULL before revision 0004).
    sa.Column("decision", sa.String(36), nullable=True),
    sa.Column("prev_hash", sa.String(64), nullable=True),
    sa.Column("hash", sa.String(64), nullable=False),
    # The journal's signature of the campaign's head at this event: set on the last event of each append made
    # with a key (revision 0005), NULL otherwise.  Not hashed: it vouches for ``hash`` (journal/store/receipts.py).
    sa.Column("signature", sa.String(128), nullable=True),
    sa.UniqueConstraint("id", name="uq_events_id"),
    sa.UniqueConstraint("campaign", "version", name="uq_events_campaign_version"),
)

#: Structural event types (campaign, membership, tokens, sessions, voids) are rare and looked up
#: often.  The store writes a row in ``event_marks`` for each of them as it appends, so finding a
#: session's bounds or a campaign's voids never scans the stream.  (A partial index on ``events``
#: did the same job but cost SQLite a quarter of its append rate: it evaluates the predicate on
#: every insert.)  Like ``events``, the table refuses UPDATE and DELETE.
MARKER_TYPES = frozenset({
    "campaign.created", "member.added", "member.token_issued", "member.token_revoked",
    "session.started", "session.ended", "correction.voided", "tally.committed",
})

event_marks = sa.Table(
    "event_marks",
    metadata,
    sa.Column("campaign", sa.String(200), primary_key=True),
    sa.Column("version", sa.Integer(), primary_key=True),
    sa.Column("type", sa.String(100), nullable=False),
)

#: Projection states at every K-th version of a campaign (all the campaign's projections in one JSON
#: document).  ``fingerprint`` names the projections and their versions: a snapshot whose fingerprint
#: differs from the code's is ignored (and deleted by ``journal rebuild``).
snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("campaign", sa.String(200), primary_key=True),
    sa.Column("version", sa.Integer(), primary_key=True),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.Column("state", sa.LargeBinary(), nullable=False),
)

#: The persisted read model of each campaign: every projection's state at ``checkpoint``, caught up on read.
read_models = sa.Table(
    "read_models",
    metadata,
    sa.Column("campaign", sa.String(200), primary_key=True),
    sa.Column("checkpoint", sa.Integer(), nullable=False),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.Column("state", sa.LargeBinary(), nullable=False),
)

#: The secret seed of each open session's dice, kept until the session's end reveals it in an event.
#: Not part of the journal's history (it is the one mutable table): only the commitment is an event.
session_seeds = sa.Table(
    "session_seeds",
    metadata,
    sa.Column("campaign", sa.String(200), primary_key=True),
    sa.Column("session", sa.Integer(), primary_key=True),
    sa.Column("seed", sa.String(64), nullable=False),
)

#: The journal's identity (revision 0007): one row, the id its key file is named by (journal/store/keys.py).
journal_identity = sa.Table(
    "journal_identity",
    metadata,
    sa.Column("id", sa.String(36), primary_key=True),
)

#: The alembic revision this code expects; ``open_store`` compares it without importing alembic.
SCHEMA_REVISION = "0007"
