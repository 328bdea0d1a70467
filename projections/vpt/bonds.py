"""VPT bonds: Relationship and Revenge standings between pairs of characters, with frozen old revenges.

State: ``relationships[character][other]`` and ``revenges[avenger]`` (the current one) hold points,
statuses and the checklist items scored in the latest session ticked; ``frozen`` lists renounced
revenges with the standing they had.  ``table`` gives the rows people look at; ``relationships_of``
and ``scored_items`` give the rules what they check against.  A pure fold of recorded outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    """No relationships, no revenge."""
    return {"relationships": {}, "revenges": {}, "frozen": []}


def apply(state: State, event: Event) -> None:
    """Fold one event into the bonds, in place; other events are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.data)


def relationships_of(state: State, character: str) -> list[str]:
    """The others ``character`` has a relationship with (at most three)."""
    return sorted(state["relationships"].get(character, {}))


def scored_items(state: State, bond: str, character: str, other: str, session: int) -> list[str]:
    """Checklist items already scored for this pair in ``session`` (``bond``: relationship or revenge)."""
    if bond == "relationship":
        standing = state["relationships"].get(character, {}).get(other)
    else:
        standing = state["revenges"].get(character)
        if standing is not None and standing["target"] != other:
            standing = None
    if standing is None or standing["session"] != session:
        return []
    return list(standing["scored"])


def table(state: State) -> list[dict[str, Any]]:
    """Every standing as a row: bond, character, other, points, statuses, frozen; sorted for display."""
    rows = [
        {"bond": "relationship", "character": character, "other": other, "points": standing["points"],
         "statuses": list(standing["statuses"]), "frozen": False}
        for character, others in state["relationships"].items()
        for other, standing in others.items()
    ]
    rows += [
        {"bond": "revenge", "character": avenger, "other": standing["target"], "points": standing["points"],
         "statuses": [], "frozen": False}
        for avenger, standing in state["revenges"].items()
    ]
    rows += [
        {"bond": "revenge", "character": old["avenger"], "other": old["target"], "points": old["points"],
         "statuses": [], "frozen": True}
        for old in state["frozen"]
    ]
    return sorted(rows, key=lambda row: (row["character"], row["bond"], row["frozen"], row["other"]))


def _fresh() -> dict[str, Any]:
    return {"points": 0, "statuses": [], "session": None, "scored": []}


def _relationship(state: State, character: str, other: str) -> dict[str, Any]:
    return state["relationships"].setdefault(character, {}).setdefault(other, _fresh())


def _record_tick(standing: dict[str, Any], data: dict[str, Any]) -> None:
    if standing["session"] != data["session"]:
        standing["session"] = data["session"]
        standing["scored"] = []
    standing["scored"].extend(data["items"])
    standing["points"] = data["points"]


def _ticked(state: State, data: dict[str, Any]) -> None:
    _record_tick(_relationship(state, data["character"], data["other"]), data)


def _status_gained(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])["statuses"].append(data["status"])


def _status_renounced(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])["statuses"].remove(data["status"])


def _revenge_chosen(state: State, data: dict[str, Any]) -> None:
    state["revenges"][data["avenger"]] = {"target": data["target"], **_fresh()}


def _revenge_renounced(state: State, data: dict[str, Any]) -> None:
    del state["revenges"][data["avenger"]]
    state["frozen"].append({"avenger": data["avenger"], "target": data["target"], "points": data["points"]})


def _revenge_ticked(state: State, data: dict[str, Any]) -> None:
    _record_tick(state["revenges"][data["avenger"]], data)


def _spent(state: State, data: dict[str, Any]) -> None:
    if data["bond"] == "relationship":
        _relationship(state, data["character"], data["other"])["points"] = data["remaining"]
    else:
        state["revenges"][data["character"]]["points"] = data["remaining"]


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "vpt.relationship_ticked": _ticked,
    "vpt.status_gained": _status_gained,
    "vpt.status_renounced": _status_renounced,
    "vpt.revenge_target_chosen": _revenge_chosen,
    "vpt.revenge_renounced": _revenge_renounced,
    "vpt.revenge_ticked": _revenge_ticked,
    "vpt.points_spent": _spent,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
