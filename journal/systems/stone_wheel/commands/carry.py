"""Bringing a running Stone Wheel campaign in: the Master records a character as he stands (``stone_wheel.carried_over``).

The sheet is one JSON object (docs/table/stone-wheel.md, "Bringing a running campaign"): ``character``,
``source`` (where the values come from), ``xp`` (``earned``, ``spent``), ``current`` (the pools by the table's
words, «Здоровье» or «Health») and ``effects``.  Only the Master records it, once per character and before any
event of his own (:data:`OWN`); each value is checked by a rule (spent at most earned, a pool
between 0 and its maximum, Survival above 0, an effect once), and a refusal names the sheet's field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from journal.errors import ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.carrying import at, check_first, first_own, sheet_read, word_at
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.commands._common import PROJECTIONS, SYSTEM, build, character
from journal.systems.stone_wheel.events import CarriedOver
from journal.systems.stone_wheel.folds.sheet import TYPES
from journal.systems.stone_wheel.words import FIELDS

_RULE = N_("stone_wheel: carried over once, first")
#: The events of a character's own a carry-over must come before: all the sheet fold reads but his creation.
OWN = tuple(kind for kind in TYPES if kind != "stone_wheel.character_created")


def _pools(current: object) -> dict[str, Any]:
    """The sheet's ``current`` with each pool's word read back to the pool it names."""
    if current is None:
        return {}
    if not isinstance(current, Mapping):
        raise ValidationFailed(_("sheet field '{field}': {message}").format(
            field="current", message=_("pools by name, e.g. {example}").format(example='{"Здоровье": 7}')))
    return {word_at(f"current.{key}", key, rules.POOLS, FIELDS): value for key, value in current.items()}


def carry_over(journal: Journal, campaign: str, sheet: Mapping[str, Any], actor: str | None = None) -> Event:
    """The Master brings a character in as he stands today: his XP earned and spent, pools and effects.

    Once per character, before any event of his own; his ledger and pools after it start from these values.
    """

    sheet = sheet_read(sheet, CarriedOver, SYSTEM)  # its fields named in the table's words too

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("bring a character in ('carry-over')"))
        payload = cast(CarriedOver, build(CarriedOver, {**sheet, "current": _pools(sheet.get("current"))}))
        name = payload.character
        found = at("character", character, ctx, name)
        check_first(_RULE, name, first_own(ctx, name, OWN, "character"))
        at("xp.spent", rules.check_carried_xp, payload.xp.earned, payload.xp.spent)
        for pool, value in payload.current.items():
            at(f"current.{pool}", rules.check_carried_pool, pool, FIELDS[pool](), value, found["parameters"][pool])
        held: list[str] = []
        for index, effect in enumerate(payload.effects):
            at(f"effects[{index}]", rules.check_effect_gain, held, effect)
            held.append(effect)
        return [payload]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]
