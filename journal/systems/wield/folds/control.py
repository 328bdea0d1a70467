"""Control standings in a Wield campaign: per vatcha and wielder, the pyramid, each side's dice, and the history.

Every power bestowed is a transfer of Control from the vatcha to its wielder; every Control Risk is kept with
its dice and outcome (a tie's re-roll names the risk it repeats), and a failure Fate collects on a wielder's
win turns that risk over to the vatcha.  ``risks`` indexes each risk's event id to where it is kept.

Standings are computed, never copied from a payload: the boxes marked are the ranks bestowed on the wielder so
far (each transfer keeps the boxes and Control lost after it), Control lost is read off them with the mapping
that transfer was made under, and each side's dice follow from it.  A failure counts only while its grounds
are in the log (``_ledger``): with its geis's breach voided the wielder keeps his win.
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event
from journal.systems.wield.folds import _ledger
from journal.systems.wield.rules import FULL_CONTROL, ControlMapping, control_lost

State = dict[str, Any]


def initial() -> State:
    """No vatcha, no risks."""
    return {"vatcha": {}, "risks": {}, "ledger": _ledger.initial()}


def apply(state: State, event: Event) -> None:
    """Fold one event into the standings; events without a bearing on Control, and failures not owed, are ignored."""
    _ledger.dispatch(state, event, _HANDLERS)


def _vatcha_created(state: State, event: Event) -> None:
    state["vatcha"][event.data["name"]] = {"wielder": None, "wielders": {}}


def _hero_created(state: State, event: Event) -> None:
    vatcha = state["vatcha"][event.data["vatcha"]]
    vatcha["wielder"] = event.data["name"]
    vatcha["wielders"][event.data["name"]] = {
        "alive": True,
        "boxes": 0,
        "control_lost": 0,
        "vatcha_dice": FULL_CONTROL,
        "wielder_dice": 0,
        "transfers": [],
        "risks": [],
        "wins": {"vatcha": 0, "wielder": 0},
    }


def _standing(state: State, vatcha: str, hero: str) -> State:
    standing: State = state["vatcha"][vatcha]["wielders"][hero]
    return standing


def _power_bestowed(state: State, event: Event) -> None:
    data = event.data
    _transfer(_standing(state, data["vatcha"], data["hero"]), event, data, data.get("mapping", "pyramid"))


def _carried_over(state: State, event: Event) -> None:
    """The powers of earlier sessions: each a transfer of Control, in the sheet's order."""
    name = event.data["hero"]
    for vatcha in state["vatcha"].values():
        if vatcha["wielder"] == name:
            for power in event.data["powers"]:
                _transfer(vatcha["wielders"][name], event, power, event.data["mapping"])


def _transfer(standing: State, event: Event, data: dict[str, Any], mapping: ControlMapping) -> None:
    """``data``'s rank more boxes marked on ``standing``, Control lost read off them under ``mapping``."""
    boxes = standing["boxes"] + data["rank"]
    lost = control_lost(boxes, mapping)
    standing.update(boxes=boxes, control_lost=lost, vatcha_dice=FULL_CONTROL - lost, wielder_dice=lost)
    standing["transfers"].append(
        {
            "event": event.id,
            "version": event.version,
            "power": data["power"],
            "rank": data["rank"],
            "mapping": mapping,
            "boxes": boxes,
            "control_lost": lost,
        }
    )


def _control_risk(state: State, event: Event) -> None:
    data = event.data
    standing = _standing(state, data["vatcha"], data["hero"])
    state["risks"][event.id] = {"vatcha": data["vatcha"], "hero": data["hero"], "index": len(standing["risks"])}
    standing["risks"].append(
        {
            "event": event.id,
            "version": event.version,
            "demand": data["demand"],
            "destiny": data["destiny"],
            "vatcha_dice": (data["vatcha_roll"] or {"dice": []})["dice"],
            "wielder_dice": (data["wielder_roll"] or {"dice": []})["dice"],
            "outcome": data["outcome"],
            "reroll_of": data["reroll_of"],
            "failure_collected": None,
        }
    )
    if data["outcome"] != "reroll":
        standing["wins"][data["outcome"]] += 1


def _failure_collected(state: State, event: Event) -> None:
    """A wielder's won risk whose roll Fate made a failure: the vatcha wins it (as the payload's ``winner`` says)."""
    where = state["risks"].get(event.data["success"])
    if where is None:
        return  # a chance or a combat round
    standing = _standing(state, where["vatcha"], where["hero"])
    risk = standing["risks"][where["index"]]
    standing["wins"][risk["outcome"]] -= 1
    standing["wins"]["vatcha"] += 1
    risk.update(outcome="vatcha", failure_collected=event.id)


def _hero_died(state: State, event: Event) -> None:
    for vatcha in state["vatcha"].values():
        standing = vatcha["wielders"].get(event.data["hero"])
        if standing is not None:
            standing["alive"] = False


_HANDLERS: dict[str, _ledger.Handler] = {
    "wield.vatcha_created": _vatcha_created,
    "wield.hero_created": _hero_created,
    "wield.power_bestowed": _power_bestowed,
    "wield.carried_over": _carried_over,
    "wield.control_risk": _control_risk,
    "wield.failure_collected": _failure_collected,
    "wield.hero_died": _hero_died,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = _ledger.reads(_HANDLERS)
