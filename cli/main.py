"""The ``journal`` group: global options, the lazily opened Journal, and one place that turns errors into exits.

Heavy modules (SQLAlchemy, pydantic, the service) are imported only when a command needs them, so
``journal --help`` and quick queries start fast.
"""

from __future__ import annotations

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
        self._journal: Journal | None = None

    def journal(self, *, upgrade: bool | None = None) -> Journal:
        if self._journal is None:
            from journal.service import Journal

            self._journal = Journal.open(self.db, upgrade=upgrade)
        return self._journal

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()


#: Every command and where it lives: imported only when it runs (or for ``--help``), so that a query
#: pays for its own module alone.  tests/cli/test_cli_main.py checks this against each module's COMMANDS.
LAZY_COMMANDS: dict[str, str] = {
    "campaign": "cli.campaigns:campaign",
    "member": "cli.campaigns:member",
    "init": "cli.database:init",
    "db": "cli.database:db",
    "session": "cli.sessions:session",
    "roll": "cli.sessions:roll",
    "log": "cli.timeline:log",
    "export": "cli.timeline:export",
    "import": "cli.timeline:import_",
    "verify": "cli.timeline:verify",
    "sheet": "cli.queries:sheet",
    "xp": "cli.queries:xp",
    "diff": "cli.queries:diff",
    "rebuild": "cli.queries:rebuild",
    "tally": "cli.tally:tally",
    "replay": "cli.replay:replay",
    "dispute": "cli.disputes:dispute",
    "audit": "cli.audit:audit",
    "rules": "cli.house_rules:group",
    "serve": "cli.serve:serve",
    "demo": "cli.demo:demo",
}


def system_commands() -> dict[str, str]:
    """The commands the rule systems' descriptors bring: each system's group and its extra queries."""
    from journal.systems.registry import descriptors

    found: dict[str, str] = {}
    for descriptor in descriptors():
        if descriptor.cli is not None:
            found[descriptor.name] = descriptor.cli
        found.update(descriptor.cli_queries)
    return found


class JournalGroup(click.Group):
    """A click group that loads its commands lazily and prints a JournalError as one line on stderr."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS) | set(system_commands()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        reference = LAZY_COMMANDS.get(name) or system_commands().get(name)
        if reference is not None:
            from journal.systems.registry import load

            return load(reference)
        return super().get_command(ctx, name)

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




def main() -> None:
    cli(prog_name="journal")


if __name__ == "__main__":
    main()
