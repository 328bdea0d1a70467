"""The low-level helpers of a database: engines, SQLite pragmas, write locks and the revision a database is at.

It imports nothing of the store but its tables' revision and the URL spellings (journal/store/urls.py); a store is
assembled from these parts in journal/store/opening.py.

* ``postgresql://`` and ``postgres://`` URLs are driven by psycopg 3; a bare path is a SQLite file.
* SQLite runs in WAL mode with ``synchronous=FULL`` (a commit survives a power cut, as the peer keeps it)
  and a busy timeout of the write bound.
* Writes to a campaign are serialised by the database (:func:`begin_write`): on SQLite by the write
  transaction (``BEGIN IMMEDIATE``, the lock of the whole file), on PostgreSQL by a transaction-scoped
  advisory lock on a 64-bit hash of the journal's schema and the campaign's name (advisory locks are the
  whole database's: two journals in two schemas of one database, each with a campaign 'Лес', do not wait on
  each other, nor does a read's cache save of one skip because the other writes).  A writer waits for its turn up to a bound
  (``JOURNAL_WRITE_WAIT`` seconds, 30 by default); a wait of 0 only tries, for the caches a read saves.
  The connection holding a write is known to its context (:func:`held_write`), so that whatever runs
  inside the write (a cache save, a session's seed) goes through it instead of waiting for itself.
* :func:`current_revision` says which revision a database is at; ``open_store`` (journal/store/opening.py) brings
  a SQLite file to the head on first use and refuses a server database that is behind.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

import sqlalchemy as sa

from journal.errors import JournalError, ValidationFailed
from journal.i18n import _
from journal.store.urls import normalise_url

DEFAULT_URL = "sqlite:///journal.db"

#: How long a writer waits for a campaign's write lock, in seconds, unless JOURNAL_WRITE_WAIT says otherwise.
DEFAULT_WRITE_WAIT = 30.0

#: The write transactions this context (thread or task) holds: (engine, campaign) -> the connection.
_HELD: ContextVar[dict[tuple[int, str], sa.Connection] | None] = ContextVar("journal_held_writes", default=None)


class SchemaOutOfDate(JournalError):
    """The database is not at the schema revision this code needs."""

    exit_code = 8


def write_wait(value: float | str | None = None) -> float:
    """The write bound in seconds: ``value``, else ``JOURNAL_WRITE_WAIT``, else :data:`DEFAULT_WRITE_WAIT`."""
    if value is None:
        value = os.environ.get("JOURNAL_WRITE_WAIT") or DEFAULT_WRITE_WAIT
    try:
        seconds = float(value)
    except ValueError:
        raise ValidationFailed(_("JOURNAL_WRITE_WAIT: '{value}' is not a number of seconds").format(value=value)) from None
    if not 0 <= seconds <= 3600:
        raise ValidationFailed(_("JOURNAL_WRITE_WAIT: {value} is not between 0 and 3600 seconds").format(value=value))
    return seconds


def make_engine(url: str, wait: float | None = None) -> sa.Engine:
    """A SQLAlchemy engine for ``url`` with the journal's connection settings (``wait``: the write bound)."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        busy = write_wait(wait)
        engine = sa.create_engine(url, connect_args={"timeout": busy})
        _configure_sqlite(engine, busy)
        return engine
    return sa.create_engine(url, pool_pre_ping=False)


