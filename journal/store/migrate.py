"""Running the alembic migrations in ``migrations/`` against an engine, without an alembic.ini."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

if TYPE_CHECKING:
    from alembic.config import Config


def _config(connection: sa.Connection) -> Config:
    from alembic.config import Config

    import migrations

    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    config.attributes["connection"] = connection
    return config


def upgrade_to_head(engine: sa.Engine) -> str:
    """Bring the database to the head revision; return that revision."""
    from alembic import command

    with engine.begin() as connection:
        command.upgrade(_config(connection), "head")
    from journal.store.engine import current_revision

    return current_revision(engine) or ""


def history() -> list[str]:
    """Every revision, oldest first, as ``'<rev>: <message>'`` lines."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import migrations

    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    scripts = ScriptDirectory.from_config(config)
    return [f"{s.revision}: {s.doc}" for s in reversed(list(scripts.walk_revisions()))]
