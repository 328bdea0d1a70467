"""The as-of engine: every projection of a campaign at any version, from a snapshot or read model plus a tail.

The answer always equals a full replay from the first event to the point, voids included:

* the voided set at point P is the targets of the voids recorded at or before P; they are skipped;
* a stored state at version B (snapshot or read model) may serve as the base for P only if no void
  recorded in (B, P] reaches back to an event at or before B (that state still counts it);
* while folding the tail, a snapshot is saved every ``snapshot_every`` versions when the same rule
  holds for it, and the read model is saved when the fold reaches the head.  A read saves them only
  when the campaign's write lock is free at once (a cache not saved costs nothing); inside a command
  they are saved in its write; a rebuild waits for the lock (journal.store.snapshots).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from journal.errors import VERIFY, IntegrityFailure, NotFound
from journal.events.envelope import Event
from journal.events.upcasting import needs_upcast, upcast
from journal.i18n import _
from journal.store import EventStore
from projections import catalog, points

#: Default distance between snapshots, in versions.
SNAPSHOT_EVERY = 1000
#: The snapshots a fold takes are saved (one write) once they hold this many bytes of JSON, or at its end.
_SAVE_BYTES = 4 * 2**20

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Folded:
    """Every projection's state of one campaign at ``version``."""

    campaign: str
    system: str
    version: int
    head: int
    states: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.states[name]


@dataclass(frozen=True)
class Void:
    """An event taken out of every fold from ``version`` on: ``target`` at ``target_version``, by void ``by``."""

    version: int
    target_version: int
    target: str
    by: str = ""
    reason: str = ""
    dispute: str | None = None


def voided_by(store: EventStore, mark: Event) -> list[Void]:
    """The events one ``correction.voided`` takes out: the one reading of a void every caller shares.

    A void recorded with decisions (``decision`` set on the void) names one event, and the ruling
    lists one void per event of the overturned decision.  A void recorded before decisions named only
    the disputed event: it takes out the whole decision of that event (the events its command appended),
    as a ruling does today.
    """
    data = mark.data
    first = Void(mark.version, data["target_version"], data["target"], mark.id, data["reason"], data.get("dispute"))
    if mark.decision is not None:
        return [first]
    return [first] + [Void(mark.version, event.version, event.id, mark.id, data["reason"], data.get("dispute"))
                      for event in store.decision(store.get(data["target"])) if event.id != data["target"]]


def voids(store: EventStore, campaign: str, marks: Iterable[Event] | None = None,
          to_version: int | None = None) -> list[Void]:
    """Every event voided in ``campaign`` (by the voids recorded up to ``to_version``), see :func:`voided_by`."""
    if marks is None:
        marks = store.marks(campaign, to_version=to_version, types=("correction.voided",))
    return [void for mark in marks
            if mark.type == "correction.voided" and (to_version is None or mark.version <= to_version)
            for void in voided_by(store, mark)]


def voids_from_events(store: EventStore, campaign: str, to_version: int | None = None) -> list[Void]:
    """As :func:`voids`, reading the void events from the stream itself rather than through their marks.

    For the audit and ``verify``: a marks row deleted behind the journal's back cannot hide a void from them
    (the folds' hot path reads the marks, and ``verify`` names a missing one).
    """
    events = store.read(campaign, to_version=to_version, types=("correction.voided",))
    return voids(store, campaign, events, to_version=to_version)


def apply_event(states: dict[str, Any], projections: list[catalog.Projection], event: Event) -> None:
    """Fold one event into ``states`` the way the engine does: upcast to the current shape, then every fold
    that reads its type (for walks that look at the state after each event, such as the replay)."""
    event = upcast(event)
    for projection in projections:
        if projection.wants(event.type):
            projection.apply(states[projection.name], event)


