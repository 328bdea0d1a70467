"""The session_seeds table: the secret seed of each open session's dice, until its end reveals it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_seeds",
        sa.Column("campaign", sa.String(200), primary_key=True),
        sa.Column("session", sa.Integer(), primary_key=True),
        sa.Column("seed", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("session_seeds")
