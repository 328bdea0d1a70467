"""Projection benchmark on a 1,000,000-event campaign: rebuild rate, as-of latency, rebuild memory, CLI start-up.

    python -m bench.projections                      # SQLite, a temporary file, 1,000,000 events
    python -m bench.projections --events 200000     # smaller
    python -m bench.projections --db postgresql://postgres@127.0.0.1/test   # a schema of its own, dropped after

The campaign is VPT: one real session is recorded through the CLI verbs of docs/table/vpt.md (table dice), and its
events (hits, wounds, morale, death checks, relationship and revenge ticks, free rolls) are repeated, session after
session, with fresh ids, until the campaign holds the requested number of events.  Targets (issue 4): rebuild >=
150,000 events/s; as-of at 200 random points p95 <= 20 ms; rebuild peak memory <= 200 MiB; a CLI query <= 1.3x the
time Python takes to import the dependencies.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.databases import fresh_database

CAMPAIGN = "Бенч"
SESSION_TEMPLATE = [
    ["--as", "Оля", "vpt", "initiative", CAMPAIGN, "reckless", "Жулики=7:living", "--dice", "5,4"],
    ["vpt", "melee", CAMPAIGN, "Вольтаир:дубинка@Питер", "Эдди:копьё@Питер", "Питер:кинжал", "--won", "Вольтаир,Эдди"],
    ["--as", "Дима", "vpt", "hit", CAMPAIGN, "Эдди", "Питер", "-w", "копьё", "-m", "engaged", "-m", "won", "--dice", "4,3"],
    ["--as", "Оля", "vpt", "hit", CAMPAIGN, "Вольтаир", "Питер", "-w", "дубинка", "--dice", "2,2"],
    ["vpt", "morale", CAMPAIGN, "Питер", "--dice", "3,4"],
    ["--as", "Оля", "vpt", "tick", CAMPAIGN, "Вольтаир", "Эдди", "saved"],
    ["--as", "Дима", "vpt", "tick", CAMPAIGN, "Эдди", "Вольтаир", "saved", "date"],
    ["--as", "Оля", "vpt", "revenge-tick", CAMPAIGN, "Вольтаир", "fought"],
    ["--as", "Оля", "roll", CAMPAIGN, "2d6+1", "--dice", "3,4"],
]


def _cli(db: str, *args: str) -> None:
    from click.testing import CliRunner

    from cli.main import cli

    result = CliRunner().invoke(cli, ["--db", db, *args], catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"setup step failed: {args}: {result.output}")


def record_template(url: str) -> tuple[list, list]:
    """Record the campaign's start and one session through the CLI; return (setup events, session events)."""
    for args in (
        ["campaign", "new", CAMPAIGN, "--system", "vpt", "--master", "Вика"],
        ["member", "add", CAMPAIGN, "Оля"], ["member", "add", CAMPAIGN, "Дима"],
        ["--as", "Оля", "vpt", "character", "new", CAMPAIGN, "Вольтаир", "--hit", "1", "--health", "9"],
        ["--as", "Дима", "vpt", "character", "new", CAMPAIGN, "Эдди", "--prep", "5", "--health", "9"],
        ["vpt", "character", "new", CAMPAIGN, "Питер", "--morale", "1", "--limit", "2", "--health", "9"],
        ["--as", "Оля", "vpt", "revenge", CAMPAIGN, "Вольтаир", "Питер"],
        ["vpt", "weapon", CAMPAIGN, "дубинка", "--target", "7", "--wi", "4"],
        ["vpt", "weapon", CAMPAIGN, "копьё", "--target", "8", "--wi", "8"],
        ["vpt", "weapon", CAMPAIGN, "кинжал", "--target", "6", "--wi", "3"],
        ["session", "start", CAMPAIGN, "--present", "Оля,Дима"],
        *SESSION_TEMPLATE,
        ["session", "end", CAMPAIGN, "--minutes", "180"],
    ):
        _cli(url, *args)
    from journal.store import open_store

    store = open_store(url)
    events = list(store.read(CAMPAIGN))
    store.close()
    start = next(i for i, e in enumerate(events) if e.type == "session.started")
    return events[:start], events[start:]


def build(url: str, total: int, per_session: int) -> tuple[int, int, float]:
    """Fill the campaign up to ``total`` events by repeating the template session with new session numbers.

    Returns (events, sessions, events/s appended).
    """
    _setup, session = record_template(url)
    return fill(url, session, total, per_session, number=2)


