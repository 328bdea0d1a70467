"""Projection storage: snapshots, read models, and the marks of the structural events.

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

SQLITE_TRIGGERS = [
    """CREATE TRIGGER event_marks_refuse_update BEFORE UPDATE ON event_marks
       BEGIN SELECT RAISE(ABORT, 'event marks are immutable: UPDATE refused'); END""",
    """CREATE TRIGGER event_marks_refuse_delete BEFORE DELETE ON event_marks
       BEGIN SELECT RAISE(ABORT, 'event marks are immutable: DELETE refused'); END""",
]

POSTGRES_TRIGGERS = [
    """CREATE TRIGGER event_marks_refuse_update_delete BEFORE UPDATE OR DELETE ON event_marks
       FOR EACH ROW EXECUTE FUNCTION journal_refuse_change()""",
    """CREATE TRIGGER event_marks_refuse_truncate BEFORE TRUNCATE ON event_marks
       FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change()""",
]


def upgrade() -> None:
    op.create_table(
        "event_marks",
        sa.Column("campaign", sa.String(200), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("type", sa.String(100), nullable=False),
    )
    for statement in SQLITE_TRIGGERS if op.get_bind().dialect.name == "sqlite" else POSTGRES_TRIGGERS:
        op.execute(statement)
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
    op.drop_table("event_marks")
