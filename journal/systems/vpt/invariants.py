"""VPT's invariants and preconditions: the states its rules allow, checked after every overturn (journal.service.invariants).

The preconditions call the rule functions the commands call (journal.systems.vpt.rules) on the state just before
the event: what the overturn took from under a death check, a revenge choice or a spend.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.service.invariants import refused
from journal.systems.registry import Invariant, Precondition
from journal.systems.vpt import rules
from journal.systems.vpt.standings import held


def _relationships(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {len(sheet['relationships'])} relationships"
            for name, sheet in states["vpt.sheet"]["characters"].items() if len(sheet["relationships"]) > 3]


def _sheet(states: dict[str, Any], name: str) -> dict[str, Any] | None:
    return states["vpt.sheet"]["characters"].get(name)


def _wounded(states: dict[str, Any], event: Any) -> list[str]:
    data = event.data
    sheet = _sheet(states, data["character"])
    if sheet is None:
        return []
    return [f"{data['character']}: {what}" for what in refused(rules.death_check, data["roll"]["dice"],
                                                                 sheet["health_bonus"], sheet["wounds"])]


def _one_revenge(states: dict[str, Any], event: Any) -> list[str]:
    data = event.data
    sheet = _sheet(states, data["avenger"])
    current = (sheet or {}).get("revenge")
    return refused(rules.check_revenge_choice, data["avenger"], data["target"],
                   current["target"] if current else None)


def _points(states: dict[str, Any], event: Any) -> list[str]:
    data = event.data
    return refused(rules.check_spend, data["character"], data["other"], data["bond"],
                   held(states["vpt.bonds"], data["character"], data["other"], data["bond"]), data["amount"])


INVARIANTS = (
    Invariant(N_("the number of possible Relationships is limited to three"), _relationships, reads=("vpt.sheet",)),
    Precondition(N_("a death check is made by a wounded character"), ("vpt.death_checked",), _wounded,
                 reads=("vpt.sheet",)),
    Precondition(N_("a character can crave Revenge against only one character at a time"),
                 ("vpt.revenge_target_chosen",), _one_revenge, reads=("vpt.sheet",)),
    Precondition(N_("points are spent separately, never more than are held"), ("vpt.points_spent",), _points,
                 reads=("vpt.bonds",)),
)
