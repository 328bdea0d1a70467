"""The coin game's sheet: each character's ``heads`` and ``tails``, counted from the flips."""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

TYPES = frozenset({"coin.flipped"})


def initial() -> dict[str, Any]:
    return {"characters": {}}


def apply(state: dict[str, Any], event: Event) -> None:
    if event.type not in TYPES:
        return
    sheet = state["characters"].setdefault(event.data["character"], {"heads": 0, "tails": 0})
    sheet[event.data["face"]] += 1
