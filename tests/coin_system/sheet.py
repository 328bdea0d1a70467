"""The coin game's sheet: each character's ``heads``, counted from the flips (the one sheet field)."""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

TYPES = frozenset({"coin.flipped"})


def initial() -> dict[str, Any]:
    return {"characters": {}}


def apply(state: dict[str, Any], event: Event) -> None:
    sheet = state["characters"].setdefault(event.data["character"], {"heads": 0})
    if event.data["face"] == "heads":
        sheet["heads"] += 1
