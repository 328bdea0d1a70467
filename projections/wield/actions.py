"""What Wield commands look up when a player refers to an earlier event: versions, rolled actions, bargains, ties.

- ``actions`` holds every chance, combat round and Control Risk by event id: its version, its kind and, per
  hero (or combatant), whether dice were rolled and whether the roll is (still) a success; combat rounds keep
  their payload (``round``) so that a failure Fate collects can re-resolve them, and ``collected`` lists the
  combatants whose success Fate already turned into a failure.
- ``terms`` maps each bargain (the id of its opening offer) to the promise on the table (the last offer or
  counter-offer); ``geis_used`` maps each sealed geis to the chance it settled.
- ``risks`` maps each Control Risk to the risk it belongs to (``root``: the first roll) and ``latest`` maps
  each root to the id of its newest roll, so a complete tie can be re-rolled once and only once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    """Nothing recorded yet."""
    return {"actions": {}, "terms": {}, "geis_used": {}, "risks": {}, "latest": {}}


def apply(state: State, event: Event) -> None:
    """Fold the Wield events the commands refer back to; others are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event)


def _action(state: State, event: Event, kind: str, heroes: dict[str, dict[str, bool]], **extra: Any) -> None:
    state["actions"][event.id] = {"kind": kind, "version": event.version, "heroes": heroes, "collected": [], **extra}


def _chance(state: State, event: Event) -> None:
    data = event.data
    _action(state, event, "chance", {data["hero"]: {"rolled": data["roll"] is not None, "success": data["success"]}})
    if data["geis"] is not None:
        state["geis_used"][data["geis"]] = event.id


def _combat(state: State, event: Event) -> None:
    data = event.data
    heroes = {a["combatant"]: {"rolled": False, "success": False} for a in data["actions"]}
    for check in data["checks"]:
        heroes[check["combatant"]] = {"rolled": check["roll"] is not None, "success": check["success"]}
    _action(state, event, "combat", heroes, round=data)


def _risk(state: State, event: Event) -> None:
    data = event.data
    wielder = {"rolled": data["wielder_roll"] is not None, "success": data["outcome"] == "wielder"}
    _action(state, event, "risk", {data["hero"]: wielder})
    root = data["reroll_of"] or event.id
    keep = ("vatcha", "hero", "demand", "destiny", "control_lost", "outcome")
    state["risks"][event.id] = {"root": root, "version": event.version, **{key: data[key] for key in keep}}
    state["latest"][root] = event.id


def _collected(state: State, event: Event) -> None:
    data = event.data
    action = state["actions"].get(data["success"])
    if action is None:
        return
    action["collected"].append(data["hero"])
    if data["hero"] in action["heroes"]:
        action["heroes"][data["hero"]]["success"] = False
    if data["winner"] is not None and data["success"] in state["risks"]:
        state["risks"][data["success"]]["outcome"] = data["winner"]


def _offered(state: State, event: Event) -> None:
    state["terms"][event.data["negotiation"] or event.id] = event.data["promise"]


def _countered(state: State, event: Event) -> None:
    state["terms"][event.data["negotiation"]] = event.data["promise"]


#: The event types this projection reads (commands fold it over these only).
TYPES = ("wield.chance_rolled", "wield.combat_round", "wield.control_risk", "wield.failure_collected",
         "wield.geis_offered", "wield.geis_counter_offered")

_HANDLERS: dict[str, Callable[[State, Event], None]] = {
    "wield.chance_rolled": _chance,
    "wield.combat_round": _combat,
    "wield.control_risk": _risk,
    "wield.failure_collected": _collected,
    "wield.geis_offered": _offered,
    "wield.geis_counter_offered": _countered,
}
