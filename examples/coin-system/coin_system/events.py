"""The coin game's payloads: facts, never totals (the folds count them)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from journal.events import Payload


class CoinFlipped(Payload):
    """``character`` flipped a coin that showed ``face``."""

    type: ClassVar[str] = "coin.flipped"

    character: str = Field(min_length=1, max_length=200)
    face: Literal["heads", "tails"]


class TrustChanged(Payload):
    """``character``'s trust in ``other`` moved by ``change`` (a bond between two characters)."""

    type: ClassVar[str] = "coin.trust_changed"

    character: str = Field(min_length=1, max_length=200)
    other: str = Field(min_length=1, max_length=200)
    change: Literal[-1, 1]


class XpAwarded(Payload):
    """``amount`` XP to ``character`` from ``source`` (the tally's heads of a session)."""

    type: ClassVar[str] = "coin.xp_awarded"

    character: str = Field(min_length=1, max_length=200)
    amount: int = Field(ge=1, le=1000)
    source: Literal["heads"] = "heads"
