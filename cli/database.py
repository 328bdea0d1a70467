"""Commands for the database itself: ``init``, ``db upgrade``, ``db current``, ``db history``."""

from __future__ import annotations

import click

from cli.language import Command, Group
from cli.main import AppContext
from cli.output import line
from journal.i18n import CLI, N_

_ = CLI.gettext


@click.command("init", help=N_("Create the journal's schema in the database (or bring it up to date), and its signing "
                               "key.\n\nThe key (journal/store/keys.py) is made once, outside the database; ``journal "
                               "receipt`` prints its public key."), cls=Command)
@click.pass_obj
def init(app: AppContext) -> None:
    from journal.store.opening import attach_key

    journal = app.journal(upgrade=True)
    attach_key(journal.store, create=True)
    line(_("journal ready at {url}").format(url=journal.store.engine.url.render_as_string(hide_password=True)))


@click.group("db", help=N_("Schema migrations (alembic) for server databases."), cls=Group)
def db() -> None:
    pass


@db.command("upgrade", help=N_("Bring the database schema to the newest revision."))
@click.pass_obj
def db_upgrade(app: AppContext) -> None:
    app.say_database()
    from journal.store.engine import make_engine
    from journal.store.migrate import upgrade_to_head

    engine = make_engine(app.db)
    try:
        line(_("database at revision {revision}").format(revision=upgrade_to_head(engine)))
    finally:
        engine.dispose()


@db.command("current", help=N_("Print the database's schema revision ('none' for an empty database)."))
@click.pass_obj
def db_current(app: AppContext) -> None:
    app.say_database()
    from journal.store.engine import current_revision, make_engine
    from journal.store.tables import SCHEMA_REVISION

    engine = make_engine(app.db)
    try:
        revision = current_revision(engine)
    finally:
        engine.dispose()
    state = _("head") if revision == SCHEMA_REVISION else _("behind: head is {head}").format(head=SCHEMA_REVISION)
    line(_("{revision} ({state})").format(revision=revision or _("none"), state=state))


@db.command("history", help=N_("List every schema revision, oldest first."))
def db_history() -> None:
    from journal.store.migrate import history

    for entry in history():
        line(entry)


COMMANDS = [init, db]
