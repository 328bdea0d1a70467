"""Wield character sheets: each vatcha (item, domains, goal, steps, powers, pyramid, Control) and each hero.

A vatcha's powers, pyramid and Control describe its bond with its current wielder: a new hero for the vatcha
starts a fresh pyramid (docs/rulings.md (Wield)).  A hero's sheet holds background, destiny, wounds, conditions,
geasa with their ranks and the failures still owed on them, the results of his rolls, and whether he lives.

Every total is computed here from the facts, never copied from a payload: the boxes marked are the ranks of the
bond's powers and Control lost is read off them with the mapping the newest power was bestowed under; a debt is
a broken geis's rank less the failures Fate collected on it (``_ledger``); wounds are each round's wounds, and
a round a failure was collected on is resolved again from its dice with every combatant Fate failed, so that
voiding one collection recomputes what the others did.  ``results`` maps each chance, combat round and
Control Risk of the hero (by event id) to what came of it: a success Fate collected reads as a failure.  Its
``what`` is the task or the demand as typed, or, for a round, the hero's action as recorded (``{action: attack,
wounds: 2, target: Разбойник}``): the words it reads as are the reader's, chosen where it is shown.
A ``wield.carried_over`` (a running campaign brought in) starts a hero from the values it states: his bond's
powers on the pyramid, wounds, conditions, geasa and their debts.
"""

from __future__ import annotations

from typing import Any

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.systems.wield.folds import _ledger
from journal.systems.wield.rules import (
    FULL_CONTROL,
    ControlMapping,
    control_lost,
    pyramid,
    resolve_recorded,
    wound_change,
)

State = dict[str, Any]

#: The fields of a declared combat action a hero's result keeps as its ``what`` (those set), in this order.
ACTION_KEYS = ("action", "wounds", "power", "rank", "target")


def initial() -> State:
    """No vatcha, no heroes."""
    return {"vatcha": {}, "heroes": {}, "rounds": {}, "ledger": _ledger.initial()}


def apply(state: State, event: Event) -> None:
    """Fold one event into the sheets; events of other systems, and geis events whose grounds are gone, are ignored."""
    _ledger.dispatch(state, event, _HANDLERS)


def _fresh_pyramid(vatcha: State) -> None:
    vatcha.update(powers=[], boxes=0, pyramid=pyramid(0), control_lost=0, control=FULL_CONTROL)


def _vatcha_created(state: State, event: Event) -> None:
    data = event.data
    vatcha: State = {
        "player": data["player"],
        "item": data["item"],
        "domains": list(data["domains"]),
        "goal": data["goal"],
        "steps": list(data["steps"]),
        "connections": [dict(connection) for connection in data["connections"]],
        "destruction": data["destruction"],
        "wielder": None,
    }
    _fresh_pyramid(vatcha)
    state["vatcha"][data["name"]] = vatcha


def _hero_created(state: State, event: Event) -> None:
    data = event.data
    state["heroes"][data["name"]] = {
        "player": data["player"],
        "vatcha": data["vatcha"],
        "background": data["background"],
        "destiny": data["destiny"],
        "powers": [],
        "wounds": 0,
        "conditions": {},
        "geasa": {},
        "owed": 0,
        "results": {},
        "alive": True,
        "death": None,
    }
    vatcha = state["vatcha"][data["vatcha"]]
    vatcha["wielder"] = data["name"]
    _fresh_pyramid(vatcha)


def _power_bestowed(state: State, event: Event) -> None:
    data = event.data
    _bestow(state, data["hero"], data["vatcha"], data, data.get("mapping", "pyramid"))


def _bestow(state: State, name: str, vatcha_name: str, data: dict[str, Any], mapping: ControlMapping) -> None:
    """A power on the hero's sheet and, when he wields the vatcha, on today's pyramid with Control lost off it."""
    power = {"power": data["power"], "rank": data["rank"], "domain": data["domain"]}
    hero = state["heroes"][name]
    vatcha = state["vatcha"][vatcha_name]
    hero["powers"].append(power)
    if vatcha["wielder"] != name:
        return  # not for the vatcha's wielder (the commands never record one): on no pyramid of today's bond
    vatcha["powers"].append(power)
    boxes = sum(p["rank"] for p in vatcha["powers"])
    lost = control_lost(boxes, mapping)
    vatcha.update(boxes=boxes, pyramid=pyramid(boxes), control_lost=lost, control=FULL_CONTROL - lost)


def _carried_over(state: State, event: Event) -> None:
    """What earlier sessions left: the bond's powers, wounds, conditions and geasa with their debts."""
    data = event.data
    name = data["hero"]
    hero = state["heroes"][name]
    for power in data["powers"]:
        _bestow(state, name, hero["vatcha"], power, data["mapping"])
    hero["wounds"] += data["wounds"]
    for held in data["conditions"]:
        hero["conditions"][held["condition"]] = {"effect": held["effect"], "extra_dice": held["extra_dice"],
                                                 "bonus": held["bonus"]}
    for gid, geis in _ledger.carried_geasa(event):
        hero["geasa"][gid] = {"promise": geis["promise"], "rank": geis["rank"], "degree": geis["degree"],
                              "broken": geis["broken"], "owed": 0}
    _debts(state, name)


