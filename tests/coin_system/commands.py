"""The coin game's one verb: ``flip`` throws a d2 (the journal's dice, or the table's) for a character."""

from __future__ import annotations

from coin_system.events import CoinFlipped
from journal.events.envelope import Event
from journal.service.context import Context
from journal.service.journal import Journal


def flip(journal: Journal, campaign: str, character: str, dice: list[int] | None = None,
         actor: str | None = None) -> list[Event]:
    """Flip a coin for CHARACTER: 1 is heads, 2 is tails."""

    def decide(ctx: Context) -> list:
        ctx.require_system("coin")
        roll = ctx.dice(2, 1, dice)
        return [CoinFlipped(character=character, face="heads" if roll.dice[0] == 1 else "tails")]

    return journal.execute(campaign, decide, actor)
