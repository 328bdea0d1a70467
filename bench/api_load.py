"""HTTP load benchmark: N concurrent clients, each with its own token, append rolls and read sheets as of the past.

    python -m bench.api_load                                   # PostgreSQL at 127.0.0.1, 8 clients
    python -m bench.api_load --clients 4 --appends 100 --reads 200 --seconds 30
    python -m bench.api_load --db sqlite                       # a temporary SQLite file instead

It starts its own server (``journal serve`` on a free port of 127.0.0.1) over a fresh database: on
PostgreSQL a schema of its own, dropped afterwards (like bench.store).  The campaign is VPT with one
player per client, each with a character and a token; a session is open.  Two phases, each bounded by a
count per client and by --seconds:

* appends: every client POSTs /api/roll with table dice (``2d6`` and two dice) as its own player;
* as-of reads: every client GETs /api/sheets?as_of=V for a random version V of the campaign.

For each phase it prints the requests, the failures, the requests per second over the phase and the
p50 / p95 latency.  Every request goes to 127.0.0.1; a database URL naming another host is refused.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import httpx

from bench.store import _drop_schema, _schema_url

CAMPAIGN = "Нагрузка"
MASTER = "Мастер"
LOOPBACK = "127.0.0.1"
DEFAULT_DB = "postgresql://postgres@127.0.0.1:5432/test"


def _loopback_only(url: str) -> None:
    """Refuse a database URL whose host is not this machine's loopback."""
    if url.startswith("sqlite") or "://" not in url:
        return
    host = urlsplit(url).hostname
    if host not in (None, "", "127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"bench.api_load talks to 127.0.0.1 only; '{host}' is not loopback")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


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


def phase(name: str, base: str, tokens: list[str], count: int, seconds: float,
          request: Callable[[httpx.Client, random.Random], httpx.Response]) -> None:
    """Every client runs ``request`` ``count`` times (or until ``seconds`` pass); print the figures."""
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
                    if response.status_code >= 400:
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
    start_line.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    if not latencies:
        print(f"{name}: no request made")
        return
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)] * 1000
    print(f"{name:<26} {len(latencies):>6,} requests  {len(failures):>3} failed  "
          f"{len(latencies) / elapsed:>8,.0f} req/s   p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   ({elapsed:.1f} s)")
    for failure in failures[:3]:
        print(f"  failed: {failure}")


def run(url: str, clients: int, appends: int, reads: int, seconds: float) -> None:
    tokens = setup(url, clients)
    port = _free_port()
    server = start_server(url, port)
    base = f"http://{LOOPBACK}:{port}"
    try:
        print(f"server: http://{LOOPBACK}:{port}  database: {'postgresql' if url.startswith('postgres') else 'sqlite'}  "
              f"clients: {clients}")

        def roll(http: httpx.Client, rng: random.Random) -> httpx.Response:
            return http.post("/api/roll", json={"notation": "2d6", "dice": [rng.randint(1, 6), rng.randint(1, 6)],
                                                "purpose": "load"})

        phase("appends (POST /api/roll)", base, tokens, appends, seconds, roll)
        head = httpx.get(f"{base}/api/me", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=30).json()["version"]

        def read(http: httpx.Client, rng: random.Random) -> httpx.Response:
            return http.get("/api/sheets", params={"as_of": rng.randint(1, head)})

        phase(f"as-of reads (of {head:,})", base, tokens, reads, seconds, read)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=DEFAULT_DB, help="a PostgreSQL URL on 127.0.0.1, or 'sqlite' for a temporary file")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients, one player and token each")
    parser.add_argument("--appends", type=int, default=250, help="rolls each client appends")
    parser.add_argument("--reads", type=int, default=250, help="as-of sheet reads each client makes")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of each phase")
    args = parser.parse_args()
    if not 1 <= args.clients <= 64:
        raise SystemExit("--clients: between 1 and 64")
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{os.path.join(tmp, 'load.db')}" if args.db == "sqlite" else args.db
        _loopback_only(url)
        url, schema = _schema_url(url)
        try:
            run(url, args.clients, args.appends, args.reads, args.seconds)
        finally:
            if schema:
                _drop_schema(args.db, schema)


if __name__ == "__main__":
    main()
