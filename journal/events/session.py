"""Payloads of sessions at the table and of free rolls: what every rule system shares.

A session's start commits to the secret seed of the journal's dice (its SHA-256) and records who is
present; each player then adds a salt of their own (``session.salted``); its end reveals the seed, the
next unused roll counter and the head it closes, so anyone can recompute every server die of the
session (docs/dice.md).  Dice a command threw and then did not record (it was refused after the throw) are
recorded as burned, so that no refusal tells a player the next die.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from journal.events import Payload
from journal.events.rolls import Roll


class SessionStarted(Payload):
    """Session ``number`` begins with these members present.

    ``seed_source`` says where the seed behind ``commitment`` comes from: ``"key"`` (scheme 2, derived
    from the journal's key and this event's id; nothing stored) or ``"kept"`` (scheme 1, sessions
    recorded before: a random seed kept in the ``session_seeds`` table).  ``salts`` are scheme 1's
    salts typed at the start; scheme 2 starts have none (each player adds their own afterwards).
    """

    type = "session.started"

    number: int = Field(ge=1)
    present: list[str] = Field(min_length=1)
    commitment: str = Field(pattern=r"^[0-9a-f]{64}$")
    salts: dict[str, str] = Field(default_factory=dict)
    seed_source: Literal["kept", "key"] = "kept"


class SessionSalted(Payload):
    """A member present adds their own salt to session ``number``'s dice (the event's actor is that member)."""

    type = "session.salted"

    number: int = Field(ge=1)
    salt: str = Field(min_length=1, max_length=200)


class SessionEnded(Payload):
    """Session ``number`` ends: the seed is revealed; ``minutes`` is its duration for XP.

    ``head_version`` and ``head_hash`` are the version and hash of the last event before the end: the
    head this end closes (absent from the ends recorded before they were added).
    """

    type = "session.ended"

    number: int = Field(ge=1)
    seed: str = Field(pattern=r"^[0-9a-f]{64}$")
    next_counter: int = Field(ge=0)
    minutes: int = Field(ge=0)
    minutes_recorded_by_master: bool = False
    head_version: int | None = Field(default=None, ge=1)
    head_hash: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")


class FreeRoll(Payload):
    """A roll in free notation (``journal roll``): the notation, its dice and its result."""

    type = "roll.made"

    notation: str = Field(min_length=1, max_length=200)
    rolls: list[Roll] = Field(min_length=1)
    result: int
    pool: bool = False
    description: str
    purpose: str | None = Field(default=None, max_length=500)


class DiceBurned(Payload):
    """Server dice a command threw and did not record in its decision: the command was refused after the throw
    (``reason``: the rule it broke, or the kind of refusal), or its decision left them out (``unrecorded``).

    Recorded so that the roll counters move on and ``journal verify --rolls`` accounts for every one: a refusal
    that depends on the dice tells nobody the next die (docs/dice.md, "Refused commands burn their dice").
    """

    type = "dice.burned"

    rolls: list[Roll] = Field(min_length=1)
    reason: str = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _server(self) -> DiceBurned:
        """Only the journal's dice are burned: a table's dice were never the journal's to keep from a player."""
        if any(roll.source != "server" for roll in self.rolls):
            raise ValueError("burned dice are the journal's server dice, not the table's")
        return self
