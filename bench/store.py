"""Store benchmark: batched appends (import), single-event appends and streaming reads, in events/s.

    python -m bench.store                          # SQLite, a temporary file
    python -m bench.store --db postgresql://postgres@127.0.0.1/test   # a PostgreSQL database
    python -m bench.store --events 100000 --singles 2000 --batch 1000

Against PostgreSQL the benchmark works in a schema of its own, brought to the head revision, and drops it
afterwards (bench.databases).  The measuring functions here are also those of bench.side_by_side.
"""

from __future__ import annotations

import argparse
import time

from bench.databases import fresh_database
from bench.synthetic import synthetic_events
from journal.store import EventStore, open_store


def durability(store: EventStore) -> str:
    """How durable a commit is on this store's connections: SQLite's ``synchronous``, PostgreSQL's ``synchronous_commit``."""
    with store.engine.connect() as conn:
        if store.dialect == "sqlite":
            level = conn.exec_driver_sql("PRAGMA synchronous").scalar()
            return "synchronous=" + {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(int(level or 0), str(level))
        return f"synchronous_commit={conn.exec_driver_sql('SHOW synchronous_commit').scalar()}"


def batched_append(store: EventStore, campaign: str, events: int, batch: int, *, generation_timed: bool) -> float:
    """Append ``events`` synthetic events to a new ``campaign``, ``batch`` per transaction; return events/s.

    With ``generation_timed`` the clock also runs while the events are generated, as in the ceiling and the peer.
    """
    prepared = None if generation_timed else list(synthetic_events(events))
    started = time.perf_counter()
    source = synthetic_events(events) if prepared is None else iter(prepared)
    version = 0
    pending = []
    for new in source:
        pending.append(new)
        if len(pending) == batch:
            version = store.append(campaign, pending, version)[-1].version
            pending = []
    if pending:
        version = store.append(campaign, pending, version)[-1].version
    elapsed = time.perf_counter() - started
    if version != events:
        raise SystemExit(f"batched append stored {version} events, not {events}")
    return events / elapsed


def single_appends(store: EventStore, campaign: str, count: int) -> float:
    """Append ``count`` events to ``campaign``, one transaction (one durable commit) each; return events/s."""
    singles = list(synthetic_events(count, seed=11))
    started = time.perf_counter()
    for new in singles:
        store.append(campaign, [new], None)
    return count / (time.perf_counter() - started)


def streaming_read(store: EventStore, campaign: str) -> float:
    """Read every event of ``campaign`` as decoded envelopes; return events/s."""
    started = time.perf_counter()
    count = sum(1 for _ in store.read(campaign))
    return count / (time.perf_counter() - started)


def verify(store: EventStore, campaign: str) -> float:
    """Recompute ``campaign``'s hash chain; return events/s."""
    started = time.perf_counter()
    report = store.verify(campaign)
    return report.events / (time.perf_counter() - started)


def run(url: str, events: int, batch: int, singles: int) -> None:
    store = open_store(url, upgrade=True)
    try:
        print(f"backend: {store.dialect} ({durability(store)})  events: {events:,}  batch: {batch:,}  "
              f"single appends: {singles:,}")
        rate = batched_append(store, "bench", events, batch, generation_timed=False)
        print(f"batched append ({batch:,}/transaction): {rate:>10,.0f} events/s  ({events / rate:.2f} s)")
        rate = single_appends(store, "singles", singles)
        print(f"single-event appends (1/transaction): {rate:>10,.0f} events/s  ({1000 / rate:.2f} ms each)")
        rate = streaming_read(store, "bench")
        print(f"streaming read (decoded envelopes):  {rate:>10,.0f} events/s  ({events / rate:.2f} s)")
        rate = verify(store, "bench")
        print(f"verify (hash chain):                 {rate:>10,.0f} events/s  ({events / rate:.2f} s)")
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", default=None, help="a PostgreSQL URL, or 'sqlite' (the default: a temporary file)")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=1_000)
    parser.add_argument("--singles", type=int, default=2_000)
    args = parser.parse_args()
    with fresh_database(args.db) as url:
        run(url, args.events, args.batch, args.singles)


if __name__ == "__main__":
    main()
