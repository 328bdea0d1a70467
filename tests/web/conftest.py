"""Fixtures of the web tests: a real ``journal serve`` process on loopback, and campaigns with tokens.

``server`` starts ``journal --db <db_url> serve`` on a free port of 127.0.0.1 over the test's own
database (the same URL, PostgreSQL search_path option included), waits until ``/healthz`` answers
and stops the process after the test; ``make_campaign(name, system, master, players)`` records a
campaign and its members there through the service and issues each member a token: ``{member: token}``.

Starting a server costs about a second, so most tests share one per module and backend instead:
``live`` is the base URL of a server over ``module_db`` (a database of its own per module, on SQLite
and on PostgreSQL like ``db_url``), and ``new_campaign(system, master, players)`` records a campaign
with a name no other test of the module uses: ``(name, {member: token})``.  Tokens open one campaign
only, so the tests sharing a server never see each other's events.  ``chromiums`` opens the browsers of the
e2e modules (``tests/web/browsers.py``) and quits them after the module.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

import httpx
import pytest
import sqlalchemy as sa

from bench.ports import free_port
from journal.service import Journal
from journal.service.tokens import issue
from journal.store import open_store
from tests.support import PG_URL, schema_url

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

JOURNAL = str(Path(sys.executable).with_name("journal"))
#: Runs a command (argv[3:]) with a limit of open files (argv[1] soft, argv[2] hard): ``start_server(files=...)``.
LIMITED = ("import os, resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), int(sys.argv[2])));"
           " os.execv(sys.argv[3], sys.argv[3:])")
#: Seconds between heartbeats of the servers the tests start (the default is 15).
HEARTBEAT = 1.0
#: Seconds a server may take to answer /healthz after it starts.  A bound against a server that hangs, not a pace:
#: the wait returns as soon as it answers, and fails at once when the process exits.  A start costs about a second
#: on the quiet machine; with the machine loaded many times over (several suites at once) starts of over 30 s were
#: seen, and the whole module's tests then failed to set up.
SERVER_START = 120


def auth(token: str) -> dict[str, str]:
    """The Authorization header of a token."""
    return {"Authorization": f"Bearer {token}"}


def campaign_with_tokens(db_url: str, name: str, system: str, master: str, players: list[str]) -> dict[str, str]:
    """Record campaign ``name`` with its Master and players through the service; issue each a token."""
    journal = Journal(open_store(db_url, upgrade=True))
    try:
        journal.create_campaign(name, system, master)
        for player in players:
            journal.add_member(name, player)
        return {member: issue(journal, name, member).token for member in [master, *players]}
    finally:
        journal.close()


@dataclass
class Served:
    """A running ``journal serve``: its process, base URL and stderr (a temporary file)."""

    process: subprocess.Popen
    base: str
    log: IO[bytes]

    def stop(self) -> str:
        """Stop the server (SIGTERM, then SIGKILL); return what it wrote on stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.seek(0)
        text = self.log.read().decode(errors="replace")
        self.log.close()
        return text


def start_server(db_url: str, *extra: str, files: tuple[int, int] | None = None) -> Served:
    """Start ``journal serve`` over ``db_url`` on a free port; return it once /healthz answers.

    ``files``, when given, is the process's limit of open file descriptors, (soft, hard)."""
    open_store(db_url, upgrade=True).close()  # a PostgreSQL schema is upgraded explicitly
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("JOURNAL_DB", "JOURNAL_ACTOR")}
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by Served.stop()
    limited = [] if files is None else [sys.executable, "-c", LIMITED, str(files[0]), str(files[1])]
    process = subprocess.Popen(
        [*limited, JOURNAL, "--db", db_url, "serve", "--port", str(port), "--log-level", "warning",
         "--heartbeat", str(HEARTBEAT), *extra],
        stdout=subprocess.DEVNULL, stderr=log, env=env)
    served = Served(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + SERVER_START
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"journal serve exited {process.returncode}: {served.stop()}")
        try:
            if httpx.get(f"{served.base}/healthz", timeout=1).status_code == 200:
                return served
        except httpx.TransportError:
            time.sleep(0.05)
    raise RuntimeError(f"journal serve did not answer /healthz within {SERVER_START} s: {served.stop()}")


@contextlib.contextmanager
def serving(db_url: str, *extra: str, files: tuple[int, int] | None = None) -> Iterator[Served]:
    """A ``journal serve`` over ``db_url`` (:func:`start_server`) for the ``with`` block; stopped after it, and what
    it wrote on stderr must hold no traceback."""
    running = start_server(db_url, *extra, files=files)
    try:
        yield running
    finally:
        log = running.stop()
        assert "Traceback" not in log, log


@pytest.fixture
def server(db_url: str) -> Iterator[str]:
    """The base URL of a ``journal serve`` process over the test's database (stopped after the test)."""
    with serving(db_url) as running:
        yield running.base


