"""Wield character sheets: each vatcha (item, domains, goal, steps, powers, pyramid, Control) and each hero.

A vatcha's powers, pyramid and Control describe its bond with its current wielder: a new hero for the vatcha
starts a fresh pyramid (docs/rulings.md (Wield)).  A hero's sheet holds background, destiny, wounds, conditions,
geasa with their ranks and the failures still owed on them, and whether he lives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.wield.rules import FULL_CONTROL, pyramid

State = dict[str, Any]


def initial() -> State:
    """No vatcha, no heroes."""
    return {"vatcha": {}, "heroes": {}}


def apply(state: State, event: Event) -> None:
    """Fold one event into the sheets; events of other systems are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.id, event.data)


def _fresh_pyramid(vatcha: State) -> None:
    vatcha.update(powers=[], boxes=0, pyramid=pyramid(0), control_lost=0, control=FULL_CONTROL)


def _vatcha_created(state: State, _: str, data: dict[str, Any]) -> None:
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


def _hero_created(state: State, _: str, data: dict[str, Any]) -> None:
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
        "alive": True,
        "death": None,
    }
    vatcha = state["vatcha"][data["vatcha"]]
    vatcha["wielder"] = data["name"]
    _fresh_pyramid(vatcha)


def _power_bestowed(state: State, _: str, data: dict[str, Any]) -> None:
    power = {"power": data["power"], "rank": data["rank"], "domain": data["domain"]}
    vatcha = state["vatcha"][data["vatcha"]]
    vatcha["powers"].append(power)
    vatcha.update(
        boxes=data["boxes"],
        pyramid=pyramid(data["boxes"]),
        control_lost=data["control_lost"],
        control=data["vatcha_dice"],
    )
    state["heroes"][data["hero"]]["powers"].append(power)


def _combat_round(state: State, _: str, data: dict[str, Any]) -> None:
    _add_wounds(state, data["wounds"])


def _add_wounds(state: State, wounds: dict[str, int]) -> None:
    for name, taken in wounds.items():
        hero = state["heroes"].get(name)
        if hero is not None:
            hero["wounds"] += taken


def _geis_sealed(state: State, event_id: str, data: dict[str, Any]) -> None:
    state["heroes"][data["hero"]]["geasa"][event_id] = {
        "promise": data["promise"],
        "rank": data["rank"],
        "degree": data["degree"],
        "broken": False,
        "owed": 0,
    }


def _geis_breached(state: State, _: str, data: dict[str, Any]) -> None:
    hero = state["heroes"][data["hero"]]
    hero["geasa"][data["geis"]].update(broken=True, owed=data["rank"])
    hero["owed"] += data["rank"]


def _failure_collected(state: State, _: str, data: dict[str, Any]) -> None:
    hero = state["heroes"][data["hero"]]
    hero["geasa"][data["geis"]]["owed"] = data["remaining"]
    hero["owed"] -= 1
    _add_wounds(state, data["wounds"])


def _condition_gained(state: State, _: str, data: dict[str, Any]) -> None:
    state["heroes"][data["hero"]]["conditions"][data["condition"]] = {
        "effect": data["effect"],
        "extra_dice": data["extra_dice"],
        "bonus": data["bonus"],
    }


def _condition_removed(state: State, _: str, data: dict[str, Any]) -> None:
    del state["heroes"][data["hero"]]["conditions"][data["condition"]]


def _hero_died(state: State, _: str, data: dict[str, Any]) -> None:
    hero = state["heroes"][data["hero"]]
    hero.update(alive=False, death=data["cause"], owed=0)
    for geis in hero["geasa"].values():
        geis["owed"] = 0


_HANDLERS: dict[str, Callable[[State, str, dict[str, Any]], None]] = {
    "wield.vatcha_created": _vatcha_created,
    "wield.hero_created": _hero_created,
    "wield.power_bestowed": _power_bestowed,
    "wield.combat_round": _combat_round,
    "wield.geis_sealed": _geis_sealed,
    "wield.geis_breached": _geis_breached,
    "wield.failure_collected": _failure_collected,
    "wield.condition_gained": _condition_gained,
    "wield.condition_removed": _condition_removed,
    "wield.hero_died": _hero_died,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
