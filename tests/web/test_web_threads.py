"""web.threads.in_thread: a blocking call in a worker thread, in the caller's context (its language)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from journal.i18n import current_language, language
from web.threads import in_thread


def _where() -> tuple[str, bool]:
    return current_language(), threading.current_thread() is threading.main_thread()


def test_a_call_runs_off_the_loop_thread_in_the_callers_language() -> None:
    async def asked() -> tuple[str, bool]:
        with language("ru"):
            return await in_thread(_where)

    assert asyncio.run(asked()) == ("ru", False)


def test_a_calls_exception_reaches_the_caller() -> None:
    def refuse() -> None:
        raise LookupError("refused in the thread")

    with pytest.raises(LookupError, match="refused in the thread"):
        asyncio.run(in_thread(refuse))
