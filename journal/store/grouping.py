"""Group commit: the writes queued for one campaign share ONE write transaction (one durable commit), in order.

While one write holds a campaign, the others queue (:meth:`WriteGroups.run`); the next writer takes them all (at
most :data:`GROUP_MAX`) and runs each as it would alone: in its caller's context (thread or task), as that
context's write, each in a savepoint when the group has more than one, from what the previous one left (its
``carry``).  A work that raises leaves nothing (its savepoint rolls back, with the appends it made and what it
asked to run after the commit) and the others go on; alone in its write, the whole transaction rolls back.  Each
caller hears its own outcome only once the group is committed, and what failed after that commit (the witness...,
journal.aftermath) beside it.  The writer then hands the next turn to the first work still waiting.

The store knows nothing of what a work decides: it runs it and keeps its :class:`Step`.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import sqlalchemy as sa

from journal.aftermath import AfterCommit, collecting, report
from journal.store.engine import AFTER_COMMIT, APPENDED, driver_execute, holding

if TYPE_CHECKING:
    from journal.store.eventstore import EventStore

#: At most this many works share one transaction (one durable commit) of a campaign.
GROUP_MAX = 32

R = TypeVar("R")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Step(Generic[R, C]):
    """What one work of a group came to.

    ``result`` is handed to its caller; ``carry`` to the next work of the group (a ``carry`` of None after the group
    wrote ends the group: the rest waits for the next turn); ``wrote`` says it appended.  ``refusal``: its writes
    stand, and its caller hears this error once they are committed.  ``settle`` runs once the group commits when
    this is the group's last step that wrote."""

    result: R
    carry: C | None
    wrote: bool
    refusal: Exception | None = None
    settle: Callable[[], None] | None = None


#: The name of a work's savepoint in its group's write (one at a time: each is released before the next begins).
SAVEPOINT = "journal_group_work"


class _Savepoint:
    """One work's savepoint in the group's write, through the driver: SQLAlchemy's ``begin_nested`` compiles its
    SAVEPOINT and RELEASE statements anew each time, about a tenth of the server's CPU per HTTP write under load
    (README, Performance).  A savepoint a work opens itself (``begin_nested``) nests inside this one."""

    def __init__(self, conn: sa.Connection) -> None:
        self.conn = conn
        driver_execute(conn, f"SAVEPOINT {SAVEPOINT}").close()

    def commit(self) -> None:
        driver_execute(self.conn, f"RELEASE SAVEPOINT {SAVEPOINT}").close()

    def rollback(self) -> None:
        driver_execute(self.conn, f"ROLLBACK TO SAVEPOINT {SAVEPOINT}").close()
        driver_execute(self.conn, f"RELEASE SAVEPOINT {SAVEPOINT}").close()


#: A work: given the group's write connection and the previous work's carry (None for the first), its step.
Work = Callable[[sa.Connection, Any], Step[Any, Any]]


@dataclass(eq=False)
class _Turn:
    """One work waiting its turn: what to run, in whose context, and what came of it."""

    work: Work
    key: object | None
    context: contextvars.Context
    done: threading.Event = field(default_factory=threading.Event)
    lead: bool = False
    finished: bool = False
    step: Step[Any, Any] | None = None
    error: BaseException | None = None
    #: ``error`` is its step's refusal, told once the group's writes are committed.
    refused: bool = False
    problems: list[AfterCommit] = field(default_factory=list)


@dataclass(eq=False)
class _Queue:
    """The works waiting for one campaign's write, and whether a thread is writing them."""

    pending: list[_Turn] = field(default_factory=list)
    active: bool = False


