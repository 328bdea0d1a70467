"""Fixtures of the CLI tests: the ``journal`` command run in-process on the test's database.

``invoke`` runs ``journal --db <db_url> ARGS...`` on the untouched database of the ``db_url`` fixture
(so every test runs on SQLite and PostgreSQL); ``run`` does the same after ``journal init``, which a
PostgreSQL schema needs before any other command.  Both return click's ``Result`` (stdout and stderr
kept apart).  Unexpected exceptions are not caught: a traceback fails the test loudly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import click
import orjson
import pytest
import structlog
from click.testing import CliRunner, Result

from cli.main import cli

#: Variables that would change what the CLI does (actor, database) or how rich prints a table:
#: unset for every invocation, so that the results do not depend on the developer's shell.
CLEAN_ENV: dict[str, str | None] = {
    "JOURNAL_ACTOR": None,
    "JOURNAL_DB": None,
    "COLUMNS": None,
    "LINES": None,
    "FORCE_COLOR": None,
    "NO_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
}

Invoke = Callable[..., Result]
T = TypeVar("T")


def _invoker(default_db: str) -> Invoke:
    def invoke(*args: str, db: str | None = None, env: dict[str, str | None] | None = None,
               input: str | bytes | None = None) -> Result:
        runner = CliRunner(env=CLEAN_ENV)
        return runner.invoke(cli, ["--db", db or default_db, *args], env=env, input=input,
                             prog_name="journal", catch_exceptions=False)

    return invoke


@pytest.fixture(autouse=True)
def _restore_structlog() -> Iterator[None]:
    """``--log-json`` / ``-v`` reconfigure structlog process-wide (onto the runner's stderr): undo it."""
    saved = structlog.get_config()
    yield
    structlog.configure(**saved)


@pytest.fixture
def invoke(db_url: str) -> Invoke:
    """Run the CLI on the test's empty database: ``invoke("campaign", "list")``."""
    return _invoker(db_url)


@pytest.fixture
def run(db_url: str, db_at_head: None) -> Invoke:
    """Run the CLI on the test's database after a successful ``journal init`` (on a database the migrations already
    brought to the head revision, tests/conftest.py's ``db_at_head``: init then makes the key and finds the schema
    current)."""
    result = _invoker(db_url)("init")
    assert (result.exit_code, result.stderr) == (0, "")
    return _invoker(db_url)


def recorded_with_cli(recipe: Callable[[Invoke], T]) -> Any:
    """``recipe`` (a function of ``run`` that records a table through the CLI) made a fixture of the same name that
    starts the test's database as that table, recorded once per worker and backend (tests/recordings.py): the test
    gets what the recipe returned, and its ``run`` works on the copy."""

    def fixture(run: Invoke, recorded: Callable[[str, Callable[[str], T]], T]) -> T:
        def record(url: str) -> T:
            on_template = _invoker(url)
            result = on_template("init")
            assert (result.exit_code, result.stderr) == (0, ""), result.stderr
            return recipe(on_template)

        return recorded(f"{recipe.__module__}.{recipe.__name__}", record)

    fixture.__doc__ = recipe.__doc__
    return pytest.fixture(name=recipe.__name__)(fixture)


@pytest.fixture
def events_of(run: Invoke) -> Callable[[str], list[dict]]:
    """The campaign's stored events as ``log --json`` prints them (one dict per line)."""

    def events(campaign: str) -> list[dict]:
        result = run("log", campaign, "--json")
        assert result.exit_code == 0, result.stderr
        return [orjson.loads(line) for line in result.stdout.splitlines()]

    return events


@pytest.fixture
def other_db(tmp_path: Path) -> str:
    """A second, empty SQLite database (the target of imports), whatever the test's backend."""
    return f"sqlite:///{tmp_path / 'other.db'}"


def cli_commands() -> Iterator[tuple[str, click.Command]]:
    """Every command of the CLI with its path (``journal wield character new``), groups and hidden old names
    included."""
    ctx = click.Context(cli, info_name="journal")
    stack: list[tuple[str, click.Command]] = [("journal", cli)]
    while stack:
        path, command = stack.pop()
        yield path, command
        if isinstance(command, click.Group):
            names = command.list_commands(ctx)
            stack += [(f"{path} {name}", sub) for name in names
                      if (sub := command.get_command(ctx, name)) is not None]


def told(stderr: str) -> str:
    """``stderr`` without verify's note that a SQLite file's ``-wal`` still holds writes the file lacks (true here:
    the test's earlier commands ran in this process, which can keep the -wal until it ends)."""
    return "".join(line for line in stderr.splitlines(keepends=True) if not line.startswith("note: journal.db-wal holds"))
