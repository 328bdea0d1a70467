"""The event envelope: one stored event, as every layer above the store sees it.

A named tuple (not a pydantic model) because replay builds one per event on the hot
path; payloads (``data``) are already-decoded JSON dicts.  Field meanings are in docs/events.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One immutable event of a campaign stream, exactly as stored (a named tuple: cheap to build)."""

    id: str
    campaign: str
    version: int
    type: str
    data: dict[str, Any]
    actor: str
    recorded_at: str
    session: int | None = None
    causation: str | None = None
    schema: int = 1
    prev_hash: str | None = None
    hash: str = ""
    seq: int | None = None
    decision: str | None = None

    @property
    def decision_id(self) -> str:
        """What this event's decision is known by, for folds that group the events of one command.

        The ``decision`` field (the id of the first event its command appended).  An event stored before
        decisions were recorded carries none; the store stamped every event of one append with one
        ``recorded_at``, so the append is known by that, its actor and its session (the store's
        :meth:`~journal.store.EventStore.decision` finds the same group).
        """
        return self.decision or f"append:{self.recorded_at}:{self.actor}:{self.session}"


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event not yet appended: the store assigns version, time (unless given) and hashes."""

    type: str
    data: dict[str, Any]
    actor: str
    id: str | None = None
    session: int | None = None
    causation: str | None = None
    schema: int = 1
    recorded_at: str | None = None
