"""The benchmark scripts run end to end at tiny sizes, on SQLite and PostgreSQL: their rows, never their timings.

Each script runs as a real OS process (``python -m bench.…``) from the repository root, without the peer.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[2]
#: The PostgreSQL test server of tests/conftest.py (not imported from it: the web tests' conftest shares its name).
PG_URL = os.environ.get("JOURNAL_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _postgres_problem() -> str | None:
    """None when the PostgreSQL test server answers, else why not."""
    engine = sa.create_engine(PG_URL)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any failure means "unreachable"
        return f"PostgreSQL at {PG_URL} unreachable: {str(exc).splitlines()[0]}"
    finally:
        engine.dispose()
    return None
TINY = ["--events", "120", "--runs", "1", "--cli-runs", "1", "--points", "3", "--singles", "5", "--no-peer"]
PG_SERVER = PG_URL.split("?")[0]
#: The ceiling's limits.py (bench.side_by_side's default --reference; JOURNAL_BENCH_REFERENCE names another folder).
REFERENCE = Path(os.environ.get("JOURNAL_BENCH_REFERENCE") or ROOT.parent / "shared" / "bench")


#: The schemas this module's runs make start with it, so that another test's benchmark running at the same time
#: (xdist) is not counted as left behind.
PREFIX = f"bench_smoke{os.getpid()}_"


def _bench(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bench.<argv>`` from the repository root; its exit code must be 0."""
    result = subprocess.run([sys.executable, "-m", *argv], check=False, cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "JOURNAL_BENCH_SCHEMA_PREFIX": PREFIX})
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def _bench_schemas() -> set[str]:
    engine = sa.create_engine(PG_URL)
    try:
        with engine.connect() as conn:
            names = conn.execute(sa.text("SELECT nspname FROM pg_namespace WHERE starts_with(nspname, :prefix)"),
                                 {"prefix": PREFIX})
            return set(names.scalars())
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def postgresql() -> str:
    """The PostgreSQL server's URL (the test server of conftest); skipped, or failed under CI, when unreachable."""
    problem = _postgres_problem()
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(problem)
        pytest.skip(problem)
    return PG_SERVER


@pytest.fixture(scope="module")
def reference() -> Path:
    """The folder of the reference scripts; the side-by-side tests skip without it."""
    if not (REFERENCE / "limits.py").exists():
        pytest.skip(f"no reference scripts in {REFERENCE}")
    return REFERENCE


@pytest.fixture(scope="module")
def side_by_side(postgresql: str, reference: Path) -> tuple[list[str], set[str], set[str]]:
    """One tiny run of bench.side_by_side on SQLite and PostgreSQL: (stdout lines, bench schemas before, after).

    It builds bench.projections' campaign on a fresh PostgreSQL schema, the path that once stopped at 'revision none'.
    """
    before = _bench_schemas()
    lines = _bench("bench.side_by_side", *TINY, "--reference", str(reference), "--db", postgresql).stdout.splitlines()
    return lines, before, _bench_schemas()


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


@pytest.mark.slow
def test_side_by_side_table_has_a_column_for_each_database(side_by_side: tuple[list[str], set[str], set[str]]) -> None:
    """The header names the ceiling, then on SQLite and on PostgreSQL the peer there, the journal and its ratio."""
    lines, _, _ = side_by_side
    assert _cells(lines[1]) == ["figure", "ceiling", "peer (sqlite)", "this journal (sqlite)", "ratio to peer",
                                "peer (postgresql)", "this journal (postgresql)", "ratio to peer"]


@pytest.mark.slow
def test_side_by_side_table_has_the_five_figures(side_by_side: tuple[list[str], set[str], set[str]]) -> None:
    """The rows are the five figures of issue 13, in order, each with a cell for every column."""
    lines, _, _ = side_by_side
    rows = [_cells(line) for line in lines[3:8]]
    assert [row[0] for row in rows] == ["batched append", "single durable append", "full replay into projections",
                                        "as-of p95", "`journal sheet` wall time"]
    assert [len(row) for row in rows] == [8] * 5


@pytest.mark.slow
def test_side_by_side_without_the_peer_leaves_its_cells_empty(side_by_side: tuple[list[str], set[str], set[str]]) -> None:
    """With --no-peer both peer columns are dashes and the targets against the peer are 'not measured'."""
    lines, _, _ = side_by_side
    assert [(_cells(line)[2], _cells(line)[5]) for line in lines[3:8]] == [("—", "—")] * 5
    rebuild = [line for line in lines if "full rebuild >= 5x the peer's replay" in line]
    assert [line.split()[0] for line in rebuild] == ["sqlite", "postgresql"]
    assert [line.endswith("not measured") for line in rebuild] == [True, True]