_pg_answer: list[str | None] = []


def _postgres_problem() -> str | None:
    """None when the PostgreSQL test server answers, else why not (asked once per process)."""
    if not _pg_answer:
        engine = sa.create_engine(PG_URL)
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
            _pg_answer.append(None)
        except Exception as exc:  # noqa: BLE001 - any failure means "unreachable"
            _pg_answer.append(f"PostgreSQL at {PG_URL} unreachable: {str(exc).splitlines()[0]}")
        finally:
            engine.dispose()
    return _pg_answer[0]


@contextlib.contextmanager
def _database(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A new database of ``backend`` for the ``with`` block: a SQLite file, or a PostgreSQL schema of its own."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('web') / 'journal.db'}"
        return
    problem = _postgres_problem()
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(problem)
        pytest.skip(problem)
    schema = f"jw_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield schema_url(schema)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


class _Shared:
    """The database and ``journal serve`` per backend that the modules marked ``shared_server`` share on a worker.

    A server costs about 2 s of CPU to start (its imports and routes), and most modules only need one whose
    campaigns are their own: tokens open one campaign only, and ``new_campaign`` names each campaign anew, so the
    modules' tests never see each other's events.  Each is started the first time a module asks for it and stopped
    after the worker's last test, and what it wrote on stderr must then hold no traceback (:func:`serving`)."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.tmp_path_factory = tmp_path_factory
        self.stack = contextlib.ExitStack()
        self.databases: dict[str, str] = {}
        self.servers: dict[str, Served] = {}

    def database(self, backend: str) -> str:
        if backend not in self.databases:
            self.databases[backend] = self.stack.enter_context(_database(backend, self.tmp_path_factory))
        return self.databases[backend]

    def server(self, backend: str) -> Served:
        if backend not in self.servers:
            self.servers[backend] = self.stack.enter_context(serving(self.database(backend)))
        return self.servers[backend]


@pytest.fixture(scope="session")
def _shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Shared]:
    shared = _Shared(tmp_path_factory)
    with shared.stack:
        yield shared


def _shares(request: pytest.FixtureRequest) -> bool:
    """Whether the requesting module is marked ``shared_server``."""
    return request.node.get_closest_marker("shared_server") is not None


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def module_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database shared by the tests of one module: a SQLite file, or a PostgreSQL schema of its own; in a module
    marked ``shared_server``, the one its worker's marked modules share on that backend (:class:`_Shared`)."""
    if _shares(request):
        yield request.getfixturevalue("_shared").database(request.param)
        return
    with _database(request.param, tmp_path_factory) as url:
        yield url


@pytest.fixture(scope="module")
def live(module_db: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """The base URL of one ``journal serve`` over ``module_db``, shared by the tests of a module (by the modules
    marked ``shared_server``, on a worker)."""
    if _shares(request):
        backend = "sqlite" if module_db.startswith("sqlite") else "postgresql"
        yield request.getfixturevalue("_shared").server(backend).base
        return
    with serving(module_db) as running:
        yield running.base


@pytest.fixture(scope="module")
def served(module_db: str) -> Iterator[Served]:
    """One ``journal serve`` over ``module_db`` with its process (for its pid), shared by the tests of a module."""
    with serving(module_db) as running:
        yield running


@pytest.fixture(scope="module")
def chromiums(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., WebDriver]]:
    """``chromiums(name, width, height, lang=None, mobile=False)``: a headless Chromium (:func:`browsers.chromium`)
    in a fresh profile folder named after ``name``; every one opened is quit after the module."""
    from tests.web import browsers  # selenium, only for the modules that open a browser

    opened: list[WebDriver] = []

    def open_one(name: str, width: int, height: int, lang: str | None = None, mobile: bool = False) -> WebDriver:
        driver = browsers.chromium(tmp_path_factory.mktemp(name), width, height, lang=lang, mobile=mobile)
        opened.append(driver)
        return driver

    try:
        yield open_one
    finally:
        for driver in opened:
            driver.quit()


_numbers = itertools.count(1)


@pytest.fixture
def new_campaign(module_db: str):
    """``new_campaign(system, master, players) -> (name, {member: token})`` with a name unique in ``module_db``."""

    def make(system: str, master: str, players: list[str]) -> tuple[str, dict[str, str]]:
        name = f"Пепел {next(_numbers)}"
        return name, campaign_with_tokens(module_db, name, system, master, players)

    return make


@pytest.fixture
def make_campaign(db_url: str):
    """``make_campaign(name, system, master, players) -> {member: token}`` on the test's database."""

    def make(name: str, system: str, master: str, players: list[str]) -> dict[str, str]:
        return campaign_with_tokens(db_url, name, system, master, players)

    return make
