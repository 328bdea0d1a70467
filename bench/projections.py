"""Projection benchmark on a 1,000,000-event campaign: rebuild rate, as-of latency, rebuild memory, CLI start-up.

    python -m bench.projections                      # SQLite, a temporary file, 1,000,000 events
    python -m bench.projections --events 200000     # smaller
    python -m bench.projections --db postgresql://postgres@127.0.0.1/test

The campaign is VPT: one real session is recorded through the CLI verbs of docs/table/vpt.md (table dice), and its
events (hits, wounds, morale, death checks, relationship and revenge ticks, free rolls) are repeated, session after
session, with fresh ids, until the campaign holds the requested number of events.  Targets (issue 4): rebuild >=
150,000 events/s; as-of at 200 random points p95 <= 20 ms; rebuild peak memory <= 200 MiB; a CLI query <= 1.3x the
time Python takes to import the dependencies.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.store import _drop_schema, _schema_url

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
        ["--as", "Оля", "vpt", "char", CAMPAIGN, "Вольтаир", "--hit", "1", "--health", "9"],
        ["--as", "Дима", "vpt", "char", CAMPAIGN, "Эдди", "--prep", "5", "--health", "9"],
        ["vpt", "char", CAMPAIGN, "Питер", "--morale", "1", "--limit", "2", "--health", "9"],
        ["--as", "Оля", "vpt", "revenge", CAMPAIGN, "Вольтаир", "Питер"],
        ["vpt", "weapon", CAMPAIGN, "дубинка", "7", "4"], ["vpt", "weapon", CAMPAIGN, "копьё", "8", "8"],
        ["vpt", "weapon", CAMPAIGN, "кинжал", "6", "3"],
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


def build(url: str, total: int, per_session: int) -> None:
    """Fill the campaign up to ``total`` events by repeating the template session with new session numbers."""
    from journal.events.envelope import NewEvent
    from journal.store import open_store

    _setup, session = record_template(url)
    store = open_store(url)
    head = store.head(CAMPAIGN)
    body = [e for e in session if e.type not in ("session.started", "session.ended")]
    start_event, end_event = session[0], session[-1]
    number = 2
    started = time.perf_counter()
    while head < total:
        batch = [NewEvent("session.started", dict(start_event.data, number=number), start_event.actor, session=number)]
        repeats = max(1, (per_session - 2) // len(body))
        renumbered = [(e, dict(e.data, session=number) if "session" in e.data else e.data) for e in body]
        for _ in range(repeats):
            batch += [NewEvent(e.type, data, e.actor, session=number) for e, data in renumbered]
        batch.append(NewEvent("session.ended", dict(end_event.data, number=number), end_event.actor, session=number))
        batch = batch[: max(2, total - head)]
        if batch[-1].type != "session.ended":
            batch[-1] = NewEvent("session.ended", dict(end_event.data, number=number), end_event.actor, session=number)
        head = store.append(CAMPAIGN, batch, head)[-1].version
        number += 1
    elapsed = time.perf_counter() - started
    print(f"built {head:,} events in {number - 1:,} sessions ({head / elapsed:,.0f} events/s appended)")
    store.close()


def rebuild_in_child(url: str) -> None:
    """Run the rebuild in a fresh process so that its peak memory is its own."""
    code = (
        "import resource, time\n"
        "from journal.store import open_store\n"
        "from projections.engine import Engine\n"
        f"store = open_store({url!r})\n"
        "start = time.perf_counter()\n"
        f"folded = Engine(store).rebuild({CAMPAIGN!r})\n"
        "elapsed = time.perf_counter() - start\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        "import orjson\n"
        "size = len(orjson.dumps(folded.states))\n"
        "print(f'{folded.version} {elapsed} {peak} {size}')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    events, elapsed, peak, size = int(out[0]), float(out[1]), float(out[2]), int(out[3])
    print(f"full rebuild: {events / elapsed:>10,.0f} events/s ({elapsed:.1f} s)   target >= 150,000")
    print(f"rebuild peak memory (max RSS of the process): {peak:,.0f} MiB   target <= 200 MiB")
    print(f"projection state at the head (one snapshot, JSON): {size / 1024:,.0f} KiB")


def as_of(url: str, points: int) -> None:
    from journal.store import open_store
    from projections.engine import Engine

    store = open_store(url)
    engine = Engine(store)
    head = store.head(CAMPAIGN)
    rng = random.Random(42)
    times = []
    for _ in range(points):
        version = rng.randint(1, head)
        started = time.perf_counter()
        engine.at(CAMPAIGN, version)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p50, p95 = statistics.median(times), times[int(len(times) * 0.95) - 1]
    print(f"as-of at {points} random points: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms   target p95 <= 20 ms")
    store.close()


def _wall(argv: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def cli_startup(url: str, runs: int) -> None:
    journal = str(Path(sys.executable).with_name("journal"))
    floor = _wall([sys.executable, "-c", "import sqlalchemy, pydantic, click, structlog"], runs)
    query = _wall([journal, "--db", url, "sheet", CAMPAIGN, "Вольтаир"], runs)
    print(f"CLI query 'journal sheet' (head, read model): {query:.2f} s; import floor {floor:.2f} s; "
          f"ratio {query / floor:.2f}   target <= 1.3")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--per-session", type=int, default=1000, help="events per session")
    parser.add_argument("--points", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7, help="runs of each command for the start-up median")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
        url, schema = _schema_url(url)
        try:
            build(url, args.events, args.per_session)
            rebuild_in_child(url)
            if url.startswith("sqlite"):
                print(f"database file: {os.path.getsize(url.removeprefix('sqlite:///')) / 2**20:,.0f} MiB")
            as_of(url, args.points)
            cli_startup(url, args.runs)
        finally:
            if schema:
                _drop_schema(args.db, schema)


if __name__ == "__main__":
    main()
