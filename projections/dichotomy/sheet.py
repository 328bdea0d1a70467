"""The Dichotomy sheets: every character of a campaign and the adventure count, folded from ``dichotomy.*`` events.

A sheet holds the attributes, special abilities and Monster Slayer bonus, the two motive slots, the
health track, wealth, ties (connections), equipment and carrying capacity, the XP ledger (earned,
spent, balance) and the status (active, dead, career_ended).  The fold copies what each payload
recorded; it never recomputes a rule.  ``track`` and ``motive_slots`` hand a sheet's parts back to
the rules as their dataclasses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from journal.events.envelope import Event
from journal.systems.dichotomy.rules import MotiveSlot, Track, track_drawing

Sheet = dict[str, Any]
State = dict[str, Any]


def initial() -> State:
    """No character yet, no adventure started or ended."""
    return {"adventures": {"started": 0, "ended": 0}, "characters": {}}


def _health(shaken: int, injured: bool, serious: bool) -> dict[str, Any]:
    drawing = track_drawing(Track(shaken, injured, serious))
    return {"shaken": shaken, "injured": injured, "serious": serious, "drawing": drawing}


def _created(state: State, data: dict[str, Any]) -> None:
    since = data["first_adventure"]
    state["characters"][data["name"]] = {
        "player": data["player"],
        "attributes": dict(data["attributes"]),
        "abilities": [dict(ability) for ability in data["abilities"]],
        "monster_slayer_bonus": 0,
        "motives": [
            {"motive": motive, "since": since, "last_scored": None, "locked_until": None} for motive in data["motives"]
        ],
        "health": _health(0, False, False),
        "may_dive": False,
        "diving": False,
        "status": "active",
        "wealth": data["wealth"],
        "connections": [],
        "equipment": [],
        "carrying_capacity": data["carrying_capacity"],
        "xp": {"earned": 0, "spent": 0, "balance": 0},
    }


def _ability_gained(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["abilities"].append(dict(data["ability"]))
    sheet["monster_slayer_bonus"] = data["monster_slayer_bonus"]


def _xp_awarded(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["xp"]["earned"] += data["amount"]
    sheet["xp"]["balance"] += data["amount"]
    if data["source"] != "motive":
        return
    slot = sheet["motives"][data["slot"]]
    slot["last_scored"] = data["adventure"]
    if data["outcome"] == "betrayed":
        slot.update(motive=None, locked_until=data["adventure"] + 1)


def _motive_chosen(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["motives"][data["slot"]] = {
        "motive": data["motive"], "since": data["since"], "last_scored": None, "locked_until": None
    }


def _motive_swapped(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["motives"][data["slot"]] = {
        "motive": data["new"], "since": data["since"], "last_scored": None, "locked_until": None
    }


def _set_track(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["health"] = _health(**data["track"])


def _damage_applied(sheet: Sheet, data: dict[str, Any]) -> None:
    _set_track(sheet, data)
    sheet["may_dive"] = data["may_dive"]
    if data["end"] is not None:
        sheet["status"] = data["end"]


def _dive_taken(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["diving"] = True
    sheet["may_dive"] = False


def _wealth_changed(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["wealth"] = data["level"]


def _xp_spent(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["xp"]["spent"] += data["amount"]
    sheet["xp"]["balance"] -= data["amount"]
    sheet["connections"].append({"name": data["connection"], "cost": data["amount"]})


def _equipment_packed(sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["equipment"] = list(data["items"])


_CHARACTER_EVENTS: dict[str, Callable[[Sheet, dict[str, Any]], None]] = {
    "dichotomy.ability_gained": _ability_gained,
    "dichotomy.xp_awarded": _xp_awarded,
    "dichotomy.motive_chosen": _motive_chosen,
    "dichotomy.motive_swapped": _motive_swapped,
    "dichotomy.damage_applied": _damage_applied,
    "dichotomy.dive_taken": _dive_taken,
    "dichotomy.hits_recovered": _set_track,
    "dichotomy.injury_healed": _set_track,
    "dichotomy.wealth_changed": _wealth_changed,
    "dichotomy.xp_spent": _xp_spent,
    "dichotomy.equipment_packed": _equipment_packed,
}

#: Event types this projection reads; every other event leaves the state as it is.
TYPES = (
    "dichotomy.character_created",
    "dichotomy.adventure_started",
    "dichotomy.adventure_ended",
    "dichotomy.fight_ended",
    *_CHARACTER_EVENTS,
)


def apply(state: State, event: Event) -> None:
    """Fold one event into the state, in place."""
    data = event.data
    if event.type == "dichotomy.character_created":
        _created(state, data)
    elif event.type == "dichotomy.adventure_started":
        state["adventures"]["started"] = data["number"]
    elif event.type == "dichotomy.adventure_ended":
        _adventure_ended(state, data["number"])
    elif event.type == "dichotomy.fight_ended":
        for sheet in state["characters"].values():
            sheet["diving"] = False
            sheet["may_dive"] = False
    elif event.type in _CHARACTER_EVENTS:
        _CHARACTER_EVENTS[event.type](state["characters"][data["character"]], data)


def _adventure_ended(state: State, number: int) -> None:
    state["adventures"]["ended"] = number
    for sheet in state["characters"].values():
        for slot in sheet["motives"]:
            if slot["locked_until"] is not None and slot["locked_until"] <= number:
                slot["locked_until"] = None


def fold(events: Iterable[Event]) -> State:
    """The state after ``events``."""
    state = initial()
    for event in events:
        apply(state, event)
    return state


def track(sheet: Sheet) -> Track:
    """The sheet's health track, as the rules take it."""
    health = sheet["health"]
    return Track(health["shaken"], health["injured"], health["serious"])


def motive_slots(sheet: Sheet) -> tuple[MotiveSlot, ...]:
    """The sheet's two motive slots, as the rules take them."""
    return tuple(
        MotiveSlot(slot["motive"], slot["since"], slot["last_scored"], slot["locked_until"])
        for slot in sheet["motives"]
    )
