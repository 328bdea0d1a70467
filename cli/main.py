"""The ``journal`` group: global options, the lazily opened Journal, and one place that turns errors into exits.

Heavy modules (SQLAlchemy, pydantic, the service) are imported only when a command needs them, so
``journal --help`` and quick queries start fast.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from journal.service import Journal

DEFAULT_DB = "sqlite:///journal.db"


class AppContext:
    """What every command receives: the database URL, the acting member, and the open Journal."""

    def __init__(self, db: str, actor: str | None) -> None:
        self.db = db
        self.actor = actor
        self._journal: "Journal | None" = None

    def journal(self, *, upgrade: bool | None = None) -> "Journal":
        if self._journal is None:
            from journal.service import Journal

            self._journal = Journal.open(self.db, upgrade=upgrade)
        return self._journal

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()


class JournalGroup(click.Group):
    """A click group that prints a JournalError as one line on stderr and exits with its code."""

    def invoke(self, ctx: click.Context) -> Any:
        from journal.errors import JournalError

        try:
            return super().invoke(ctx)
        except JournalError as exc:
            click.echo("error: " + str(exc).replace("\r", " ").replace("\n", " "), err=True)
            sys.exit(exc.exit_code)
        except Exception as exc:  # database unreachable and the like: one line, not a traceback
            if type(exc).__module__.startswith(("sqlalchemy", "psycopg", "sqlite3")):
                click.echo(f"error: database: {str(exc).splitlines()[0]}", err=True)
                sys.exit(9)
            raise


@click.group(cls=JournalGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", envvar="JOURNAL_DB", default=DEFAULT_DB, show_default=True,
              help="Database URL (sqlite:///file.db, postgresql://user@host/db) or a SQLite file path.")
@click.option("--as", "actor", envvar="JOURNAL_ACTOR", default=None, help="Who records (default: the campaign's Master).")
@click.option("--log-json", is_flag=True, help="Write logs to stderr as JSON lines.")
@click.option("--verbose", "-v", is_flag=True, help="Log every append (debug level) to stderr.")
@click.version_option(package_name="campaign-journal")
@click.pass_context
def cli(ctx: click.Context, db: str, actor: str | None, log_json: bool, verbose: bool) -> None:
    """An append-only, verifiable journal of tabletop role-playing campaigns."""
    if actor is not None and not actor.strip():
        raise click.BadParameter("must name a member of the campaign, not be empty", param_hint="'--as' / JOURNAL_ACTOR")
    if log_json or verbose:
        from journal.logs import configure

        configure(json=log_json, level="debug" if verbose or log_json else "warning")
    app = AppContext(db, actor)
    ctx.obj = app
    ctx.call_on_close(app.close)


def _register() -> None:
    from cli import audit, campaigns, disputes, database, demo, dichotomy, house_rules, queries, replay, sessions, stone_wheel, tally, timeline, vpt, wield

    for module in (audit, disputes, campaigns, database, sessions, timeline, queries, wield, stone_wheel, dichotomy, vpt, house_rules, demo, replay, tally):
        for command in module.COMMANDS:
            cli.add_command(command)


_register()


def main() -> None:
    cli(prog_name="journal")


if __name__ == "__main__":
    main()
