"""VPT bonds: Relationship and Revenge standings between pairs of characters, with frozen old revenges.

State: ``begun[character]`` (the type of the first bond event of his own: a carry-over must come first);
``relationships[character][other]`` and ``revenges[avenger]`` (the current one) hold points,
statuses and the checklist items scored in the latest session ticked; ``frozen`` lists renounced
revenges with the standing they had.  ``table`` gives the rows people look at; ``relationships_of``
and ``scored_items`` give the rules what they check against.

A pure fold of facts by the standing rule of :mod:`journal.systems.vpt.folds._standings` (the one the sheets fold
by too): a tick or spending moves a standing, never below 0, from the standing folded so far, never from a
running total in a payload, so a voided tick or spending changes every standing after it; a renounced
revenge freezes here (``frozen``).  Bonds open whether or not the character's sheet is here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.vpt.folds import _standings

State = dict[str, Any]


def initial() -> State:
    """No relationships, no revenge."""
    return {"relationships": {}, "revenges": {}, "frozen": [], "begun": {}}


def apply(state: State, event: Event) -> None:
    """Fold one event into the bonds, in place; other events are ignored."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.data)


def begun(state: State, character: str) -> str | None:
    """The type of ``character``'s first bond event of his own (a tick, a choice, a carry-over), or None."""
    return state.get("begun", {}).get(character)


def relationships_of(state: State, character: str) -> list[str]:
    """The others ``character`` has a relationship with (at most three)."""
    return sorted(state["relationships"].get(character, {}))


def scored_items(state: State, bond: str, character: str, other: str, session: int) -> list[str]:
    """Checklist items already scored for this pair in ``session`` (``bond``: relationship or revenge)."""
    if bond == "relationship":
        standing = state["relationships"].get(character, {}).get(other)
    else:
        standing = state["revenges"].get(character)
        if standing is not None and standing["target"] != other:
            standing = None
    if standing is None or standing["session"] != session:
        return []
    return list(standing["scored"])


def table(state: State) -> list[dict[str, Any]]:
    """Every standing as a row: bond, character, other, points, statuses, frozen; sorted for display."""
    rows = [
        {"bond": "relationship", "character": character, "other": other, "points": standing["points"],
         "statuses": list(standing["statuses"]), "frozen": False}
        for character, others in state["relationships"].items()
        for other, standing in others.items()
    ]
    rows += [
        {"bond": "revenge", "character": avenger, "other": standing["target"], "points": standing["points"],
         "statuses": [], "frozen": False}
        for avenger, standing in state["revenges"].items()
    ]
    rows += [
        {"bond": "revenge", "character": old["avenger"], "other": old["target"], "points": old["points"],
         "statuses": [], "frozen": True}
        for old in state["frozen"]
    ]
    return sorted(rows, key=lambda row: (row["character"], row["bond"], row["frozen"], row["other"]))


def _fresh() -> dict[str, Any]:
    return {"points": 0, "statuses": [], "session": None, "scored": []}


def _others(state: State, character: str, opening: bool) -> dict[str, Any] | None:
    """``character``'s relationships by other; when ``opening``, made (empty) when there are none yet."""
    others = state["relationships"].get(character)
    if others is None and opening:
        others = state["relationships"][character] = {}
    return others


def _current(state: State, avenger: str) -> dict[str, Any] | None:
    return state["revenges"].get(avenger)


def _start(state: State, avenger: str, target: str) -> None:
    state["revenges"][avenger] = {"target": target, **_fresh()}


def _freeze(state: State, avenger: str, current: dict[str, Any]) -> None:
    del state["revenges"][avenger]
    state["frozen"].append({"avenger": avenger, "target": current["target"], "points": current["points"]})


def _mark(state: State, character: str, kind: str) -> None:
    state.setdefault("begun", {}).setdefault(character, kind)


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = _standings.handlers(
    _standings.Place(others=_others, fresh=_fresh, current=_current, start=_start, freeze=_freeze, scores=True,
                     mark=_mark))

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
