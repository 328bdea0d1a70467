"""Bringing a running Wield campaign in: Fate records a hero as he stands today (``wield.carried_over``).

The sheet is one JSON object (docs/table/wield.md, "Bringing a running campaign"): ``hero``, ``source`` (where
the values come from), ``powers`` (``power``, ``rank``, ``domain`` in the table's words: «Воздух» or «Air»),
``wounds``, ``conditions`` (``condition``, ``effect``, ``extra_dice``, ``bonus``) and ``geasa`` (``promise``,
``rank``, ``degree``, ``broken``, ``owed``).  Only Fate records it, once per hero and before any event of his
own (those the sheet fold reads by name); each value is checked by the rule the verbs check it by (ten boxes at most,
a living hero, a debt only on a broken geis and at most its rank), and a refusal names the sheet's field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.house_rules import choice_in_force
from journal.service.journal import Journal
from journal.systems.carrying import at, check_first, first_own, sheet_read
from journal.systems.wield import rules, words
from journal.systems.wield.commands._common import SYSTEM, execute, hero, make
from journal.systems.wield.events import CarriedOver
from journal.systems.wield.folds.sheet import HERO_EVENTS

_RULE = N_("wield: carried over once, first")


def _read(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with each power's domain read back from the table's word to the rules' key."""
    data = dict(sheet)
    if isinstance(data.get("powers"), list):
        data["powers"] = [{**power, "domain": at(f"powers[{index}].domain", words.domain_of, power["domain"])}
                          if isinstance(power, dict) and isinstance(power.get("domain"), str) else power
                          for index, power in enumerate(data["powers"])]
    return data


def carry_over(journal: Journal, campaign: str, sheet: Mapping[str, Any], actor: str | None = None) -> Event:
    """Fate brings a hero in as he stands today: his vatcha's powers and Control, wounds, conditions, geasa owed.

    Once per hero, before any event of his own; every Wield fold after it starts from these values.
    """

    sheet = sheet_read(sheet, CarriedOver, SYSTEM)  # its fields named in the table's words too

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("bring a character in ('carry-over')"))
        mapping = choice_in_force(ctx, "control_mapping", rules.CONTROL_MAPPINGS)
        payload = make(CarriedOver, **{**_read(sheet), "mapping": mapping})
        name = payload.hero
        found = at("hero", hero, ctx, name)
        check_first(_RULE, name, first_own(ctx, name, HERO_EVENTS, "hero"))
        at("hero", rules.check_alive, name, found["alive"])
        vatcha = ctx.states["sheet"]["vatcha"][found["vatcha"]]
        boxes = vatcha["boxes"]
        for index, power in enumerate(payload.powers):
            boxes = at(f"powers[{index}].rank", rules.bestow, boxes, power.rank, mapping).boxes
        held: list[str] = []
        for index, condition in enumerate(payload.conditions):
            at(f"conditions[{index}].condition", rules.check_gain_condition, held, condition.condition)
            held.append(condition.condition)
        for index, geis in enumerate(payload.geasa):
            at(f"geasa[{index}].owed", rules.check_carried_debt, geis.rank, geis.broken, geis.owed)
        return [payload]

    return execute(journal, campaign, decide, actor)[0]
