"""Projection storage: snapshots, read models, and a partial index over the structural events.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MARKED_SQL = "type IN ('campaign.created', 'member.added', 'session.started', 'session.ended', 'correction.voided')"


def upgrade() -> None:
    op.create_index(
        "ix_events_marks",
        "events",
        ["campaign", "version"],
        sqlite_where=sa.text(MARKED_SQL),
        postgresql_where=sa.text(MARKED_SQL),
    )
    op.create_table(
        "snapshots",
        sa.Column("campaign", sa.String(200), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "read_models",
        sa.Column("campaign", sa.String(200), primary_key=True),
        sa.Column("checkpoint", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("read_models")
    op.drop_table("snapshots")
    op.drop_index("ix_events_marks", table_name="events")
