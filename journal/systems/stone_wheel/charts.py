"""What a Stone Wheel session report charts (the descriptor's ``charts``): XP and Health over the session.

Each series function reads the folds, ``states -> {series label: number}``; the report walk calls it after every
event of the session (journal.service.reports).
"""

from __future__ import annotations

from typing import Any


def xp(states: dict[str, Any]) -> dict[str, int]:
    """Each character's XP balance (earned less spent) as the shared XP ledger folds it (0 before any award), the Master's too."""
    found = {name: 0 for name in states["stone_wheel.sheet"]["characters"]}
    found.update((name, ledger["balance"]) for name, ledger in states["xp"]["characters"].items())
    return found


def health(states: dict[str, Any]) -> dict[str, int]:
    """Each character's current Health (stone_wheel.sheet)."""
    return {name: sheet["current"]["health"] for name, sheet in states["stone_wheel.sheet"]["characters"].items()}
