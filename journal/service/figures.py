"""The running totals a summary shows ("3 in all", "2 left"), read from the fold at each event, never from the event.

An event records facts (wounds taken, points spent); what a character stood at after it is the fold's to say,
so after an overturn the log, the timeline, the replay and the page show the totals as they stand now.  Each
rule system names, per event type, a reader ``(states, data) -> {field: value}`` of the states just after the
event (its descriptor's ``figures``); the summary line reads those fields as if the payload carried them.

Beside the total as it stands, a figure keeps the one **shown at the table**: the total an older event recorded
(its stored payload still holds it), else the fold as it stood when the event was recorded (with only the voids
recorded before it).  A summary whose total changed since says so (:func:`note`).

:func:`walk` answers a whole listing in one fold of the campaign (two when it has voids: the table's fold is
taken again from the engine at each void, not at each event), :func:`after` one event.  A ``tally.committed``
says how many of its lines stand (its ``lines`` less those an overturn voided, line by line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from journal.events.envelope import Event
from journal.events.upcasting import current_version, needs_upcast, upcast
from journal.i18n import _
from journal.systems import registry

if TYPE_CHECKING:
    from journal.service.journal import Journal

States = dict[str, Any]
Reader = Callable[[States, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Figure:
    """The totals one event's summary shows: as the campaign stands (``now``) and as shown at the table."""

    now: dict[str, Any]
    shown: dict[str, Any]
    #: How a field's value reads in the "at the table" mark (the system's ``figure_texts``; else ``str``).
    texts: Mapping[str, Callable[[Any], str]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def changed(self) -> dict[str, Any]:
        """The fields whose value at the table differs from the one now, with the value at the table."""
        return {key: value for key, value in self.shown.items() if key in self.now and self.now[key] != value}


def readers(system: str) -> dict[str, Reader]:
    """The figure readers of ``system`` by event type (empty when it has none)."""
    reference = registry.system(system).figures
    return registry.load(reference) if reference is not None else {}


def texts(system: str) -> Mapping[str, Callable[[Any], str]]:
    """How ``system``'s figure fields read in the "at the table" mark (empty: each reads as ``str``)."""
    reference = registry.system(system).figure_texts
    return registry.load(reference) if reference is not None else {}


def recorded(event: Event, reader_keys: Iterable[str]) -> dict[str, Any]:
    """The totals an event of an older schema stored itself (what the table was shown), as recorded."""
    if event.schema >= current_version(event.type):
        return {}
    return {key: event.data[key] for key in reader_keys if key in event.data}


def _data(event: Event) -> dict[str, Any]:
    return upcast(event).data if needs_upcast(event.type) else event.data


def after(journal: Journal, campaign: str, event: Event) -> dict[str, Any]:
    """The totals ``event``'s summary shows as the campaign stands just after it (the fold at its version)."""
    reader = readers(journal.campaign(campaign)["system"]).get(event.type)
    if reader is None:
        return {}
    return reader(journal.at(campaign, event.version).states, _data(event))


def shown(journal: Journal, campaign: str, event: Event) -> Event:
    """``event`` with the totals its summary shows added to its payload, as a verb prints (and ``--json`` emits) what
    it just recorded: the stored event is left as it was."""
    totals = after(journal, campaign, event)
    return event._replace(data={**event.data, **totals}) if totals else event


def latest(journal: Journal, campaign: str, events: Iterable[Event]) -> dict[str, dict[str, Any]]:
    """The totals of events a verb just recorded, by event id (the fold at each one's version: the head's is warm)."""
    found = readers(journal.campaign(campaign)["system"])
    return {event.id: after(journal, campaign, event) for event in events if event.type in found}


def listing(journal: Journal, campaign: str, events: list[Event]) -> dict[str, Figure]:
    """The figures of a page of events (a fold up to its last one, only when one of them shows a total)."""
    found = readers(journal.campaign(campaign)["system"])
    if not any(event.type in found or event.type == "tally.committed" for event in events):
        return {}
    return walk(journal, campaign, upto=max(event.version for event in events))


def walk(journal: Journal, campaign: str, upto: int | None = None) -> dict[str, Figure]:
    """Every figure of ``campaign``'s events (up to version ``upto``) by event id, in one fold over its stream (see
    the module docstring)."""
    from projections import catalog
    from projections.engine import voids

    system = journal.campaign(campaign)["system"]
    found = readers(system)
    drawn = texts(system)
    projections = catalog.for_system(system)
    voided = voids(journal.store, campaign)
    skip = {void.target for void in voided}
    now: States = {p.name: p.initial() for p in projections}
    table: States | None = {p.name: p.initial() for p in projections} if voided else None
    routes: dict[str, list[tuple[str, Callable[[dict[str, Any], Event], None]]]] = {}
    figures: dict[str, Figure] = {}
    struck: dict[str, int] = {}  # decision -> how many of its events are voided (a tally's lines)
    for event in journal.store.read(campaign, to_version=upto):
        if event.id in skip:
            struck[event.decision_id] = struck.get(event.decision_id, 0) + 1
        if event.type == "tally.committed":
            figures[event.id] = _tally(event, struck, skip)
            continue
        route = routes.get(event.type)
        if route is None:
            route = routes[event.type] = [(p.name, p.apply) for p in projections if p.wants(event.type)]
        read = upcast(event) if needs_upcast(event.type) else event
        if table is not None and event.type == "correction.voided":
            # the table's campaign from here on: every void up to this one (a copy: the fold goes on in it)
            table = orjson.loads(orjson.dumps(journal.at(campaign, event.version).states))
        else:
            for name, apply in route:
                if event.id not in skip:
                    apply(now[name], read)
                if table is not None:
                    apply(table[name], read)
        reader = found.get(event.type)
        if reader is None:
            continue
        at_table = reader(table if table is not None else now, read.data)
        figure = at_table if event.id in skip else reader(now, read.data)
        figures[event.id] = Figure(figure, {**at_table, **recorded(event, at_table)}, drawn)
    return figures


def _tally(event: Event, struck: dict[str, int], skip: set[str]) -> Figure:
    """A tally's lines as they stand: those its commit appended, less the ones an overturn voided (line by line)."""
    lines = event.data["lines"]
    if event.id in skip:  # the whole commit voided: the count as committed
        return Figure({"lines": lines}, {"lines": lines})
    return Figure({"lines": max(lines - struck.get(event.decision_id, 0), 0)}, {"lines": lines})


def data(event: Event, figure: Figure | Mapping[str, Any] | None) -> dict[str, Any]:
    """``event``'s payload in its current shape with the totals of ``figure`` (as they stand now) added."""
    shown = _data(event)
    if figure is None:
        return shown
    return {**shown, **(figure.now if isinstance(figure, Figure) else figure)}


def note(figure: Figure | None) -> str | None:
    """What a summary adds when its totals changed since the table: ``at the table: 3``; None when none did."""
    if figure is None or not figure.changed:
        return None
    values = (figure.texts.get(key, _text)(value) for key, value in figure.changed.items())
    return _("at the table: {values}").format(values=", ".join(values))


def _text(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{key} {item}" for key, item in value.items())
    return str(value)
