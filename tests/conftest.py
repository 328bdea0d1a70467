"""Fixtures shared by every test: a fresh journal database on each backend.

Every test that takes ``db_url`` (or ``store`` / ``journal``) runs twice: on a new SQLite file and on
a new schema of the PostgreSQL server named by ``JOURNAL_TEST_PG`` (default: the local ``test``
database).  Where PostgreSQL is unreachable those runs skip with the reason, except under ``CI=true``,
where an unreachable server fails the run.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

#: This machine sets PYTHONDONTWRITEBYTECODE; the test run keeps bytecode anyway (in the ignored __pycache__
#: folders), as an installed journal has it, so that each worker and each process a test starts (CLI runs, servers,
#: racing writers) does not compile the journal's modules and the test modules again: half of the collection's CPU.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False

import pytest
import sqlalchemy as sa

import tests.profiles  # noqa: F401 - loads the Hypothesis profile (ci or dev) before any test module
from journal.service import Journal
from journal.store import EventStore, open_store
from tests.recordings import Recordings
from tests.support import PG_URL, new_identity, schema_url

T = TypeVar("T")

# Tests speak English (the msgids) whatever the machine's locale; a test that wants Russian asks for it.
os.environ["JOURNAL_LANG"] = "en"
#: Revision 0006 partitions the events table 16 ways on PostgreSQL; every PostgreSQL test makes a fresh schema, and
#: 16 partitions cost it 1-2 s. Two partitions still spread campaigns over more than one (tests/journal/store/
#: test_partitions.py reads the same variable).
os.environ.setdefault("JOURNAL_EVENT_PARTITIONS", "2")
#: The load tests prove that no write is given up; on a loaded two-core machine sixteen writers can queue longer
#: than the default 30 s bound, which is a promise to a person at the table, not to a test. The tests of the
#: bound set their own.
os.environ.setdefault("JOURNAL_WRITE_WAIT", "300")

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


#: Each xdist worker names here the test modules whose tests share a fixture of module (or class) scope: tests/web's
#: ``live`` server over ``module_db`` and its ``chromiums``, a module's migrated release file...  (in the run's base
#: temporary folder, one file per worker, written when it has collected).
_SHARED_FIXTURES = "modules-sharing-fixtures-{worker}.txt"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker: write down the modules whose tests use a module- or class-scoped fixture."""
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker is None:
        return
    shared: set[str] = set()
    for item in items:
        definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
        if any(fixture.scope in ("module", "class", "package") for name in getattr(item, "fixturenames", ())
               for fixture in definitions.get(name, ())):
            shared.add(item.nodeid.split("::")[0])
    folder = config._tmp_path_factory.getbasetemp().parent  # type: ignore[attr-defined]
    (folder / _SHARED_FIXTURES.format(worker=worker)).write_text("".join(f"{m}\n" for m in sorted(shared)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``-n N`` (xdist's ``load``) with each module that shares fixtures sent whole to one worker.

    A module's ``live`` servers and browsers then start once, on one worker, instead of once on each (xdist's
    ``load`` deals the tests out one by one, so every module ran on both).  Every other test goes alone to
    whichever worker is free.  The shared modules go first, the largest first, and the single tests fill the end,
    so both workers finish together.  (xdist's own ``loadgroup`` cannot do this under pytest 9.2, whose node ids
    it can no longer suffix.)  ``JOURNAL_TEST_SCHEDULE=load`` keeps xdist's own, to measure the difference.
    """
    if config.getvalue("dist") != "load" or os.environ.get("JOURNAL_TEST_SCHEDULE") == "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    folder = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]

    class SharedModulesTogether(LoadScopeScheduling):
        shared: set[str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.shared is None:
                self.shared = {line for path in folder.glob(_SHARED_FIXTURES.format(worker="*"))
                               for line in path.read_text().splitlines() if line}
            module = nodeid.split("::")[0]
            return module if module in self.shared else nodeid

    return SharedModulesTogether(config, log)


@pytest.fixture(autouse=True, scope="session")
def _journal_key_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Journal signing keys of the run live in a temporary folder, never in the user's ~/.config."""
    previous = os.environ.get("JOURNAL_KEY_DIR")
    os.environ["JOURNAL_KEY_DIR"] = str(tmp_path_factory.mktemp("journal-keys"))
    yield
    if previous is None:
        os.environ.pop("JOURNAL_KEY_DIR", None)
    else:
        os.environ["JOURNAL_KEY_DIR"] = previous


@pytest.fixture(autouse=True)
def _english_by_default() -> Iterator[None]:
    """Each test starts in the language of JOURNAL_LANG (English) even when one before it ran ``--lang ru``."""
    from journal.i18n import set_language

    set_language(None)
    yield
    set_language(None)


@pytest.fixture(autouse=True, scope="session")
def _journal_config_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``journal use``'s config (JOURNAL_CONFIG) of the run, and of the servers it starts, is never the user's."""
    previous = os.environ.get("JOURNAL_CONFIG")
    os.environ["JOURNAL_CONFIG"] = str(tmp_path_factory.mktemp("journal-config") / "config.json")
    yield
    if previous is None:
        os.environ.pop("JOURNAL_CONFIG", None)
    else:
        os.environ["JOURNAL_CONFIG"] = previous


@pytest.fixture(autouse=True)
def _journal_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with nothing remembered by ``journal use``: a config file of its own, not yet written."""
    monkeypatch.setenv("JOURNAL_CONFIG", str(tmp_path_factory.mktemp("config") / "config.json"))


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
def db_at_head() -> None:
    """Asked for (directly or through ``store``) by a test whose ``db_url`` may start at the head revision.

    ``db_url`` then hands out a database that is already migrated instead of an empty one: a copy of a SQLite file
    the migrations made once per worker, or a PostgreSQL schema the migrations made once and that tests take in
    turn (:class:`_HeadSchemas`).  Either is what ``alembic upgrade head`` on an empty database leaves.
    """


class _HeadSchemas:
    """PostgreSQL schemas at the head revision that the tests of one worker take in turn.

    A schema is made by the real migrations the first time one is needed.  After its test it goes back to the pool
    only if its catalogue (tables, columns, defaults, constraints, indexes, triggers and whether they fire,
    functions, sequences, grants, the alembic revision) is exactly what the migrations made; its rows are then
    deleted (the append-only triggers held off for that transaction) and its sequences restarted.  A test that
    changed the schema (a dropped trigger, a downgrade) gets its schema dropped, as every schema was before.  Each
    test gets the schema under a new name, so its URL, and the key and witness files named after the URL, are new.
    """

    def __init__(self) -> None:
        self.admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
        self.plain = sa.create_engine(PG_URL)
        self.free: list[str] = []
        self.pristine: tuple[tuple[str, ...], ...] | None = None

    def take(self) -> str:
        schema = f"jt_{uuid.uuid4().hex[:12]}"
        if self.free:
            with self.admin.connect() as conn:
                conn.exec_driver_sql(f"ALTER SCHEMA {self.free.pop()} RENAME TO {schema}")
                new_identity(conn, f"{schema}.")  # emptied with the other rows: a journal of its own, as a fresh one
            return schema
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
        open_store(schema_url(schema), upgrade=True).close()
        if self.pristine is None:
            with self.plain.connect() as conn:
                self.pristine = self._fingerprint(conn, schema)
        return schema

    def give_back(self, schema: str) -> None:
        """Return ``schema`` to the pool emptied, or drop it when its test changed more than its rows."""
        try:
            with self.plain.begin() as conn:
                if self._fingerprint(conn, schema) != self.pristine:
                    raise LookupError(schema)
                conn.exec_driver_sql("SET LOCAL session_replication_role = replica")  # superuser: else dropped
                for table in conn.execute(_TABLES, {"s": schema}).scalars().all():
                    conn.exec_driver_sql(f'DELETE FROM {schema}."{table}"')
                for sequence, start in conn.execute(_SEQUENCES, {"s": schema}).all():
                    conn.execute(sa.text("SELECT setval(CAST(:q AS regclass), :v, false)"),
                                 {"q": f'{schema}."{sequence}"', "v": start})
            self.free.append(schema)
        except Exception:  # noqa: BLE001 - whatever went wrong, the schema is dropped as before
            self.drop(schema)

    def copy_rows(self, template: str, schema: str) -> None:
        """Make ``schema`` (a schema at the head revision) hold exactly the rows of ``template`` (another), its
        sequences where the template's stand: the same journal, its identity included, as a SQLite file's copy is.

        The append-only triggers are held off for the transaction, as :meth:`give_back` holds them off."""
        with self.plain.begin() as conn:
            conn.exec_driver_sql("SET LOCAL session_replication_role = replica")
            for table in conn.execute(_TABLES, {"s": template}).scalars().all():
                conn.exec_driver_sql(f'DELETE FROM {schema}."{table}"')
                conn.exec_driver_sql(
                    f'INSERT INTO {schema}."{table}" OVERRIDING SYSTEM VALUE SELECT * FROM {template}."{table}"')
            for sequence, _start in conn.execute(_SEQUENCES, {"s": template}).all():
                conn.exec_driver_sql(f'SELECT setval(\'{schema}."{sequence}"\', last_value, is_called)'
                                     f' FROM {template}."{sequence}"')

    def drop(self, schema: str) -> None:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")

    def close(self) -> None:
        for schema in self.free:
            self.drop(schema)
        self.admin.dispose()
        self.plain.dispose()

    @staticmethod
    def _fingerprint(conn: sa.Connection, schema: str) -> tuple[tuple[str, ...], ...]:
        """Every catalogue row of ``schema`` that a test could change, its own name taken out, and the revision."""
        rows = [tuple(str(value).replace(f"{schema}.", "") for value in row)
                for row in conn.execute(_CATALOGUE, {"s": schema})]
        rows.append(tuple(conn.exec_driver_sql(f"SELECT version_num FROM {schema}.alembic_version").scalars()))
        return tuple(rows)


#: What a test could change in its schema besides rows: compared before the schema is reused (_HeadSchemas).
_CATALOGUE = sa.text("""
SELECT 'rel', c.relname, c.relkind::text, coalesce(c.relacl::text, ''), coalesce(array_to_string(c.reloptions, ','), ''),
       c.relispartition::text || coalesce(pg_get_expr(c.relpartbound, c.oid), '')
  FROM pg_class c WHERE c.relnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'col', c.relname || '.' || a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull::text,
       coalesce(pg_get_expr(d.adbin, d.adrelid), ''), a.attnum::text || coalesce(a.attacl::text, '')
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE c.relnamespace = to_regnamespace(:s) AND a.attnum > 0 AND NOT a.attisdropped
UNION ALL
SELECT 'con', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid), convalidated::text, '', ''
  FROM pg_constraint WHERE connamespace = to_regnamespace(:s)
UNION ALL
SELECT 'idx', c.relname, pg_get_indexdef(i.indexrelid), i.indisvalid::text, '', ''
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'trg', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid), t.tgenabled::text, '', ''
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'rule', r.rulename, pg_get_ruledef(r.oid), '', '', ''
  FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class WHERE c.relnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'fn', p.proname, pg_get_functiondef(p.oid), coalesce(p.proacl::text, ''), '', ''
  FROM pg_proc p WHERE p.pronamespace = to_regnamespace(:s)
UNION ALL
SELECT 'seq', c.relname, s.seqstart::text, s.seqincrement::text, s.seqmin::text || '..' || s.seqmax::text,
       s.seqcycle::text
  FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'type', t.typname, t.typtype::text, '', '', '' FROM pg_type t WHERE t.typnamespace = to_regnamespace(:s)
UNION ALL
SELECT 'schema', coalesce(n.nspacl::text, ''), pg_get_userbyid(n.nspowner)::text, '', '', ''
  FROM pg_namespace n WHERE n.nspname = :s
ORDER BY 1, 2, 3, 4
""")
#: The tables whose rows a reused schema loses: every table but alembic's (a partitioned table for its partitions).
_TABLES = sa.text("""
SELECT relname FROM pg_class WHERE relnamespace = to_regnamespace(:s) AND relkind IN ('r', 'p')
   AND NOT relispartition AND relname <> 'alembic_version' ORDER BY relname
""")
_SEQUENCES = sa.text("""
SELECT c.relname, s.seqstart FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid
 WHERE c.relnamespace = to_regnamespace(:s) ORDER BY c.relname
""")


@pytest.fixture(scope="session")
def _head_schemas() -> Iterator[_HeadSchemas]:
    """This worker's pool of PostgreSQL schemas at the head revision; what is left of it is dropped at the end."""
    pool = _HeadSchemas()
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def _sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the migrations brought to the head revision, once per worker, its WAL checkpointed away."""
    path = tmp_path_factory.mktemp("at-head") / "journal.db"
    open_store(f"sqlite:///{path}", upgrade=True).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture(scope="session")
def _recordings(tmp_path_factory: pytest.TempPathFactory, _head_schemas: _HeadSchemas) -> Iterator[Recordings]:
    """This worker's recorded journals (tests/recordings.py); its PostgreSQL templates are dropped at the end."""
    recordings = Recordings(tmp_path_factory.mktemp("recordings"), _head_schemas)
    yield recordings
    recordings.close()


@pytest.fixture
def recorded(backend: str, db_url: str, db_at_head: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             _recordings: Recordings, request: pytest.FixtureRequest) -> Callable[[str, Callable[[str], T]], T]:
    """``recorded(name, recipe)``: the test's database becomes the journal ``recipe(url)`` records (recorded once per
    worker and backend, tests/recordings.py), JOURNAL_KEY_DIR a copy of its key folder; returns what recipe returned."""

    def copy(name: str, recipe: Callable[[str], T]) -> T:
        keys = tmp_path / "recorded-keys"
        value = _recordings.copy(name, recipe, backend, db_url, keys, lambda: request.getfixturevalue("_sqlite_at_head"))
        monkeypatch.setenv("JOURNAL_KEY_DIR", str(keys))
        return value

    return copy


@pytest.fixture
def db_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A URL of an empty database of ``backend``: a new SQLite file, or a new PostgreSQL schema.

    A test that asks for ``db_at_head`` (``store`` does) gets one already at the head revision instead.
    """
    at_head = "db_at_head" in request.fixturenames
    if backend == "sqlite":
        path = tmp_path / "journal.db"
        if at_head:
            shutil.copyfile(request.getfixturevalue("_sqlite_at_head"), path)
            conn = sqlite3.connect(path)
            try:
                with conn:  # a copy is the same journal (key, witness): this one is new
                    new_identity(conn, "")
            finally:
                conn.close()  # not left open through the test (the last connection's close folds its -wal in)
        yield f"sqlite:///{path}"
        return
    if at_head:
        pool: _HeadSchemas = request.getfixturevalue("_head_schemas")
        schema = pool.take()
        try:
            yield schema_url(schema)
        finally:
            pool.give_back(schema)
        return
    schema = f"jt_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield schema_url(schema)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


@pytest.fixture
def store(db_url: str, db_at_head: None) -> Iterator[EventStore]:
    """An EventStore on a fresh database at the head schema revision."""
    opened = open_store(db_url, upgrade=True)
    yield opened
    opened.close()


@pytest.fixture
def journal(store: EventStore) -> Journal:
    """The Journal service over a fresh store."""
    return Journal(store)
