"""The house_rules projection: the house rules in force, every proposal with its votes, and every adoption.

The rule in force for a key at a point is the value of the last ``rules.adopted`` for that key at or
before it (a voided adoption is skipped by the engine, so the rule before it is in force again).  Keys
never adopted are absent from ``in_force``: their defaults live with the registry of known keys
(``journal.service.house_rules.rules()``, from the systems' descriptors), which ``rule_in_force`` consults.

State::

    in_force:  key -> {value, previous, proposal, id, version, adopted_at, adopted_by}
    proposals: id  -> {id, key, value, previous, proposed_by, proposed_at, version, session,
                       votes: player -> {in_favour, version}, adopted: null | {id, version, at}}
    adoptions: [{key, value, previous, proposal, id, version, at}]   (in order)
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    return {"in_force": {}, "proposals": {}, "adoptions": []}


def _proposed(state: State, event: Event) -> None:
    data = event.data
    state["proposals"][event.id] = {
        "id": event.id, "key": data["key"], "value": data["value"], "previous": data["previous"],
        "proposed_by": event.actor, "proposed_at": event.recorded_at, "version": event.version,
        "session": event.session, "votes": {}, "adopted": None,
    }


def _voted(state: State, event: Event) -> None:
    proposal = state["proposals"].get(event.data["proposal"])
    if proposal is not None:  # a vote on a voided proposal counts for nothing
        proposal["votes"][event.actor] = {"in_favour": event.data["in_favour"], "version": event.version}


def _adopted(state: State, event: Event) -> None:
    data = event.data
    proposal = state["proposals"].get(data["proposal"])
    if proposal is not None:
        proposal["adopted"] = {"id": event.id, "version": event.version, "at": event.recorded_at}
    state["in_force"][data["key"]] = {
        "value": data["value"], "previous": data["previous"], "proposal": data["proposal"], "id": event.id,
        "version": event.version, "adopted_at": event.recorded_at, "adopted_by": event.actor,
    }
    state["adoptions"].append({"key": data["key"], "value": data["value"], "previous": data["previous"],
                               "proposal": data["proposal"], "id": event.id, "version": event.version,
                               "at": event.recorded_at})


_APPLY = {"rules.proposed": _proposed, "rules.voted": _voted, "rules.adopted": _adopted}
#: The engine routes only these types here.
TYPES = frozenset(_APPLY)


def apply(state: State, event: Event) -> None:
    handler = _APPLY.get(event.type)
    if handler is not None:
        handler(state, event)
