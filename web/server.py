"""The socket-level guards of ``journal serve``: no stranger holds the server's connections or floods its log.

uvicorn's h11 server waits for a request's headers and body as long as the client keeps sending (or sends
nothing at all), and accepts connections until the process runs out of file descriptors, when the database
can no longer open its files and asyncio logs a traceback per failed ``accept``.  Here:

- :class:`GuardedProtocol` (uvicorn's ``H11Protocol``, given to it as ``http=``) bounds each connection: its
  request headers must all arrive within ``header_timeout`` seconds of the connection (or of the previous
  answer on a kept-alive one), however slowly they trickle, and a body within ``body_timeout`` seconds of its
  headers; past either the client gets 408 and the connection is closed.  A connection over ``per_client``
  open ones from its address, or over ``total`` in all, gets 503 at once and is closed.
- :func:`connection_cap` keeps ``total`` below the process's file-descriptor limit with headroom for the
  database, and :func:`raise_file_limit` raises that limit's soft value to its hard one at start.
- :class:`QuietLog` filters uvicorn's log: one line per kind of warning per interval, then one line saying how
  many more there were; :func:`new_loop` (uvicorn's ``loop=``) installs it and sends the event loop's own errors
  (an ``accept`` out of descriptors) there as one line each, without a traceback.

The limits are per server process: :func:`configure` sets them before the server starts (``--workers`` > 1:
in each worker, from the settings its parent left).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import resource
import threading
import time
from dataclasses import dataclass
from typing import Any

import h11
import orjson
from uvicorn.protocols.http.h11_impl import H11Protocol

try:  # the C parser (llhttp): a dependency, but the server runs on h11 where its wheels are missing
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - httptools is installed with the journal
    HttpToolsProtocol = H11Protocol  # type: ignore[misc,assignment]
    HTTPTOOLS = False
else:
    HTTPTOOLS = True

from journal.i18n import WEB, choose_from_accept_language, language
from web.broadcast import end_every_stream
from web.headers import HEADERS

_ = WEB.gettext

#: The ASGI scope extension by which the server says that a request's whole body is in its buffer, with no
#: ``Expect: 100-continue`` to answer: reading it waits for nothing from the client and answers nothing to it
#: (web.edge.Edge then leaves a write's token to the route's own worker thread, web.writes).
WHOLE_BODY = "journal.whole_body"

#: The logger uvicorn writes its warnings and errors to (and this module its own).
LOG = "uvicorn.error"
#: Descriptors kept free for the database, its files and the server's own (at least this many).
HEADROOM = 256
#: The smallest connection cap :func:`connection_cap` gives.
MIN_CONNECTIONS = 16


@dataclass(frozen=True)
class Limits:
    """How long a request may take to arrive, and how many connections are held open (0: no per-client cap)."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0
    per_client: int = 128
    total: int = 0

    def capped(self) -> Limits:
        """These limits with ``total`` 0 replaced by the cap of this process's descriptor limit."""
        if self.total:
            return self
        return Limits(self.header_timeout, self.body_timeout, self.per_client, connection_cap(file_limit()))


