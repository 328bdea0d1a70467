"""Payloads of sessions at the table and of free rolls: what every rule system shares.

A session's start commits to the secret seed of the journal's dice (its SHA-256) and records who is
present and the salts players added; its end reveals the seed and the next unused roll counter, so
anyone can recompute every server die of the session (docs/dice.md).
"""

from __future__ import annotations

from pydantic import Field

from journal.events import Payload
from journal.events.rolls import Roll


class SessionStarted(Payload):
    """Session ``number`` begins with these members present."""

    type = "session.started"

    number: int = Field(ge=1)
    present: list[str] = Field(min_length=1)
    commitment: str = Field(pattern=r"^[0-9a-f]{64}$")
    salts: dict[str, str] = Field(default_factory=dict)


class SessionEnded(Payload):
    """Session ``number`` ends: the seed is revealed; ``minutes`` is its duration for XP."""

    type = "session.ended"

    number: int = Field(ge=1)
    seed: str = Field(pattern=r"^[0-9a-f]{64}$")
    next_counter: int = Field(ge=0)
    minutes: int = Field(ge=0)
    minutes_recorded_by_master: bool = False


class FreeRoll(Payload):
    """A roll in free notation (``journal roll``): the notation, its dice and its result."""

    type = "roll.made"

    notation: str = Field(min_length=1, max_length=200)
    rolls: list[Roll] = Field(min_length=1)
    result: int
    pool: bool = False
    description: str
    purpose: str | None = Field(default=None, max_length=500)
