"""The campaign projection: name, rule system, Master and members, folded from the membership events."""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

#: Event types this projection reads (the service loads only these to check an actor).
TYPES = ("campaign.created", "member.added")


def initial() -> dict[str, Any]:
    return {"name": None, "system": None, "master": None, "members": {}, "created_at": None}


def apply(state: dict[str, Any], event: Event) -> None:
    data = event.data
    if event.type == "campaign.created":
        state.update(name=data["name"], system=data["system"], master=data["master"], created_at=event.recorded_at)
        state["members"][data["master"]] = "master"
    elif event.type == "member.added":
        state["members"][data["name"]] = data.get("role", "player")


def fold(events: Any) -> dict[str, Any]:
    """The campaign state after ``events`` (an iterable of Event)."""
    state = initial()
    for event in events:
        apply(state, event)
    return state
