"""The envelope's ``decision``: the events one command appended share the id of the first of them.

A new nullable column; and the marks of tally commits (and of any structural event a 0002 database
held before 0003 created the marks table).  Events stored before this revision keep NULL (the table is immutable and
their hashes cover the envelope without the field); the store reads such an event's decision from
the run of events appended with it (docs/events.md, "Decisions").

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


#: The structural types the store marks as it appends (journal.store.tables.MARKER_TYPES, as of 0004).
MARKED = ("campaign.created", "member.added", "member.token_issued", "member.token_revoked", "session.started",
          "session.ended", "correction.voided", "tally.committed")


def upgrade() -> None:
    op.add_column("events", sa.Column("decision", sa.String(36), nullable=True))
    # Mark every structural event stored before its type was marked (tally.committed from 0004 on), or before
    # 0003 created the marks at all (a 0002 database): the marks table only ever gains rows.
    listed = ", ".join(f"'{name}'" for name in MARKED)
    op.execute(f"""INSERT INTO event_marks (campaign, version, type)
                   SELECT e.campaign, e.version, e.type FROM events e
                   WHERE e.type IN ({listed}) AND NOT EXISTS (
                       SELECT 1 FROM event_marks m WHERE m.campaign = e.campaign AND m.version = e.version)""")


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("decision")
