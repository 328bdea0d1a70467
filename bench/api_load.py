"""HTTP load benchmark: N concurrent clients, each with its own token, append rolls and read sheets as of the past.

    python -m bench.api_load                                   # PostgreSQL at 127.0.0.1, 16 clients
    python -m bench.api_load --db sqlite                       # a temporary SQLite file instead
    python -m bench.api_load --clients 4 --appends 100 --reads 200 --seconds 30 --json

It starts its own server (``journal serve`` on a free port of 127.0.0.1) over a fresh database at the head revision
(bench.databases): on PostgreSQL a schema of its own, dropped afterwards.  Before the server starts, the store's own
single-append rate (one event a transaction, bench.store) is measured on that same database, so that the HTTP
write rate has its ratio to it from the same run.  The campaign is VPT with one player per client, each with a
character and a token; a session is open.  Two phases, each bounded by a count per client and by --seconds:

* writes: every client POSTs /api/roll with table dice (``2d6`` and two dice) as its own player, each request
  with an ``Idempotency-Key`` header of its own;
* as-of reads: every client GETs /api/sheets?as_of=V for a random version V of the campaign.

For each phase it prints the requests, the FAILURES (every response that is not 2xx and every connection error),
the requests per second over the phase, the p50 / p95 / p99 latency, and the server process's own CPU time per
request (user + system, all its threads, from /proc/PID/stat), and of it its event loop's (the main thread's: HTTP and
the app's ASGI layers; the rest is the worker threads'): that figure does not depend on the load generator sharing
the cores.  Targets: server CPU per write <= 1.0 ms, HTTP writes >= 0.5x the store's single-append rate,
and p95 <= 25 ms on SQLite (50 ms on PostgreSQL), printed as met or not met.  Every request goes to 127.0.0.1; a database URL
naming another host is refused.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import orjson

from bench.databases import DEFAULT_PG, backend_name, fresh_database
from bench.ports import free_port
from bench.projections import percentile
from bench.store import durability, single_appends

CAMPAIGN = "Нагрузка"
MASTER = "Мастер"
LOOPBACK = "127.0.0.1"
WRITE_RATIO_TARGET = 0.5
P95_TARGET_MS = {"sqlite": 25.0, "postgresql": 50.0}
CPU_TARGET_MS = 1.0


def _loopback_only(url: str) -> None:
    """Refuse a database URL whose host is not this machine's loopback."""
    if url == "sqlite" or url.startswith("sqlite") or "://" not in url:
        return
    host = urlsplit(url).hostname
    if host not in (None, "", "127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"bench.api_load talks to 127.0.0.1 only; '{host}' is not loopback")


def setup(url: str, clients: int) -> list[str]:
    """Record the campaign, its players and characters, open a session; return one token per player."""
    from journal.service import Journal
    from journal.service.sessions import start_session
    from journal.service.tokens import issue
    from journal.systems.vpt.commands import create_character

    journal = Journal.open(url, upgrade=True)
    try:
        journal.create_campaign(CAMPAIGN, "vpt", MASTER)
        players = [f"Игрок{i + 1}" for i in range(clients)]
        for player in players:
            journal.add_member(CAMPAIGN, player)
            create_character(journal, CAMPAIGN, f"Герой{player[5:]}", actor=player)
        start_session(journal, CAMPAIGN, players)
        return [issue(journal, CAMPAIGN, player).token for player in players]
    finally:
        journal.close()


def store_single_rate(url: str, count: int) -> tuple[float, str]:
    """The store's single-append rate on ``url`` (its own campaign, no server running) and its durability setting."""
    from journal.store import open_store

    store = open_store(url)
    try:
        return single_appends(store, "singles", count), durability(store)
    finally:
        store.close()


def start_server(url: str, port: int) -> subprocess.Popen:
    """``journal serve`` in a child process on 127.0.0.1:port; returns once /healthz answers (30 s at most)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "--db", url, "serve", "--host", LOOPBACK, "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            assert process.stderr is not None  # stderr=PIPE
            raise SystemExit(f"the server exited ({process.returncode}): {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"http://{LOOPBACK}:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not answer /healthz within 30 s")


@dataclass(frozen=True)
class Phase:
    """The figures of one phase: every request counted, every non-2xx answer and connection error a failure."""

    name: str
    requests: int
    failures: int
    seconds: float
    per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    first_failures: list[str]
    server_cpu_ms: float = 0.0
    #: Of ``server_cpu_ms``, the server's main thread's: its event loop (HTTP, the app's ASGI layers); the rest is its
    #: worker threads' (the token check, validation, the command).
    server_loop_cpu_ms: float = 0.0

    def line(self) -> str:
        return (f"{self.name:<26} {self.requests:>6,} requests  {self.failures:>4} FAILED  "
                f"{self.per_second:>8,.0f} req/s   p50 {self.p50_ms:6.1f} ms   p95 {self.p95_ms:6.1f} ms   "
                f"p99 {self.p99_ms:6.1f} ms   server CPU {self.server_cpu_ms:5.2f} ms/req "
                f"(loop {self.server_loop_cpu_ms:4.2f})   ({self.seconds:.1f} s)")


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """The user + system CPU seconds process ``pid`` has used so far, all its threads (``/proc/PID/stat``), or only
    its thread ``thread`` (``/proc/PID/task/TID/stat``; the main thread's id is the process's)."""
    where = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(where).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14 and 15


def phase(name: str, base: str, tokens: list[str], count: int, seconds: float,
          request: Callable[[httpx.Client, random.Random], httpx.Response], server_pid: int) -> Phase:
    """Every client runs ``request`` ``count`` times (or until ``seconds`` pass); return the figures, with the CPU
    time process ``server_pid`` spent per request over the phase."""
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    start_line = threading.Barrier(len(tokens) + 1)

    def client(index: int, token: str) -> None:
        rng = random.Random(index)
        mine: list[float] = []
        bad: list[str] = []
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            start_line.wait()
            for _ in range(count):
                if time.monotonic() > deadline:
                    break
                began = time.perf_counter()
                try:
                    response = request(http, rng)
                    if not 200 <= response.status_code < 300:
                        bad.append(f"{response.status_code} {response.text[:200]}")
                except httpx.HTTPError as exc:
                    bad.append(f"{type(exc).__name__}: {exc}")
                mine.append(time.perf_counter() - began)
        with lock:
            latencies.extend(mine)
            failures.extend(bad)

    threads = [threading.Thread(target=client, args=(i, t), daemon=True) for i, t in enumerate(tokens)]
    for thread in threads:
        thread.start()
    cpu_before, loop_before = cpu_seconds(server_pid), cpu_seconds(server_pid, server_pid)
    start_line.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    server_cpu_ms = (cpu_seconds(server_pid) - cpu_before) * 1000 / max(1, len(latencies))
    loop_cpu_ms = (cpu_seconds(server_pid, server_pid) - loop_before) * 1000 / max(1, len(latencies))
    ordered = sorted(latency * 1000 for latency in latencies) or [0.0]
    return Phase(name, len(latencies), len(failures), elapsed, len(latencies) / elapsed, statistics.median(ordered),
                 percentile(ordered, 0.95), percentile(ordered, 0.99), failures[:3], server_cpu_ms, loop_cpu_ms)


def run(url: str, clients: int, appends: int, reads: int, seconds: float, singles: int) -> dict:
    """Measure the store's single appends, then both HTTP phases; return every figure and the targets."""
    tokens = setup(url, clients)
    single_rate, durable = store_single_rate(url, singles)
    port = free_port()
    server = start_server(url, port)
    base = f"http://{LOOPBACK}:{port}"
    try:
        def roll(http: httpx.Client, rng: random.Random) -> httpx.Response:
            return http.post("/api/roll", headers={"Idempotency-Key": uuid.uuid4().hex},
                             json={"notation": "2d6", "dice": [rng.randint(1, 6), rng.randint(1, 6)], "purpose": "load"})

        writes = phase("writes (POST /api/roll)", base, tokens, appends, seconds, roll, server.pid)
        head = httpx.get(f"{base}/api/me", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=30).json()["version"]

        def read(http: httpx.Client, rng: random.Random) -> httpx.Response:
            return http.get("/api/sheets", params={"as_of": rng.randint(1, head)})

        reads_phase = phase(f"as-of reads (of {head:,})", base, tokens, reads, seconds, read, server.pid)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    write_ratio = writes.per_second / single_rate
    p95_target = P95_TARGET_MS[backend_name(url)]
    targets = [
        {"target": f"server CPU per write <= {CPU_TARGET_MS} ms", "value": writes.server_cpu_ms,
         "met": writes.server_cpu_ms <= CPU_TARGET_MS},
        {"target": f"HTTP writes >= {WRITE_RATIO_TARGET}x the store's single-append rate", "value": write_ratio,
         "met": write_ratio >= WRITE_RATIO_TARGET},
        {"target": f"writes p95 <= {p95_target:.0f} ms", "value": writes.p95_ms, "met": writes.p95_ms <= p95_target},
        {"target": f"reads p95 <= {p95_target:.0f} ms", "value": reads_phase.p95_ms,
         "met": reads_phase.p95_ms <= p95_target},
    ]
    return {"database": backend_name(url), "clients": clients, "durability": durable, "store_single_appends": singles,
            "store_single_rate": single_rate, "writes": asdict(writes), "reads": asdict(reads_phase),
            "write_ratio": write_ratio, "failures": writes.failures + reads_phase.failures, "targets": targets}


def report(figures: dict) -> list[str]:
    """The figures as lines for people."""
    lines = [f"database: {figures['database']} ({figures['durability']})  clients: {figures['clients']}",
             (f"{'store single appends':<26} {figures['store_single_appends']:>6,} appends   "
              f"{figures['store_single_rate']:>8,.0f} events/s (one transaction each, no server running)")]
    for key in ("writes", "reads"):
        found = Phase(**figures[key])
        lines.append(found.line())
        lines += [f"  failed: {failure}" for failure in found.first_failures]
    lines.append(f"HTTP writes / store single appends: {figures['write_ratio']:.2f}x   "
                 f"FAILURES: {figures['failures']}")
    lines.append("targets:")
    for target in figures["targets"]:
        lines.append(f"  {target['target']:<56} {target['value']:>8.2f}  {'met' if target['met'] else 'NOT MET'}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.api_load", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", default=DEFAULT_PG, help="a PostgreSQL URL on 127.0.0.1, or 'sqlite' for a temporary file")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients, one player and token each")
    parser.add_argument("--appends", type=int, default=250, help="rolls each client appends")
    parser.add_argument("--reads", type=int, default=250, help="as-of sheet reads each client makes")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of each phase")
    parser.add_argument("--singles", type=int, default=500, help="the store's single appends measured first")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout instead of the lines")
    args = parser.parse_args()
    if not 1 <= args.clients <= 64:
        raise SystemExit("--clients: between 1 and 64")
    for name in ("appends", "reads", "singles"):
        if getattr(args, name) < 1:
            raise SystemExit(f"--{name}: at least 1")
    _loopback_only(args.db)
    with fresh_database(args.db, "load") as url:
        figures = run(url, args.clients, args.appends, args.reads, args.seconds, args.singles)
    if args.json:
        sys.stdout.buffer.write(orjson.dumps(figures, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        print("\n".join(report(figures)))


if __name__ == "__main__":
    main()