@pytest.mark.slow
def test_side_by_side_judges_every_target_on_each_database(side_by_side: tuple[list[str], set[str], set[str]]) -> None:
    """Five target lines per database follow 'targets:', each ending in a verdict."""
    lines, _, _ = side_by_side
    judged = lines[lines.index("targets:") + 1:]
    assert [line.split()[0] for line in judged] == ["sqlite"] * 5 + ["postgresql"] * 5
    assert all(line.endswith(("met", "NOT MET", "not measured")) for line in judged)


@pytest.mark.slow
def test_side_by_side_drops_its_postgresql_schemas(side_by_side: tuple[list[str], set[str], set[str]]) -> None:
    """Every schema the run made on the server is gone when it ends."""
    _, before, after = side_by_side
    assert after - before == set()


@pytest.mark.slow
def test_side_by_side_json_holds_every_figure(reference: Path) -> None:
    """--json prints one document with the journal's figures by database and the raw sample of each run."""
    report = orjson.loads(_bench("bench.side_by_side", *TINY, "--reference", str(reference), "--json").stdout)
    assert sorted(report) == ["ceiling", "events", "journal", "peer", "runs", "samples", "targets"]
    assert (report["events"], report["runs"], report["peer"], sorted(report["journal"])) == (120, 1, None, ["sqlite"])
    assert sorted(report["journal"]["sqlite"]) == ["as_of_p50_ms", "as_of_p95_ms", "batched", "durability",
                                                   "floor_s", "rebuild", "rebuild_peak_mib", "sheet_s", "single"]
    assert sorted(report["samples"]) == ["ceiling", "peer (sqlite)", "sqlite"]
    assert [len(report["samples"][name]) for name in ("ceiling", "peer (sqlite)", "sqlite")] == [1, 0, 1]


@pytest.mark.slow
def test_api_load_counts_no_failure_on_postgresql(postgresql: str) -> None:
    """Two clients writing and reading over HTTP on PostgreSQL: every request answered 2xx, the ratio printed."""
    figures = orjson.loads(_bench("bench.api_load", "--db", postgresql, "--clients", "2", "--appends", "3",
                                  "--reads", "3", "--singles", "5", "--json").stdout)
    assert (figures["database"], figures["failures"]) == ("postgresql", 0)
    assert (figures["writes"]["requests"], figures["reads"]["requests"]) == (6, 6)
    assert [target["target"] for target in figures["targets"]] == [
        "server CPU per write <= 1.0 ms", "HTTP writes >= 0.5x the store's single-append rate", "writes p95 <= 50 ms",
        "reads p95 <= 50 ms"]
    assert figures["writes"]["server_cpu_ms"] > 0  # the server process's own CPU time, read from /proc
    assert 0 < figures["writes"]["server_loop_cpu_ms"] < figures["writes"]["server_cpu_ms"]  # its event loop's part


def test_overturn_prints_the_ruling_time_of_each_run() -> None:
    """bench.overturn on a tiny SQLite campaign: two free rolls, then a hit, overturned; a line for each kind, with
    the wall time of each run and the median CPU time."""
    lines = _bench("bench.overturn", "--events", "300", "--runs", "2").stdout.splitlines()
    assert lines[0] == "built 300 events in 3 sessions"
    assert [line.split(": median ")[0] for line in lines[1:]] == [
        "overturn of a free roll of session 2", "overturn of the first hit of session 1 and its wounds"]
    assert [line.count(", ") for line in lines[1:]] == [1, 0]
    assert [line.split("); ")[1].split(" ")[0] for line in lines[1:]] == ["CPU", "CPU"]


@pytest.mark.slow
def test_cli_start_prints_each_command_against_the_floor() -> None:
    """bench.cli_start at one run: a line for the floor, the help and the sheet, then the sheet's target verdict."""
    lines = _bench("bench.cli_start", "--runs", "1", "--events", "120").stdout.splitlines()
    assert [line.split(" wall")[0].strip() for line in lines[1:4]] == ["floor", "journal --help", "journal sheet"]
    assert lines[4].startswith("target: journal sheet <= 1.2x the floor (wall): ")
    assert lines[4].endswith(("met", "NOT MET"))
