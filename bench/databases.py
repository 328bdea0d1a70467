"""Fresh databases for the benchmarks: a temporary SQLite file, or a PostgreSQL schema of its own, at the head revision.

Every benchmark opens its database through :func:`fresh_database`, so each one runs on PostgreSQL as on SQLite:
a new schema is created, brought to the newest revision (``open_store(url, upgrade=True)``) and dropped when the
benchmark ends, whatever happened in between.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa

from journal.store import open_store
from journal.store.urls import normalise_url

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names a SQLite database (a URL or a bare path)."""
    return url.startswith("sqlite") or "://" not in url


def backend_name(url: str) -> str:
    """``sqlite`` or ``postgresql``."""
    return "sqlite" if is_sqlite(url) else "postgresql"


def _admin(url: str) -> sa.Engine:
    return sa.create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")


def create_schema(url: str) -> tuple[str, str]:
    """Create a new schema on the server of ``url``; return (a URL whose search_path is that schema, its name)."""
    schema = f"{os.environ.get('JOURNAL_BENCH_SCHEMA_PREFIX', 'bench_')}{uuid.uuid4().hex[:8]}"
    engine = _admin(url)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sa.exc.OperationalError as exc:
        raise SystemExit(f"--db: the database cannot be reached: {str(exc.orig).splitlines()[0]}") from None
    finally:
        engine.dispose()
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}", schema


def drop_schema(url: str, schema: str) -> None:
    """Drop ``schema`` (and everything in it) from the server of ``url``."""
    engine = _admin(url)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        engine.dispose()


def server_setting(url: str, name: str) -> str:
    """``SHOW name`` on the PostgreSQL server of ``url`` (the durability the peer's commits had there)."""
    engine = _admin(url)
    try:
        with engine.connect() as conn:
            return str(conn.exec_driver_sql(f"SHOW {name}").scalar())
    finally:
        engine.dispose()


@contextmanager
def fresh_database(db: str | None, name: str = "bench") -> Iterator[str]:
    """Yield the URL of a new, empty database at the head revision; remove it afterwards.

    ``db`` is None or ``sqlite`` for a SQLite file in a temporary folder, or a PostgreSQL URL, on whose server a
    schema of its own is made for the benchmark.
    """
    with tempfile.TemporaryDirectory(prefix="journal-bench-") as tmp:
        if db is None or db == "sqlite":
            url, schema = f"sqlite:///{os.path.join(tmp, name + '.db')}", None
        elif is_sqlite(db):
            raise SystemExit(f"--db: give 'sqlite' (a temporary file) or a PostgreSQL URL, not a file path ({db})")
        else:
            url, schema = create_schema(db)
        try:
            open_store(url, upgrade=True).close()
            yield url
        finally:
            if schema is not None:
                drop_schema(db or "", schema)
