"""Journals recorded once per worker and copied into each test that starts from one.

A test that starts from a table recorded through many commands (a fixture running ten CLI verbs) pays for them once
per worker and backend instead of once per test.  :meth:`Recordings.copy` records the recipe on a template database
of its own at the head revision (a SQLite file, or a PostgreSQL schema no test touches) with a key folder of its own,
then copies it into the test's database (the file; or the rows and the sequences) and the key folder into the test's
temporary folder, which JOURNAL_KEY_DIR then names.  The copy is the template's journal (its identity, its key and
its witness, as a restored backup is), and what the test does to it, its key or its witness stays in its test.

``tests/conftest.py``'s ``recorded`` fixture hands a test :meth:`Recordings.copy` for its database;
``tests/cli/conftest.py``'s :func:`~tests.cli.conftest.recorded_with_cli` makes a CLI recipe such a fixture.
"""

from __future__ import annotations

import contextlib
import copy
import shutil
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest

from tests.support import new_identity, schema_in, schema_url


class Schemas(Protocol):
    """The pool of PostgreSQL schemas at the head revision (tests/conftest.py's ``_HeadSchemas``)."""

    def take(self) -> str: ...

    def drop(self, schema: str) -> None: ...

    def copy_rows(self, template: str, schema: str) -> None: ...


@dataclass(frozen=True)
class Template:
    """A recorded journal: its database's URL, its key folder and what the recipe returned."""

    url: str
    keys: Path
    value: Any


class Recordings:
    """The templates one worker recorded, by (name, backend): each recorded the first time a test asks for it."""

    def __init__(self, folder: Path, schemas: Schemas) -> None:
        self.folder, self.schemas = folder, schemas
        self.templates: dict[tuple[str, str], Template] = {}

    def template(self, name: str, backend: str, recipe: Callable[[str], Any], sqlite_at_head: Callable[[], Path]
                 ) -> Template:
        """The template ``recipe`` recorded (given its database's URL) on ``backend``, recorded now if not yet
        (``sqlite_at_head``: a SQLite file at the head revision, to start a SQLite template from)."""
        found = self.templates.get((name, backend))
        if found is not None:
            return found
        folder = self.folder / uuid.uuid4().hex[:12]
        folder.mkdir(parents=True)
        if backend == "sqlite":
            path = folder / "journal.db"
            shutil.copyfile(sqlite_at_head(), path)
            with contextlib.closing(sqlite3.connect(path)) as conn, conn:  # a journal of its own, as a new file is
                new_identity(conn, "")
            url = f"sqlite:///{path}"
        else:
            url = schema_url(self.schemas.take())
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("JOURNAL_KEY_DIR", str(folder / "keys"))
            value = recipe(url)
        if backend == "sqlite":
            with sqlite3.connect(path) as conn:  # every page in the file: a copy of the file alone is the whole journal
                assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0, "the template is in use"
        found = self.templates[(name, backend)] = Template(url, folder / "keys", value)
        return found

    def copy(self, name: str, recipe: Callable[[str], Any], backend: str, db_url: str, keys: Path,
             sqlite_at_head: Callable[[], Path]) -> Any:
        """Make the database at ``db_url`` (at the head revision) the journal ``recipe`` records, with its key folder
        copied to ``keys`` (which the caller makes JOURNAL_KEY_DIR); return (a copy of) what the recipe returned."""
        template = self.template(name, backend, recipe, sqlite_at_head)
        if backend == "sqlite":
            path = Path(db_url.removeprefix("sqlite:///"))
            for part in ("-wal", "-shm"):  # no connection is open: the last one to close folded its -wal in
                assert not path.with_name(path.name + part).exists(), f"{path.name}{part}: the database is in use"
            shutil.copyfile(template.url.removeprefix("sqlite:///"), path)
        else:
            self.schemas.copy_rows(schema_in(template.url), schema_in(db_url))
        shutil.copytree(template.keys, keys)
        return copy.deepcopy(template.value)

    def close(self) -> None:
        """Drop the PostgreSQL templates."""
        for (_name, backend), template in self.templates.items():
            if backend != "sqlite":
                self.schemas.drop(schema_in(template.url))
