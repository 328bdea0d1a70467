"""VPT's invariants: the states its rules allow, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.registry import Invariant


def _relationships(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {len(sheet['relationships'])} relationships"
            for name, sheet in states["vpt.sheet"]["characters"].items() if len(sheet["relationships"]) > 3]


INVARIANTS = (
    Invariant(N_("the number of possible Relationships is limited to three"), _relationships, reads=("vpt.sheet",)),
)
