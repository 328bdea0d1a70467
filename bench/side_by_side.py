"""Side by side: the raw sqlite3 ceiling, the eventsourcing peer and this journal, measured in one run, with ratios.

    python -m bench.side_by_side --events 200000                     # ceiling, peer, journal on SQLite
    python -m bench.side_by_side --events 20000 --db postgresql://postgres@127.0.0.1:5432/test   # + PostgreSQL
    python -m bench.side_by_side --events 20000 --no-peer --runs 1 --json

The ceiling (``limits.py``) and the peer (``peer_eventsourcing.py``, eventsourcing 9.5.6 at ``synchronous=FULL``)
are the reference scripts of ``../shared/bench`` (``--reference``), run as they are.  The peer runs in a virtual
environment of its own, ``bench/out/peer-venv`` (ignored by git), made and filled from PyPI when missing (with
psycopg too when a ``--db`` is given: the peer runs on each database, ``peer_eventsourcing.py N --postgres URL`` on
PostgreSQL, in schemas of its own that this script drops afterwards).

Every run measures, in this order: the ceiling, then on each database (SQLite, then the PostgreSQL of ``--db``)
the peer and the journal.  The journal's figures, each on a fresh database at the head revision (bench.databases):

* batched append: the synthetic workload of bench.synthetic, 1,000 events a transaction, the generation of the
  events timed too (as in the ceiling's build+hash+insert and in the peer's loop);
* single durable append: one event a transaction, with the store's own durability setting (printed), signed as
  at the table (a key in a temporary folder: each append signs its head and writes its witness line);
* full replay into projections: ``Engine.rebuild`` in a process of its own, on the VPT campaign of
  bench.projections (real folds over hits, wounds, morale, ticks) of the same number of events;
* as-of p95 at 200 random points of that campaign; ``journal sheet`` wall time against the import floor.

Runs are interleaved (``--runs``, three by default) and every figure is the median of its runs.  The table goes
to stdout (or, with ``--json``, one JSON document); progress goes to stderr.  Targets, printed as met or not met:
full rebuild >= 5x the peer's replay and >= 0.5x the read+parse ceiling; single durable appends at
synchronous=FULL >= the peer's; a CLI query <= 1.2x the import floor; as-of p95 <= 10 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import orjson

from bench import projections as campaign_bench
from bench.databases import backend_name, drop_schema, fresh_database, server_setting
from bench.store import batched_append, durability, single_appends
from journal.store import open_store
from journal.store.opening import attach_key

REFERENCE = Path(os.environ.get("JOURNAL_BENCH_REFERENCE") or Path(__file__).resolve().parents[2] / "shared" / "bench")
PEER_VENV = Path(__file__).resolve().parent / "out" / "peer-venv"
PEER_REQUIREMENT = "eventsourcing==9.5.6"
#: What the peer needs besides eventsourcing to run on PostgreSQL (../shared/bench/README.md).
PEER_POSTGRES_REQUIREMENT = "psycopg[binary,pool]>=3.1,<4"
#: The schemas peer_eventsourcing.py makes on PostgreSQL (one per workload: the batched and the single appends).
PEER_SCHEMAS = ("peer_journal", "peer_single")
DURABLE = {"sqlite": ("synchronous=FULL", "synchronous=EXTRA"),
           "postgresql": ("synchronous_commit=on", "synchronous_commit=remote_write", "synchronous_commit=remote_apply")}


def log(message: str) -> None:
    """A progress line on stderr."""
    print(message, file=sys.stderr, flush=True)


# -- the references ---------------------------------------------------------------------------------------------


def _figure(pattern: str, text: str, source: str) -> float:
    found = re.search(pattern, text)
    if found is None:
        raise SystemExit(f"{source}: no figure matching {pattern!r} in its output:\n{text[-2000:]}")
    return float(found.group(1).replace(",", ""))


def _run(argv: Sequence[str], source: str) -> str:
    result = subprocess.run(list(argv), check=False, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{source} exited with {result.returncode}:\n{result.stderr[-2000:]}")
    return result.stdout


def run_ceiling(reference: Path, events: int) -> dict[str, float]:
    """limits.py: build+hash, insert and read+parse rates; ``batched`` is build+hash and insert together."""
    out = _run([sys.executable, str(reference / "limits.py"), str(events)], "the ceiling (limits.py)")
    build = _figure(r"build\+hash ([\d,]+)/s", out, "limits.py")
    insert = _figure(r"insert ([\d,]+)/s", out, "limits.py")
    return {"build_hash": build, "insert": insert, "batched": 1 / (1 / build + 1 / insert),
            "read_parse": _figure(r"read\+parse ([\d,]+)/s", out, "limits.py")}


def peer_python(venv: Path, postgres: bool = False) -> Path:
    """The peer's interpreter in ``venv``, made with ``python -m venv`` and pip when missing or out of date.

    With ``postgres``, psycopg is installed there too (eventsourcing.postgres needs it).
    """
    python = venv / "bin" / "python"
    probe = "import importlib.metadata as m; print(m.version('eventsourcing'))" + ("; import psycopg_pool" if postgres else "")
    wanted = PEER_REQUIREMENT.split("==")[1]
    found = subprocess.run([str(python), "-c", probe], check=False, capture_output=True, text=True) if python.exists() else None
    if found is not None and found.returncode == 0 and found.stdout.strip() == wanted:
        return python
    requirements = [PEER_REQUIREMENT, *([PEER_POSTGRES_REQUIREMENT] if postgres else [])]
    log(f"making the peer's virtual environment in {venv} ({', '.join(requirements)} from PyPI)")
    if not python.exists():
        _run([sys.executable, "-m", "venv", str(venv)], "python -m venv")
    _run([str(python), "-m", "pip", "install", "-q", *requirements], "pip install " + " ".join(requirements))
    return python


def run_peer(python: Path, reference: Path, events: int, postgres: str | None = None) -> dict[str, Any]:
    """peer_eventsourcing.py: batched and single appends, replay, as-of latencies.

    On SQLite at synchronous=FULL; with ``postgres`` (a server URL) on PostgreSQL, at the server's
    synchronous_commit, its schemas dropped afterwards.
    """
    where = ["--postgres", postgres] if postgres else ["--synchronous", "full"]
    try:
        out = _run([str(python), str(reference / "peer_eventsourcing.py"), str(events), *where],
                   "the peer (peer_eventsourcing.py)")
    finally:
        if postgres:
            for schema in PEER_SCHEMAS:
                drop_schema(postgres, schema)
    if postgres:
        durable = f"synchronous_commit={server_setting(postgres, 'synchronous_commit')}"
    else:
        found = re.search(r"synchronous=(\w+)", out)
        durable = f"synchronous={found.group(1) if found else '?'}"
    return {"batched": _figure(r"append_batched: ([\d,]+)", out, "the peer"),
            "single": _figure(r"append_single: ([\d,]+)", out, "the peer"),
            "durability": durable,
            "replay": _figure(r"replay: ([\d,]+)", out, "the peer"),
            "as_of_p50_ms": _figure(r"as_of: median ([\d.,]+) ms", out, "the peer"),
            "as_of_p95_ms": _figure(r"p95 ([\d.,]+) ms", out, "the peer")}


# -- the journal ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What one run of the journal measures."""

    events: int
    batch: int
    singles: int
    points: int
    cli_runs: int


