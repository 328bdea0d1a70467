"""VPT character sheets: stats, wounds, alive or dead, relationships (points, statuses) and revenge.

Also keeps the campaign's weapon table (``state["weapons"]``), which hits read their targets from.

A pure fold of facts, never of a running total copied into a payload: wounds are the sum of the
wounds taken less one per morale roll of 12+ (while wounded); a death check kills when its dice plus
the sheet's Health bonus fall below the wounds folded so far; a weapon row recorded alone (``merge``)
joins the table folded so far; relationship and revenge points are the ticks' changes less the
amounts spent, never below 0.  So voiding an earlier event (a wound, a tick) changes every total
after it.  An event naming a character or a bond that is not here changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.vpt.standings import dies, new_standing

State = dict[str, Any]


def initial() -> State:
    """No characters, no weapon table."""
    return {"characters": {}, "weapons": {}}


def apply(state: State, event: Event) -> None:
    """Fold one event into the sheets, in place; events of other systems are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.data)


def _created(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["name"]] = {
        "player": data["player"],
        "hit_bonus": data.get("hit_bonus", 0),
        "health_bonus": data.get("health_bonus", 0),
        "morale": data.get("morale", 0),
        "preparation": data.get("preparation", 0),
        "dungeon_speed": data.get("dungeon_speed"),
        "limit": data.get("limit"),
        "wounds": 0,
        "alive": True,
        "last_morale": None,
        "relationships": {},
        "revenge": None,
        "past_revenges": [],
    }


def _weapons(state: State, data: dict[str, Any]) -> None:
    rows = {name: dict(row) for name, row in data["weapons"].items()}
    state["weapons"] = {**state["weapons"], **rows} if data["merge"] else rows


def _sheet(state: State, name: str) -> dict[str, Any] | None:
    """The sheet of ``name``, or None when it is not here (its creation voided): the event changes nothing."""
    return state["characters"].get(name)


def _wounds(state: State, data: dict[str, Any]) -> None:
    sheet = _sheet(state, data["character"])
    if sheet is not None:
        sheet["wounds"] += data["wounds"]


def _death(state: State, data: dict[str, Any]) -> None:
    sheet = _sheet(state, data["character"])
    if sheet is not None and dies(sum(data["roll"]["dice"]) + sheet["health_bonus"], sheet["wounds"]):
        sheet["alive"] = False


def _morale(state: State, data: dict[str, Any]) -> None:
    sheet = _sheet(state, data["character"])
    if sheet is None:
        return
    sheet["last_morale"] = data["result"]
    if data["result"] == "recovers" and sheet["wounds"] > 0:
        sheet["wounds"] -= 1


def _relationship(state: State, character: str, other: str, open_it: bool = False) -> dict[str, Any] | None:
    """``character``'s relationship towards ``other``; with ``open_it`` opened at 0 when it is not yet."""
    sheet = _sheet(state, character)
    if sheet is None:
        return None
    if open_it:
        return sheet["relationships"].setdefault(other, {"points": 0, "statuses": []})
    return sheet["relationships"].get(other)


def _revenge(state: State, avenger: str, target: str) -> dict[str, Any] | None:
    """The avenger's current revenge when it is on ``target``, else None."""
    sheet = _sheet(state, avenger)
    current = sheet["revenge"] if sheet is not None else None
    return current if current is not None and current["target"] == target else None


def _opened(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"], open_it=True)


def _ticked(state: State, data: dict[str, Any]) -> None:
    standing = _relationship(state, data["character"], data["other"], open_it=True)
    if standing is not None:
        standing["points"] = new_standing(standing["points"], data["change"])


def _status_gained(state: State, data: dict[str, Any]) -> None:
    standing = _relationship(state, data["character"], data["other"])
    if standing is not None and data["status"] not in standing["statuses"]:
        standing["statuses"].append(data["status"])


def _status_renounced(state: State, data: dict[str, Any]) -> None:
    standing = _relationship(state, data["character"], data["other"])
    if standing is not None and data["status"] in standing["statuses"]:
        standing["statuses"].remove(data["status"])


def _revenge_chosen(state: State, data: dict[str, Any]) -> None:
    sheet = _sheet(state, data["avenger"])
    if sheet is not None and sheet["revenge"] is None:  # one target at a time
        sheet["revenge"] = {"target": data["target"], "points": 0}


def _revenge_renounced(state: State, data: dict[str, Any]) -> None:
    current = _revenge(state, data["avenger"], data["target"])
    if current is not None:
        sheet = state["characters"][data["avenger"]]
        sheet["past_revenges"].append({"target": data["target"], "points": current["points"]})
        sheet["revenge"] = None


def _revenge_ticked(state: State, data: dict[str, Any]) -> None:
    current = _revenge(state, data["avenger"], data["target"])
    if current is not None:
        current["points"] = new_standing(current["points"], data["change"])


def _spent(state: State, data: dict[str, Any]) -> None:
    if data["bond"] == "relationship":
        standing = _relationship(state, data["character"], data["other"])
    else:
        standing = _revenge(state, data["character"], data["other"])
    if standing is not None:
        standing["points"] = new_standing(standing["points"], -data["amount"])


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "vpt.character_created": _created,
    "vpt.weapon_table_set": _weapons,
    "vpt.wounds_taken": _wounds,
    "vpt.death_checked": _death,
    "vpt.morale_rolled": _morale,
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
