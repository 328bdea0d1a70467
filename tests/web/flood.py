"""A stranger's connections, made as the attack of issue 18 made them: loopback only, bounded, closed after use.

``half_open(base, count)`` opens ``count`` connections to a ``journal serve`` on 127.0.0.1 from another loopback
address (127.0.0.2 by default, so the per-address cap that stops them leaves the member on 127.0.0.1 alone),
sends half a request's headers on each and closes them all when the ``with`` block ends.  ``answer(sock)`` is what
the server sent on a connection until it closed it (bounded by the socket's timeout).
"""

from __future__ import annotations

import contextlib
import resource
import socket
import time
from collections.abc import Iterator

#: Half a request's headers: the request line and one header, and no blank line.
HALF = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
#: The most connections one flood opens (the test process needs a descriptor for each).
MOST = 5000
#: Seconds any one socket operation of a flood may take.
TIMEOUT = 30.0


def address(base: str) -> tuple[str, int]:
    """The loopback (host, port) of ``base`` (``http://127.0.0.1:PORT``); anything else is refused."""
    host, port = base.removeprefix("http://").split(":")
    assert host == "127.0.0.1", f"floods go to loopback only, not {host}"
    return host, int(port)


def connect(base: str, source: str = "127.0.0.2", first: bytes = HALF) -> socket.socket:
    """One connection to ``base`` from ``source`` that has sent ``first`` (or was refused before it could)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(TIMEOUT)
    try:
        sock.bind((source, 0))
        sock.connect(address(base))
        if first:
            with contextlib.suppress(OSError):  # the server may have answered 503 and closed already
                sock.sendall(first)
    except BaseException:
        sock.close()
        raise
    return sock


@contextlib.contextmanager
def half_open(base: str, count: int, source: str = "127.0.0.2") -> Iterator[list[socket.socket]]:
    """``count`` connections from ``source``, each with half a request's headers sent; all closed after the block."""
    assert count <= MOST, f"at most {MOST} connections in one flood"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1024), hard))
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            opened.append(connect(base, source))
        yield opened
    finally:
        for sock in opened:
            sock.close()


def answer(sock: socket.socket) -> bytes:
    """Everything the server sends on ``sock`` until it closes it."""
    parts = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        parts.append(chunk)
    return b"".join(parts)


def trickle(sock: socket.socket, more: bytes, deadline: float = TIMEOUT) -> bytes:
    """Send ``more`` on ``sock`` each tenth of a second the server stays silent; return its answer once it speaks
    (and closes), or b"" after ``deadline`` seconds of trickling."""
    sock.settimeout(0.1)
    ends = time.monotonic() + deadline
    got = b""
    while not got and time.monotonic() < ends:
        try:
            got = sock.recv(65536)
        except TimeoutError:
            with contextlib.suppress(OSError):
                sock.sendall(more)
    sock.settimeout(TIMEOUT)
    return got + answer(sock) if got else got
