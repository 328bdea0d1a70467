"""VPT character sheets: stats, wounds, alive or dead, relationships (points, statuses) and revenge.

Also keeps the campaign's weapon table (``state["weapons"]``), which hits read their targets from.
A pure fold: every number comes from the payloads as recorded; nothing is recomputed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

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
    state["weapons"] = {name: dict(row) for name, row in data["weapons"].items()}


def _wounds(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["character"]]["wounds"] = data["total"]


def _death(state: State, data: dict[str, Any]) -> None:
    if data["dead"]:
        state["characters"][data["character"]]["alive"] = False


def _morale(state: State, data: dict[str, Any]) -> None:
    sheet = state["characters"][data["character"]]
    sheet["last_morale"] = data["result"]
    sheet["wounds"] -= data["wounds_recovered"]


def _relationship(state: State, character: str, other: str) -> dict[str, Any]:
    relationships = state["characters"][character]["relationships"]
    return relationships.setdefault(other, {"points": 0, "statuses": []})


def _ticked(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])["points"] = data["points"]


def _status_gained(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])["statuses"].append(data["status"])


def _status_renounced(state: State, data: dict[str, Any]) -> None:
    _relationship(state, data["character"], data["other"])["statuses"].remove(data["status"])


def _revenge_chosen(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["avenger"]]["revenge"] = {"target": data["target"], "points": 0}


def _revenge_renounced(state: State, data: dict[str, Any]) -> None:
    sheet = state["characters"][data["avenger"]]
    sheet["past_revenges"].append({"target": data["target"], "points": data["points"]})
    sheet["revenge"] = None


def _revenge_ticked(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["avenger"]]["revenge"]["points"] = data["points"]


def _spent(state: State, data: dict[str, Any]) -> None:
    if data["bond"] == "relationship":
        _relationship(state, data["character"], data["other"])["points"] = data["remaining"]
    else:
        state["characters"][data["character"]]["revenge"]["points"] = data["remaining"]


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "vpt.character_created": _created,
    "vpt.weapon_table_set": _weapons,
    "vpt.wounds_taken": _wounds,
    "vpt.death_checked": _death,
    "vpt.morale_rolled": _morale,
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
