"""What Wield commands look up when a player refers to an earlier event: versions, rolled actions, bargains, ties.

- ``actions`` holds every chance, combat round and Control Risk by event id: its version, its kind, what it was
  (``what``: the task, the demand, or "combat round") and, per hero (or combatant), whether dice were rolled and
  whether the roll is (still) a success; combat rounds keep their payload (``round``) so that a failure Fate
  collects can re-resolve them, ``collected`` lists the combatants whose success Fate turned into a failure
  and ``collected_by`` names the ``wield.failure_collected`` event that turned each.
- ``terms`` maps each bargain (the id of its opening offer) to the promise on the table (the last offer or
  counter-offer); ``geis_used`` maps each sealed geis to the chance that used it up: the chance it settled, or
  the first chance its hero took at the task it was offered for (a geis settles that one chance and no other).
- ``risks`` maps each Control Risk to the risk it belongs to (``root``: the first roll) and ``latest`` maps
  each root to the id of its newest roll, so a complete tie can be re-rolled once and only once.

A breach or collection whose grounds are no longer in the log (the breach, the success it turned: voided) is
left out, as every Wield fold leaves it out (``_ledger``).
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event
from journal.systems.wield.folds import _ledger
from journal.systems.wield.rules import same_chance

State = dict[str, Any]


def initial() -> State:
    """Nothing recorded yet."""
    return {"actions": {}, "terms": {}, "geis_used": {}, "risks": {}, "latest": {}, "ledger": _ledger.initial()}


def apply(state: State, event: Event) -> None:
    """Fold the Wield events the commands refer back to; others are ignored."""
    _ledger.dispatch(state, event, _HANDLERS)


def _action(state: State, event: Event, kind: str, what: str, heroes: dict[str, dict[str, bool]],
            **extra: Any) -> None:
    state["actions"][event.id] = {"kind": kind, "version": event.version, "what": what, "heroes": heroes,
                                  "collected": [], "collected_by": {}, **extra}


def _chance(state: State, event: Event) -> None:
    data = event.data
    _action(state, event, "chance", data["task"],
            {data["hero"]: {"rolled": data["roll"] is not None, "success": data["success"]}})
    used = state["geis_used"]
    if data["geis"] is not None:
        used[data["geis"]] = event.id
    for geis_id, geis in state["ledger"]["geasa"].items():  # the chance each geis was offered for is now taken
        if geis["hero"] == data["hero"] and geis_id not in used and same_chance(geis["chance"], data["task"]):
            used[geis_id] = event.id


def _combat(state: State, event: Event) -> None:
    data = event.data
    heroes = {a["combatant"]: {"rolled": False, "success": False} for a in data["actions"]}
    for check in data["checks"]:
        heroes[check["combatant"]] = {"rolled": check["roll"] is not None, "success": check["success"]}
    _action(state, event, "combat", "combat round", heroes, round=data)


def _risk(state: State, event: Event) -> None:
    data = event.data
    wielder = {"rolled": data["wielder_roll"] is not None, "success": data["outcome"] == "wielder"}
    _action(state, event, "risk", data["demand"], {data["hero"]: wielder})
    root = data["reroll_of"] or event.id
    keep = ("vatcha", "hero", "demand", "destiny", "control_lost", "outcome")
    state["risks"][event.id] = {"root": root, "version": event.version, **{key: data[key] for key in keep}}
    state["latest"][root] = event.id


def _collected(state: State, event: Event) -> None:
    data = event.data
    action = state["actions"][data["success"]]  # the ledger counts a failure only on a success it knows
    action["collected"].append(data["hero"])
    action["collected_by"][data["hero"]] = event.id
    action["heroes"][data["hero"]]["success"] = False
    if data["success"] in state["risks"]:
        state["risks"][data["success"]]["outcome"] = "vatcha"


def _offered(state: State, event: Event) -> None:
    state["terms"][event.data["negotiation"] or event.id] = event.data["promise"]


def _countered(state: State, event: Event) -> None:
    state["terms"][event.data["negotiation"]] = event.data["promise"]


_HANDLERS: dict[str, _ledger.Handler] = {
    "wield.chance_rolled": _chance,
    "wield.combat_round": _combat,
    "wield.control_risk": _risk,
    "wield.failure_collected": _collected,
    "wield.geis_offered": _offered,
    "wield.geis_counter_offered": _countered,
}

#: The event types this projection reads (commands fold it over these only).
TYPES = _ledger.reads(_HANDLERS)
