"""The envelope's ``signature``: the journal's Ed25519 signature of a campaign's head, on the last event of an append.

A new nullable column, outside the hash (a signature vouches for the hash; it cannot be part of it).  Events
stored before this revision, and every event but the last of an append, keep NULL.  The message signed is
``journal-receipt-v1\\n<campaign>\\n<version>\\n<hash>`` (journal/store/receipts.py); the key lives outside the
database (journal/store/keys.py).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("signature", sa.String(128), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("signature")
