"""The as-of engine: every projection of a campaign at any version, from a snapshot or read model plus a tail.

The answer always equals a full replay from the first event to the point, voids included:

* the voided set at point P is the targets of the voids recorded at or before P; they are skipped;
* a stored state at version B (snapshot or read model) may serve as the base for P only if no void
  recorded in (B, P] reaches back to an event at or before B (that state still counts it);
* while folding the tail, a snapshot is saved every ``snapshot_every`` versions when the same rule
  holds for it, and the read model is saved when the fold reaches the head.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from journal.errors import NotFound
from journal.events.envelope import Event
from journal.events.upcasting import needs_upcast, upcast
from journal.store import EventStore
from projections import catalog, points

#: Default distance between snapshots, in versions.
SNAPSHOT_EVERY = 1000

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

    def at(self, campaign: str, point: str | int | None = None) -> Folded:
        """All projections of ``campaign`` as of ``point`` (see projections.points)."""
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(f"no campaign named '{campaign}'")
        version = points.resolve(self.store, campaign, point, head)
        return self.fold(campaign, version, head)

    def fold(self, campaign: str, version: int, head: int) -> Folded:
        marks = self.store.marks(campaign, to_version=max(version, 1), types=("campaign.created", "correction.voided"))
        system = marks[0].data["system"]
        projections = catalog.for_system(system)
        fp = catalog.fingerprint(projections)
        voided = voids(self.store, campaign, marks, to_version=version)
        base, states = self._base(campaign, fp, version, voided, projections)
        states = self._tail(campaign, fp, states, projections, base, version, head, voided)
        return Folded(campaign, system, version, head, states)

    def _usable(self, base: int, version: int, voids: list[Void]) -> bool:
        return not any(base < void.version <= version and void.target_version <= base for void in voids)

    def _base(self, campaign: str, fp: str, version: int, voids: list[Void], projections: list) -> tuple[int, dict]:
        cache = self.store.projections
        model = cache.read_model(campaign, fp, upto=version)
        if model is not None and self._usable(model[0], version, voids):
            candidate = model[0]
            snapshot_better = [v for v in cache.snapshot_versions(campaign, fp, version)
                               if v > candidate and self._usable(v, version, voids)]
            if not snapshot_better:
                return candidate, orjson.loads(model[1])
        for snapshot in cache.snapshot_versions(campaign, fp, version):
            if self._usable(snapshot, version, voids):
                return snapshot, orjson.loads(cache.snapshot(campaign, snapshot))
        return 0, {p.name: p.initial() for p in projections}

    def _tail(self, campaign: str, fp: str, states: dict, projections: list, base: int, version: int, head: int,
              voids: list[Void], progress: Progress | None = None) -> dict:
        if version > base:
            skip = {void.target for void in voids}

            def save(snapshots: list[tuple[int, bytes]]) -> None:
                self.store.projections.save_snapshots(campaign, fp, snapshots)

            self._fold(states, projections,
                       self.store.read_for_fold(campaign, from_version=base + 1, to_version=version),
                       skip, base, version, voids, progress, save)
        if version == head and version > 0:
            self.store.projections.save_read_model(campaign, fp, version, orjson.dumps(states))
        return states

    def _fold(self, states: dict, projections: list, events: Iterable[Event], skip: set[str], base: int, version: int,
              voids: list[Void], progress: Progress | None, save: Callable[[list[tuple[int, bytes]]], None]) -> None:
        """Fold ``events`` into ``states``; hand the snapshots taken on the way to ``save``, a few at a time."""
        # event type -> (whether its stored payloads may need upcasting, the folds that read it)
        routes: dict[str, tuple[bool, list[tuple[dict, Callable]]]] = {}
        every = self.snapshot_every
        snapshots: list[tuple[int, bytes]] = []
        next_snapshot = (base // every + 1) * every
        for event in events:
            if event.id not in skip:
                found = routes.get(event.type)
                if found is None:
                    found = routes[event.type] = (needs_upcast(event.type),
                                                  [(states[p.name], p.apply) for p in projections if p.wants(event.type)])
                old_shape, route = found
                if old_shape:
                    event = upcast(event)
                for state, apply in route:
                    apply(state, event)
            if event.version == next_snapshot:
                next_snapshot += every
                if self._usable(event.version, version, voids):
                    snapshots.append((event.version, orjson.dumps(states)))
                    if len(snapshots) >= 16:  # bounded memory: a million-event rebuild never holds them all
                        save(snapshots)
                        snapshots = []
                if progress is not None:
                    progress(event.version)
        save(snapshots)

    def rebuild(self, campaign: str, progress: Progress | None = None) -> Folded:
        """Drop the campaign's snapshots and read model and fold it again from the first event."""
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(f"no campaign named '{campaign}'")
        self.store.projections.clear(campaign)
        marks = self.store.marks(campaign, types=("campaign.created", "correction.voided"))
        system = marks[0].data["system"]
        projections = catalog.for_system(system)
        fp = catalog.fingerprint(projections)
        states = {p.name: p.initial() for p in projections}
        states = self._tail(campaign, fp, states, projections, 0, head, head, voids(self.store, campaign, marks), progress)
        return Folded(campaign, system, head, head, states)
