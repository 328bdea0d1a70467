"""Fixtures shared by every test: a fresh journal database on each backend.

Every test that takes ``db_url`` (or ``store`` / ``journal``) runs twice: on a new SQLite file and on
a new schema of the PostgreSQL server named by ``JOURNAL_TEST_PG`` (default: the local ``test``
database).  Where PostgreSQL is unreachable those runs skip with the reason, except under ``CI=true``,
where an unreachable server fails the run.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from journal.service import Journal
from journal.store import EventStore, open_store

PG_URL = os.environ.get("JOURNAL_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
_pg_problem: str | None = None
_pg_checked = False


def _postgres_problem() -> str | None:
    """None when the PostgreSQL test server answers, else why not (checked once per run)."""
    global _pg_checked, _pg_problem
    if not _pg_checked:
        _pg_checked = True
        engine = sa.create_engine(PG_URL)
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
        except Exception as exc:  # noqa: BLE001 - any failure means "unreachable"
            _pg_problem = f"PostgreSQL at {PG_URL} unreachable: {str(exc).splitlines()[0]}"
        finally:
            engine.dispose()
    return _pg_problem


def _schema_url(schema: str) -> str:
    separator = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{separator}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    """The backend a store test runs on."""
    if request.param == "postgresql":
        problem = _postgres_problem()
        if problem:
            if os.environ.get("CI") == "true":
                pytest.fail(problem)
            pytest.skip(problem)
    return request.param


@pytest.fixture
def db_url(backend: str, tmp_path) -> Iterator[str]:
    """A URL of an empty database of ``backend``: a new SQLite file, or a new PostgreSQL schema."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'journal.db'}"
        return
    schema = f"jt_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield _schema_url(schema)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    """An EventStore on a fresh database at the head schema revision."""
    opened = open_store(db_url, upgrade=True)
    yield opened
    opened.close()


@pytest.fixture
def journal(store: EventStore) -> Journal:
    """The Journal service over a fresh store."""
    return Journal(store)
