"""Geis debts across a Wield campaign: bargains in progress, sealed geasa, failures owed, collected and vanished.

``negotiations`` (keyed by the id of the opening offer) carry what ``rules.Negotiation`` needs; ``geasa``
(keyed by the id of the ``wield.geis_sealed`` event) carry what ``rules.check_breach`` and
``rules.check_collect`` need, including the version of the breach (a success must be rolled after it);
``collected`` maps each success Fate turned into a failure to the geis that paid for it.

Debts are computed, never copied: a broken geis owes its rank less the failures collected on it, nothing once
its hero is dead (what he still owed then has vanished); a hero's counts are the sums over his geasa.  A
breach or collection counts only while its grounds are in the log (``_ledger``): voiding a breach or the
success a failure was collected on leaves that failure uncollected, as if it had never been recorded.
A ``wield.carried_over`` brings in geasa sealed in earlier sessions, keyed ``<its id>:<n>``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.wield.folds import _ledger

State = dict[str, Any]


def initial() -> State:
    """No bargains, no geasa, no debts."""
    return {"negotiations": {}, "geasa": {}, "heroes": {}, "collected": {}, "ledger": _ledger.initial()}


def apply(state: State, event: Event) -> None:
    """Fold one event into the debts; events without a bearing on geasa, or whose grounds are gone, are ignored."""
    _ledger.dispatch(state, event, _HANDLERS)


def _hero(state: State, name: str) -> State:
    return state["heroes"].setdefault(name, {"owed": 0, "collected": 0, "vanished": 0, "alive": True})


def _debts(state: State, name: str) -> None:
    """Recompute the hero's geasa and sums from the ledger."""
    hero = _hero(state, name)
    hero.update(owed=0, collected=0, vanished=0)
    for geis_id, geis in state["geasa"].items():
        if geis["hero"] == name:
            ledger = state["ledger"]
            geis.update(owed=_ledger.owed(ledger, geis_id), vanished=_ledger.vanished(ledger, geis_id))
            hero["owed"] += geis["owed"]
            hero["collected"] += len(geis["collected"])
            hero["vanished"] += geis["vanished"]


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


def _carried(state: State, event: Event) -> None:
    """Geasa sealed in earlier sessions: broken ones owe what the sheet says is still owed."""
    name = event.data["hero"]
    for gid, geis in _ledger.carried_geasa(event):
        state["geasa"][gid] = {
            "hero": name,
            "promise": geis["promise"],
            "rank": geis["rank"],
            "chance": "",
            "broken": geis["broken"],
            "breached_at": event.version if geis["broken"] else None,
            "owed": 0,
            "collected": list(state["ledger"]["geasa"][gid]["collected"]),
            "vanished": 0,
        }
    _debts(state, name)


def _breached(state: State, event: Event) -> None:
    data = event.data
    state["geasa"][data["geis"]].update(broken=True, breached_at=event.version)
    _debts(state, data["hero"])


def _collected(state: State, event: Event) -> None:
    data = event.data
    state["geasa"][data["geis"]]["collected"].append(data["success"])
    state["collected"][data["success"]] = data["geis"]
    _debts(state, data["hero"])


def _died(state: State, event: Event) -> None:
    name = event.data["hero"]
    _hero(state, name)["alive"] = False
    _debts(state, name)


_HANDLERS: dict[str, _ledger.Handler] = {
    "wield.hero_created": _hero_created,
    "wield.carried_over": _carried,
    "wield.geis_offered": _offered,
    "wield.geis_counter_offered": _step("countered"),
    "wield.geis_refused": _step("refused"),
    "wield.geis_sealed": _sealed,
    "wield.geis_breached": _breached,
    "wield.failure_collected": _collected,
    "wield.hero_died": _died,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = _ledger.reads(_HANDLERS)
