"""Stored events as the API shows them: the same item in /api/events, the stream and every command's answer."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from journal.events.envelope import Event
from journal.service.figures import Figure, note
from journal.service.summaries import summary


def event_json(event: Event, figure: Any = None) -> dict[str, Any]:
    """``{version, id, type, actor, recorded_at, session, causation, data, summary}`` of one stored event.

    ``data`` is the payload as stored; the summary shows the running totals of ``figure`` (journal.service.figures:
    as the campaign stands now), with what the table was shown when they changed since."""
    said = summary(event, figure)
    changed = note(figure) if isinstance(figure, Figure) else None
    return {"version": event.version, "id": event.id, "type": event.type, "actor": event.actor,
            "recorded_at": event.recorded_at, "session": event.session, "causation": event.causation,
            "data": event.data, "summary": f"{said} ({changed})" if changed else said}


def events_json(events: Event | Iterable[Event], figures: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``{"events": [...]}``: what every command answers with (one event or several)."""
    items = [events] if isinstance(events, Event) else list(events)
    return {"events": [event_json(e, (figures or {}).get(e.id)) for e in items]}
