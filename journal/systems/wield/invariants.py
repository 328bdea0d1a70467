"""Wield's invariants: the states its rules allow, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.registry import Invariant


def _debts(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {hero['owed']} failures owed" for name, hero in states["wield.geis"]["heroes"].items()
            if hero["owed"] < 0]


INVARIANTS = (
    Invariant(N_("breaking the geis creates a debt of failures owed to Fate: never below 0"), _debts, reads=("wield.geis",)),
)
