"""Store benchmark: batched appends (import), single-event appends and streaming reads, in events/s.

    python -m bench.store                          # SQLite, a temporary file
    python -m bench.store --db postgresql://postgres@127.0.0.1/test   # a PostgreSQL database
    python -m bench.store --events 100000 --singles 2000 --batch 1000

Against PostgreSQL the benchmark works in a schema of its own and drops it afterwards.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import uuid

from bench.synthetic import synthetic_events
from journal.store import open_store


def _schema_url(url: str) -> tuple[str, str | None]:
    if url.startswith("sqlite") or "://" not in url:
        return url, None
    import sqlalchemy as sa

    from journal.store.engine import normalise_url

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    engine = sa.create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    engine.dispose()
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}", schema


def _drop_schema(url: str, schema: str) -> None:
    import sqlalchemy as sa

    from journal.store.engine import normalise_url

    engine = sa.create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    engine.dispose()


def run(url: str, events: int, batch: int, singles: int) -> None:
    store = open_store(url, upgrade=True)
    print(f"backend: {store.dialect}  events: {events:,}  batch: {batch:,}  single appends: {singles:,}")

    prepared = list(synthetic_events(events))
    started = time.perf_counter()
    version = 0
    for start in range(0, events, batch):
        version = store.append("bench", prepared[start : start + batch], version)[-1].version
    elapsed = time.perf_counter() - started
    print(f"batched append ({batch:,}/transaction): {events / elapsed:>10,.0f} events/s  ({elapsed:.2f} s)")

    started = time.perf_counter()
    for new in list(synthetic_events(singles, seed=11)):
        version = store.append("singles", [new], None)[-1].version
    elapsed = time.perf_counter() - started
    print(f"single-event appends (1/transaction): {singles / elapsed:>10,.0f} events/s  ({elapsed * 1000 / singles:.2f} ms each)")

    started = time.perf_counter()
    count = sum(1 for _ in store.read("bench"))
    elapsed = time.perf_counter() - started
    print(f"streaming read (decoded envelopes):  {count / elapsed:>10,.0f} events/s  ({elapsed:.2f} s)")

    started = time.perf_counter()
    report = store.verify("bench")
    elapsed = time.perf_counter() - started
    print(f"verify (hash chain):                 {report.events / elapsed:>10,.0f} events/s  ({elapsed:.2f} s)")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=1_000)
    parser.add_argument("--singles", type=int, default=2_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
        url, schema = _schema_url(url)
        try:
            run(url, args.events, args.batch, args.singles)
        finally:
            if schema:
                _drop_schema(args.db, schema)


if __name__ == "__main__":
    main()
