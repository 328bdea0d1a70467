"""Global options and failures: ``--log-json``, ``-v``, and databases that cannot be opened."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner, Result

from cli.main import cli

UNREACHABLE = "postgresql://postgres@127.0.0.1:1/none"


def _journal(*args: str) -> Result:
    return CliRunner(env={"JOURNAL_ACTOR": None, "JOURNAL_DB": None}).invoke(
        cli, list(args), prog_name="journal", catch_exceptions=False
    )


# -- structured logs ---------------------------------------------------------------------------


def test_log_json_writes_the_append_as_a_json_line_on_stderr(run) -> None:
    """With --log-json an append logs one JSON line (event.appended: campaign, version, type, actor)."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("--log-json", "member", "add", "Пепел", "Аня")
    assert result.exit_code == 0
    (record,) = [json.loads(line) for line in result.stderr.splitlines()]
    assert {k: record[k] for k in ("event", "campaign", "version", "type", "actor", "level")} == {
        "event": "event.appended", "campaign": "Пепел", "version": 2, "type": "member.added",
        "actor": "Судьба", "level": "debug",
    }


def test_log_json_leaves_only_the_result_line_on_stdout(run) -> None:
    """With --log-json stdout holds the command's result line and nothing else."""
    result = run("--log-json", "campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    assert result.exit_code == 0
    assert result.stdout == "campaign 'Пепел' started (Wield), Master: Судьба\n"
    assert [json.loads(line)["event"] for line in result.stderr.splitlines()] == ["event.appended"]


def test_log_json_logs_nothing_for_a_query(run) -> None:
    """A read-only command with --log-json writes no log line."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("--log-json", "campaign", "list", "--json")
    assert (result.exit_code, result.stderr) == (0, "")


def test_without_log_options_an_append_logs_nothing(run) -> None:
    """By default (warnings only) an append writes nothing to stderr."""
    result = run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    assert (result.exit_code, result.stderr) == (0, "")


def test_verbose_logs_the_append_for_people(run) -> None:
    """-v logs each append as one human-readable line on stderr."""
    run("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба")
    result = run("-v", "member", "add", "Пепел", "Аня")
    assert result.stdout == "'Аня' joined 'Пепел' (version 2)\n"
    assert re.fullmatch(
        r"\S+Z \[debug\s*\] event\.appended\s+actor=Судьба campaign=Пепел type=member\.added version=2\n",
        result.stderr,
    )


# -- databases that cannot be opened -----------------------------------------------------------


def test_unreachable_server_is_one_error_line_and_exit_9() -> None:
    """A PostgreSQL URL nobody answers: 'error: database: ...' on one line, exit 9, no traceback."""
    result = _journal("--db", UNREACHABLE, "campaign", "list")
    assert result.exit_code == 9
    assert result.stdout == ""
    assert result.stderr.startswith("error: database: (psycopg.OperationalError) connection failed: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_unreachable_server_fails_db_current_the_same_way() -> None:
    """db current on an unreachable server also exits 9 with one 'error: database:' line."""
    result = _journal("--db", UNREACHABLE, "db", "current")
    assert result.exit_code == 9
    assert result.stderr.startswith("error: database: ")
    assert result.stderr.count("\n") == 1


def test_unreachable_server_error_does_not_show_the_password() -> None:
    """The error line for a URL with a password does not repeat the password."""
    result = _journal("--db", "postgresql://postgres:s3cret-pw@127.0.0.1:1/none", "init")
    assert result.exit_code == 9
    assert "s3cret-pw" not in result.output


def test_sqlite_file_in_a_missing_directory_is_a_database_error(tmp_path: Path) -> None:
    """A SQLite path whose directory does not exist exits 9 with sqlite's one-line reason."""
    result = _journal("--db", f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}", "campaign", "list")
    assert result.exit_code == 9
    assert result.stderr == "error: database: (sqlite3.OperationalError) unable to open database file\n"


def test_a_file_that_is_not_a_database_is_a_database_error(tmp_path: Path) -> None:
    """A --db file that is not SQLite exits 9 with 'file is not a database' and is left as it was."""
    garbage = tmp_path / "notes.txt"
    garbage.write_bytes(b"not a database\n" * 200)
    result = _journal("--db", str(garbage), "campaign", "list")
    assert result.exit_code == 9
    assert result.stderr == "error: database: (sqlite3.DatabaseError) file is not a database\n"
    assert garbage.read_bytes() == b"not a database\n" * 200


def test_a_bare_path_is_a_sqlite_file(tmp_path: Path) -> None:
    """--db PATH without a scheme opens (and creates) a SQLite file there."""
    path = tmp_path / "plain.db"
    result = _journal("--db", str(path), "init")
    assert (result.exit_code, result.stdout) == (0, f"journal ready at sqlite:///{path}\n")
    assert path.exists()
