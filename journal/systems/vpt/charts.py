"""What a VPT session report charts (the descriptor's ``charts``): the bonds, Relationships and Revenge.

Each series function reads vpt.bonds, ``states -> {series label: number}``; the report walk calls it after every
event of the session (journal.service.reports).
"""

from __future__ import annotations

from typing import Any


def relationships(states: dict[str, Any]) -> dict[str, int]:
    """The points of every live relationship, by ``character → other``."""
    return {f"{name} → {other}": bond["points"]
            for name, others in states["vpt.bonds"]["relationships"].items() for other, bond in others.items()}


def revenge(states: dict[str, Any]) -> dict[str, int]:
    """The points of every live revenge, by ``avenger → target``."""
    return {f"{name} → {bond['target']}": bond["points"] for name, bond in states["vpt.bonds"]["revenges"].items()}
