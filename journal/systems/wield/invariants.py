"""Wield's invariants and preconditions: the states its rules allow, checked after every overturn (journal.service.invariants).

The precondition calls the rule function the command calls (journal.systems.wield.rules) on the state just before
the event: a Control Risk's pools must fit the Control lost the pyramid then shows.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.service.invariants import refused
from journal.systems.registry import Invariant, Precondition
from journal.systems.wield import rules


def _debts(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {hero['owed']} failures owed" for name, hero in states["wield.geis"]["heroes"].items()
            if hero["owed"] < 0]


def _pools(states: dict[str, Any], event: Any) -> list[str]:
    data = event.data
    standing = states["wield.control"]["vatcha"].get(data["vatcha"], {}).get("wielders", {}).get(data["hero"])
    if standing is None:
        return []
    return refused(rules.control_risk, standing["control_lost"], data["destiny"],
                   (data["vatcha_roll"] or {"dice": []})["dice"], (data["wielder_roll"] or {"dice": []})["dice"])


INVARIANTS = (
    Invariant(N_("breaking the geis creates a debt of failures owed to Fate: never below 0"), _debts,
              reads=("wield.geis",)),
    Precondition(N_("the hero rolls a number of d20s equal to his Control over the Vatcha"), ("wield.control_risk",),
                 _pools, reads=("wield.control",)),
)
