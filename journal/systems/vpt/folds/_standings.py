"""VPT Relationship and Revenge standings: the one rule both VPT folds (``sheet`` and ``bonds``) fold them by.

A relationship opens at 0 (chosen, or by its first tick); each tick adds its ``change`` and each spending
takes its ``amount`` off, a standing never dropping below 0; a status is gained once and renounced only when
held.  A character has one current revenge at a time: a second choice changes nothing, and a renounced
revenge freezes the standing folded so far.  No running total is read from a payload (``points``,
``remaining``), so a voided tick or spending changes every standing after it.  Spending and statuses never
open a bond; an event whose bond is not open (its opening voided) changes nothing.  A ``vpt.carried_over``
(a running campaign brought in) starts a character's standings from the values it states: his relationships
with their points and Statuses, his current revenge and his renounced ones; the rules after it read them as
they read any standing.

Where a fold keeps its standings (and whether it records the checklist items each tick scored) is its own
:class:`Place`; :func:`handlers` gives the fold its handlers for the bond events, in the fold's own state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from journal.systems.vpt.standings import new_standing

State = dict[str, Any]
Standing = dict[str, Any]
Handler = Callable[[State, dict[str, Any]], None]


@dataclass(frozen=True)
class Place:
    """Where a fold keeps the standings, as functions of its state."""

    #: ``(state, character, opening)``: the character's relationships by other (made when ``opening`` and the fold
    #: can hold them), or None: the event changes nothing.
    others: Callable[[State, str, bool], dict[str, Standing] | None]
    #: A relationship just opened, at 0.
    fresh: Callable[[], Standing]
    #: ``(state, avenger)``: the avenger's current revenge, or None.
    current: Callable[[State, str], Standing | None]
    #: ``(state, avenger, target)``: a revenge on ``target`` opened at 0 (the avenger has none current).
    start: Callable[[State, str, str], None]
    #: ``(state, avenger, current)``: the current revenge renounced, kept frozen with its standing.
    freeze: Callable[[State, str, Standing], None]
    #: Whether a tick records its checklist items as the session's scored lines (``session``, ``scored``).
    scores: bool = False
    #: ``(state, character, event type)``: note that the character's standings have begun (by a bond event of his
    #: own or his carry-over), when the fold keeps that (the bonds fold: ``begun``, ``carried``).
    mark: Callable[[State, str, str], None] | None = None


def handlers(place: Place) -> dict[str, Handler]:
    """The fold's handlers of the bond events (by event type), keeping the standings where ``place`` says."""
    others, fresh, current_of, scores = place.others, place.fresh, place.current, place.scores

    def relationship(state: State, character: str, other: str, opening: bool) -> Standing | None:
        held = others(state, character, opening)
        if held is None:
            return None
        standing = held.get(other)
        if standing is None and opening:  # (not setdefault: it would build a fresh standing for every tick)
            standing = held[other] = fresh()
        return standing

    def revenge(state: State, avenger: str, target: str) -> Standing | None:
        current = current_of(state, avenger)
        return current if current is not None and current["target"] == target else None

    def record_tick(standing: Standing, data: dict[str, Any]) -> None:
        if scores:
            if standing["session"] != data["session"]:
                standing["session"] = data["session"]
                standing["scored"] = []
            standing["scored"].extend(data["items"])
        standing["points"] = new_standing(standing["points"], data["change"])

    def opened(state: State, data: dict[str, Any]) -> None:
        relationship(state, data["character"], data["other"], True)

    def ticked(state: State, data: dict[str, Any]) -> None:
        standing = relationship(state, data["character"], data["other"], True)
        if standing is not None:
            record_tick(standing, data)

    def status_gained(state: State, data: dict[str, Any]) -> None:
        standing = relationship(state, data["character"], data["other"], False)
        if standing is not None and data["status"] not in standing["statuses"]:
            standing["statuses"].append(data["status"])

    def status_renounced(state: State, data: dict[str, Any]) -> None:
        standing = relationship(state, data["character"], data["other"], False)
        if standing is not None and data["status"] in standing["statuses"]:
            standing["statuses"].remove(data["status"])

    def revenge_chosen(state: State, data: dict[str, Any]) -> None:
        if current_of(state, data["avenger"]) is None:  # one target at a time: a second choice would have been refused
            place.start(state, data["avenger"], data["target"])

    def revenge_renounced(state: State, data: dict[str, Any]) -> None:
        current = revenge(state, data["avenger"], data["target"])
        if current is not None:
            place.freeze(state, data["avenger"], current)

    def revenge_ticked(state: State, data: dict[str, Any]) -> None:
        current = revenge(state, data["avenger"], data["target"])
        if current is not None:
            record_tick(current, data)

    def spent(state: State, data: dict[str, Any]) -> None:
        if data["bond"] == "relationship":
            standing = relationship(state, data["character"], data["other"], False)
        else:
            standing = revenge(state, data["character"], data["other"])
        if standing is not None:
            standing["points"] = new_standing(standing["points"], -data["amount"])

    def carried_over(state: State, data: dict[str, Any]) -> None:
        character = data["character"]
        held = others(state, character, True)
        if held is None:  # the character's sheet is not here: nothing to start
            return
        for carried in data["relationships"]:
            standing = held.get(carried["other"])
            if standing is None:
                standing = held[carried["other"]] = fresh()
            standing["points"] = carried["points"]
            standing["statuses"] = list(carried["statuses"])
        for old in data.get("past_revenges", []):
            if current_of(state, character) is None:
                place.start(state, character, old["target"])
                started = current_of(state, character)
                if started is not None:
                    started["points"] = old["points"]
                    place.freeze(state, character, started)
        revenge_now = data.get("revenge")
        if revenge_now is not None and current_of(state, character) is None:
            place.start(state, character, revenge_now["target"])
            started = current_of(state, character)
            if started is not None:
                started["points"] = revenge_now["points"]

    table: dict[str, Handler] = {
        "vpt.carried_over": carried_over,
        "vpt.relationship_opened": opened,
        "vpt.relationship_ticked": ticked,
        "vpt.status_gained": status_gained,
        "vpt.status_renounced": status_renounced,
        "vpt.revenge_target_chosen": revenge_chosen,
        "vpt.revenge_renounced": revenge_renounced,
        "vpt.revenge_ticked": revenge_ticked,
        "vpt.points_spent": spent,
    }
    if place.mark is None:
        return table
    mark = place.mark

    def marking(handler: Handler, who: str, kind: str) -> Handler:
        def marked(state: State, data: dict[str, Any]) -> None:
            mark(state, data[who], kind)
            handler(state, data)
        return marked

    subjects = {"vpt.carried_over": "character", "vpt.revenge_target_chosen": "avenger",
                "vpt.revenge_renounced": "avenger", "vpt.revenge_ticked": "avenger"}
    return {kind: marking(handler, subjects.get(kind, "character"), kind) for kind, handler in table.items()}
