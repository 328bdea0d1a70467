"""Commands for the database itself: ``init``, ``db upgrade``, ``db current``, ``db history``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import line


@click.command("init")
@click.pass_obj
def init(app: AppContext) -> None:
    """Create the journal's schema in the database (or bring it up to date)."""
    journal = app.journal(upgrade=True)
    line(f"journal ready at {journal.store.engine.url.render_as_string(hide_password=True)}")


@click.group("db")
def db() -> None:
    """Schema migrations (alembic) for server databases."""


@db.command("upgrade")
@click.pass_obj
def db_upgrade(app: AppContext) -> None:
    """Bring the database schema to the newest revision."""
    from journal.store.engine import make_engine
    from journal.store.migrate import upgrade_to_head

    engine = make_engine(app.db)
    try:
        line(f"database at revision {upgrade_to_head(engine)}")
    finally:
        engine.dispose()


@db.command("current")
@click.pass_obj
def db_current(app: AppContext) -> None:
    """Print the database's schema revision ('none' for an empty database)."""
    from journal.store.engine import current_revision, make_engine
    from journal.store.tables import SCHEMA_REVISION

    engine = make_engine(app.db)
    try:
        revision = current_revision(engine)
    finally:
        engine.dispose()
    state = "head" if revision == SCHEMA_REVISION else f"behind: head is {SCHEMA_REVISION}"
    line(f"{revision or 'none'} ({state})")


@db.command("history")
def db_history() -> None:
    """List every schema revision, oldest first."""
    from journal.store.migrate import history

    for entry in history():
        line(entry)


COMMANDS = [init, db]
