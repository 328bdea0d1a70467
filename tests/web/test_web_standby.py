"""``journal serve --read-url``: reads from a real PostgreSQL streaming standby, and each member reads their own writes.

The standby is started once per test session by ``bench/cluster.sh up`` (pg_basebackup of the local primary, a
second cluster on a free loopback port) and removed by ``bench/cluster.sh down``.  Without pg_basebackup the
tests skip with the reason, and fail under ``CI=true``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from click.testing import CliRunner

from cli.main import cli
from journal.store import open_store
from journal.store.replicas import parse_lsn
from tests.web.conftest import Served, auth, free_port, start_server

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "cluster.sh"

#: The tests of this module run on PostgreSQL only (a SQLite file has no standby).
pytestmark = pytest.mark.parametrize("module_db", ["postgresql"], indirect=True)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def standby_port() -> Iterator[int]:
    """The loopback port of a streaming standby of the local primary, for the whole session."""
    if shutil.which("pg_basebackup") is None:
        _unavailable("pg_basebackup is not installed: no standby can be made")
    port = free_port()
    started = subprocess.run(["bash", str(SCRIPT), "up", str(port)], check=False, capture_output=True, text=True,
                             timeout=300)
    if started.returncode != 0:
        _unavailable(f"bench/cluster.sh up failed: {started.stderr.strip()[-500:]}")
    found = dict(line.split("=", 1) for line in started.stdout.splitlines() if "=" in line)
    try:
        yield port
    finally:
        subprocess.run(["bash", str(SCRIPT), "down", found["STANDBY_DIR"]], check=True, capture_output=True, timeout=120)


def _on_standby(url: str, port: int) -> str:
    """``url`` (the primary's, with its search_path) pointed at the standby's port."""
    return sa.engine.make_url(url).set(host="127.0.0.1", port=port).render_as_string(hide_password=False)


@pytest.fixture(scope="module")
def pair(module_db: str, standby_port: int) -> Iterator[str]:
    """One ``journal serve --read-url`` over the module's database and the standby (reads wait up to 30 s)."""
    running = start_server(module_db, "--read-url", _on_standby(module_db, standby_port), "--read-wait", "30")
    try:
        yield running.base
    finally:
        log = running.stop()
        assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def impatient(module_db: str, standby_port: int) -> Iterator[Served]:
    """A second server over the same pair whose reads never wait for the standby (``--read-wait 0``)."""
    running = start_server(module_db, "--read-url", _on_standby(module_db, standby_port), "--read-wait", "0")
    try:
        yield running
    finally:
        log = running.stop()
        assert "Traceback" not in log, log


def _roll(base: str, token: str) -> httpx.Response:
    answer = httpx.post(f"{base}/api/roll", json={"notation": "2d6", "dice": [3, 4]}, headers=auth(token), timeout=30)
    assert answer.status_code == 200, answer.text
    return answer


def _own_event(base: str, token: str, version: int, **headers: str) -> httpx.Response:
    return httpx.get(f"{base}/api/events", params={"after": version - 1}, headers={**auth(token), **headers},
                     timeout=60)


def test_a_member_reads_their_own_write_at_once_from_the_standby(pair: str, new_campaign) -> None:
    """A roll, then at once a read of it: the standby serves it, with the roll in it."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    version = _roll(pair, tokens["Оля"]).json()["events"][0]["version"]
    read = _own_event(pair, tokens["Оля"], version)
    assert ([e["version"] for e in read.json()["events"]], read.headers["Journal-Read"]) == ([version], "standby")


def test_a_write_answers_with_the_primarys_wal_position_after_it(pair: str, new_campaign, module_db: str) -> None:
    """Journal-LSN is an LSN at or before the primary's current WAL position."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    written = parse_lsn(_roll(pair, tokens["Оля"]).headers["Journal-LSN"])
    engine = sa.create_engine(module_db)
    try:
        with engine.connect() as conn:
            now = parse_lsn(conn.exec_driver_sql("SELECT pg_current_wal_lsn()::text").scalar_one())
    finally:
        engine.dispose()
    assert 0 < written <= now


def test_a_read_without_a_write_to_wait_for_is_served_by_the_standby_and_counted(pair: str, new_campaign) -> None:
    """A member who wrote nothing reads from the standby at once; Journal-Standby-Reads grows by one per such read."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    first = httpx.get(f"{pair}/api/sessions", headers=auth(tokens["Оля"]), timeout=30)
    second = httpx.get(f"{pair}/api/sessions", headers=auth(tokens["Оля"]), timeout=30)
    assert (first.headers["Journal-Read"], second.headers["Journal-Read"],
            int(second.headers["Journal-Standby-Reads"]) - int(first.headers["Journal-Standby-Reads"])) == (
        "standby", "standby", 1)


def test_a_read_carrying_the_lsn_of_a_write_made_elsewhere_sees_that_write(pair: str, impatient: Served,
                                                                          new_campaign) -> None:
    """A write through one server, its Journal-LSN carried to another: that server's read holds the write."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    answer = _roll(impatient.base, tokens["Оля"])
    version = answer.json()["events"][0]["version"]
    read = _own_event(pair, tokens["Оля"], version, **{"Journal-LSN": answer.headers["Journal-LSN"]})
    assert [e["version"] for e in read.json()["events"]] == [version]


def test_a_read_the_standby_cannot_serve_within_the_bound_goes_to_the_primary(impatient: Served, new_campaign) -> None:
    """With no wait allowed, a read carrying a WAL position far past the standby's is served by the primary."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    version = _roll(impatient.base, tokens["Оля"]).json()["events"][0]["version"]
    read = _own_event(impatient.base, tokens["Оля"], version, **{"Journal-LSN": "FFFFFFFF/FFFFFFFF"})
    assert ([e["version"] for e in read.json()["events"]], read.headers["Journal-Read"]) == ([version], "primary")


def test_a_malformed_journal_lsn_header_is_refused_naming_it(pair: str, new_campaign) -> None:
    """Journal-LSN: not-an-lsn is answered 422 with one line naming the header."""
    _, tokens = new_campaign("vpt", "Вика", ["Оля"])
    read = httpx.get(f"{pair}/api/sessions", headers={**auth(tokens["Оля"]), "Journal-LSN": "not-an-lsn"}, timeout=30)
    assert (read.status_code, read.json()["error"]) == (
        422, "Journal-LSN header: 'not-an-lsn' is not an LSN (two hexadecimal halves, like 0/16B3748)")


def test_serve_refuses_a_read_url_that_is_not_a_standby(module_db: str) -> None:
    """--read-url naming the primary itself: exit 2, one line, nothing served."""
    open_store(module_db, upgrade=True).close()
    result = CliRunner().invoke(cli, ["--db", module_db, "serve", "--read-url", module_db])
    assert (result.exit_code, result.stderr) == (
        2, ("error: read URL: the server is not a standby (pg_is_in_recovery() is false): reads would not follow "
            "the primary's writes\n"))