def fill(url: str, session: list, total: int, per_session: int, number: int) -> tuple[int, int, float]:
    """Append copies of the template ``session`` (its events, one append per session) from session ``number`` on,
    until the campaign holds ``total`` events; (events, sessions, events/s appended)."""
    from journal.events.envelope import NewEvent
    from journal.store import open_store

    store = open_store(url)
    head = store.head(CAMPAIGN)
    body = [e for e in session if e.type not in ("session.started", "session.ended")]
    start_event, end_event = session[0], session[-1]
    first = head
    started = time.perf_counter()
    while head < total:
        batch = [NewEvent("session.started", dict(start_event.data, number=number), start_event.actor, session=number)]
        repeats = max(1, (per_session - 2) // len(body))
        renumbered = [(e, dict(e.data, session=number) if "session" in e.data else e.data) for e in body]
        for _ in range(repeats):
            batch += [NewEvent(e.type, data, e.actor, session=number, schema=e.schema) for e, data in renumbered]
        batch.append(NewEvent("session.ended", dict(end_event.data, number=number), end_event.actor, session=number))
        batch = batch[: max(2, total - head)]
        if batch[-1].type != "session.ended":
            batch[-1] = NewEvent("session.ended", dict(end_event.data, number=number), end_event.actor, session=number)
        head = store.append(CAMPAIGN, batch, head)[-1].version
        number += 1
    elapsed = time.perf_counter() - started
    store.close()
    return head, number - 1, (head - first) / max(elapsed, 1e-9)


@dataclass(frozen=True)
class Rebuild:
    """One full rebuild, measured in a process of its own."""

    events: int
    seconds: float
    peak_mib: float
    state_bytes: int

    @property
    def rate(self) -> float:
        return self.events / self.seconds


def rebuild_in_child(url: str) -> Rebuild:
    """Run the rebuild in a fresh process so that its peak memory is its own.

    The clock starts with the store open (its connection made), the campaign's rule system loaded (the import of
    its folds) and the garbage collector's full collection owed by the imports done (50,000 objects: 30-60 ms that
    would land in the first fold): the ceiling and the peer start theirs the same way, in processes that have
    imported their code, opened their database and run long enough to have collected.
    """
    code = (
        "import gc, resource, time\n"
        "from journal.store import open_store\n"
        "from projections import catalog\n"
        "from projections.engine import Engine\n"
        f"store = open_store({url!r})\n"
        f"catalog.for_system(store.marks({CAMPAIGN!r}, types=['campaign.created'])[0].data['system'])\n"
        "gc.collect()\n"
        "start = time.perf_counter()\n"
        f"folded = Engine(store).rebuild({CAMPAIGN!r})\n"
        "elapsed = time.perf_counter() - start\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        "import orjson\n"
        "size = len(orjson.dumps(folded.states))\n"
        "store.close()\n"
        "print(f'{folded.version} {elapsed} {peak} {size}')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    return Rebuild(int(out[0]), float(out[1]), float(out[2]), int(out[3]))


@dataclass(frozen=True)
class AsOf:
    """Latencies of folds as of random points, in milliseconds."""

    points: int
    p50: float
    p95: float
    max: float


def percentile(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile of an ascending list (``fraction`` 0.95 for p95)."""
    return ordered[max(0, min(len(ordered), math.ceil(fraction * len(ordered))) - 1)]


def as_of(url: str, points: int) -> AsOf:
    """Fold the campaign as of ``points`` random versions (a fixed seed); return the latencies."""
    from journal.store import open_store
    from projections.engine import Engine

    store = open_store(url)
    try:
        engine = Engine(store)
        head = store.head(CAMPAIGN)
        rng = random.Random(42)
        times = []
        for _ in range(points):
            version = rng.randint(1, head)
            started = time.perf_counter()
            engine.at(CAMPAIGN, version)
            times.append((time.perf_counter() - started) * 1000)
    finally:
        store.close()
    times.sort()
    return AsOf(points, statistics.median(times), percentile(times, 0.95), times[-1])


#: What the CLI cannot avoid: the time Python takes to import the dependencies.
IMPORT_FLOOR = "import sqlalchemy, pydantic, click, structlog"


#: Where both commands keep their bytecode (ignored by git): the dependencies' modules and the journal's own are read
#: compiled, as an installed journal reads them, even where PYTHONDONTWRITEBYTECODE is set (the journal's modules
#: would then be compiled from source on every run while the floor's come compiled from site-packages).
PYCACHE = Path(__file__).resolve().parent / "out" / "pycache"


def cli_startup(url: str, runs: int) -> tuple[float, float]:
    """Median wall times of ``journal sheet`` at the head and of the import floor, runs interleaved; (query, floor).

    Each command runs once untimed first, which writes the bytecode both then read (:data:`PYCACHE`).
    """
    journal = str(Path(sys.executable).with_name("journal"))
    commands = {"floor": [sys.executable, "-c", IMPORT_FLOOR],
                "query": [journal, "--db", url, "sheet", CAMPAIGN, "Вольтаир"]}
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    for argv in commands.values():
        subprocess.run(argv, check=True, capture_output=True, env=env)
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            started = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True, env=env)
            samples[name].append(time.perf_counter() - started)
    return statistics.median(samples["query"]), statistics.median(samples["floor"])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", default=None, help="a PostgreSQL URL, or 'sqlite' (the default: a temporary file)")
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--per-session", type=int, default=1000, help="events per session")
    parser.add_argument("--points", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7, help="runs of each command for the start-up median")
    args = parser.parse_args()
    with fresh_database(args.db) as url:
        events, sessions, appended = build(url, args.events, args.per_session)
        print(f"built {events:,} events in {sessions:,} sessions ({appended:,.0f} events/s appended)")
        rebuild = rebuild_in_child(url)
        print(f"full rebuild: {rebuild.rate:>10,.0f} events/s ({rebuild.seconds:.1f} s)   target >= 150,000")
        print(f"rebuild peak memory (max RSS of the process): {rebuild.peak_mib:,.0f} MiB   target <= 200 MiB")
        print(f"projection state at the head (one snapshot, JSON): {rebuild.state_bytes / 1024:,.0f} KiB")
        if url.startswith("sqlite"):
            print(f"database file: {os.path.getsize(url.removeprefix('sqlite:///')) / 2**20:,.0f} MiB")
        found = as_of(url, args.points)
        print(f"as-of at {found.points} random points: p50 {found.p50:.1f} ms, p95 {found.p95:.1f} ms, "
              f"max {found.max:.1f} ms   target p95 <= 20 ms")
        query, floor = cli_startup(url, args.runs)
        print(f"CLI query 'journal sheet' (head, read model): {query:.2f} s; import floor {floor:.2f} s; "
              f"ratio {query / floor:.2f}   target <= 1.3")


if __name__ == "__main__":
    main()
