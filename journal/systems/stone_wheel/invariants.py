"""Stone Wheel's invariants and preconditions: the states its rules allow, checked after every overturn
(journal.service.invariants).

The precondition calls the rule function the command calls (journal.systems.stone_wheel.rules) on the state just
before the event: a turn-order violation recorded as the n-th of its turn mode must still be the n-th.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import N_, gettext
from journal.service.invariants import refused
from journal.systems.registry import Invariant, Precondition
from journal.systems.stone_wheel import rules


def _xp(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {sheet['xp']['spent']} XP spent, {sheet['xp']['earned']} XP earned"
            for name, sheet in states["stone_wheel.sheet"]["characters"].items() if sheet["xp"]["balance"] < 0]


def _counted(states: dict[str, Any], event: Any) -> list[str]:
    data = event.data
    sheets = states["stone_wheel.sheet"]
    sheet = sheets["characters"].get(data["character"])
    if data.get("repriced") or sheet is None:  # schema 1: the fold numbers and prices it
        return []
    before = sheets["violations"].get(data["character"], 0)
    found = refused(rules.turn_order_penalty, before, sheet["current"]["health"], turn_mode=sheets["turn_mode"])
    if found or before + 1 == data["violation"]:
        return [f"{data['character']}: {what}" for what in found]
    return [gettext("{character}: recorded as violation {violation}, now violation {count} of this turn mode")
            .format(character=data["character"], violation=data["violation"], count=before + 1)]


INVARIANTS = (
    Invariant(N_("experience is spent on skills and parameters: no more than was gained"), _xp,
              reads=("stone_wheel.sheet",)),
    Precondition(N_("breaking turn order: the first time a warning, the second half the Health, the third "
                    "unconsciousness"), ("stone_wheel.turn_order_violated",), _counted, reads=("stone_wheel.sheet",)),
)
