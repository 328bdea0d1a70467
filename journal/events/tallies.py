"""The end-of-session tally: the one event that closes a session's awards (``tally.committed``).

A committed tally is appended in one batch with the awards it lists (each the rule system's own event:
an experience award, a bond's checklist tick, ...), the ``tally.committed`` event last.  A session is
tallied once.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from journal.events import Payload
from journal.events.names import Name


class TallyEntry(BaseModel):
    """One line the tally appended: what kind of award, to whom (towards whom), the item and amount.

    ``amount`` is the amount recorded (the Master's, when changed at the table); ``proposed`` is the amount
    the rules proposed for a line the Master changed, None otherwise (and in tallies recorded before it).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=500)
    kind: str = Field(min_length=1, max_length=50)
    character: Name
    other: Name | None = None
    item: str = Field(min_length=1, max_length=500)
    amount: int
    reason: str = ""
    proposed: int | None = None


class TallyCommitted(Payload):
    """Session ``session`` is tallied: ``lines`` awards were appended with it, listed in ``summary``."""

    type: ClassVar[str] = "tally.committed"

    session: int = Field(ge=1)
    lines: int = Field(ge=0)
    summary: list[TallyEntry] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
