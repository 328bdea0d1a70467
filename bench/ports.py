"""A port for a server that a benchmark or a test starts on this machine, one no connection can take first.

The port is chosen, then the server is started and binds it a moment later.  A port asked of the kernel
(``bind(("127.0.0.1", 0))``) comes from the ephemeral range (``/proc/sys/net/ipv4/ip_local_port_range``,
32768-60999 here), the same range every outgoing connection takes its local port from: a database
connection, an HTTP client's, chromedriver's.  One that took the port in that moment made the server's bind
fail with "Address already in use" (tests/web/test_web_links.py's flake of 2026-12-04).  So the port is
drawn below the ephemeral range, which no connection's local port comes from, at random in a slice of its
own for each pytest-xdist worker, and kept only if it can be bound now (a port in TIME_WAIT cannot).
"""

from __future__ import annotations

import os
import random
import socket
from pathlib import Path

#: The lowest port drawn: above the well-known and most registered services' ports.
LOWEST = 20000
#: Linux's default first ephemeral port, where /proc does not say.
EPHEMERAL_FIRST = 32768

_draw = random.SystemRandom()


def _ephemeral_first() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return EPHEMERAL_FIRST


def _slice() -> range:
    """This process's ports: the range below the ephemeral one, cut in eight, the slice of its xdist worker."""
    top = max(_ephemeral_first(), LOWEST + 800)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    index = int(worker) % 8 if worker.isdigit() else 0
    width = (top - LOWEST) // 8
    return range(LOWEST + index * width, LOWEST + (index + 1) * width)


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("0.0.0.0", port))  # every interface: a server on 0.0.0.0 or on 127.0.0.1 can have it
        except OSError:
            return False
        return True


def free_port() -> int:
    """A port no socket holds now, below the ephemeral range (in this xdist worker's slice of it)."""
    ports = _slice()
    for _ in range(200):
        port = _draw.choice(ports)
        if _bindable(port):
            return port
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1} after 200 draws")
