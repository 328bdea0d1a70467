"""The Dichotomy sheets: every character of a campaign and the adventure count, folded from ``dichotomy.*`` events.

A sheet holds the attributes, special abilities and Monster Slayer bonus, the two motive slots, the
health track, wealth, ties (connections), equipment and carrying capacity, the XP ledger (earned,
spent, balance) and the status (active, dead, career_ended).  ``track`` and ``motive_slots`` hand a
sheet's parts back to the rules as their dataclasses.

Events are facts: the fold computes every total from what happened, never from a total a payload
stored for display.  The track is recomputed round by round from each ``damage`` (``rules.damage_track``),
each recovery's ``how`` and each healed ``injury``, so an overturned round changes every track after
it; whether a dive is open and whether a named death or end of career happened follow from that
track.  The Monster Slayer bonus is computed from the abilities held, the XP ledger from the amounts
earned and spent, and a motive's slot is the one holding it (a new motive fills an empty slot).
Adventure numbers are the recorded names of adventures (what awards and motives refer to), not totals.
A ``dichotomy.carried_over`` (a running campaign brought in) starts a character from the values it states:
XP earned and spent, ties bought, both motive slots (a betrayed one locked as a betrayal locks it), the
track, the abilities learned, wealth and equipment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from journal.events.envelope import Event
from journal.systems.dichotomy.rules import (
    MotiveSlot,
    Track,
    damage_track,
    healed_track,
    may_dive_after,
    monster_slayer_bonus,
    next_adventure,
    recovered_track,
    track_drawing,
)

Sheet = dict[str, Any]
State = dict[str, Any]


def initial() -> State:
    """No character yet, no adventure started or ended."""
    return {"adventures": {"started": 0, "ended": 0}, "characters": {}}


def _health(new: Track) -> dict[str, Any]:
    return {"shaken": new.shaken, "injured": new.injured, "serious": new.serious, "drawing": track_drawing(new)}


def _since(state: State) -> int:
    """The first adventure a motive taken now counts in: the one in progress, else the next."""
    adventures = state["adventures"]
    return next_adventure(adventures["started"], adventures["ended"])


def _slot(motive: str | None, since: int) -> dict[str, Any]:
    return {"motive": motive, "since": since, "last_scored": None, "locked_until": None}


def _held(sheet: Sheet, motive: str) -> int | None:
    return next((index for index, slot in enumerate(sheet["motives"]) if slot["motive"] == motive), None)


def _created(state: State, data: dict[str, Any]) -> None:
    since = _since(state)
    state["characters"][data["name"]] = {
        "player": data["player"],
        "attributes": dict(data["attributes"]),
        "abilities": [dict(ability) for ability in data["abilities"]],
        "monster_slayer_bonus": 0,
        "motives": [_slot(motive, since) for motive in data["motives"]],
        "health": _health(Track()),
        "may_dive": False,
        "diving": False,
        "status": "active",
        "wealth": data["wealth"],
        "connections": [],
        "equipment": [],
        "carrying_capacity": data["carrying_capacity"],
        "xp": {"earned": 0, "spent": 0, "balance": 0},
    }


def _ability_gained(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    held = [ability["name"] for ability in sheet["abilities"]]
    if data["ability"]["name"] not in held:
        sheet["abilities"].append(dict(data["ability"]))
    sheet["monster_slayer_bonus"] = monster_slayer_bonus(len(sheet["abilities"]))


def _xp_awarded(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["xp"]["earned"] += data["amount"]
    sheet["xp"]["balance"] += data["amount"]
    if data["source"] != "motive":
        return
    index = _held(sheet, data["motive"])
    if index is None:  # the motive is not held (what gave it was voided): the XP stands, no slot changes
        return
    slot = sheet["motives"][index]
    slot["last_scored"] = data["adventure"]
    if data["outcome"] == "betrayed":
        slot.update(motive=None, locked_until=data["adventure"] + 1)


def _motive_chosen(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    empty = [index for index, slot in enumerate(sheet["motives"]) if slot["motive"] is None]
    if not empty or _held(sheet, data["motive"]) is not None:  # nothing left to fill, or held already
        return
    index = data["slot"] if data["slot"] in empty else empty[0]
    sheet["motives"][index] = _slot(data["motive"], _since(state))


def _motive_swapped(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    index = _held(sheet, data["old"])
    if index is None or _held(sheet, data["new"]) is not None:
        return
    sheet["motives"][index] = _slot(data["new"], _since(state))


def _damage_applied(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    new, lost, out = damage_track(track(sheet), data["damage"])
    sheet["health"] = _health(new)
    sheet["may_dive"] = may_dive_after(new, lost, out)
    if out and data["end"] is not None:  # the end the GM named, when this round really is the third Hit
        sheet["status"] = data["end"]


def _dive_taken(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["diving"] = True
    sheet["may_dive"] = False


def _hits_recovered(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    new, _ = recovered_track(track(sheet), data["how"])
    sheet["health"] = _health(new)


def _injury_healed(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["health"] = _health(healed_track(track(sheet), data["injury"]))


def _wealth_changed(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["wealth"] = data["level"]


def _xp_spent(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["xp"]["spent"] += data["amount"]
    sheet["xp"]["balance"] -= data["amount"]
    sheet["connections"].append({"name": data["connection"], "cost": data["amount"]})


def _equipment_packed(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    sheet["equipment"] = list(data["items"])


def _carried_over(state: State, sheet: Sheet, data: dict[str, Any]) -> None:
    """What earlier adventures left: the starting point of every rule after it."""
    sheet["xp"]["earned"] += data["xp"]["earned"]
    sheet["xp"]["spent"] += data["xp"]["spent"]
    sheet["xp"]["balance"] += data["xp"]["earned"] - data["xp"]["spent"]
    sheet["connections"].extend({"name": tie["name"], "cost": tie["cost"]} for tie in data["connections"])
    since = _since(state)
    if data["motives"]:
        sheet["motives"] = [{**_slot(slot["motive"], since), "locked_until": since if slot["betrayed"] else None}
                            for slot in data["motives"]]
    health = data["health"]
    sheet["health"] = _health(Track(health["shaken"], health["injured"], health["serious"]))
    held = [ability["name"] for ability in sheet["abilities"]]
    sheet["abilities"].extend(dict(ability) for ability in data["abilities"] if ability["name"] not in held)
    sheet["monster_slayer_bonus"] = monster_slayer_bonus(len(sheet["abilities"]))
    if data.get("wealth") is not None:
        sheet["wealth"] = data["wealth"]
    if data.get("equipment") is not None:
        sheet["equipment"] = list(data["equipment"])


_CHARACTER_EVENTS: dict[str, Callable[[State, Sheet, dict[str, Any]], None]] = {
    "dichotomy.carried_over": _carried_over,
    "dichotomy.ability_gained": _ability_gained,
    "dichotomy.xp_awarded": _xp_awarded,
    "dichotomy.motive_chosen": _motive_chosen,
    "dichotomy.motive_swapped": _motive_swapped,
    "dichotomy.damage_applied": _damage_applied,
    "dichotomy.dive_taken": _dive_taken,
    "dichotomy.hits_recovered": _hits_recovered,
    "dichotomy.injury_healed": _injury_healed,
    "dichotomy.wealth_changed": _wealth_changed,
    "dichotomy.xp_spent": _xp_spent,
    "dichotomy.equipment_packed": _equipment_packed,
}

#: The events of one character's own, named by ``character`` (a carry-over must come before them all).
CHARACTER_EVENTS = tuple(_CHARACTER_EVENTS)

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
        _CHARACTER_EVENTS[event.type](state, state["characters"][data["character"]], data)


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
