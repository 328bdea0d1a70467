"""The append-only events table, its unique constraints, and the triggers that refuse UPDATE and DELETE.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE_TRIGGERS = [
    """CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: UPDATE refused'); END""",
    """CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: DELETE refused'); END""",
]

POSTGRES_TRIGGERS = [
    """CREATE FUNCTION journal_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'events are immutable: % refused', TG_OP; END $$""",
    """CREATE TRIGGER events_refuse_update_delete BEFORE UPDATE OR DELETE ON events
       FOR EACH ROW EXECUTE FUNCTION journal_refuse_change()""",
    """CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
       FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change()""",
]


def upgrade() -> None:
    op.create_table(
        "events",
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
        sa.Column("prev_hash", sa.String(64), nullable=True),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("id", name="uq_events_id"),
        sa.UniqueConstraint("campaign", "version", name="uq_events_campaign_version"),
    )
    statements = SQLITE_TRIGGERS if op.get_bind().dialect.name == "sqlite" else POSTGRES_TRIGGERS
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP TRIGGER IF EXISTS events_refuse_truncate ON events")
        op.execute("DROP TRIGGER IF EXISTS events_refuse_update_delete ON events")
        op.execute("DROP FUNCTION IF EXISTS journal_refuse_change()")
    op.drop_table("events")
