"""``in_thread(function, *args)``: run a blocking call of the server's own code in a worker thread, in the caller's
context, without anyio's per-call capacity limiter and checkpoints.

Starlette's ``run_in_threadpool`` (anyio) takes a capacity-limiter token and yields to the loop twice around every
call: under load about a sixth of the event loop's CPU per write went there (README, Performance).  The token check
of every write (web.edge.Edge) and a member's reads' token (web.auth.member) go through here instead: one
``loop.run_in_executor`` on a pool of :data:`WORKERS` threads, with a copy of the request's context (its language,
what failed after a commit), as Starlette's does.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

#: The pool's threads: anyio's default for Starlette's own pool, which the endpoints still use.
WORKERS = 40

T = TypeVar("T")

_pool: list[ThreadPoolExecutor] = []


def _executor() -> ThreadPoolExecutor:
    if not _pool:
        _pool.append(ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="journal-web"))
    return _pool[0]


async def in_thread(function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` in a worker thread, in a copy of the caller's context; its result or its exception."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(_executor(), functools.partial(context.run, function,
                                                                                           *args))