def file_limit() -> int:
    """The process's soft limit of open file descriptors (RLIMIT_NOFILE)."""
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def raise_file_limit() -> int:
    """Raise the soft descriptor limit to the hard one where the system lets it; return the soft limit then."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass  # the system refuses: the soft limit stays, and the cap follows it
    return file_limit()


def connection_cap(descriptors: int) -> int:
    """How many connections a process with ``descriptors`` open files may hold: the rest is the database's."""
    return max(MIN_CONNECTIONS, descriptors - max(HEADROOM, descriptors // 8))


class QuietLog(logging.Filter):
    """One record per kind (logger, level, message template) per ``interval`` seconds, for warnings and above.

    The first record of a kind passes; the others of its interval are counted, and one line at the interval's
    end says how many there were (the next interval then starts).  Records below WARNING pass untouched.
    """

    SUMMARY = "journal_quiet_summary"

    def __init__(self, interval: float = 10.0) -> None:
        super().__init__()
        self.interval = interval
        self._lock = threading.Lock()
        self._since: dict[tuple[str, int, str], float] = {}
        self._skipped: dict[tuple[str, int, str], tuple[int, str]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING or getattr(record, self.SUMMARY, False):
            return True
        key = (record.name, record.levelno, str(record.msg))
        now = time.monotonic()
        with self._lock:
            since = self._since.get(key)
            if since is None or now - since >= self.interval:
                self._since[key] = now
                late = self._skipped.pop(key, None)
            else:
                count, _sample = self._skipped.get(key, (0, ""))
                self._skipped[key] = (count + 1, record.getMessage().splitlines()[0])
                if count == 0:
                    self._flush_later(key, since + self.interval - now)
                return False
        if late is not None:
            self._summarise(key, *late)
        return True

    def _flush_later(self, key: tuple[str, int, str], delay: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop in this thread: the count goes out with the next record of its kind
        loop.call_later(max(delay, 0.0), self.flush, key)

    def flush(self, key: tuple[str, int, str]) -> None:
        """Say how many records of ``key`` were held back since its last line (nothing if none were)."""
        with self._lock:
            late = self._skipped.pop(key, None)
            if late is not None:
                self._since[key] = time.monotonic()
        if late is not None:
            self._summarise(key, *late)

    def _summarise(self, key: tuple[str, int, str], count: int, sample: str) -> None:
        logging.getLogger(key[0]).log(key[1], "%d more like this in the last %g s: %s", count, self.interval,
                                      sample, extra={self.SUMMARY: True})


#: The filter on uvicorn's log in this process (installed once, by :func:`quiet_log`).
_quiet: list[QuietLog] = []


def quiet_log() -> QuietLog:
    """Install :class:`QuietLog` on uvicorn's error log (once per process); return it."""
    if not _quiet:
        _quiet.append(QuietLog())
        logging.getLogger(LOG).addFilter(_quiet[0])
    return _quiet[0]


def loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's errors, as one line of uvicorn's (quiet) log each: no traceback per socket."""
    message = str(context.get("message", "event loop error")).replace("%", "%%")
    logging.getLogger(LOG).error(message + ": %s", context.get("exception", ""))


def new_loop() -> asyncio.AbstractEventLoop:
    """uvicorn's ``loop=``: an asyncio loop whose errors go to the quiet log (:func:`quiet_log`).

    (Not uvloop's: under a flood of connections past the descriptor limit it refused new ones outright, where
    asyncio's loop pauses its accepts and recovers, tests/web/test_web_server.py.)"""
    quiet_log()
    loop = asyncio.SelectorEventLoop()
    loop.set_exception_handler(loop_error)
    return loop


class Guard:
    """The open connections of one server process, per client address and in all, and the refusals' log."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits.capped()
        self.open = 0
        self.by_client: dict[str, int] = {}
        self.log = logging.getLogger(LOG)

    def admit(self, client: str) -> str | None:
        """Count a new connection from ``client``; None, or why it is refused (it is then not counted)."""
        held = self.by_client.get(client, 0)
        if self.limits.per_client and held >= self.limits.per_client:
            self.log.warning("connection refused: %s already holds %d (--max-connections-per-client)", client, held)
            return _("connections from one address: at most {limit}").format(limit=self.limits.per_client)
        if self.open >= self.limits.total:
            self.log.warning("connection refused: the server holds %d (--max-connections)", self.open)
            return _("connections: at most {limit}, try again shortly").format(limit=self.limits.total)
        self.open += 1
        self.by_client[client] = held + 1
        return None

    def release(self, client: str) -> None:
        self.open -= 1
        held = self.by_client.pop(client, 1) - 1
        if held:
            self.by_client[client] = held


_guard: list[Guard] = []


def configure(limits: Limits) -> Guard:
    """Set this process's limits (before the server accepts); return its :class:`Guard`."""
    _guard[:] = [Guard(limits)]
    return _guard[0]


def guard() -> Guard:
    """This process's :class:`Guard` (the default :class:`Limits` when :func:`configure` was not called)."""
    return _guard[0] if _guard else configure(Limits())


def answer(status: int, reason: str, message: str, kind: str) -> bytes:
    """A whole HTTP/1.1 answer that closes its connection: the journal's one-line JSON error."""
    body = orjson.dumps({"error": message, "kind": kind})
    head = [f"HTTP/1.1 {status} {reason}", "Content-Type: application/json", f"Content-Length: {len(body)}",
            "Connection: close", *(f"{name}: {value}" for name, value in HEADERS.items())]
    if status == 503:
        head.append("Retry-After: 1")
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def mark_whole(cycle: Any) -> None:
    """Put :data:`WHOLE_BODY` in the scope of ``cycle`` (uvicorn's request-response cycle) once its body is all in."""
    if cycle is not None and not cycle.more_body and not cycle.waiting_for_100_continue:
        cycle.scope.setdefault("extensions", {})[WHOLE_BODY] = {}


class _Deadlines:
    """What both guarded protocols share: the connection's admission and release, and one deadline at a time.

    Mixed in before uvicorn's protocol class, whose ``transport``, ``loop``, ``client``, ``cycle`` and ``headers``
    it uses."""

    guard: Guard
    admitted: str | None
    deadline: asyncio.TimerHandle | None
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    client: tuple[str, int] | None
    cycle: Any
    headers: Any

    def shutdown(self) -> None:
        """uvicorn's graceful shutdown of this connection: every open event stream of the process is told to end
        first, so a stream open at shutdown finishes its response instead of being cancelled (with a traceback)
        when ``timeout_graceful_shutdown`` runs out."""
        end_every_stream()
        super().shutdown()  # type: ignore[misc]

    def _guard_init(self) -> None:
        self.guard = guard()
        self.admitted = None
        self.deadline = None

    def _admit(self, transport: asyncio.Transport) -> None:
        """Count the new connection (503 and closed past a cap), then wait for its first request's headers."""
        client = self.client[0] if self.client else ""
        refused = self.guard.admit(client)
        if refused is not None:
            transport.write(answer(503, "Service Unavailable", refused, "TooManyConnections"))
            transport.close()
            return
        self.admitted = client
        self._arm(self.guard.limits.header_timeout, "headers")

    def _release(self) -> None:
        self._disarm()
        if self.admitted is not None:
            self.guard.release(self.admitted)
            self.admitted = None

    def _arm(self, seconds: float, part: str) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(seconds, self._late, part)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _late(self, part: str) -> None:
        """The request's ``part`` (headers or body) did not arrive in time: 408 if nothing was answered, then close."""
        self.deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle if part == "body" else None
        self.guard.log.warning("request %s from %s not received in time: connection closed", part,
                               self.client[0] if self.client else "")
        if cycle is None or not cycle.response_started:
            accept = dict(self.headers or []).get(b"accept-language", b"").decode("latin-1") if cycle else None
            with language(choose_from_accept_language(accept)):
                message = (_("request headers: not received within {seconds} s") if part == "headers" else
                           _("request body: not received within {seconds} s"))
                seconds = self.guard.limits.header_timeout if part == "headers" else self.guard.limits.body_timeout
                self.transport.write(answer(408, "Request Timeout", message.format(seconds=f"{seconds:g}"),
                                            "RequestTimeout"))
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app's receive answers http.disconnect, its sends go nowhere
            cycle.message_event.set()
        self.transport.close()


class GuardedProtocol(_Deadlines, H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers and body, and capped connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard_init()
        self.timed: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._admit(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self.transport.get_protocol() is not self:  # upgraded: no longer an HTTP/1.1 request
            self._disarm()
            return
        mark_whole(self.cycle)  # (once its end of message is in: DONE, or MUST_CLOSE for a last request)
        if self.conn.their_state is h11.SEND_BODY:
            if self.timed is not self.cycle:  # this request's body has its own deadline, set once
                self._arm(self.guard.limits.body_timeout, "body")
                self.timed = self.cycle
        elif self.conn.their_state is not h11.IDLE:  # the request is in (or the connection ends): no deadline
            self._disarm()

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._arm(self.guard.limits.header_timeout, "headers")  # the next request's headers (before a pipelined
        super().on_response_complete()                               # one is handled, which disarms it)


class GuardedHttpToolsProtocol(_Deadlines, HttpToolsProtocol):
    """uvicorn's httptools protocol with the same deadlines and caps as :class:`GuardedProtocol`.

    The parser calls back once a request's headers are in (its body's deadline starts) and once its body is
    (no deadline while the app answers); the next request's headers have theirs from the moment the answer is
    complete, unless a pipelined request is already in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard_init()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._admit(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._arm(self.guard.limits.body_timeout, "body")  # disarmed by on_message_complete

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        mark_whole(self.cycle)

    def handle_websocket_upgrade(self) -> None:
        self._disarm()  # no longer an HTTP/1.1 request
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._arm(self.guard.limits.header_timeout, "headers")  # else a pipelined request is in already


def freeze_loaded() -> None:
    """Keep what the process holds once its app is built (the libraries, the routes, the journal and its engines) out
    of the cyclic garbage collector's passes (``gc.freeze``): none of it is garbage, and under load each full pass
    walked all of it, about a tenth of a write's CPU whenever one ran (README, Performance)."""
    gc.freeze()


def http_protocol() -> type[asyncio.Protocol]:
    """uvicorn's ``http=``: the guarded httptools protocol where httptools is installed (it parses in C, a share of
    each request's CPU that h11 spends in Python; README, Performance), else the guarded h11 one."""
    return GuardedHttpToolsProtocol if HTTPTOOLS else GuardedProtocol
