"""What the test suite costs, and where: the CPU each test module takes, its own and its processes'.

A pytest plugin and its report.  Loaded into a run, the plugin reads ``getrusage`` before and after each test, for
the test's process (``RUSAGE_SELF``) and the processes it started and reaped (``RUSAGE_CHILDREN``: a server, a CLI
run, Chromium through its chromedriver; a module's server counts when its last test stops it), and each process
(each xdist worker) writes its rows to ``SUITE_COST_DIR`` (default ``bench/out/suite-cost``) at the end::

    CI=true .venv/bin/python -m pytest -n 2 -p bench.suite_cost
    .venv/bin/python -m bench.suite_cost            # the modules by CPU, with their wall time and test count

The PostgreSQL server's own CPU is not a child of the suite and is not counted here (the README says how it was
read).  Timings are a measurement, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

#: Where each process of a run writes its rows (one JSON file per process).
FOLDER = Path(os.environ.get("SUITE_COST_DIR", Path(__file__).resolve().parent / "out" / "suite-cost"))

_rows: list[tuple[str, float, float, float]] = []


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, object, object]:
    """Each test's CPU (its process's, its reaped children's) and wall time, set-up and teardown included."""
    own, children = _cpu()
    started = time.monotonic()
    outcome = yield
    own_after, children_after = _cpu()
    _rows.append((item.nodeid, own_after - own, children_after - children, time.monotonic() - started))
    return outcome


def pytest_sessionfinish(session: Any) -> None:
    """Write this process's rows (one file per xdist worker; ``main`` without xdist)."""
    if not _rows:
        return
    FOLDER.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (FOLDER / f"{worker}.json").write_text(json.dumps(_rows))


def by_module(folder: Path) -> list[tuple[str, float, float, float, int]]:
    """(module, own CPU, children's CPU, wall, tests) of every module in ``folder``'s rows, the costliest first."""
    modules: dict[str, list[float]] = {}
    for path in sorted(folder.glob("*.json")):
        for nodeid, own, children, wall in json.loads(path.read_text()):
            totals = modules.setdefault(nodeid.split("::")[0], [0.0, 0.0, 0.0, 0])
            totals[0] += own
            totals[1] += children
            totals[2] += wall
            totals[3] += 1
    rows = [(module, own, children, wall, int(count)) for module, (own, children, wall, count) in modules.items()]
    return sorted(rows, key=lambda row: -(row[1] + row[2]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where the run wrote its rows")
    parser.add_argument("--top", type=int, default=40, help="how many modules to print")
    args = parser.parse_args(argv)
    rows = by_module(args.folder)
    if not rows:
        raise SystemExit(f"no rows in {args.folder}: run pytest with -p bench.suite_cost first")
    print(f"{'module':<58} {'own':>7} {'children':>9} {'CPU':>7} {'wall':>7} {'tests':>6}")
    for module, own, children, wall, count in rows[:args.top]:
        print(f"{module:<58} {own:7.1f} {children:9.1f} {own + children:7.1f} {wall:7.1f} {count:6d}")
    print(f"{'all ' + str(len(rows)) + ' modules':<58} {sum(r[1] for r in rows):7.1f} {sum(r[2] for r in rows):9.1f} "
          f"{sum(r[1] + r[2] for r in rows):7.1f} {sum(r[3] for r in rows):7.1f} {sum(r[4] for r in rows):6d}")


if __name__ == "__main__":
    main()
