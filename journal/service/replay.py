"""The replay of one session, event by event, as JSON-ready data: what was recorded, by whom, the outcome,
and the sheet fields each event changed; with the session's XP and relationship changes for a chart.

How it is computed (one fold, never ``journal.at`` per event):

* the campaign is folded once, as of just before the session's ``session.started``;
* each event of the session (from its start to its end, inclusive) is applied in place through every
  projection of the campaign's catalogue, and only the sheets it changed are compared field by field
  (a deep copy of each sheet is kept; ``sheet != copy`` is one C-level comparison per sheet);
* a void (``correction.voided``) changes the past, so at a void the state is folded again as of the
  void (one ``journal.at`` per void) and the sheets are diffed across it: "voided from the void on";
* the totals the summaries show ("3 in all") are the campaign's as it stands now, with every void
  (journal.service.figures: one more fold of the campaign), marked where they differ from the table's;
* after the end, the walk goes on up to the next session's start (or the head) applying every event,
  and lists those that name this session in their payload (``session: K``, e.g. the session's XP
  awards recorded after it ended) or void one of its events: the session's aftermath.

An event voided by any void recorded so far (even after the session) carries ``voided``; the XP and
bond totals count only what has not been voided.  The sheets are the system descriptor's ``sheets``; the
bonds (for a system that keeps standings between characters, its descriptor's ``bonds``) sum the changes
of the session's ticks per pair, with the pair's standing as folded at the end of the walk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import orjson

from journal.errors import NotFound, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import gettext as _
from journal.service.figures import Figure
from journal.service.figures import note as figure_note
from journal.service.figures import walk as figures_of
from journal.service.journal import Journal
from journal.service.naming import Naming
from journal.service.summaries import notes, summary
from journal.systems import registry
from journal.systems.registry import Bonds, XpEvent
from projections import catalog
from projections.engine import apply_event, voided_by, voids
from projections.xp import declared as xp_events


def _copy(value: Any) -> Any:
    """A deep copy of JSON data (orjson round trip: faster than copy.deepcopy)."""
    return orjson.loads(orjson.dumps(value))


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Nested dicts as ``{"a.b.c": leaf}``; lists are leaves, an empty dict has none."""
    if isinstance(value, dict):
        flat: dict[str, Any] = {}
        for key, item in value.items():
            flat.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: value}


