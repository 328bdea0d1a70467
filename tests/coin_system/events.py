"""The coin game's one payload: a coin flipped for a character, heads or tails (a fact, not a total)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from journal.events import Payload


class CoinFlipped(Payload):
    """``character`` flipped a coin that showed ``face``."""

    type: ClassVar[str] = "coin.flipped"

    character: str = Field(min_length=1, max_length=200)
    face: Literal["heads", "tails"]
