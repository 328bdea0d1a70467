"""What the as-of engine reads: only the events its folds read, with snapshots still falling on their versions."""

from __future__ import annotations

import types

import orjson

from journal.events.envelope import NewEvent
from journal.store import EventStore
from projections import catalog
from projections.engine import Engine


def _campaign(store: EventStore) -> None:
    """Versions 1-2 the campaign; 3 noise, 4 an award, 5-6 noise, 7 an award, 8 noise (no fold reads test.noise)."""
    noise = NewEvent("test.noise", {"n": 0}, "ГМ")
    store.append("Z", [NewEvent("campaign.created", {"name": "Z", "system": "vpt", "master": "ГМ"}, "ГМ"),
                       NewEvent("member.added", {"name": "Аня", "role": "player"}, "ГМ"), noise,
                       NewEvent("stone_wheel.xp_awarded", {"character": "Аня", "amount": 1, "source": "session"}, "ГМ"), noise, noise,
                       NewEvent("stone_wheel.xp_awarded", {"character": "Аня", "amount": 2, "source": "session"}, "ГМ"), noise], 0)


def _earned(states: dict) -> int:
    return states["xp"]["characters"].get("Аня", {"earned": 0})["earned"]


def test_the_vpt_selection_names_its_types_the_declared_xp_events_and_causations() -> None:
    """VPT's folds read their types, every XP event a descriptor declares (no suffix convention) and every event
    naming a causation."""
    selected = catalog.selection(catalog.for_system("vpt"))
    assert selected is not None
    assert ("vpt.wounds_taken" in selected.types, "vpt.hit_rolled" in selected.types,
            "dichotomy.xp_spent" in selected.types, selected.suffixes, selected.caused) == (True, False, True, (), True)


def test_a_fold_that_declares_nothing_makes_the_engine_read_every_event() -> None:
    """A projection module without TYPES, SUFFIXES or CAUSED reads everything: the selection is None."""
    module = types.ModuleType("everything")
    projections = [*catalog.for_system("vpt"), catalog.Projection("everything", 1, module)]
    assert catalog.selection(projections) is None


def test_snapshots_fall_on_their_versions_when_those_events_are_not_read(store: EventStore) -> None:
    """Every 3 versions: the snapshot at 3 (noise) holds nothing earned, the one at 6 (noise) the award of 4."""
    _campaign(store)
    Engine(store, 3).rebuild("Z")
    fp = catalog.fingerprint(catalog.for_system("vpt"))
    saved = [_earned(orjson.loads(store.projections.snapshot("Z", v))) for v in (3, 6)]
    assert (store.projections.snapshot_versions("Z", fp, 100), saved) == ([6, 3], [0, 1])


def test_every_point_from_snapshots_equals_a_fold_from_the_first_event(store: EventStore) -> None:
    """As of each version, the engine with snapshots every 2 gives what a fold from version 1 gives."""
    _campaign(store)
    Engine(store, 2).rebuild("Z")
    from_snapshots = [Engine(store, 2).at("Z", v).states for v in range(1, 9)]
    store.projections.clear("Z")
    from_scratch = [Engine(store, 10**9).fold("Z", v, 8).states for v in range(1, 9)]
    store.projections.clear("Z")
    assert (from_snapshots == from_scratch, [_earned(s) for s in from_scratch]) == (True, [0, 0, 0, 1, 1, 1, 3, 3])


def test_the_nearest_snapshot_is_the_newest_after_the_given_floor(store: EventStore) -> None:
    """nearest: the newest snapshot at or before the point, and none when the floor (a read model) is newer."""
    _campaign(store)
    Engine(store, 3).rebuild("Z")
    fp = catalog.fingerprint(catalog.for_system("vpt"))
    nearest = store.projections.nearest("Z", fp, 8)
    assert (nearest[0] if nearest else None, store.projections.nearest("Z", fp, 8, above=6)) == (6, None)