class _Sheets:
    """The sheets of the walked state, with the copy each was last compared against.

    A field path's raw keys (event ids) read as the names the system's descriptor ``labels`` gives them,
    collected from every state walked (so a key still reads as its name after a void took it out).
    """

    def __init__(self, system: str, states: dict[str, Any]) -> None:
        descriptor = registry.system(system)
        self.places = [(where.projection, where.key) for where in descriptor.sheets]
        self.labels = descriptor.labels.load() if descriptor.labels else None
        self.names: dict[str, str] = {}
        self.states = states
        self.seen = self.current_copy()

    def _named(self, field: str) -> str:
        return ".".join(self.names.get(part, part) for part in field.split("."))

    def _value(self, item: Any) -> Any:
        """A changed value as people read it: an event id the system names (a Wield geis a failure was collected
        for: «Отдать плащ первому нищему») by its name, any other value as it is."""
        return self.names.get(item, item) if isinstance(item, str) else item

    def current(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for projection, key in self.places:
            found.update(self.states[projection][key])
        return found

    def current_copy(self) -> dict[str, Any]:
        return {name: _copy(sheet) for name, sheet in self.current().items()}

    def changes(self) -> list[dict[str, Any]]:
        """The fields changed since the last call, sheet by sheet (a new sheet's fields from None)."""
        now = self.current()
        out: list[dict[str, Any]] = []
        labelled = False
        for name in sorted(set(now) | set(self.seen)):
            old, new = self.seen.get(name), now.get(name)
            if old == new:
                continue
            if self.labels is not None and not labelled:
                self.names.update(self.labels(self.states))
                labelled = True
            new = None if new is None else _copy(new)  # the live sheet's lists change later, in place
            before, after = flatten(old or {}), flatten(new or {})
            for field in sorted(set(before) | set(after)):
                if before.get(field) != after.get(field):
                    out.append({"character": name, "field": self._named(field), "before": self._value(before.get(field)),
                                "after": self._value(after.get(field))})
            if new is None:
                del self.seen[name]
            else:
                self.seen[name] = new
        return out

    def replace(self, states: dict[str, Any]) -> None:
        """Continue from other states (after a void): the next ``changes`` diffs across the swap."""
        self.states = states


def _session_marks(journal: Journal, campaign: str, number: int) -> tuple[Event, Event | None, Event | None]:
    """The session's start, its end (None while open) and the next session's start (None if none yet)."""
    marks = journal.store.marks(campaign, types=["session.started", "session.ended"])
    start = next((e for e in marks if e.type == "session.started" and e.data["number"] == number), None)
    if start is None:
        raise NotFound(_("no session {number} in campaign '{campaign}'").format(number=number, campaign=campaign))
    end = next((e for e in marks if e.type == "session.ended" and e.data["number"] == number), None)
    following = next((e for e in marks if e.type == "session.started" and e.version > start.version), None)
    return start, end, following


def _voids(journal: Journal, campaign: str, naming: Naming) -> dict[str, dict[str, Any]]:
    """Every voided event id of the campaign -> the void that took it out (the first one), with the dispute's
    short number (None for a void no dispute ruled)."""
    found: dict[str, dict[str, Any]] = {}
    for void in voids(journal.store, campaign):
        found.setdefault(void.target, {"by": void.by, "version": void.version, "reason": void.reason,
                                       "dispute": void.dispute,
                                       "dispute_number": naming.number(void.dispute) if void.dispute else None})
    return found


def _entry(event: Event, changes: list[dict[str, Any]], voided: dict[str, Any] | None, part: str,
           naming: Naming, figure: Figure | None = None) -> dict[str, Any]:
    said = summary(event, naming, figure=figure)
    changed = figure_note(figure)
    return {
        "version": event.version, "id": event.id, "type": event.type, "actor": event.actor,
        "recorded_at": event.recorded_at, "session": event.session, "causation": event.causation,
        "part": part, "summary": f"{said} ({changed})" if changed else said, "changes": changes, "voided": voided,
    }


def _names_session(event: Event, number: int, walked: set[str]) -> bool:
    """An aftermath event worth listing: its payload names this session, or it voids one of its events."""
    if event.data.get("session") == number:
        return True
    return event.type == "correction.voided" and event.data.get("target") in walked  # a void names one event


#: Called after each event the replay lists, with the states folded through it and its part (journal.service.reports).
Observer = Callable[[Event, dict[str, Any], str], None]


def replay(journal: Journal, campaign: str, number: int, observe: Observer | None = None) -> dict[str, Any]:
    """Session ``number`` of ``campaign`` event by event (see the module's docstring for the shape)."""
    if number < 1:
        raise ValidationFailed("session: a session number is 1 or more")
    journal.campaign(campaign)
    start, end, following = _session_marks(journal, campaign, number)
    folded = journal.at(campaign, f"before:{start.id}")
    projections = catalog.for_system(folded.system)
    bonds = registry.system(folded.system).bonds
    ticks = bonds.ticks if bonds is not None else {}
    states = folded.states
    sheets = _Sheets(folded.system, states)
    naming = Naming.of(journal, campaign)
    voided = _voids(journal, campaign, naming)
    figures = figures_of(journal, campaign)  # the totals the summaries show, as they stand now
    head = journal.store.head(campaign)
    last = end.version if end is not None else head
    horizon = following.version - 1 if following is not None else head

    skip: set[str] = set()
    entries: list[dict[str, Any]] = []
    walked: set[str] = set()
    payloads: dict[str, dict[str, Any]] = {}

    def walk(events: Iterable[Event], part: str) -> None:
        nonlocal states
        for event in events:
            if event.type == "correction.voided":
                skip.update(void.target for void in voided_by(journal.store, event))
                states = journal.at(campaign, event.version).states
                sheets.replace(states)
            elif event.id not in skip:
                apply_event(states, projections, event)
            changes = sheets.changes()
            if part == "session" or _names_session(event, number, walked):
                walked.add(event.id)
                entries.append(_entry(event, changes, voided.get(event.id), part, naming, figures.get(event.id)))
                if observe is not None:
                    observe(event, states, part)
                if _award(event.type) is not None or event.type in ticks:
                    payloads[event.id] = event.data

    walk(journal.store.read(campaign, from_version=start.version, to_version=last), "session")
    if end is not None and horizon > last:
        walk(journal.store.read(campaign, from_version=last + 1, to_version=horizon), "after")

    system_notes = notes(states, folded.system, [])
    for entry in entries:
        entry["note"] = system_notes.get(entry["id"])
    counted = [(entry, payloads[entry["id"]]) for entry in entries
               if entry["id"] in payloads and entry["voided"] is None]
    record = states["sessions"]["sessions"][str(number)]
    return {
        "campaign": campaign, "system": folded.system, "session": number, "present": list(start.data["present"]),
        "started_at": start.recorded_at, "ended_at": end.recorded_at if end is not None else None,
        "minutes": record["minutes"], "start_version": start.version,
        "end_version": end.version if end is not None else None, "head": head,
        "events": entries, "xp": _xp(counted), "bonds": _bonds(counted, bonds, states),
    }


Counted = list[tuple[dict[str, Any], dict[str, Any]]]


def _award(event_type: str) -> XpEvent | None:
    """The XP award a system declares for ``event_type`` (its descriptor's ``xp``), if it is one."""
    declared = xp_events().get(event_type)
    return declared if declared is not None and declared.kind == "award" else None


def _xp(counted: Counted) -> list[dict[str, Any]]:
    """XP awarded in (or for) the session, per character, by source; voided awards left out."""
    totals: dict[str, dict[str, Any]] = {}
    for entry, data in counted:
        award = _award(entry["type"])
        if award is None:
            continue
        character, amount = data[award.character], data[award.amount]
        row = totals.setdefault(character, {"character": character, "amount": 0, "by_source": {}, "master": False})
        source = (data.get(award.source) if award.source else None) or "award"
        row["amount"] += amount
        row["by_source"][source] = row["by_source"].get(source, 0) + amount
        row["master"] = row["master"] or bool(data.get("master"))
    return [totals[name] for name in sorted(totals)]


def _standings(bonds: Bonds, states: dict[str, Any]) -> dict[tuple[str, str, str], int]:
    """(character, bond, other) -> points of every standing the bonds fold holds (a frozen one unless a live one)."""
    rows = bonds.table.load()(states[bonds.projection])
    found: dict[tuple[str, str, str], int] = {}
    for row in sorted(rows, key=lambda row: not row.get("frozen", False)):  # the live standing wins
        found[(row["character"], row["bond"], row["other"])] = row["points"]
    return found


def _bonds(counted: Counted, bonds: Bonds | None, states: dict[str, Any]) -> list[dict[str, Any]]:
    """The bond changes of the session's ticks, per pair (voided ticks left out), with each
    pair's standing as folded at the end of the walk (never a total copied from a payload)."""
    if bonds is None:
        return []
    totals: dict[tuple[str, str, str], dict[str, Any]] = {}
    for entry, data in counted:
        shape = bonds.ticks.get(entry["type"])
        if shape is None:
            continue
        bond, who, whom = shape
        key = (data[who], bond, data[whom])
        row = totals.setdefault(key, {"character": data[who], "bond": bond, "other": data[whom], "change": 0,
                                      "points": 0, "items": []})
        row["change"] += data["change"]
        row["items"] += data["items"]
    standings = _standings(bonds, states) if totals else {}
    for key, row in totals.items():
        row["points"] = standings.get(key, 0)
    return [totals[key] for key in sorted(totals)]
