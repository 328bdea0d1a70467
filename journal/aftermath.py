"""What failed after a write was stored: the steps a committed write runs next, said as such, never as a failed write.

Once an append commits, the events are in the journal whatever happens next.  The steps that follow (the witness
line written beside the key, journal/store/receipts.py) can still fail: a full disk, a folder that cannot be
written.  ``EventStore.writing`` runs each of them once its transaction committed, and a failure becomes an
:class:`AfterCommit` handed to :func:`report`:

* a caller that collects them (:func:`collecting`: the CLI around each command, the server around each request)
  hears them beside its result: the CLI prints the result, then a ``warning:`` line per problem, and exits
  :data:`EXIT_STORED_INCOMPLETE`; the server answers its success with a ``warnings`` list;
* a caller that collects nothing gets :class:`StoredButIncomplete` raised (exit :data:`EXIT_STORED_INCOMPLETE`),
  so that no failure after a commit passes unsaid.

This module is a leaf (the errors and the languages only): every layer reports or collects through it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from journal.errors import JournalError
from journal.i18n import _

#: The exit of a command whose write is stored but a step after its commit failed (README's table of exits).
EXIT_STORED_INCOMPLETE = 11


@dataclass(frozen=True)
class AfterCommit:
    """One step that failed after a write committed: the campaign's head it ran for, and what failed."""

    campaign: str
    version: int
    failed: str

    def __str__(self) -> str:
        return _("campaign '{campaign}': the events up to version {version} are stored, but then {failed}").format(
            campaign=self.campaign, version=self.version, failed=self.failed)


class StepFailed(Exception):
    """A step after a commit failed; its message says which step and why (it reads after "but then ...")."""


def failed_step(exc: BaseException) -> str:
    """What ``exc`` says failed after a commit, to follow "but then": a StepFailed's words, else a generic line."""
    if isinstance(exc, StepFailed):
        return str(exc)
    return _("a step after the commit failed: {reason}").format(reason=describe(exc))


class StoredButIncomplete(JournalError):
    """A write is stored, and a step after its commit failed (raised where nobody collects the problems)."""

    exit_code = EXIT_STORED_INCOMPLETE

    def __init__(self, problems: Iterable[AfterCommit]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))


def describe(exc: BaseException) -> str:
    """A one-line reason for ``exc``: an OS error's own words and the file it names, else the error's message."""
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror} (errno {exc.errno})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


@contextlib.contextmanager
def stored(campaign: str, version: int) -> Iterator[None]:
    """Run a step after ``campaign`` was stored up to ``version``: a StepFailed inside is reported, not raised."""
    try:
        yield
    except StepFailed as exc:
        report([AfterCommit(campaign, version, str(exc))])


_COLLECTED: ContextVar[list[AfterCommit] | None] = ContextVar("journal_after_commit", default=None)


@contextlib.contextmanager
def collecting() -> Iterator[list[AfterCommit]]:
    """Collect what fails after the commits made inside (in this context and the threads that copy it)."""
    found: list[AfterCommit] = []
    token = _COLLECTED.set(found)
    try:
        yield found
    finally:
        _COLLECTED.reset(token)


def report(problems: Iterable[AfterCommit]) -> None:
    """Hand ``problems`` to the caller collecting them; raise StoredButIncomplete when nobody collects."""
    problems = list(problems)
    if not problems:
        return
    found = _COLLECTED.get()
    if found is None:
        raise StoredButIncomplete(problems)
    found.extend(problem for problem in problems if problem not in found)


__all__ = ["EXIT_STORED_INCOMPLETE", "AfterCommit", "StepFailed", "StoredButIncomplete", "collecting", "describe",
           "failed_step", "report", "stored"]
