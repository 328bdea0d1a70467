"""``journal init`` and ``journal db upgrade|current|history`` on an empty database of each backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import migrations
from cli.main import cli

VERSIONS = Path(migrations.__file__).parent / "versions"
#: Every revision id, oldest first, read from the migration files' names (``0001_events.py`` ...).
REVISIONS = sorted(path.name[:4] for path in VERSIONS.glob("[0-9][0-9][0-9][0-9]_*.py"))
HEAD = REVISIONS[-1]


def shown(url: str) -> str:
    """The URL as the CLI prints it: a PostgreSQL URL names its driver (psycopg 3)."""
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


def test_init_on_an_empty_database_reports_where_the_journal_is(invoke, db_url) -> None:
    """init creates the schema and prints 'journal ready at URL'."""
    result = invoke("init")
    assert result.exit_code == 0
    assert result.stdout == f"journal ready at {shown(db_url)}\n"
    assert result.stderr == ""


def test_init_twice_is_harmless(invoke, db_url) -> None:
    """A second init on an up-to-date database succeeds with the same line."""
    invoke("init")
    result = invoke("init")
    assert (result.exit_code, result.stdout) == (0, f"journal ready at {shown(db_url)}\n")


def test_db_current_on_an_empty_database_says_none_and_behind(invoke) -> None:
    """Before init the database has no revision: 'none (behind: head is HEAD)'."""
    result = invoke("db", "current")
    assert result.exit_code == 0
    assert result.stdout == f"none (behind: head is {HEAD})\n"
    assert result.stderr == ""


def test_db_current_on_an_empty_database_says_none_in_russian(invoke) -> None:
    """--lang ru: the revision an empty database lacks is «нет», the word its help names."""
    result = invoke("--lang", "ru", "db", "current")
    assert (result.exit_code, result.stdout) == (0, f"нет (отстаёт: последняя — {HEAD})\n")


def test_db_current_after_init_says_head(invoke) -> None:
    """After init the database is at the newest revision: 'HEAD (head)'."""
    invoke("init")
    result = invoke("db", "current")
    assert (result.exit_code, result.stdout, result.stderr) == (0, f"{HEAD} (head)\n", "")


def test_db_upgrade_brings_an_empty_database_to_head(invoke) -> None:
    """db upgrade prints the revision reached, and db current then agrees."""
    result = invoke("db", "upgrade")
    assert (result.exit_code, result.stdout) == (0, f"database at revision {HEAD}\n")
    assert invoke("db", "current").stdout == f"{HEAD} (head)\n"


def test_db_history_lists_every_revision_oldest_first() -> None:
    """db history prints one 'REV: message' line per migration file, 0001 first (no database needed)."""
    result = CliRunner().invoke(cli, ["db", "history"], catch_exceptions=False)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == REVISIONS
    assert lines[0] == "0001: The append-only events table, its unique constraints, and the triggers that refuse UPDATE and DELETE."


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_sqlite_file_gets_its_schema_on_first_use(invoke) -> None:
    """Without init, a SQLite file is brought to head by the first command."""
    result = invoke("campaign", "list", "--json")
    assert (result.exit_code, result.stdout) == (0, "[]\n")
    assert invoke("db", "current").stdout == f"{HEAD} (head)\n"


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_server_database_without_schema_is_refused_with_the_upgrade_hint(invoke) -> None:
    """Without init, PostgreSQL is not touched: exit 8 and a hint to run 'journal db upgrade'."""
    result = invoke("campaign", "list")
    assert result.exit_code == 8
    assert result.stdout == ""
    assert result.stderr == (
        f"error: database schema is at revision none, this journal needs {HEAD}: run 'journal db upgrade'\n"
    )
    assert invoke("db", "current").stdout == f"none (behind: head is {HEAD})\n"
