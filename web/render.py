"""Stored events as the API shows them: the same item in /api/events, the stream and every command's answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from journal.events.envelope import Event
from journal.service.summaries import summary


def event_json(event: Event) -> dict[str, Any]:
    """``{version, id, type, actor, recorded_at, session, causation, data, summary}`` of one stored event."""
    return {"version": event.version, "id": event.id, "type": event.type, "actor": event.actor,
            "recorded_at": event.recorded_at, "session": event.session, "causation": event.causation,
            "data": event.data, "summary": summary(event)}


def events_json(events: Event | Iterable[Event]) -> dict[str, Any]:
    """``{"events": [...]}``: what every command answers with (one event or several)."""
    items = [events] if isinstance(events, Event) else list(events)
    return {"events": [event_json(e) for e in items]}
