"""The envelope's ``decision``: the events one command appended share the id of the first of them.

A new nullable column.  Events stored before this revision keep NULL (the table is immutable and
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


def upgrade() -> None:
    op.add_column("events", sa.Column("decision", sa.String(36), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("decision")
