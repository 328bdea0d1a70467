"""The coin game's verbs: ``flip`` throws a d2 (the journal's dice, or the table's); ``trust`` moves a bond."""

from __future__ import annotations

from typing import Literal

from coin_system.events import CoinFlipped, TrustChanged
from coin_system.trust import HIGH, LOW
from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
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


def trust(journal: Journal, campaign: str, character: str, other: str, change: Literal[-1, 1] = 1,
          actor: str | None = None) -> list[Event]:
    """CHARACTER trusts OTHER one more (or, with -1, one less), from -3 to 3."""

    def decide(ctx: Context) -> list:
        ctx.require_system("coin")
        now = ctx.states["coin.trust"]["trust"].get(character, {}).get(other, 0)
        if not LOW <= now + change <= HIGH:
            raise RuleViolation(N_("coin: trust from -3 to 3"), _("{character} trusts {other} {now} already")
                                .format(character=character, other=other, now=now))
        return [TrustChanged(character=character, other=other, change=change)]

    return journal.execute(campaign, decide, actor)
