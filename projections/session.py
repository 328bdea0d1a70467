"""The sessions projection: which session is open, who is present, and the roll counter of its dice.

The next roll counter is derived from the events (every server roll recorded so far), so a command
that is refused after rolling burns no counter and the counters of a session stay gap-free.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    return {"open": None, "last": 0, "sessions": {}}


def server_rolls(value: Any) -> Iterator[dict[str, Any]]:
    """Every server roll (a dict with ``source == "server"``) nested anywhere in a payload."""
    if isinstance(value, dict):
        if value.get("source") == "server" and "counter" in value and "dice" in value:
            yield value
            return
        for item in value.values():
            yield from server_rolls(item)
    elif isinstance(value, list):
        for item in value:
            yield from server_rolls(item)


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
            "counter": 0,
        }
        state["open"] = data["number"]
        state["last"] = data["number"]
    elif kind == "session.ended":
        session = state["sessions"][str(event.data["number"])]
        session.update(ended_at=event.recorded_at, end_version=event.version, minutes=event.data["minutes"])
        state["open"] = None
    elif event.session is not None and state["open"] == event.session:
        session = state["sessions"][str(event.session)]
        for roll in server_rolls(event.data):
            session["counter"] = max(session["counter"], roll["counter"] + len(roll["dice"]))


def open_session(state: State) -> dict[str, Any] | None:
    """The open session's record, or None between sessions."""
    return None if state["open"] is None else state["sessions"][str(state["open"])]