def _result(state: State, name: str, event: Event, kind: str, what: str | dict[str, Any] | None,
            success: bool | None) -> None:
    hero = state["heroes"].get(name)
    if hero is not None:
        hero["results"][event.id] = {"version": event.version, "kind": kind, "what": what, "success": success,
                                     "collected": None}


def _chance_rolled(state: State, event: Event) -> None:
    data = event.data
    _result(state, data["hero"], event, "chance", data["task"], data["success"])


def _combat_round(state: State, event: Event) -> None:
    data = event.data
    _add_wounds(state, data["wounds"])
    actions = {a["combatant"]: a for a in data["actions"]}
    for check in data["checks"]:
        _result(state, check["combatant"], event, "combat", _action_record(actions.get(check["combatant"])),
                check["success"])
    if any(c["roll"] is not None and c["success"] for c in data["checks"]):  # a failure may be collected on it
        state["rounds"][event.id] = {"declarations": data["declarations"], "reconsidered": data["reconsidered"],
                                     "checks": data["checks"], "wounds": dict(data["wounds"]), "failed": []}


def _action_record(action: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a combatant did, as recorded (``{action: attack, wounds: 2, target: Разбойник}``: the declared action's
    fields that are set), never as text: the reader's words are the renderer's (journal.service.words, the page)."""
    if action is None:
        return None
    return {key: action[key] for key in ACTION_KEYS if action.get(key) is not None}


def _control_risk(state: State, event: Event) -> None:
    data = event.data
    _result(state, data["hero"], event, "risk", data["demand"], {"wielder": True, "vatcha": False}.get(data["outcome"]))


def _add_wounds(state: State, wounds: dict[str, int]) -> None:
    for name, taken in wounds.items():
        hero = state["heroes"].get(name)
        if hero is not None:
            hero["wounds"] += taken


def _debts(state: State, name: str) -> None:
    """The hero's debts from the ledger: each geis's rank less what was collected (0 unbroken, 0 once dead)."""
    hero = state["heroes"][name]
    for geis_id, geis in hero["geasa"].items():
        geis["owed"] = _ledger.owed(state["ledger"], geis_id)
    hero["owed"] = sum(geis["owed"] for geis in hero["geasa"].values())


def _geis_sealed(state: State, event: Event) -> None:
    data = event.data
    state["heroes"][data["hero"]]["geasa"][event.id] = {
        "promise": data["promise"],
        "rank": data["rank"],
        "degree": data["degree"],
        "broken": False,
        "owed": 0,
    }


def _geis_breached(state: State, event: Event) -> None:
    data = event.data
    state["heroes"][data["hero"]]["geasa"][data["geis"]]["broken"] = True
    _debts(state, data["hero"])


def _failure_collected(state: State, event: Event) -> None:
    data = event.data
    _debts(state, data["hero"])
    result = state["heroes"][data["hero"]]["results"].get(data["success"])
    if result is not None:
        result.update(success=False, collected=data["geis"])
    fought = state["rounds"].get(data["success"])
    if fought is not None:
        fought["failed"].append(data["hero"])
        try:
            wounds = dict(resolve_recorded(fought, fought["failed"]).wounds)
        except RuleViolation:  # a round the rules cannot resolve again (not recorded by the commands): its change
            wounds = dict(fought["wounds"])
            for name, change in data["wounds"].items():
                wounds[name] = wounds.get(name, 0) + change
        _add_wounds(state, wound_change(fought["wounds"], wounds))
        fought["wounds"] = wounds


def _condition_gained(state: State, event: Event) -> None:
    data = event.data
    state["heroes"][data["hero"]]["conditions"][data["condition"]] = {
        "effect": data["effect"],
        "extra_dice": data["extra_dice"],
        "bonus": data["bonus"],
    }


def _condition_removed(state: State, event: Event) -> None:
    del state["heroes"][event.data["hero"]]["conditions"][event.data["condition"]]


def _hero_died(state: State, event: Event) -> None:
    data = event.data
    state["heroes"][data["hero"]].update(alive=False, death=data["cause"])
    _debts(state, data["hero"])


_HANDLERS: dict[str, _ledger.Handler] = {
    "wield.vatcha_created": _vatcha_created,
    "wield.hero_created": _hero_created,
    "wield.power_bestowed": _power_bestowed,
    "wield.carried_over": _carried_over,
    "wield.chance_rolled": _chance_rolled,
    "wield.combat_round": _combat_round,
    "wield.control_risk": _control_risk,
    "wield.geis_sealed": _geis_sealed,
    "wield.geis_breached": _geis_breached,
    "wield.failure_collected": _failure_collected,
    "wield.condition_gained": _condition_gained,
    "wield.condition_removed": _condition_removed,
    "wield.hero_died": _hero_died,
}

#: The events of one hero's own, named by ``hero`` (a carry-over must come before them all).
HERO_EVENTS = tuple(kind for kind in _HANDLERS if kind not in ("wield.vatcha_created", "wield.hero_created",
                                                                 "wield.combat_round"))

#: Event types this projection reads (the engine calls apply only for these).
TYPES = _ledger.reads(_HANDLERS)
