"""Stone Wheel's invariants: the states its rules allow, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.registry import Invariant


def _xp(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {sheet['xp']['spent']} XP spent, {sheet['xp']['earned']} XP earned"
            for name, sheet in states["stone_wheel.sheet"]["characters"].items() if sheet["xp"]["balance"] < 0]


INVARIANTS = (
    Invariant(N_("experience is spent on skills and parameters: no more than was gained"), _xp, reads=("stone_wheel.sheet",)),
)
