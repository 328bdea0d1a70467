"""Geis debts across a Wield campaign: bargains in progress, sealed geasa, failures owed, collected and vanished.

``negotiations`` (keyed by the id of the opening offer) carry what ``rules.Negotiation`` needs; ``geasa``
(keyed by the id of the ``wield.geis_sealed`` event) carry what ``rules.check_breach`` and
``rules.check_collect`` need, including the version of the breach (a success must be rolled after it);
``collected`` maps each success Fate turned into a failure to the geis that paid for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    """No bargains, no geasa, no debts."""
    return {"negotiations": {}, "geasa": {}, "heroes": {}, "collected": {}}


def apply(state: State, event: Event) -> None:
    """Fold one event into the debts; events without a bearing on geasa are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event)


def _hero(state: State, name: str) -> State:
    return state["heroes"].setdefault(name, {"owed": 0, "collected": 0, "vanished": 0, "alive": True})


def _hero_created(state: State, event: Event) -> None:
    _hero(state, event.data["name"])


def _offered(state: State, event: Event) -> None:
    data = event.data
    opening = data["negotiation"]
    if opening is None:
        state["negotiations"][event.id] = {
            "hero": data["hero"],
            "chance": data["chance"],
            "player_offers": 1,
            "last": "offered",
            "sealed": None,
        }
        return
    negotiation = state["negotiations"][opening]
    negotiation["player_offers"] += 1
    negotiation["last"] = "offered"


def _step(last: str) -> Callable[[State, Event], None]:
    def fold(state: State, event: Event) -> None:
        state["negotiations"][event.data["negotiation"]]["last"] = last

    return fold


def _sealed(state: State, event: Event) -> None:
    data = event.data
    negotiation = state["negotiations"][data["negotiation"]]
    negotiation.update(last="sealed", sealed=event.id)
    state["geasa"][event.id] = {
        "hero": data["hero"],
        "promise": data["promise"],
        "rank": data["rank"],
        "chance": negotiation["chance"],
        "broken": False,
        "breached_at": None,
        "owed": 0,
        "collected": [],
        "vanished": 0,
    }


def _breached(state: State, event: Event) -> None:
    data = event.data
    state["geasa"][data["geis"]].update(broken=True, breached_at=event.version, owed=data["rank"])
    _hero(state, data["hero"])["owed"] += data["rank"]


def _collected(state: State, event: Event) -> None:
    data = event.data
    geis = state["geasa"][data["geis"]]
    geis["owed"] = data["remaining"]
    geis["collected"].append(data["success"])
    hero = _hero(state, data["hero"])
    hero["owed"] -= 1
    hero["collected"] += 1
    state["collected"][data["success"]] = data["geis"]


def _died(state: State, event: Event) -> None:
    name = event.data["hero"]
    for geis in state["geasa"].values():
        if geis["hero"] == name:
            geis["vanished"] = geis["owed"]
            geis["owed"] = 0
    hero = _hero(state, name)
    hero["vanished"] += hero["owed"]
    hero.update(owed=0, alive=False)


_HANDLERS: dict[str, Callable[[State, Event], None]] = {
    "wield.hero_created": _hero_created,
    "wield.geis_offered": _offered,
    "wield.geis_counter_offered": _step("countered"),
    "wield.geis_refused": _step("refused"),
    "wield.geis_sealed": _sealed,
    "wield.geis_breached": _breached,
    "wield.failure_collected": _collected,
    "wield.hero_died": _died,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