class WriteGroups:
    """The queues of one store's campaigns (one per store: the group runs through ``store.writing``)."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._queues: dict[str, _Queue] = {}
        self._guard = threading.Lock()

    def queued(self, campaign: str) -> int:
        """How many works wait for ``campaign``'s next write (the one running not counted)."""
        with self._guard:
            queue = self._queues.get(campaign)
            return 0 if queue is None else len(queue.pending)

    def run(self, campaign: str, work: Work, *, key: object | None = None) -> Any:
        """Run ``work`` in the next write of ``campaign`` (with whatever else queued for it) and return its result
        once that write is committed; raise its error, or its step's refusal.  Works with the same ``key`` (the same
        request twice) never share a group: the second waits for the first's commit."""
        turn = _Turn(work, key, contextvars.copy_context())
        with self._guard:
            queue = self._queues.setdefault(campaign, _Queue())
            queue.pending.append(turn)
            turn.lead = not queue.active
            queue.active = True
        while not turn.finished:
            if not turn.lead:
                turn.done.wait()  # a writer ran it, or handed this thread the next turn (``lead``)
                turn.done.clear()
                continue
            turn.lead = False
            self._write_group(campaign, queue, turn)
        report(turn.problems)  # stored, and something after the commit failed: said beside the result
        if turn.error is not None:
            raise turn.error
        assert turn.step is not None
        return turn.step.result

    def _take(self, queue: _Queue) -> list[_Turn]:
        """The works of the next group, out of the queue (at most GROUP_MAX, a key at most once)."""
        group: list[_Turn] = []
        with self._guard:
            keys: set[object] = set()
            for waiting in list(queue.pending):
                if len(group) == GROUP_MAX:
                    break
                if waiting.key is not None and waiting.key in keys:
                    continue  # the same request twice: the retry waits for the first's commit
                if waiting.key is not None:
                    keys.add(waiting.key)
                group.append(waiting)
                queue.pending.remove(waiting)
        return group

    def _write_group(self, campaign: str, queue: _Queue, mine: _Turn) -> None:
        """Run the works waiting for ``campaign`` (this thread's among them) in ONE write transaction, in order.

        The group is taken once the write is held (whoever queued while it was awaited joins it)."""
        group: list[_Turn] = []
        ran: list[_Turn] = []
        after_commit: list[AfterCommit] = []  # what failed once the group was stored: every writer of it hears it
        try:
            with collecting() as after_commit, self._store.writing(campaign) as conn:
                group = self._take(queue)
                carry: Any = None
                written = False
                for turn in group:
                    if written and carry is None:
                        break  # after a void: the rest waits for the next turn
                    savepoint = _Savepoint(conn) if len(group) > 1 else None
                    witnessed = conn.info.get(APPENDED)  # the heads to witness once the group commits
                    heads = len(witnessed) if witnessed is not None else 0
                    committing = conn.info.get(AFTER_COMMIT)  # what runs once the group commits (warm states kept)
                    kept = len(committing) if committing is not None else 0
                    try:
                        step = turn.context.run(self._held, conn, campaign, turn.work, carry)
                    except Exception as exc:  # handed to the work's own caller
                        turn.error = exc
                        if savepoint is None:  # alone in its write: the whole transaction rolls back, as ever
                            ran.append(turn)
                            raise
                        savepoint.rollback()
                        if witnessed is not None:  # its appends (a nested one) are gone: no witness of them
                            del witnessed[heads:]
                        if committing is not None:  # nor what it asked to run once they are committed
                            del committing[kept:]
                    else:
                        if savepoint is not None:
                            savepoint.commit()
                        written = written or step.wrote
                        turn.step, turn.error, turn.refused = step, step.refusal, step.refusal is not None
                        carry = step.carry
                    ran.append(turn)
        except BaseException as exc:  # nothing of the group was committed: every work hears why
            for turn in ran:
                if turn.error is None or turn.refused:  # a refusal whose writes were not committed is not told
                    turn.error, turn.step, turn.refused = exc, None, False
            if not ran:  # the write never began (CampaignBusy...): this thread's work hears it, the rest wait on
                with self._guard:
                    if mine in queue.pending:
                        queue.pending.remove(mine)
                mine.error = exc
                ran = [mine]
            if not isinstance(exc, Exception):
                raise
        finally:
            with self._guard:
                queue.pending[:0] = [turn for turn in group if turn not in ran]
                successor = queue.pending[0] if queue.pending else None
                if successor is None:
                    queue.active = False
                    if self._queues.get(campaign) is queue:
                        del self._queues[campaign]
                else:
                    successor.lead = True
            last = next((t for t in reversed(ran) if t.step is not None and t.step.wrote), None)
            if last is not None and last.step is not None and last.step.settle is not None:
                last.step.settle()  # committed: what the group's last write leaves behind moves on
            for turn in ran:
                if turn.error is None and turn.step is not None and turn.step.wrote:
                    turn.problems = list(after_commit)
                turn.finished = True
                turn.done.set()
            if successor is not None:
                successor.done.set()

    def _held(self, conn: sa.Connection, campaign: str, work: Work, carry: Any) -> Step[Any, Any]:
        """One work of a group, in its caller's context, as this context's write (``holding``)."""
        with holding(self._store.engine, campaign, conn):
            return work(conn, carry)
