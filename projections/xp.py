"""The XP ledger: per character and session, experience earned by source, spent on what, and the balance.

Which events award, spend or bring in experience, and under which fields, each system declares in its
descriptor's ``xp`` (journal.systems.registry.XpEvent): an award's ``character``, ``amount`` and ``source``; a
spending's ``amount`` and what it bought; a carried-over sheet's ``xp`` part (``earned``, ``spent``: a running
campaign brought in), booked under the source ``carried_over``.  Events between sessions are booked under the
session key ``"between"``, except the awards of a session's tally: ``tally.committed`` closes the decision that
appended them, and moves them to the session it tallies (``xp --session K`` counts them, though they are
recorded after session K ended).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from journal.events.envelope import Event

if TYPE_CHECKING:
    from journal.systems.registry import XpEvent

State = dict[str, Any]


def initial() -> State:
    return {"characters": {}, "awaiting": {"decision": None, "awards": []}}


def _ledger(state: State, name: str) -> State:
    ledger = state["characters"].get(name)
    if ledger is None:
        ledger = state["characters"][name] = {"earned": 0, "spent": 0, "balance": 0, "by_source": {}, "sessions": {}, "spending": []}
    return ledger


def _session(ledger: State, event: Event) -> State:
    return _entry(ledger, "between" if event.session is None else str(event.session))


def _entry(ledger: State, key: str) -> State:
    entry = ledger["sessions"].get(key)
    if entry is None:
        entry = ledger["sessions"][key] = {"earned": 0, "spent": 0, "by_source": {}}
    return entry


def _bought(data: dict[str, Any], fields: tuple[str, ...]) -> str:
    for key in fields:
        if data.get(key):
            return str(data[key])
    return "unspecified"


@functools.cache
def declared() -> dict[str, XpEvent]:
    """Every registered system's XP events by type (their descriptors' ``xp``)."""
    from journal.systems.registry import descriptors

    return {xp.type: xp for descriptor in descriptors() for xp in descriptor.xp}


def __getattr__(name: str) -> Any:
    """``TYPES``, what apply reads (projections.catalog): the tallies and every system's declared XP events."""
    if name == "TYPES":
        return ("tally.committed", *declared())
    raise AttributeError(name)


def _carried(state: State, event: Event, xp: XpEvent) -> None:
    """A running campaign's XP: earned under the source ``carried_over``, spent on «carried over»."""
    carried = event.data.get(xp.xp)
    if not carried:
        return
    ledger = _ledger(state, event.data[xp.character])
    entry = _session(ledger, event)
    earned, spent = carried["earned"], carried["spent"]
    ledger["earned"] += earned
    ledger["spent"] += spent
    ledger["balance"] += earned - spent
    entry["earned"] += earned
    entry["spent"] += spent
    if earned:
        ledger["by_source"]["carried_over"] = ledger["by_source"].get("carried_over", 0) + earned
        entry["by_source"]["carried_over"] = entry["by_source"].get("carried_over", 0) + earned
    if spent:
        ledger["spending"].append({"amount": spent, "on": "carried_over", "session": event.session,
                                   "version": event.version})


def apply(state: State, event: Event) -> None:
    kind = event.type
    xp = declared().get(kind)
    if xp is not None and xp.kind == "carried":
        _carried(state, event, xp)
        return
    if xp is not None and xp.kind == "award":
        data = event.data
        amount, source = data[xp.amount], (data.get(xp.source) if xp.source else None) or "award"
        ledger = _ledger(state, data[xp.character])
        entry = _session(ledger, event)
        ledger["earned"] += amount
        ledger["balance"] += amount
        ledger["by_source"][source] = ledger["by_source"].get(source, 0) + amount
        entry["earned"] += amount
        entry["by_source"][source] = entry["by_source"].get(source, 0) + amount
        if event.session is None:  # perhaps a tally's: remembered until its decision closes
            awaiting = state["awaiting"]
            if awaiting["decision"] != event.decision_id:
                awaiting["decision"], awaiting["awards"] = event.decision_id, []
            awaiting["awards"].append([data[xp.character], amount, source])
    elif kind == "tally.committed":
        awaiting = state["awaiting"]
        if awaiting["decision"] == event.decision_id:
            for name, amount, source in awaiting["awards"]:
                ledger = state["characters"][name]
                between, entry = ledger["sessions"]["between"], _entry(ledger, str(event.data["session"]))
                for moved in (between, entry):
                    sign = -1 if moved is between else 1
                    moved["earned"] += sign * amount
                    moved["by_source"][source] = moved["by_source"].get(source, 0) + sign * amount
                    if moved["by_source"][source] == 0:
                        del moved["by_source"][source]
                if between == {"earned": 0, "spent": 0, "by_source": {}}:
                    del ledger["sessions"]["between"]
        awaiting["decision"], awaiting["awards"] = None, []
    elif xp is not None and xp.kind == "spend":
        data = event.data
        amount = data[xp.amount]
        ledger = _ledger(state, data[xp.character])
        ledger["spent"] += amount
        ledger["balance"] -= amount
        _session(ledger, event)["spent"] += amount
        ledger["spending"].append({"amount": amount, "on": _bought(data, xp.bought), "session": event.session, "version": event.version})
