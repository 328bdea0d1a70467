"""Payloads of house rules: a proposal to switch a ruling, the players' votes on it, and its adoption.

A group may switch a ruling marked "house rule" (docs/rulings.md) for its campaign.  Any member
proposes a value for a known key; the players vote, once each; once a first-degree quorum of all players
is in favour, the Master adopts it, and the rule is in force from the adoption on.  The proposal's id is
the id of its ``rules.proposed`` event; votes and the adoption name it (and carry it as ``causation``).
"""

from __future__ import annotations

from pydantic import Field, StrictInt, StrictStr

from journal.events import Payload

Key = StrictStr
#: A rule's value: a whole number (rates) or a word (a mapping's name).
Value = StrictInt | StrictStr


class RuleProposed(Payload):
    """A member proposes ``key = value``; ``previous`` is the value in force when it was proposed."""

    type = "rules.proposed"

    key: Key = Field(min_length=1, max_length=64)
    value: Value
    previous: Value


class RuleVoted(Payload):
    """A player votes on a proposal (once), in favour or against."""

    type = "rules.voted"

    proposal: str = Field(min_length=1, max_length=36)
    in_favour: bool


class RuleAdopted(Payload):
    """The Master adopts a proposal after a first-degree quorum in favour: ``key = value`` from here on.

    ``previous`` is the value in force just before; the tally (``in_favour``, ``against``, ``required``
    of ``players``) is the first-degree quorum counted at the adoption.
    """

    type = "rules.adopted"

    proposal: str = Field(min_length=1, max_length=36)
    key: Key = Field(min_length=1, max_length=64)
    value: Value
    previous: Value
    in_favour: int = Field(ge=0)
    against: int = Field(ge=0)
    required: int = Field(ge=1)
    players: int = Field(ge=1)