class Engine:
    """Answers 'what did the projections say at point X' for the campaigns of one store."""

    def __init__(self, store: EventStore, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self._systems: dict[str, tuple[list[catalog.Projection], str]] = {}

    def _catalog(self, system: str) -> tuple[list[catalog.Projection], str]:
        """The projections of ``system`` and their fingerprint, looked up once per engine."""
        found = self._systems.get(system)
        if found is None:
            projections = catalog.for_system(system)
            found = self._systems[system] = (projections, catalog.fingerprint(projections))
        return found

    def at(self, campaign: str, point: str | int | None = None) -> Folded:
        """All projections of ``campaign`` as of ``point`` (see projections.points)."""
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        version = points.resolve(self.store, campaign, point, head)
        return self.fold(campaign, version, head)

    def _system(self, campaign: str, marks: list[Event]) -> str:
        """The campaign's rule system, from its creation (read from the events when the marks lack it)."""
        if marks and marks[0].version == 1 and marks[0].type == "campaign.created":
            return marks[0].data["system"]
        first = next(iter(self.store.read(campaign, to_version=1)), None)
        if first is None or first.type != "campaign.created":
            raise IntegrityFailure(_("campaign '{campaign}': its first event is not its creation")
                                   .format(campaign=campaign), hint=VERIFY)
        return first.data["system"]

    def fold(self, campaign: str, version: int, head: int) -> Folded:
        marks = self.store.marks(campaign, to_version=max(version, 1), types=("campaign.created", "correction.voided"))
        system = self._system(campaign, marks)
        projections, fp = self._catalog(system)
        voided = voids(self.store, campaign, marks, to_version=version)
        base, states = self._base(campaign, fp, version, voided, projections)
        states = self._tail(campaign, fp, states, projections, base, version, head, voided)
        return Folded(campaign, system, version, head, states)

    def _usable(self, base: int, version: int, voids: list[Void]) -> bool:
        return not any(base < void.version <= version and void.target_version <= base for void in voids)

    def _base(self, campaign: str, fp: str, version: int, voids: list[Void], projections: list) -> tuple[int, dict]:
        """The newest usable stored state at or before ``version`` (the read model or a snapshot), else the initial one."""
        cache = self.store.projections
        model = cache.read_model(campaign, fp, upto=version)
        if model is not None and not self._usable(model[0], version, voids):
            model = None
        above = -1 if model is None else model[0]  # only a snapshot newer than the read model is better
        nearest = cache.nearest(campaign, fp, version, above=above)
        if nearest is not None and not self._usable(nearest[0], version, voids):  # a later void reaches back
            usable = [v for v in cache.snapshot_versions(campaign, fp, version) if v > above and self._usable(v, version, voids)]
            nearest = (usable[0], cache.snapshot(campaign, usable[0])) if usable else None
        found = nearest or model
        if found is None:
            return 0, {p.name: p.initial() for p in projections}
        return found[0], orjson.loads(found[1])

    def _tail(self, campaign: str, fp: str, states: dict, projections: list, base: int, version: int, head: int,
              voids: list[Void], progress: Progress | None = None, wait: float = 0) -> dict:
        if version > base:
            skip = {void.target for void in voids}

            def save(snapshots: list[tuple[int, bytes]]) -> None:
                self.store.projections.save_snapshots(campaign, fp, snapshots, wait=wait)

            self._fold(states, projections, self._read(campaign, projections, base + 1, version),
                       skip, base, version, voids, progress, save)
        if version == head and version > 0:
            self.store.projections.save_read_model(campaign, fp, version, orjson.dumps(states), wait=wait)
        return states

    def _read(self, campaign: str, projections: list[catalog.Projection], start: int, end: int) -> Iterator[Event]:
        """The events of versions ``start``..``end`` that some fold of ``projections`` reads (catalog.selection)."""
        selected = catalog.selection(projections)
        if selected is None:
            return self.store.read_for_fold(campaign, from_version=start, to_version=end)
        return self.store.read_for_fold(campaign, from_version=start, to_version=end, types=selected.types,
                                        suffixes=selected.suffixes, caused=selected.caused)

    def _fold(self, states: dict, projections: list, events: Iterable[Event], skip: set[str], base: int, version: int,
              voids: list[Void], progress: Progress | None, save: Callable[[list[tuple[int, bytes]]], None]) -> None:
        """Fold ``events`` (versions after ``base`` up to ``version``, in order; those no fold reads may be left
        out) into ``states``; hand the snapshots due on the way to ``save``, a few at a time."""
        # event type -> (whether its stored payloads may need upcasting, the folds that read it)
        routes: dict[str, tuple[bool, list[tuple[dict, Callable]]]] = {}
        every = self.snapshot_every
        snapshots: list[tuple[int, bytes]] = []
        pending = 0  # their bytes
        due = (base // every + 1) * every  # the version of the next snapshot

        def take(upto: int) -> int:
            """The states hold every event up to ``upto``: the snapshots due at or before it; the next one due."""
            nonlocal snapshots, pending
            at, dumped = due, b""
            while at <= upto:
                if self._usable(at, version, voids):
                    dumped = dumped or orjson.dumps(states)
                    snapshots.append((at, dumped))
                    pending += len(dumped)
                    if pending >= _SAVE_BYTES or len(snapshots) >= 64:  # bounded memory: a million-event rebuild
                        save(snapshots)                                 # never holds them all
                        snapshots, pending = [], 0
                if progress is not None:
                    progress(at)
                at += every
            return at

        for event in events:
            if event.version > due:
                due = take(event.version - 1)
            if event.id in skip:
                continue
            found = routes.get(event.type)
            if found is None:
                found = routes[event.type] = (needs_upcast(event.type),
                                              [(states[p.name], p.apply) for p in projections if p.wants(event.type)])
            old_shape, route = found
            if old_shape:
                event = upcast(event)
            for state, apply in route:
                apply(state, event)
        take(version)
        save(snapshots)

    def rebuild(self, campaign: str, progress: Progress | None = None) -> Folded:
        """Drop the campaign's snapshots and read model and fold it again from the first event."""
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        self.store.projections.clear(campaign)
        marks = self.store.marks(campaign, types=("campaign.created", "correction.voided"))
        system = self._system(campaign, marks)
        projections, fp = self._catalog(system)
        states = {p.name: p.initial() for p in projections}
        states = self._tail(campaign, fp, states, projections, 0, head, head, voids(self.store, campaign, marks), progress,
                            wait=self.store.wait)
        return Folded(campaign, system, head, head, states)
