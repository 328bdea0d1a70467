"""CLI start-up: ``journal --help`` and ``journal sheet`` against the import of the card's four libraries.

    python -m bench.cli_start                    # a temporary SQLite file, 7 interleaved runs
    python -m bench.cli_start --db postgresql://postgres@127.0.0.1/test --runs 7 --json

Each command runs as a process of its own from cached bytecode, as an installed journal does (bench.projections'
PYCACHE: the dependencies' modules and the journal's own read compiled), once untimed first, then ``--runs`` times,
interleaved with the floor (``import sqlalchemy, pydantic, click, structlog``).  For each it prints the median wall
time and the median CPU time of the process (user + system, from the child's rusage: less sensitive to other work
on the machine than the wall time), each as a ratio to the floor's.  Target: ``journal sheet`` <= 1.2x the floor.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import orjson

from bench.databases import fresh_database
from bench.projections import CAMPAIGN, IMPORT_FLOOR, PYCACHE, build

SHEET_TARGET = 1.2
#: The sheet the query prints (bench.projections' template campaign).
CHARACTER = "Вольтаир"


def commands(url: str) -> dict[str, list[str]]:
    """The measured commands by name: the floor, the group's help, a sheet at the head."""
    journal = str(Path(sys.executable).with_name("journal"))
    return {"floor": [sys.executable, "-c", IMPORT_FLOOR], "journal --help": [journal, "--help"],
            "journal sheet": [journal, "--db", url, "sheet", CAMPAIGN, CHARACTER]}


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process) of one run of ``argv``; it must exit 0."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        assert process.stderr is not None  # stderr=PIPE
        raise SystemExit(f"{argv[1:]} exited {process.returncode}: {process.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(url: str, runs: int) -> dict[str, dict[str, float]]:
    """Median wall and CPU seconds of each command, runs interleaved, with their ratios to the floor's."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    argvs = commands(url)
    for argv in argvs.values():
        timed(argv, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in argvs}
    for _ in range(runs):
        for name, argv in argvs.items():
            samples[name].append(timed(argv, env))
    medians = {name: (statistics.median(s[0] for s in found), statistics.median(s[1] for s in found))
               for name, found in samples.items()}
    floor_wall, floor_cpu = medians["floor"]
    return {name: {"wall_s": wall, "cpu_s": cpu, "wall_ratio": wall / floor_wall, "cpu_ratio": cpu / floor_cpu}
            for name, (wall, cpu) in medians.items()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cli_start", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", default=None, help="a PostgreSQL URL, or 'sqlite' (the default: a temporary file)")
    parser.add_argument("--runs", type=int, default=7, help="interleaved runs of each command")
    parser.add_argument("--events", type=int, default=2000, help="events of the campaign the sheet is read from")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout instead of the lines")
    args = parser.parse_args()
    if args.runs < 1 or args.events < 1:
        raise SystemExit("--runs and --events: at least 1")
    with fresh_database(args.db, "cli") as url:
        build(url, args.events, 1000)
        figures = measure(url, args.runs)
    sheet = figures["journal sheet"]["wall_ratio"]
    if args.json:
        sys.stdout.buffer.write(orjson.dumps({"runs": args.runs, "commands": figures, "sheet_target": SHEET_TARGET,
                                              "sheet_met": sheet <= SHEET_TARGET}, option=orjson.OPT_INDENT_2) + b"\n")
        return
    print(f"medians of {args.runs} interleaved runs, from cached bytecode")
    for name, found in figures.items():
        print(f"{name:<16} wall {found['wall_s']:6.3f} s  {found['wall_ratio']:5.2f}x the floor   "
              f"CPU {found['cpu_s']:6.3f} s  {found['cpu_ratio']:5.2f}x the floor")
    print(f"target: journal sheet <= {SHEET_TARGET}x the floor (wall): {sheet:.2f}x "
          f"{'met' if sheet <= SHEET_TARGET else 'NOT MET'}")


if __name__ == "__main__":
    main()
