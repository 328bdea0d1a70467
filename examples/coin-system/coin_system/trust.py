"""The coin game's bond: how much each character trusts another, from the trust changes."""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

TYPES = frozenset({"coin.trust_changed"})
#: The bounds of a trust (the rule ``coin: trust from -3 to 3``).
LOW, HIGH = -3, 3


def initial() -> dict[str, Any]:
    return {"trust": {}}


def apply(state: dict[str, Any], event: Event) -> None:
    if event.type not in TYPES:
        return
    others = state["trust"].setdefault(event.data["character"], {})
    others[event.data["other"]] = others.get(event.data["other"], 0) + event.data["change"]


def table(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every trust as a bond row: ``{bond, character, other, points, frozen}``."""
    return [{"bond": "trust", "character": character, "other": other, "points": points, "frozen": False}
            for character, others in sorted(state["trust"].items()) for other, points in sorted(others.items())]
