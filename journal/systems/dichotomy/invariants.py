"""Dichotomy's invariants: the states its rules allow, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.dichotomy.rules import SHAKEN_CIRCLES
from journal.systems.registry import Invariant


def _xp(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {sheet['xp']['spent']} XP spent, {sheet['xp']['earned']} XP earned"
            for name, sheet in states["dichotomy.sheet"]["characters"].items() if sheet["xp"]["balance"] < 0]


def _track(states: dict[str, Any]) -> list[str]:
    """A track of two Shaken circles and the two state circles: 0-2 Shaken Hits lost, each state circle filled or
    not (rules.damage_track never draws another; a sheet read from elsewhere might)."""
    wrong = []
    for name, sheet in states["dichotomy.sheet"]["characters"].items():
        health = sheet["health"]
        if (not 0 <= health["shaken"] <= SHAKEN_CIRCLES or not isinstance(health["injured"], bool)
                or not isinstance(health["serious"], bool)):
            wrong.append(f"{name}: {health['drawing']}")
    return wrong


INVARIANTS = (
    Invariant(N_("Experience Points are a resource: a character spends no more XP than he gained"), _xp, reads=("dichotomy.sheet",)),
    Invariant(N_("the health track: two Shaken circles, then the Injured and the Serious circle"), _track,
              reads=("dichotomy.sheet",)),
)
