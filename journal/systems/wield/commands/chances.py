"""Wield chances and combat rounds: dice thrown, summed against the band's target, wounds resolved in order."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from journal.errors import RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, gettext
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.wield import rules, words
from journal.systems.wield.commands._common import (
    Ref,
    bonuses,
    event_id,
    execute,
    hero,
    make,
    require_player_or_fate,
    split,
)
from journal.systems.wield.events import ChanceRolled, CombatCheck, CombatRound, Declared, Hit, Switched


def _sealed_geis(ctx: Context, hero_name: str, ref: Ref | bool, task: str) -> str:
    """The sealed geis that settles this chance: the one named, or (``True``) the hero's newest one offered for
    this very chance; a geis settles the chance it was offered for, once, and no other."""
    geasa: dict[str, Any] = ctx.states["geis"]["geasa"]
    used: dict[str, str] = ctx.states["actions"]["geis_used"]
    rule = N_("wield: a sealed geis settles one chance")
    if ref is True:
        mine = {gid: geis for gid, geis in geasa.items() if geis["hero"] == hero_name}
        free = [gid for gid, geis in mine.items() if gid not in used and rules.same_chance(geis["chance"], task)]
        if free:
            return free[-1]
        spent = [used[gid] for gid, geis in mine.items() if gid in used and rules.same_chance(geis["chance"], task)]
        if spent:
            taken = ctx.states["actions"]["actions"][spent[-1]]["version"]
            raise RuleViolation(rule, gettext("'{task}' was taken at #{taken}: {hero_name}'s geis settles no other chance")
                                      .format(task=task, taken=taken, hero_name=hero_name))
        waiting = [geis["chance"] for gid, geis in mine.items() if gid not in used]
        if waiting:
            offered = "', '".join(dict.fromkeys(waiting))
            raise RuleViolation(rule, gettext("{hero_name}'s sealed geis was offered for '{offered}', not '{task}'")
                                      .format(hero_name=hero_name, offered=offered, task=task))
        raise RuleViolation(rule, gettext("{hero_name} has no sealed geis left to settle a chance")
                                  .format(hero_name=hero_name))
    gid = event_id(ctx, str(ref))
    if gid not in geasa or geasa[gid]["hero"] != hero_name:
        raise RuleViolation(rule, gettext("event {ref} is not a geis {hero_name} sealed")
                                  .format(ref=ref, hero_name=hero_name))
    taken = ctx.states["actions"]["actions"][used[gid]]["version"] if gid in used else None
    rules.check_settle(hero=hero_name, offered_for=geasa[gid]["chance"], task=task, taken_at=taken)
    return gid


def _waiting_geis(ctx: Context, hero_name: str, task: str) -> None:
    """Refuse to roll a chance a sealed geis of the hero settles: sealed, it succeeds without a roll."""
    used: dict[str, str] = ctx.states["actions"]["geis_used"]
    for gid, geis in ctx.states["geis"]["geasa"].items():
        if geis["hero"] == hero_name and gid not in used and rules.same_chance(geis["chance"], task):
            sealed_at = ctx.store.get(gid).version
            raise RuleViolation(N_("wield: a sealed geis settles one chance"),
                                gettext("{hero_name}'s geis sealed at #{sealed_at} settles '{chance}' without a roll: record the chance as settled by it")
                                .format(hero_name=hero_name, sealed_at=sealed_at, chance=geis['chance']))


def record_chance(
    journal: Journal,
    campaign: str,
    hero_name: str,
    task: str,
    difficulty: str | int,
    target: int | None = None,
    profession: bool = False,
    geis: Ref | bool | None = None,
    dice: list[int] | None = None,
    actor: str | None = None,
) -> Event:
    """A hero takes a chance (his player or Fate records it): 1 d20, +1 for the profession, + conditions, vs target.

    ``difficulty`` is a tier (Easy, Hard, Heroic, Epic, Impossible) or a target number (its tier is its band's).
    ``geis`` settles the chance without a roll: a sealed geis's event (version or id), or True for the newest
    geis offered for this chance (``task`` names it as the offer did).  A geis settles only the chance it was
    offered for, once; while it waits, that chance is not rolled.
    """

    ChanceRolled.check_fields(task=task)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        found = hero(ctx, hero_name)
        require_player_or_fate(ctx, [found["player"]], f"take {hero_name}'s chances")
        rules.check_alive(hero_name, found["alive"])
        tier, number = _tier(difficulty, target)
        goal = rules.chance_target(tier, number)
        fields: dict[str, Any] = {"hero": hero_name, "task": task, "difficulty": tier, "target": goal,
                                  "profession": profession}
        if geis is not None and geis is not False:
            if dice is not None:
                raise ValidationFailed(gettext("dice: a chance settled by a geis is not rolled"))
            return [make(ChanceRolled, **fields, success=True, geis=_sealed_geis(ctx, hero_name, geis, task))]
        _waiting_geis(ctx, hero_name, task)
        if goal is None:
            rules.take_chance(None, dice or [])
            return [make(ChanceRolled, **fields, success=True)]
        extra, bonus = bonuses(found)
        roll = ctx.dice(20, 1 + int(profession) + extra, dice)
        result = rules.take_chance(goal, roll.dice, profession=profession, extra_dice=extra, bonus=bonus)
        return [make(ChanceRolled, **fields, extra_dice=extra, bonus=bonus, roll=roll, total=result.total,
                     success=result.success)]

    return execute(journal, campaign, decide, actor)[0]


def _tier(difficulty: str | int, target: int | None) -> tuple[str, int | None]:
    if isinstance(difficulty, int) or str(difficulty).strip().isdigit():
        number = int(difficulty)
        if target is not None and target != number:
            raise ValidationFailed(gettext("target: {target} given besides the target {number}")
                                   .format(target=target, number=number))
        return rules.difficulty_of(number), number
    return words.difficulty_of(str(difficulty)), target


def record_combat_round(
    journal: Journal,
    campaign: str,
    declarations: Sequence[rules.Declaration],
    switches: Mapping[str, str | None] | None = None,
    profession: Collection[str] = (),
    dice: list[int] | None = None,
    actor: str | None = None,
) -> Event:
    """Fate records a round: declarations, who reconsidered (attack -> defend), each roll, hits in order, wounds.

    The table's ``dice`` are taken in declaration order, as many per roller as his chance rolls
    (1, +1 with his profession, + his conditions' dice).
    """
    switched = dict(switches or {})

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record a combat round"))
        heroes = ctx.states["sheet"]["heroes"]
        for declaration in declarations:
            if declaration.combatant in heroes:
                rules.check_alive(declaration.combatant, heroes[declaration.combatant]["alive"])
        rules.check_declarations(declarations)
        final = rules.reconsider(declarations, switched)
        attacking = any(a.action == "attack" for a in final)
        rollers = [a.combatant for a in final
                   if attacking and a.action != "power" and rules.wound_target(a.wounds or 0) is not None]
        for name in profession:
            if name not in rollers:
                raise ValidationFailed(gettext("profession: {name} does not roll this round").format(name=name))
        boni = {name: bonuses(heroes[name]) if name in heroes else (0, 0) for name in rollers}
        counts = [1 + int(name in profession) + boni[name][0] for name in rollers]
        groups = split(dice, counts, gettext("this round"))
        rolls = {name: ctx.dice(20, count, group) for name, count, group in zip(rollers, counts, groups)}
        outcome = rules.resolve_round(
            declarations,
            {name: rules.CombatRoll(tuple(rolls[name].dice), name in profession, *boni[name]) for name in rollers},
            switched,
        )
        checks = [
            CombatCheck(combatant=c.combatant, target=c.target, roll=rolls.get(c.combatant),
                        profession=c.combatant in profession, extra_dice=boni.get(c.combatant, (0, 0))[0],
                        bonus=boni.get(c.combatant, (0, 0))[1], total=c.total, success=c.success)
            for c in outcome.checks
        ]
        return [make(
            CombatRound,
            declarations=[_declared(d) for d in declarations],
            reconsidered=[Switched(combatant=name, defends=protects) for name, protects in switched.items()],
            actions=[_declared(a) for a in outcome.actions],
            powers=[list(group) for group in outcome.powers],
            checks=checks,
            hits=[Hit(attacker=h.attacker, defender=h.defender, inflicted=h.inflicted, protected=h.protected,
                      wounds=h.wounds) for h in outcome.hits],
            wounds=dict(outcome.wounds),
        )]

    return execute(journal, campaign, decide, actor)[0]


def _declared(d: rules.Declaration) -> Declared:
    return Declared(combatant=d.combatant, action=d.action, wounds=d.wounds, target=d.target, power=d.power,
                    rank=d.rank)


def declarations_of(data: Mapping[str, Any]) -> tuple[list[rules.Declaration], dict[str, str | None]]:
    """A recorded round's declarations and switches, as ``rules.resolve_round`` takes them."""
    declared, _, switches = rules.recorded_round(data)
    return declared, switches


def rolls_of(data: Mapping[str, Any]) -> dict[str, rules.CombatRoll]:
    """A recorded round's rolls, as ``rules.resolve_round`` takes them (a geis stands in for a roll)."""
    return rules.recorded_round(data)[1]
