"""Payloads of disputes: a member contests an event, the players present vote, the Master rules.

A dispute lives in the campaign's stream; its id is the id of its ``dispute.opened`` event.  The
players who may vote are frozen when it opens (``voters``: the players recorded present at the
session of the disputed event, or every player for an event between sessions).  A ruling keeps the
second-degree tally it was given and whether it followed the voters' majority.  An overturn appends,
in the same batch, a ``correction.voided`` naming the dispute and, when the Master gives one, the
corrected event (its ``causation`` is the void).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from journal.events import Payload

Choice = Literal["uphold", "overturn"]


class DisputeOpened(Payload):
    """A member contests ``target`` (an event of this campaign) for ``reason``; ``voters`` may vote."""

    type = "dispute.opened"

    target: str = Field(min_length=1, max_length=36)
    target_version: int = Field(ge=1)
    target_type: str = Field(min_length=1, max_length=100)
    session: int | None = Field(default=None, ge=1)
    reason: str = Field(min_length=1, max_length=2000)
    voters: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> DisputeOpened:
        if len(set(self.voters)) != len(self.voters):
            raise ValueError("a voter is named twice")
        return self


class DisputeVoted(Payload):
    """One voter's vote (the envelope's actor): uphold the event as recorded, or overturn it."""

    type = "dispute.voted"

    dispute: str = Field(min_length=1, max_length=36)
    choice: Choice


class DisputeTally(BaseModel):
    """The second-degree quorum the ruling was given: who could vote, how many had to, how they voted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    eligible: int = Field(ge=1)
    required: int = Field(ge=1)
    uphold: int = Field(ge=0)
    overturn: int = Field(ge=0)


class DisputeRuled(Payload):
    """The Master's ruling, once a second-degree quorum has voted; final.

    ``majority`` is the voters' majority (``tie`` when even); ``followed_majority`` whether the
    ruling agrees with it (null on a tie).  ``corrected`` says whether a corrected event follows
    the void in the same append (an overturn only).
    """

    type = "dispute.ruled"

    dispute: str = Field(min_length=1, max_length=36)
    ruling: Choice
    tally: DisputeTally
    majority: Literal["uphold", "overturn", "tie"]
    followed_majority: bool | None
    reason: str = Field(default="", max_length=2000)
    corrected: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> DisputeRuled:
        expected = None if self.majority == "tie" else self.ruling == self.majority
        if self.followed_majority != expected:
            raise ValueError(f"followed_majority must be {expected} for a {self.ruling} ruling with majority {self.majority}")
        if self.corrected and self.ruling != "overturn":
            raise ValueError("only an overturn carries a corrected event")
        if self.tally.uphold + self.tally.overturn > self.tally.eligible:
            raise ValueError("more votes than eligible voters")
        return self
