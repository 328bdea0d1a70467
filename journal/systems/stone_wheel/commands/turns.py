"""Turn mode (походовка): its start and end, and turn-order violations with their penalties."""

from __future__ import annotations

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.commands._common import PROJECTIONS, character, state
from journal.systems.stone_wheel.events import TurnModeEnded, TurnModeStarted, TurnOrderViolated


def start_turn_mode(journal: Journal, campaign: str, reason: str = "", actor: str | None = None) -> Event:
    """The Master starts turn mode; violations are counted afresh."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("start turn mode"))
        rules.check_turn_mode_start(state(ctx)["turn_mode"])
        return [TurnModeStarted(reason=reason)]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def end_turn_mode(journal: Journal, campaign: str, actor: str | None = None) -> Event:
    """The Master ends turn mode; characters knocked out for breaking turn order come to."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("end turn mode"))
        rules.check_turn_mode_end(state(ctx)["turn_mode"])
        return [TurnModeEnded()]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_violation(journal: Journal, campaign: str, name: str, actor: str | None = None) -> Event:
    """The Master records a turn-order violation: 1st warning, 2nd half current Health, 3rd unconscious."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record a turn-order violation"))
        found = character(ctx, name)
        rules.check_alive(name, found["dead"])
        sheets = state(ctx)
        penalty = rules.turn_order_penalty(sheets["violations"].get(name, 0), found["current"]["health"],
                                           turn_mode=sheets["turn_mode"])
        return [TurnOrderViolated(character=name, violation=penalty.violation, consequence=penalty.consequence,
                                  damage=penalty.damage)]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]