def statement_reads(engine: sa.Engine) -> sa.Engine:
    """``engine`` for reads of one statement each, outside any write: on PostgreSQL in autocommit, which spares each
    read the BEGIN and the ROLLBACK that psycopg sends as round trips of their own (a statement alone reads one
    consistent snapshot all the same); on SQLite ``engine`` itself.  It shares ``engine``'s pool."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


def make_read_engine(url: str) -> sa.Engine:
    """An engine for a PostgreSQL read replica at ``url`` (``journal serve --read-url``): every transaction read-only.

    Only a PostgreSQL URL is taken (a SQLite file has no standby); journal/store/replicas.py checks that the server
    is a standby of the primary before anything is read from it.
    """
    normalised = normalise_url(url)
    if not normalised.startswith("postgresql"):
        raise ValidationFailed(_("read URL: '{url}' is not a PostgreSQL URL (postgresql://...): only a PostgreSQL "
                                 "standby serves reads").format(url=url))
    engine = sa.create_engine(normalised, pool_pre_ping=False)

    @sa.event.listens_for(engine, "connect")
    def _read_only(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET default_transaction_read_only = on")
        dbapi_connection.commit()

    return engine


def _configure_sqlite(engine: sa.Engine, busy: float) -> None:
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy * 1000)}")
        cursor.close()
        _record.info["journal_busy_ms"] = int(busy * 1000)

    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        driver_execute(connection, f"BEGIN {mode}")


def driver_execute(conn: sa.Connection, sql: str, params: Any = (), *, many: bool = False) -> Any:
    """Run ``sql`` (in the driver's paramstyle) on ``conn``'s DBAPI cursor and return the cursor.

    The append path's statements go here: SQLAlchemy's statement machinery costs several times what SQLite spends on
    a head lookup or a one-row insert.  A driver error is raised as SQLAlchemy raises it (``sa.exc.IntegrityError``,
    ``sa.exc.OperationalError``...), and a lost connection is invalidated, so callers catch what they always caught.
    """
    cursor = conn.connection.cursor()
    try:
        if many:
            cursor.executemany(sql, params)
        else:
            cursor.execute(sql, params)
    except conn.dialect.loaded_dbapi.Error as exc:
        lost = conn.dialect.is_disconnect(exc, conn.connection.dbapi_connection, cursor)
        if lost:
            conn.invalidate(exc)
        raise sa.exc.DBAPIError.instance(sql, params, exc, conn.dialect.loaded_dbapi.Error,
                                         connection_invalidated=lost, dialect=conn.dialect) from exc
    return cursor


def begin_write(conn: sa.Connection, campaign: str, wait: float) -> sa.RootTransaction | None:
    """Begin a transaction on ``conn`` holding the write lock of ``campaign``, waiting at most ``wait`` seconds.

    Returns the open transaction, or None (nothing begun) when others held the lock all that time; a
    ``wait`` of 0 only tries.  SQLite's lock is the whole file's; PostgreSQL's is the campaign's alone.
    """
    if conn.dialect.name == "sqlite":
        return _begin_sqlite(conn, wait)
    transaction = conn.begin()
    key = sa.func.hashtextextended(sa.func.concat(sa.func.current_schema(), "/", campaign), 0)
    try:
        if wait <= 0:
            if conn.execute(sa.select(sa.func.pg_try_advisory_xact_lock(key))).scalar():
                return transaction
            transaction.rollback()
            return None
        conn.exec_driver_sql(f"SET LOCAL lock_timeout = {max(1, int(wait * 1000))}")
        conn.execute(sa.select(sa.func.pg_advisory_xact_lock(key)))
        conn.exec_driver_sql("SET LOCAL lock_timeout TO DEFAULT")
        return transaction
    except sa.exc.OperationalError as exc:
        transaction.rollback()
        if getattr(exc.orig, "sqlstate", None) == "55P03":  # lock_not_available: the bound passed
            return None
        raise
    except BaseException:
        transaction.rollback()
        raise


def _begin_sqlite(conn: sa.Connection, wait: float) -> sa.RootTransaction | None:
    """``BEGIN IMMEDIATE`` within ``wait`` seconds of no progress: while others commit, the queue moves.

    SQLite's busy handler polls, so a waiter is not served in turn; the bound therefore counts from the
    last commit another connection made (``PRAGMA data_version``), not from the first attempt.
    """
    raw = conn.connection.dbapi_connection
    assert raw is not None
    default = conn.connection.info.get("journal_busy_ms", int(DEFAULT_WRITE_WAIT * 1000))
    seen = raw.execute("PRAGMA data_version").fetchone()[0]
    deadline = time.monotonic() + wait
    try:
        while True:
            remaining = deadline - time.monotonic()
            raw.execute(f"PRAGMA busy_timeout={int(max(0.0, min(remaining, 1.0)) * 1000)}")
            try:
                return conn.execution_options(sqlite_begin="IMMEDIATE").begin()
            except sa.exc.OperationalError as exc:
                if "database is locked" not in str(exc):
                    raise
            if wait <= 0:
                return None
            version = raw.execute("PRAGMA data_version").fetchone()[0]
            if version != seen:
                seen, deadline = version, time.monotonic() + wait
            elif time.monotonic() >= deadline:
                return None
    finally:
        raw.execute(f"PRAGMA busy_timeout={default}")
        conn.execution_options(sqlite_begin="DEFERRED")


def held_write(engine: sa.Engine, campaign: str | None) -> sa.Connection | None:
    """The connection of the write this context holds on ``campaign`` (on SQLite: any write on the file), or None.

    ``campaign`` None: any write this context holds on ``engine`` (a read by event id goes through it, so that it
    sees the write's own uncommitted events)."""
    held = _HELD.get()
    if not held:
        return None
    found = None if campaign is None else held.get((id(engine), campaign))
    if found is None and (campaign is None or engine.dialect.name == "sqlite"):
        found = next((conn for (owner, _), conn in held.items() if owner == id(engine)), None)
    return found


#: The key of a write connection's ``info`` under which :func:`after_commit` keeps what runs once it commits.
AFTER_COMMIT = "journal.after_commit"

#: The key of a write connection's ``info`` under which the store keeps the (campaign, head) of each append it
#: made, for the listeners that run once it commits.
APPENDED = "journal.appended"


def after_commit(engine: sa.Engine, campaign: str, then: Callable[[], None]) -> None:
    """Run ``then`` once the write this context holds on ``campaign`` commits (never if it rolls back); at once
    when it holds none.  In-memory state made from a write's uncommitted events (the warm states) is kept so:
    kept earlier, a rollback would leave it naming a version whose events were never stored."""
    held = held_write(engine, campaign)
    waiting = None if held is None else held.info.get(AFTER_COMMIT)
    if waiting is None:
        then()
    else:
        waiting.append(then)


@contextlib.contextmanager
def holding(engine: sa.Engine, campaign: str, conn: sa.Connection) -> Iterator[None]:
    """Make ``conn`` (in a write transaction holding ``campaign``'s lock) this context's writer while inside."""
    held = dict(_HELD.get() or {})
    held[(id(engine), campaign)] = conn
    token = _HELD.set(held)
    try:
        yield
    finally:
        _HELD.reset(token)


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
