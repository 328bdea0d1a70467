"""The sessions projection: which session is open, who is present, when each started and ended.

The next roll counter of the open session is not kept here (scanning every payload for dice would
cost every replay): the service derives it from the open session's own events when it rolls.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]

#: Event types this projection reads (the engine calls apply only for these).
TYPES = ("session.started", "session.ended")


def initial() -> State:
    return {"open": None, "last": 0, "sessions": {}}


def minutes_between(start: str, end: str) -> int:
    """Whole minutes between two stored timestamps."""
    fmt = "%Y-%m-%dT%H:%M:%S.%fZ"
    return int((datetime.strptime(end, fmt) - datetime.strptime(start, fmt)).total_seconds() // 60)


def apply(state: State, event: Event) -> None:
    kind = event.type
    if kind == "session.started":
        data = event.data
        state["sessions"][str(data["number"])] = {
            "number": data["number"],
            "present": list(data["present"]),
            "commitment": data["commitment"],
            "salts": dict(data["salts"]),
            "started_at": event.recorded_at,
            "start_version": event.version,
            "ended_at": None,
            "end_version": None,
            "minutes": None,
        }
        state["open"] = data["number"]
        state["last"] = data["number"]
    elif kind == "session.ended":
        session = state["sessions"][str(event.data["number"])]
        session.update(ended_at=event.recorded_at, end_version=event.version, minutes=event.data["minutes"])
        # A closed session's dice proof lives in its start and end events (found through event_marks):
        # keeping it here would grow every snapshot with every session ever played.
        del session["commitment"], session["salts"]
        state["open"] = None


def open_session(state: State) -> dict[str, Any] | None:
    """The open session's record, or None between sessions."""
    return None if state["open"] is None else state["sessions"][str(state["open"])]
