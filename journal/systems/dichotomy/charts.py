"""What a Dichotomy session report charts (the descriptor's ``charts``): XP and the health track over the session.

Each series function reads the folds, ``states -> {series label: number}``; the report walk calls it after every
event of the session (journal.service.reports).
"""

from __future__ import annotations

from typing import Any


def xp(states: dict[str, Any]) -> dict[str, int]:
    """Each character's XP balance (earned less spent) as the shared XP ledger folds it (0 before any award)."""
    found = {name: 0 for name in states["dichotomy.sheet"]["characters"]}
    found.update((name, ledger["balance"]) for name, ledger in states["xp"]["characters"].items())
    return found


def health(states: dict[str, Any]) -> dict[str, int]:
    """The circles marked on each character's health track: Shaken Hits lost, plus the Injury and Serious circles."""
    return {name: sheet["health"]["shaken"] + int(sheet["health"]["injured"]) + int(sheet["health"]["serious"])
            for name, sheet in states["dichotomy.sheet"]["characters"].items()}
