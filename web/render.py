"""Stored events as the API shows them: the same item in /api/events, the stream and every command's answer."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from journal.events.envelope import Event
from journal.service.figures import Figure, listing, note
from journal.service.journal import Journal
from journal.service.naming import Naming
from journal.service.summaries import NAMED, summary


def event_json(event: Event, naming: Naming | None = None, figure: Any = None) -> dict[str, Any]:
    """``{version, id, type, actor, recorded_at, session, causation, data, summary}`` of one stored event (with
    ``naming``, a dispute's or a void's summary names the dispute and the event, never an id).

    ``data`` is the payload as stored; the summary shows the running totals of ``figure`` (journal.service.figures:
    as the campaign stands now), with what the table was shown when they changed since."""
    said = summary(event, naming, figure=figure)
    changed = note(figure) if isinstance(figure, Figure) else None
    return {"version": event.version, "id": event.id, "type": event.type, "actor": event.actor,
            "recorded_at": event.recorded_at, "session": event.session, "causation": event.causation,
            "data": event.data, "summary": f"{said} ({changed})" if changed else said}


def timeline_json(journal: Journal, campaign: str, events: Iterable[Event]) -> list[dict[str, Any]]:
    """:func:`event_json` of each of ``events`` of ``campaign``, disputes and voids named (the campaign folded only
    when one of them is a dispute's or a void's), totals as they stand (one fold, only when one shows a total)."""
    items = list(events)
    if not items:
        return []
    naming = Naming.of(journal, campaign) if any(e.type in NAMED for e in items) else None
    figures = listing(journal, campaign, items)
    return [event_json(e, naming, figures.get(e.id)) for e in items]


def events_json(events: Event | Iterable[Event], figures: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``{"events": [...]}``: what every command answers with (one event or several)."""
    items = [events] if isinstance(events, Event) else list(events)
    return {"events": [event_json(e, figure=(figures or {}).get(e.id)) for e in items]}
