"""The ``journal`` group: global options, the lazily opened Journal, and one place that turns errors into exits.

Heavy modules (SQLAlchemy, pydantic, the service) are imported only when a command needs them, so
``journal --help`` and quick queries start fast.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from cli.language import LANG_HELP, Group, choose_language, language_given, speak, speak_click_messages
from journal.i18n import N_

if TYPE_CHECKING:
    from journal.service import Journal

DEFAULT_DB = "sqlite:///journal.db"


class AppContext:
    """What every command receives: the database URL, the acting member, and the open Journal."""

    def __init__(self, db: str, actor: str | None, *, notice: str | None = None, campaign: str | None = None) -> None:
        self.db = db
        self.actor = actor
        #: The campaign ``journal use`` remembered (a command's CAMPAIGN may then be left out).
        self.campaign = campaign
        #: Which database is used and why, said once on stderr when ``--db``/JOURNAL_DB did not name it.
        self.notice = notice
        self._journal: Journal | None = None

    def say_database(self) -> None:
        """Say on stderr (once) which database a command uses when it was not given explicitly."""
        if self.notice is not None:
            click.echo(self.notice, err=True)
            self.notice = None

    def journal(self, *, upgrade: bool | None = None) -> Journal:
        if self._journal is None:
            from journal.service import Journal

            self.say_database()
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
    "receipt": "cli.receipts:receipt",
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
    "use": "cli.use:use",
    "backup": "cli.backups:backup",
    "restore": "cli.backups:restore",
    "key": "cli.keys:key",
}


def system_commands() -> dict[str, str]:
    """The commands the rule systems' descriptors bring: each system's group and its extra queries."""
    from journal.systems.registry import descriptors

    found: dict[str, str] = {}
    for descriptor in descriptors():
        if descriptor.cli is not None:
            found[descriptor.name] = descriptor.cli.reference
        found.update((name, command.reference) for name, command in descriptor.cli_queries.items())
    return found


#: The URL schemes the journal opens (journal.store.engine.normalise_url): SQLite, and PostgreSQL through psycopg.
DB_SCHEMES = ("sqlite", "sqlite+pysqlite", "postgresql", "postgres", "postgresql+psycopg")


def _check_db(url: str) -> None:
    """Refuse a ``--db`` URL of a scheme the journal does not open (a bare path is a SQLite file)."""
    from journal.errors import ValidationFailed

    if "://" in url and url.split("://", 1)[0] not in DB_SCHEMES:
        from journal.i18n import CLI

        raise ValidationFailed(CLI.gettext("--db: only sqlite paths/URLs and postgresql:// are supported"))
    if "\x00" in url:
        from journal.i18n import CLI

        raise ValidationFailed(CLI.gettext("--db: a NUL character is not allowed"))


def choose_database(given: str | None, remembered: dict[str, str]) -> tuple[str, str | None]:
    """The database to open and the notice saying why: ``--db``/JOURNAL_DB, else ``journal use``'s, else ./journal.db.

    The notice is None when the database was named explicitly; otherwise it is one short line for stderr.
    """
    from cli import config
    from journal.i18n import CLI

    if given is not None:
        return given, None
    if remembered.get("db"):
        return remembered["db"], CLI.gettext("database: {db} (remembered by 'journal use' in {path})").format(
            db=remembered["db"], path=config.path())
    return DEFAULT_DB, CLI.gettext("database: {db} (journal.db in the current folder; --db, JOURNAL_DB or "
                                   "'journal use' name another)").format(db=DEFAULT_DB)


class JournalGroup(Group):
    """A click group that loads its commands lazily and prints a JournalError as one line on stderr.

    It speaks the chosen language before it parses anything, so that click's own refusal of a bad option of
    the group itself ("No such option") is in that language too; ``--lang``'s callback then refuses a
    language the journal does not speak.
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        speak_click_messages()
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from journal.errors import ValidationFailed

        try:
            speak(language_given(args))
        except ValidationFailed:
            pass  # refused by --lang's callback, naming the option
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS) | set(system_commands()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        reference = LAZY_COMMANDS.get(name) or system_commands().get(name)
        if reference is not None:
            from cli.params import allow_negative_numbers
            from journal.systems.registry import load

            return allow_negative_numbers(load(reference))
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> Any:
        from journal.aftermath import collecting

        with collecting() as after_commit:
            try:
                result = self._invoke(ctx)
            except SystemExit as exc:  # refused: its own code stands, after what was stored is said
                self._say_after_commit(after_commit, exit=exc.code in (0, None))
                raise
            self._say_after_commit(after_commit, exit=True)
        return result

    @staticmethod
    def _say_after_commit(problems: list[Any], *, exit: bool) -> None:
        """What failed after a write was stored (journal.aftermath): one ``warning:`` line each, after the result;
        then, with ``exit``, the command exits EXIT_STORED_INCOMPLETE (11)."""
        if not problems:
            return
        from cli.output import warning_line
        from journal.aftermath import EXIT_STORED_INCOMPLETE

        for problem in problems:
            click.echo(warning_line(str(problem)), err=True)
        if exit:
            sys.exit(EXIT_STORED_INCOMPLETE)

    def _invoke(self, ctx: click.Context) -> Any:
        from cli.output import error_line
        from journal.errors import JournalError

        try:
            return super().invoke(ctx)
        except JournalError as exc:
            click.echo(error_line(str(exc)), err=True)
            sys.exit(exc.exit_code)
        except Exception as exc:  # database unreachable and the like: one line, not a traceback
            import sqlalchemy as sa

            if isinstance(exc, sa.exc.DataError):  # a value the database refuses: bad input, not a lost server
                from journal.i18n import CLI

                click.echo(error_line(CLI.gettext("bad input: {reason}").format(
                    reason=str(exc.orig).splitlines()[0])), err=True)
                sys.exit(2)
            if isinstance(exc, ValueError) and "null byte" in str(exc):  # a path argument holding NUL (os.stat)
                from journal.i18n import CLI

                click.echo(error_line(CLI.gettext("a path holds a NUL character: no file is named so")), err=True)
                sys.exit(2)
            if type(exc).__module__.startswith(("sqlalchemy", "psycopg", "sqlite3")):
                from journal.i18n import CLI

                click.echo(error_line(CLI.gettext("database: {reason}").format(reason=str(exc).splitlines()[0])),
                           err=True)
                sys.exit(9)
            raise


@click.group(cls=JournalGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("An append-only, verifiable journal of tabletop role-playing campaigns."))
@click.option("--db", envvar="JOURNAL_DB", default=None,
              help=N_("Database URL (sqlite:///file.db, postgresql://user@host/db) or a SQLite file path "
                      "[default: the one 'journal use' remembered, else journal.db in the current folder]."))
@click.option("--as", "actor", envvar="JOURNAL_ACTOR", default=None,
              help=N_("Who records (default: the campaign's Master)."))
@click.option("--log-json", is_flag=True, help=N_("Write logs to stderr as JSON lines."))
@click.option("--verbose", "-v", is_flag=True, help=N_("Log every append (debug level) to stderr."))
@click.option("--lang", default=None, metavar="en|ru", is_eager=True, expose_value=False, callback=choose_language,
              help=LANG_HELP)
@click.version_option(package_name="campaign-journal", help=N_("Show the version and exit."))
@click.pass_context
def cli(ctx: click.Context, db: str | None, actor: str | None, log_json: bool, verbose: bool) -> None:
    from cli import config

    remembered = config.load()
    if db is None and config.relative(remembered.get("db", "")) and ctx.invoked_subcommand != "use":
        from journal.errors import ValidationFailed
        from journal.i18n import CLI

        raise ValidationFailed(CLI.gettext(
            "config: the remembered database '{db}' is a relative path, which names another file in each folder: run "
            "'journal use CAMPAIGN' again where it is, or give --db").format(db=remembered["db"]))
    db, notice = choose_database(db, remembered)
    _check_db(db)
    if actor is not None and not actor.strip():
        from journal.i18n import CLI

        raise click.BadParameter(CLI.gettext("must name a member of the campaign, not be empty"),
                                 param_hint="'--as' / JOURNAL_ACTOR")
    if log_json or verbose:
        from journal.logs import configure

        configure(json=log_json, level="debug" if verbose or log_json else "warning")
    app = AppContext(db, actor, notice=notice, campaign=remembered.get("campaign"))
    ctx.obj = app
    ctx.call_on_close(app.close)




def main() -> None:
    cli(prog_name="journal")


if __name__ == "__main__":
    main()
