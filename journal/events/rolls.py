"""The shape every recorded roll shares: which dice, their values, and whether the journal or the table threw them.

A server roll carries the roll counter of its first die (die ``i`` used counter ``counter + i``), so that
``journal verify --rolls`` can recompute it from the session's revealed seed.  A table roll has no counter.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from journal.i18n import _

#: The most dice one roll throws, and the most faces a die has (the dice rules' bounds, docs/dice.md).
MAX_DICE = 100
MAX_SIDES = 1000


class Roll(BaseModel):
    """Dice of one size thrown together: ``sides`` faces each, ``dice`` their values in throw order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sides: int = Field(ge=2, le=MAX_SIDES)
    dice: list[int] = Field(min_length=1, max_length=MAX_DICE)
    source: Literal["server", "table"] = "table"
    counter: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _check(self) -> Roll:
        for value in self.dice:
            if not 1 <= value <= self.sides:
                raise ValueError(_("a d{sides} cannot show {value}").format(sides=self.sides, value=value))
        if self.source == "server" and self.counter is None:
            raise ValueError("a server roll needs its roll counter")
        if self.source == "table" and self.counter is not None:
            raise ValueError("a table roll has no roll counter")
        return self


def server_rolls(value: Any) -> Iterator[dict[str, Any]]:
    """Every server roll (a dict with ``source == "server"``) nested anywhere in a decoded payload."""
    if isinstance(value, dict):
        if value.get("source") == "server" and "counter" in value and "dice" in value:
            yield value
            return
        for item in value.values():
            yield from server_rolls(item)
    elif isinstance(value, list):
        for item in value:
            yield from server_rolls(item)


def next_counter(payloads: Iterator[dict[str, Any]]) -> int:
    """The first roll counter that no server roll in ``payloads`` has used."""
    counter = 0
    for payload in payloads:
        for roll in server_rolls(payload):
            counter = max(counter, roll["counter"] + len(roll["dice"]))
    return counter
