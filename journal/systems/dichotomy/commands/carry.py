"""Bringing a running Dichotomy campaign in: the GM records a character as he stands (``dichotomy.carried_over``).

The sheet is one JSON object (docs/table/dichotomy.md, "Bringing a running campaign"): ``character``,
``source`` (where the values come from), ``xp`` (``earned``, ``spent``), ``connections`` (``name``, ``cost``),
``motives`` (both slots: ``motive`` or empty, ``betrayed``), ``health`` (``shaken``, ``injured``, ``serious``),
``abilities`` learned since the first three, ``wealth`` and ``equipment``; motives, abilities and wealth in the
table's words («Честь» or «Honor»).  Only the GM records it, once per character and before any event of his
own (those the sheet fold reads by name); each value is checked by the rule the verbs check it by, and a refusal names
the sheet's field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.errors import ValidationFailed
from journal.events.envelope import Event
from journal.events.payload import parse_payload
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.carrying import at, check_first, first_own, sheet_read
from journal.systems.dichotomy import names, rules
from journal.systems.dichotomy.commands._common import SYSTEM, character, run
from journal.systems.dichotomy.events import CarriedOver
from journal.systems.dichotomy.folds.sheet import CHARACTER_EVENTS as OWN

_RULE = N_("dichotomy: carried over once, first")


def _read(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with its motives, abilities and wealth read back from the table's words to the rules' keys."""
    data = dict(sheet)
    if isinstance(data.get("motives"), list):
        data["motives"] = [{**slot, "motive": names.motive(slot["motive"])}
                           if isinstance(slot, dict) and isinstance(slot.get("motive"), str) else slot
                           for slot in data["motives"]]
    if isinstance(data.get("abilities"), list):
        data["abilities"] = [_ability(text) for text in data["abilities"]]
    if isinstance(data.get("wealth"), str):
        data["wealth"] = at("wealth", names.wealth, data["wealth"])
    return data


def _ability(text: object) -> object:
    """An ability's word as the payload's ``{name, attribute}`` (an unknown one left for the rules to refuse)."""
    if not isinstance(text, str):
        return text
    found = names.ability(text)
    return {"name": found, "attribute": rules.ABILITIES.get(found, "finesse")}


def carry_over(journal: Journal, campaign: str, sheet: Mapping[str, Any], actor: str | None = None) -> Event:
    """The GM brings a character in as he stands today: XP, ties, motives, health track, abilities, wealth.

    Once per character, before any event of his own; his sheet after it starts from these values.
    """

    sheet = sheet_read(sheet, CarriedOver, SYSTEM)  # its fields named in the table's words too

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("bring a character in ('carry-over')"))
        payload = parse_payload(CarriedOver.type, _read(sheet))
        assert isinstance(payload, CarriedOver)
        name = payload.character
        found = at("character", character, ctx, name)
        check_first(_RULE, name, first_own(ctx, name, OWN, "character"))
        at("character", rules.check_in_play, name, found["status"])
        costs = [at(f"connections[{index}].cost", rules.connection_cost, tie.name, tie.cost)
                 for index, tie in enumerate(payload.connections)]
        at("xp.spent", rules.spend_xp, payload.xp.earned, payload.xp.spent)
        at("xp.spent", rules.check_carried_spending, payload.xp.spent, costs)
        if payload.motives and len(payload.motives) != rules.STARTING_MOTIVES:
            raise ValidationFailed(_("sheet field '{field}': {message}").format(
                field="motives", message=_("both slots, or none (the creation's stay)")))
        held: list[str] = []
        for index, slot in enumerate(payload.motives):
            at(f"motives[{index}].motive", rules.check_carried_motive, slot.motive, slot.betrayed, held)
            held += [slot.motive] if slot.motive else []
        abilities = [ability["name"] for ability in found["abilities"]]
        for index, ability in enumerate(payload.abilities):
            at(f"abilities[{index}]", rules.gain_ability, found["attributes"], abilities, ability.name)
            abilities.append(ability.name)
        if payload.equipment is not None:
            at("equipment", rules.check_load, len(payload.equipment), found["carrying_capacity"])
        return [payload]

    return run(journal, campaign, decide, actor)
