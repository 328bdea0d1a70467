"""The journal's identity: one id, made when this revision runs, by which the journal's key file is found.

Before this revision a key file was named by a digest of the database's URL (a SQLite file by its absolute path),
so a file renamed or moved lost its key, and ``verify`` then had no key to check with.  The id is stored in the
database itself, so a moved file, a copy restored from a backup, or a server reached by another URL still names
the same key (journal/store/keys.py).  A key file named by the URL of an older release is renamed to the id's
name on first use.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    identity = op.create_table("journal_identity", sa.Column("id", sa.String(36), primary_key=True))
    op.bulk_insert(identity, [{"id": str(uuid.uuid4())}])


def downgrade() -> None:
    op.drop_table("journal_identity")
