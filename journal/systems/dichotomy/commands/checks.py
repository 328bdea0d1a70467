"""Checks: 2d10, one attribute tied to each die before the roll, a TN and a modifier per die."""

from __future__ import annotations

from collections.abc import Sequence

from journal.errors import RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.dichotomy import events, names, rules
from journal.systems.dichotomy.commands._common import character, own, run


def _two(label: str, values: int | Sequence[int]) -> tuple[int, int]:
    if isinstance(values, int):
        return values, values
    if len(values) != 2:
        raise ValidationFailed(_("{label}: one value for both dice, or one per die (two), not {count}")
                               .format(label=label, count=len(values)))
    return values[0], values[1]


def record_check(
    journal: Journal,
    campaign: str,
    character_name: str,
    attributes: Sequence[str],
    tn: int | Sequence[int] | None = None,
    modifiers: int | Sequence[int] = 0,
    defender: str | None = None,
    against: Sequence[str] | None = None,
    action: str = "",
    dice: list[int] | None = None,
    actor: str | None = None,
) -> Event:
    """A 2d10 check: die i + attribute i + modifier i must beat TN i (10 unless given).

    Against another player character (``defender``) each die's TN is 5 + the defender's attribute the GM
    names for it (``against``); no TN is given then.
    """
    if len(attributes) != 2:
        raise ValidationFailed(_("attributes: a check names two attributes, one per die, not {count}")
                               .format(count=len(attributes)))
    tied = [names.attribute(text) for text in attributes]
    tns = _two("tn", rules.STANDARD_TN if tn is None else tn)
    mods = _two("modifier", modifiers)
    if defender is None and against is not None:
        raise ValidationFailed(_("against: the defender's attributes need a defender"))
    if defender is not None:
        if against is None or len(against) != 2:
            raise ValidationFailed(_("against: against a defender, name the defender's attribute for each die (two)"))
        if tn is not None:
            raise ValidationFailed(_("tn: against a defender the TN is 5 + the defender's attribute; give no TN"))
    named = None if against is None else [names.attribute(text) for text in against]

    events.CheckRolled.check_fields(action=action)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "roll a check")
        rules.check_in_play(character_name, sheet["status"])
        targets = tns
        if defender is not None and named is not None:
            if defender == character_name:
                raise RuleViolation(N_("dichotomy: conflict between two characters"), _("{character_name} cannot oppose itself")
                                                                                      .format(character_name=character_name))
            opposed = character(ctx, defender)
            targets = (rules.pvp_tn(opposed["attributes"][named[0]]), rules.pvp_tn(opposed["attributes"][named[1]]))
        specs = [rules.DieSpec(attr, sheet["attributes"][attr], target, mod)
                 for attr, target, mod in zip(tied, targets, mods)]
        roll = ctx.dice(10, 2, table=dice)
        result = rules.resolve_check(specs[0], specs[1], roll.dice)
        first, second = (
            events.CheckDie(attribute=spec.attribute, attribute_value=spec.value, tn=spec.tn, modifier=spec.modifier,
                            defender_attribute=None if named is None else named[i],
                            total=result.totals[i], success=result.successes[i])
            for i, spec in enumerate(specs)
        )
        return [events.CheckRolled(character=character_name, action=action, defender=defender, roll=roll,
                                   dice=(first, second), outcome=result.outcome)]

    return run(journal, campaign, decide, actor)
