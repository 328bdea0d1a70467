"""VPT character sheets: stats, wounds, alive or dead, relationships (points, statuses) and revenge.

Also keeps the campaign's weapon table (``state["weapons"]``), which hits read their targets from.

A pure fold of facts, never of a running total copied into a payload: wounds are the sum of the
wounds taken less one per morale roll of 12+ (while wounded); a death check kills when its dice plus
the sheet's Health bonus fall below the wounds folded so far; a weapon row recorded alone (``merge``)
joins the table folded so far.  Relationship and revenge standings follow the rule of
:mod:`journal.systems.vpt.folds._standings` (the one the bonds fold by): ticks' changes less the amounts spent,
never below 0.  So voiding an earlier event (a wound, a tick) changes every total after it.  An event
naming a character or a bond that is not here changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.vpt.folds import _standings
from journal.systems.vpt.standings import dies

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


def _others(state: State, character: str, opening: bool) -> dict[str, Any] | None:
    """``character``'s relationships by other, or None when the sheet is not here."""
    sheet = state["characters"].get(character)
    return sheet["relationships"] if sheet is not None else None


def _fresh() -> dict[str, Any]:
    return {"points": 0, "statuses": []}


def _current(state: State, avenger: str) -> dict[str, Any] | None:
    sheet = state["characters"].get(avenger)
    return sheet["revenge"] if sheet is not None else None


def _start(state: State, avenger: str, target: str) -> None:
    sheet = _sheet(state, avenger)
    if sheet is not None:
        sheet["revenge"] = {"target": target, "points": 0}


def _freeze(state: State, avenger: str, current: dict[str, Any]) -> None:
    sheet = state["characters"][avenger]
    sheet["past_revenges"].append({"target": current["target"], "points": current["points"]})
    sheet["revenge"] = None


_BONDS = _standings.Place(others=_others, fresh=_fresh, current=_current, start=_start, freeze=_freeze)

_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "vpt.character_created": _created,
    "vpt.weapon_table_set": _weapons,
    "vpt.wounds_taken": _wounds,
    "vpt.death_checked": _death,
    "vpt.morale_rolled": _morale,
    **_standings.handlers(_BONDS),
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
