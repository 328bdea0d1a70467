"""The tables derived from the events are never trusted: rebuild them from the events and name every difference.

``verify_derived`` is what ``journal verify`` runs after the chains: the store rebuilds ``event_marks``
(``EventStore.verify_marks``), and this module folds each campaign from its first event, voids read from
the void events themselves, and compares the persisted read model and every snapshot made by this code
with what the events give, projection by projection.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from journal.errors import NotFound, ValidationFailed
from journal.i18n import _
from journal.service.journal import Journal
from projections import catalog
from projections.engine import Engine, Void, voids_from_events

#: A snapshot interval no fold reaches: the check's own folds save nothing.
_NEVER = 2**62


def _differences(stored: dict[str, Any], rebuilt: dict[str, Any]) -> list[str]:
    return sorted(name for name in set(stored) | set(rebuilt) if stored.get(name) != rebuilt.get(name))


def _derived_problems(journal: Journal, campaign: str) -> list[str]:
    store = journal.store
    head = store.head(campaign)
    created = next(store.read(campaign, to_version=1))
    projections = catalog.for_system(created.data["system"])
    fp = catalog.fingerprint(projections)
    cache = store.projections
    model = cache.read_model(campaign, fp)
    points: dict[int, list[tuple[str, bytes]]] = {}
    problems: list[str] = []
    if model is not None:
        if model[0] > head:
            problems.append(f"read model of '{campaign}' is at version {model[0]}, after the campaign's head ({head})")
        else:
            points.setdefault(model[0], []).append((f"read model of '{campaign}'", model[1]))
    for version in cache.snapshot_versions(campaign, fp, head):
        points.setdefault(version, []).append((f"snapshot of '{campaign}' at version {version}",
                                               cache.snapshot(campaign, version)))
    if not points:
        return problems
    engine = Engine(store, snapshot_every=_NEVER)
    every = voids_from_events(store, campaign)

    def fold(states: dict[str, Any], start: int, end: int, found: list[Void]) -> None:
        engine._fold(states, projections, store.read_for_fold(campaign, from_version=start, to_version=end),
                     {void.target for void in found}, start - 1, end, found, None, lambda _snapshots: None)

    states = {p.name: p.initial() for p in projections}
    folded = 0
    for version in sorted(points):
        if engine._usable(version, head, every):  # no later void reaches back: one pass serves this point
            fold(states, folded + 1, version, every)
            folded, rebuilt = version, states
        else:
            rebuilt = {p.name: p.initial() for p in projections}
            fold(rebuilt, 1, version, [void for void in every if void.version <= version])
        expected = orjson.loads(orjson.dumps(rebuilt))
        for what, state in points[version]:
            try:
                stored = orjson.loads(state)
            except orjson.JSONDecodeError:
                problems.append(f"{what} is not a JSON document")
                continue
            differ = _differences(stored, expected) if isinstance(stored, dict) else ["every projection"]
            if differ:
                problems.append(f"{what} differs from the events: {', '.join(differ)}")
    return problems


def verify_derived(journal: Journal, campaign: str | None = None, skip: Iterable[str] = ()) -> list[str]:
    """Every difference between the derived tables (marks, read models, snapshots) and the events, one line each.

    ``skip`` names campaigns whose chain is broken: their events are not the journal's any more, and what the
    derived tables say about them is no evidence either way (the chain's break is the finding).
    """
    if campaign is not None and not journal.store.exists(campaign):
        raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
    skipped = set(skip)
    names = [name for name in ([campaign] if campaign is not None else journal.store.campaigns()) if name not in skipped]
    problems: list[str] = []
    if not skipped:
        problems += journal.store.verify_marks(campaign)
    else:
        for name in names:
            problems += journal.store.verify_marks(name)
    for name in names:
        problems += journal.store.verify_order(name)
        problems += _derived_problems(journal, name)
    problems += seed_problems(journal, campaign)
    return problems


def seed_problems(journal: Journal, campaign: str | None = None) -> list[str]:
    """Each kept seed row (``session_seeds``) that is not what its session's start committed to, one line each.

    A row is the journal's only for a session started under scheme 1 (``seed_source`` "kept", or none), and only
    with the seed whose digest that start recorded as its commitment.  A row for a session whose seed is derived
    from the key (scheme 2), for no recorded session, or with another seed, was put there behind the journal.
    """
    problems: list[str] = []
    starts: dict[str, dict[int, dict[str, Any]]] = {}
    for name, session, seed in journal.store.seed_rows(campaign):
        if name not in starts:
            starts[name] = {} if not journal.store.exists(name) else {
                event.data["number"]: event.data for event in journal.store.read(name, types=["session.started"])}
        where = _("session_seeds: campaign '{campaign}' session {session}").format(campaign=name, session=session)
        start = starts[name].get(session)
        if start is None:
            problems.append(_("{where}: no such session was started (a row put there behind the journal)")
                            .format(where=where))
        elif start.get("seed_source", "kept") != "kept":
            problems.append(_("{where}: the session's seed is derived from the key, none is kept (a row put there "
                              "behind the journal)").format(where=where))
        elif not _matches(seed, start["commitment"]):
            problems.append(_("{where}: the kept seed is not the one the session committed to (the row was altered)")
                            .format(where=where))
    return problems


def _matches(seed: str, commitment: str) -> bool:
    """Whether the kept ``seed`` (hex) is the one whose digest is ``commitment``."""
    from journal.dice.derive import verify_commitment

    try:
        return verify_commitment(bytes.fromhex(seed), commitment)
    except (ValueError, ValidationFailed):  # not hex, or not a seed's length: no seed at all
        return False