def run_journal(db: str | None, campaign_url: str, settings: Settings) -> dict[str, Any]:
    """The journal's figures on one database: appends on a fresh one, folds on the prepared campaign."""
    with fresh_database(db, "appends") as url, tempfile.TemporaryDirectory(prefix="journal-bench-keys-") as keys:
        store = open_store(url)
        # Signed, as a journal at the table is: every append signs its head and writes the witness line.
        previous, os.environ["JOURNAL_KEY_DIR"] = os.environ.get("JOURNAL_KEY_DIR"), keys
        try:
            attach_key(store, create=True)
            batched = batched_append(store, "bench", settings.events, settings.batch, generation_timed=True)
            single = single_appends(store, "singles", settings.singles)
            durable = durability(store) + ", signed"
        finally:
            store.close()
            if previous is None:
                os.environ.pop("JOURNAL_KEY_DIR", None)
            else:
                os.environ["JOURNAL_KEY_DIR"] = previous
    rebuild = campaign_bench.rebuild_in_child(campaign_url)
    as_of = campaign_bench.as_of(campaign_url, settings.points)
    sheet, floor = campaign_bench.cli_startup(campaign_url, settings.cli_runs)
    return {"batched": batched, "single": single, "durability": durable, "rebuild": rebuild.rate,
            "rebuild_peak_mib": rebuild.peak_mib, "as_of_p50_ms": as_of.p50, "as_of_p95_ms": as_of.p95,
            "sheet_s": sheet, "floor_s": floor}


# -- medians, ratios, targets -------------------------------------------------------------------------------------


