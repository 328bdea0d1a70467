"""VPT bonds: Relationship and Revenge standings between pairs of characters, with frozen old revenges.

State: ``relationships[character][other]`` and ``revenges[avenger]`` (the current one) hold points,
statuses and the checklist items scored in the latest session ticked; ``frozen`` lists renounced
revenges with the standing they had.  ``table`` gives the rows people look at; ``relationships_of``
and ``scored_items`` give the rules what they check against.

A pure fold of facts: a relationship opens at 0 (chosen, or by its first tick); each tick adds its
``change`` and each spending takes its ``amount`` off, a standing never dropping below 0; a renounced
revenge freezes the standing folded so far.  No running total is read from a payload (``points``,
``remaining``), so a voided tick or spending changes every standing after it.  An event whose bond is
not open here (its opening voided) changes nothing: spending and statuses never open a bond.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.vpt.standings import new_standing

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
    """The relationship of ``character`` towards ``other``, opened (at 0) when it is not yet."""
    return state["relationships"].setdefault(character, {}).setdefault(other, _fresh())


def _held(state: State, character: str, other: str) -> dict[str, Any] | None:
    """The relationship of ``character`` towards ``other`` when it is open, else None (nothing is opened)."""
    return state["relationships"].get(character, {}).get(other)


def _revenge(state: State, avenger: str, target: str) -> dict[str, Any] | None:
    """The avenger's current revenge when it is on ``target``, else None."""
    current = state["revenges"].get(avenger)
    return current if current is not None and current["target"] == target else None


def _record_tick(standing: dict[str, Any], data: dict[str, Any]) -> None:
    """The tick's items join the session's scored lines; its change moves the standing, never below 0."""
    if standing["session"] != data["session"]:
        standing["session"] = data["session"]
        standing["scored"] = []
    standing["scored"].extend(data["items"])
    standing["points"] = new_standing(standing["points"], data["change"])


def _opened(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])


def _ticked(state: State, data: dict[str, Any]) -> None:
    _record_tick(_relationship(state, data["character"], data["other"]), data)


def _status_gained(state: State, data: dict[str, Any]) -> None:
    standing = _held(state, data["character"], data["other"])
    if standing is not None and data["status"] not in standing["statuses"]:
        standing["statuses"].append(data["status"])


def _status_renounced(state: State, data: dict[str, Any]) -> None:
    standing = _held(state, data["character"], data["other"])
    if standing is not None and data["status"] in standing["statuses"]:
        standing["statuses"].remove(data["status"])


def _revenge_chosen(state: State, data: dict[str, Any]) -> None:
    if data["avenger"] not in state["revenges"]:  # one target at a time: a second choice would have been refused
        state["revenges"][data["avenger"]] = {"target": data["target"], **_fresh()}


def _revenge_renounced(state: State, data: dict[str, Any]) -> None:
    current = _revenge(state, data["avenger"], data["target"])
    if current is not None:
        del state["revenges"][data["avenger"]]
        state["frozen"].append({"avenger": data["avenger"], "target": data["target"], "points": current["points"]})


def _revenge_ticked(state: State, data: dict[str, Any]) -> None:
    current = _revenge(state, data["avenger"], data["target"])
    if current is not None:
        _record_tick(current, data)


def _spent(state: State, data: dict[str, Any]) -> None:
    if data["bond"] == "relationship":
        standing = _held(state, data["character"], data["other"])
    else:
        standing = _revenge(state, data["character"], data["other"])
    if standing is not None:
        standing["points"] = new_standing(standing["points"], -data["amount"])


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "vpt.relationship_opened": _opened,
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
