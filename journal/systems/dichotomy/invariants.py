"""Dichotomy's invariants: the states its rules allow, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.registry import Invariant


def _xp(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {sheet['xp']['spent']} XP spent, {sheet['xp']['earned']} XP earned"
            for name, sheet in states["dichotomy.sheet"]["characters"].items() if sheet["xp"]["balance"] < 0]


INVARIANTS = (
    Invariant(N_("Experience Points are a resource: a character spends no more XP than he gained"), _xp, reads=("dichotomy.sheet",)),
)
