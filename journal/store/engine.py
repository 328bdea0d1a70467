"""Opening a database: URL handling, SQLite pragmas and write locks, and the schema revision check.

* ``postgresql://`` and ``postgres://`` URLs are driven by psycopg 3; a bare path is a SQLite file.
* SQLite runs in WAL mode with a busy timeout; a write transaction starts with ``BEGIN IMMEDIATE``
  so that concurrent writers queue for the lock instead of failing half-way.
* A SQLite file is brought to the head revision on first use.  A server database must be upgraded
  explicitly (``journal db upgrade``): ``open_store`` refuses one that is behind, with that hint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from journal.errors import JournalError
from journal.store.tables import SCHEMA_REVISION

if TYPE_CHECKING:
    from journal.store.eventstore import EventStore

DEFAULT_URL = "sqlite:///journal.db"


class SchemaOutOfDate(JournalError):
    """The database is not at the schema revision this code needs."""

    exit_code = 8


def normalise_url(url: str) -> str:
    """Accept the spellings people type and return a SQLAlchemy URL with the right driver."""
    if "://" not in url:
        return f"sqlite:///{url}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return url


def make_engine(url: str) -> sa.Engine:
    """A SQLAlchemy engine for ``url`` with the journal's connection settings."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 60})
        _configure_sqlite(engine)
        return engine
    return sa.create_engine(url, pool_pre_ping=False)


def _configure_sqlite(engine: sa.Engine) -> None:
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=60000")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


def current_revision(engine: sa.Engine) -> str | None:
    """The alembic revision the database is at, or None for an empty database."""
    with engine.connect() as conn:
        try:
            return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
        except sa.exc.ProgrammingError:  # PostgreSQL: no such table
            return None
        except sa.exc.OperationalError as exc:  # SQLite: no such table (or a real failure: re-raised)
            if "no such table" in str(exc):
                return None
            raise


def open_store(url: str = DEFAULT_URL, *, upgrade: bool | None = None) -> EventStore:
    """Open the store at ``url``, checking (and for SQLite, by default, creating) its schema.

    ``upgrade=None`` upgrades SQLite files automatically and only checks servers; ``True`` always
    upgrades; ``False`` only checks.
    """
    from journal.store.eventstore import EventStore

    engine = make_engine(url)
    revision = current_revision(engine)
    if revision != SCHEMA_REVISION:
        if upgrade is None:
            upgrade = engine.dialect.name == "sqlite"
        if not upgrade:
            engine.dispose()
            raise SchemaOutOfDate(
                f"database schema is at revision {revision or 'none'}, this journal needs {SCHEMA_REVISION}: "
                "run 'journal db upgrade'"
            )
        from journal.store.migrate import upgrade_to_head

        upgrade_to_head(engine)
    return EventStore(engine)