def medians(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """Each numeric figure's median over the runs; a text figure (a setting) as the runs all gave it."""
    if not samples:
        return {}
    out: dict[str, Any] = {}
    for key, first in samples[0].items():
        values = [sample[key] for sample in samples]
        out[key] = statistics.median(values) if isinstance(first, int | float) else ", ".join(sorted(set(values)))
    return out


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or not denominator:
        return None
    return numerator / denominator


@dataclass(frozen=True)
class Target:
    """One target of issue 13, judged on one database's figures."""

    database: str
    name: str
    value: float | None
    unit: str
    met: bool | None  # None: not measured (no peer)

    def line(self) -> str:
        shown = "—" if self.value is None else f"{self.value:.2f}{self.unit}"
        verdict = {True: "met", False: "NOT MET", None: "not measured"}[self.met]
        return f"  {self.database:<10} {self.name:<58} {shown:>10}  {verdict}"


def targets(database: str, journal: dict[str, Any], peer: dict[str, Any], ceiling: dict[str, float]) -> list[Target]:
    """The four targets (five checks) on one database's medians."""

    def at_least(value: float | None, floor: float) -> bool | None:
        return None if value is None else value >= floor

    to_peer = ratio(journal["rebuild"], peer.get("replay"))
    to_ceiling = ratio(journal["rebuild"], ceiling["read_parse"])
    single = ratio(journal["single"], peer.get("single"))
    durable = journal["durability"].split(",")[0] in DURABLE[database]
    cli = journal["sheet_s"] / journal["floor_s"]
    return [
        Target(database, "full rebuild >= 5x the peer's replay", to_peer, "x", at_least(to_peer, 5)),
        Target(database, "full rebuild >= 0.5x the read+parse ceiling", to_ceiling, "x", at_least(to_ceiling, 0.5)),
        Target(database, f"single durable append ({journal['durability']}) >= the peer's", single, "x",
               False if not durable else at_least(single, 1)),
        Target(database, "CLI query <= 1.2x the import floor", cli, "x", cli <= 1.2),
        Target(database, "as-of p95 <= 10 ms", journal["as_of_p95_ms"], " ms", journal["as_of_p95_ms"] <= 10),
    ]


# -- the table ----------------------------------------------------------------------------------------------------


def rate(value: float | None) -> str:
    """75.7k/s, 295k/s, 2,623/s."""
    if value is None:
        return "—"
    if value >= 100_000:
        return f"{value / 1000:,.0f}k/s"
    if value >= 10_000:
        return f"{value / 1000:.1f}k/s"
    return f"{value:,.0f}/s"


def millis(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:,.0f} ms" if value >= 1000 else f"{value:.1f} ms"


def times(value: float | None, suffix: str = "") -> str:
    return "—" if value is None else f"{value:.2f}x{suffix}"


def both(value: float, peer: float | None, ceiling: float) -> str:
    """'2.96x; 0.93x the ceiling', or only the ceiling's ratio when the peer did not run."""
    parts = [times(ratio(value, peer))] if peer else []
    return "; ".join([*parts, times(ratio(value, ceiling), " the ceiling")])


def table(ceiling: dict[str, float], peers: dict[str, dict[str, Any]], journals: dict[str, dict[str, Any]]) -> list[str]:
    """The comparison as Markdown rows: figure | ceiling | then per database: the peer there | the journal | ratio."""
    first = next(iter(journals.values()))
    header = ["figure", "ceiling"]
    for database in journals:
        header += [f"peer ({database})", f"this journal ({database})", "ratio to peer"]
    rows: list[list[str]] = [
        ["batched append", f"{rate(ceiling['batched'])} (build+hash+insert)"],
        ["single durable append", "—"],
        ["full replay into projections", f"{rate(ceiling['read_parse'])} (read+parse)"],
        ["as-of p95", "—"],
        ["`journal sheet` wall time", f"{first['floor_s']:.2f} s (importing the dependencies)"],
    ]
    for database, journal in journals.items():
        peer = peers.get(database, {})
        rows[0] += [rate(peer.get("batched")), rate(journal["batched"]),
                    both(journal["batched"], peer.get("batched"), ceiling["batched"])]
        rows[1] += [f"{rate(peer['single'])} ({peer['durability']})" if peer else "—",
                    f"{rate(journal['single'])} ({journal['durability']})",
                    times(ratio(journal["single"], peer.get("single")))]
        rows[2] += [rate(peer.get("replay")), rate(journal["rebuild"]),
                    both(journal["rebuild"], peer.get("replay"), ceiling["read_parse"])]
        rows[3] += [millis(peer.get("as_of_p95_ms")), millis(journal["as_of_p95_ms"]), "—"]
        rows[4] += ["—", f"{journal['sheet_s']:.2f} s", times(journal["sheet_s"] / journal["floor_s"], " the floor")]
    return ["| " + " | ".join(cells) + " |" for cells in [header, ["---"] * len(header), *rows]]


# -- the run ------------------------------------------------------------------------------------------------------


def peer_sample(name: str) -> str:
    """The samples' key of the peer's runs on database ``name``."""
    return f"peer ({name})"


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Every run, interleaved; the medians, the targets and the raw samples."""
    settings = Settings(args.events, args.batch, args.singles or min(args.events, 2000), args.points, args.cli_runs)
    databases: list[str | None] = [None, *args.db]
    names = {db: "sqlite" if db is None else backend_name(db) for db in databases}
    if len(set(names.values())) != len(names):
        raise SystemExit("--db: give each database once (SQLite always runs)")
    python = None
    if not args.no_peer:
        python = Path(args.peer_python) if args.peer_python else peer_python(args.peer_venv, postgres=bool(args.db))
    samples: dict[str, list[dict[str, Any]]] = {"ceiling": []}
    with ExitStack() as stack:
        campaigns: dict[str, tuple[str | None, str]] = {}
        for db, name in names.items():
            url = stack.enter_context(fresh_database(db, "campaign"))
            log(f"{name}: building the VPT campaign of {settings.events:,} events (bench.projections)")
            campaign_bench.build(url, settings.events, args.per_session)
            campaigns[name] = (db, url)
            samples[peer_sample(name)] = []
            samples[name] = []
        steps: list[tuple[str, Callable[[], dict[str, Any]]]] = [
            ("ceiling", partial(run_ceiling, args.reference, settings.events))]
        for name, (db, url) in campaigns.items():
            if python is not None:
                steps.append((peer_sample(name), partial(run_peer, python, args.reference, settings.events, db)))
            steps.append((name, partial(run_journal, db, url, settings)))
        for run in range(1, args.runs + 1):
            for name, step in steps:
                log(f"run {run}/{args.runs}: {name}")
                samples[name].append(step())
    ceiling = medians(samples["ceiling"])
    peers = {name: medians(samples[peer_sample(name)]) for name in campaigns if samples[peer_sample(name)]}
    journals = {name: medians(samples[name]) for name in campaigns}
    judged = [target for name, journal in journals.items()
              for target in targets(name, journal, peers.get(name, {}), ceiling)]
    return {"events": settings.events, "runs": args.runs, "ceiling": ceiling, "peer": peers or None,
            "journal": journals, "targets": [target.__dict__ for target in judged], "samples": samples,
            "table": table(ceiling, peers, journals), "target_lines": [target.line() for target in judged]}


def parser() -> argparse.ArgumentParser:
    parsing = argparse.ArgumentParser(prog="python -m bench.side_by_side", description=(__doc__ or "").splitlines()[0])
    parsing.add_argument("--events", type=int, default=200_000, help="events of each workload (default 200,000)")
    parsing.add_argument("--db", action="append", default=[], metavar="URL",
                         help="a PostgreSQL URL: the peer's and the journal's figures there too, beside SQLite's")
    parsing.add_argument("--runs", type=int, default=3, help="interleaved runs; each figure is their median")
    parsing.add_argument("--no-peer", action="store_true", help="leave the peer out (no virtual environment, no PyPI)")
    parsing.add_argument("--peer-venv", type=Path, default=PEER_VENV, help="the peer's virtual environment")
    parsing.add_argument("--peer-python", default=None, help="an interpreter that has eventsourcing 9.5.6 already")
    parsing.add_argument("--reference", type=Path, default=REFERENCE, help="the folder of limits.py and the peer")
    parsing.add_argument("--batch", type=int, default=1_000, help="events a transaction in the batched append")
    parsing.add_argument("--singles", type=int, default=0, help="single appends (default: min(events, 2,000))")
    parsing.add_argument("--points", type=int, default=200, help="random as-of points")
    parsing.add_argument("--per-session", type=int, default=1000, help="events a session of the VPT campaign")
    parsing.add_argument("--cli-runs", type=int, default=7, help="runs of 'journal sheet' and of the floor a run")
    parsing.add_argument("--json", action="store_true", help="one JSON document on stdout instead of the table")
    return parsing


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    for name in ("events", "runs", "batch", "points", "cli_runs"):
        if getattr(args, name) < 1:
            raise SystemExit(f"--{name.replace('_', '-')}: at least 1")
    if not (args.reference / "limits.py").exists():
        raise SystemExit(f"--reference: no limits.py in {args.reference}")
    report = measure(args)
    if args.json:
        sys.stdout.buffer.write(orjson.dumps({k: v for k, v in report.items() if k not in ("table", "target_lines")},
                                             option=orjson.OPT_INDENT_2) + b"\n")
        return
    print(f"{report['events']:,} events, medians of {report['runs']} interleaved run(s)")
    print("\n".join(report["table"]))
    print("targets:")
    print("\n".join(report["target_lines"]))


if __name__ == "__main__":
    main()
