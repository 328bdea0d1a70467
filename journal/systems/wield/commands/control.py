"""Wield Control Risks: the vatcha forces its wielder, both sides roll their pools, a complete tie is rolled again."""

from __future__ import annotations

from typing import Any

from journal.errors import NotFound, RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.systems.wield import rules
from journal.systems.wield.commands._common import (
    Ref,
    event_id,
    execute,
    hero,
    make,
    require_player_or_fate,
    split,
    throw,
    vatcha,
)
from journal.systems.wield.events import ControlRisk


def _risk(ctx: Context, vatcha_name: str, hero_name: str, demand: str, destiny: bool, lost: int,
          dice: list[int] | None, reroll_of: str | None) -> ControlRisk:
    """Throw both pools (the table's dice: the vatcha's first, then the wielder's) and compare them."""
    pools = rules.control_pools(lost, destiny)
    ours, theirs = split(dice, pools, _("this Control Risk"))
    vatcha_roll, wielder_roll = throw(ctx, pools[0], ours), throw(ctx, pools[1], theirs)
    outcome = rules.control_risk(lost, destiny, vatcha_roll.dice if vatcha_roll else [],
                                 wielder_roll.dice if wielder_roll else [])
    return make(ControlRisk, vatcha=vatcha_name, hero=hero_name, demand=demand, destiny=destiny, control_lost=lost,
                vatcha_dice=pools[0], wielder_dice=pools[1], vatcha_roll=vatcha_roll, wielder_roll=wielder_roll,
                outcome=outcome, reroll_of=reroll_of)


def record_control_risk(
    journal: Journal,
    campaign: str,
    hero_name: str,
    demand: str,
    destiny: bool = False,
    dice: list[int] | None = None,
    actor: str | None = None,
) -> Event:
    """The vatcha forces its wielder, who fights it: the vatcha rolls 10 - Control lost d20, the wielder the
    Control lost (+1 when his Destiny is at stake); highest dice compared.  The vatcha's player, the hero's
    player or Fate records it; the table's ``dice`` are the vatcha's first, then the wielder's."""

    ControlRisk.check_fields(demand=demand)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        found = hero(ctx, hero_name)
        item = vatcha(ctx, found["vatcha"])
        require_player_or_fate(ctx, [item["player"], found["player"]], f"record a Control Risk of {hero_name}")
        rules.check_alive(hero_name, found["alive"])
        return [_risk(ctx, found["vatcha"], hero_name, demand, destiny, item["control_lost"], dice, None)]

    return execute(journal, campaign, decide, actor)[0]


def reroll_control_risk(
    journal: Journal, campaign: str, risk: Ref | None = None, dice: list[int] | None = None, actor: str | None = None
) -> Event:
    """Roll a completely tied Control Risk again (default: the newest tie waiting): a new event whose
    ``reroll_of`` and causation name the risk's first roll."""

    def decide(ctx: Context) -> list:
        risks: dict[str, Any] = ctx.states["actions"]["risks"]
        latest: dict[str, str] = ctx.states["actions"]["latest"]
        if risk is None:
            waiting = [rid for rid in latest.values() if risks[rid]["outcome"] == "reroll"]
            if not waiting:
                raise RuleViolation(N_("wield: only a complete tie is re-rolled"), _("no tied Control Risk is waiting"))
            tied = max(waiting, key=lambda rid: risks[rid]["version"])
        else:
            tied = event_id(ctx, risk)
            if tied not in risks:
                raise NotFound(_("event {risk} is not a Control Risk").format(risk=risk))
        old = risks[tied]
        rules.check_reroll(old["outcome"], latest[old["root"]] == tied)
        found = hero(ctx, old["hero"])
        require_player_or_fate(ctx, [vatcha(ctx, old["vatcha"])["player"], found["player"]],
                               f"record a Control Risk of {old['hero']}")
        rules.check_alive(old["hero"], found["alive"])
        payload = _risk(ctx, old["vatcha"], old["hero"], old["demand"], old["destiny"], old["control_lost"], dice,
                        old["root"])
        return [Record(payload, causation=old["root"])]

    return execute(journal, campaign, decide, actor)[0]
