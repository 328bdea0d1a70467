"""The as-of engine: every kind of point, voids, snapshots and read models, on both databases."""

from __future__ import annotations

import pytest

from journal.errors import NotFound, ValidationFailed
from journal.events.envelope import NewEvent
from journal.store import EventStore
from projections import catalog
from projections.engine import Engine


def _campaign(store: EventStore) -> None:
    store.append("Z", [NewEvent("campaign.created", {"name": "Z", "system": "vpt", "master": "ГМ"}, "ГМ"),
                       NewEvent("member.added", {"name": "Аня", "role": "player"}, "ГМ")], 0)


def _award(amount: int, who: str = "Аня", session: int | None = None) -> NewEvent:
    return NewEvent("stone_wheel.xp_awarded", {"character": who, "amount": amount, "source": "test"}, "ГМ", session=session)


def _void(target, version: int) -> NewEvent:
    return NewEvent("correction.voided", {"target": target.id, "target_version": target.version, "reason": "overturned"}, "ГМ")


def _earned(store: EventStore, point, every: int = 1000) -> int:
    return Engine(store, every).at("Z", point)["xp"]["characters"].get("Аня", {"earned": 0})["earned"]


def test_a_version_point_counts_events_up_to_it(store: EventStore) -> None:
    """As of version 4 only the first two awards (versions 3 and 4) count."""
    _campaign(store)
    store.append("Z", [_award(10), _award(20), _award(40)], 2)
    assert _earned(store, 4) == 30


def test_an_event_id_point_is_just_after_that_event(store: EventStore) -> None:
    """As of an event id, that event counts."""
    _campaign(store)
    events = store.append("Z", [_award(10), _award(20), _award(40)], 2)
    assert _earned(store, events[1].id) == 30


def test_a_before_point_is_just_before_that_event(store: EventStore) -> None:
    """before:ID excludes the named event."""
    _campaign(store)
    events = store.append("Z", [_award(10), _award(20), _award(40)], 2)
    assert _earned(store, f"before:{events[1].id}") == 10


def test_a_before_point_takes_an_event_number(store: EventStore) -> None:
    """before:4 (an event's number, as «до №4» reads) excludes event 4: the award of version 3 alone counts."""
    _campaign(store)
    store.append("Z", [_award(10), _award(20), _award(40)], 2)
    assert _earned(store, "before:4") == 10


def test_a_time_point_counts_events_recorded_at_or_before_it(store: EventStore) -> None:
    """An ISO time selects the events recorded at or before it."""
    _campaign(store)
    store.append("Z", [NewEvent("stone_wheel.xp_awarded", {"character": "Аня", "amount": 5, "source": "t"}, "ГМ",
                                recorded_at="2026-01-01T10:00:00.000000Z"),
                       NewEvent("stone_wheel.xp_awarded", {"character": "Аня", "amount": 7, "source": "t"}, "ГМ",
                                recorded_at="2026-01-01T12:00:00.000000Z")], 2)
    assert (_earned(store, "2026-01-01T11:00:00Z"), _earned(store, "2026-01-01T12:00:00+00:00")) == (5, 12)


def test_session_points_name_its_start_and_its_end(store: EventStore) -> None:
    """session:1:start is just after the start event; session:1 is the end of the session."""
    _campaign(store)
    store.append("Z", [NewEvent("session.started", {"number": 1, "present": ["Аня"], "commitment": "0" * 64, "salts": {}}, "ГМ", session=1),
                       _award(3, session=1),
                       NewEvent("session.ended", {"number": 1, "seed": "1" * 64, "next_counter": 0, "minutes": 60}, "ГМ", session=1),
                       _award(100)], 2)
    assert (_earned(store, "session:1:start"), _earned(store, "session:1"), _earned(store, None)) == (0, 3, 103)


def test_an_unfinished_session_has_no_end_point(store: EventStore) -> None:
    """session:1 of a session still open is refused, saying so."""
    _campaign(store)
    store.append("Z", [NewEvent("session.started", {"number": 1, "present": ["Аня"], "commitment": "0" * 64, "salts": {}}, "ГМ", session=1)], 2)
    with pytest.raises(NotFound, match="session 1 has not ended"):
        Engine(store).at("Z", "session:1")


def test_a_point_past_the_head_is_refused(store: EventStore) -> None:
    """A version beyond the campaign's head names both."""
    _campaign(store)
    with pytest.raises(ValidationFailed, match="version 9 is past the campaign's head 2"):
        Engine(store).at("Z", 9)


def test_an_unreadable_point_is_refused_listing_the_forms(store: EventStore) -> None:
    """Gibberish is refused with the forms a point may take."""
    _campaign(store)
    with pytest.raises(ValidationFailed, match="is not a version, an event id, before:ID, session:K"):
        Engine(store).at("Z", "yesterday-ish")


def test_a_voided_event_stops_counting_from_the_void_on(store: EventStore) -> None:
    """After the void the award is gone; before the void it still counts."""
    _campaign(store)
    _first, second = store.append("Z", [_award(10), _award(20)], 2)
    (void,) = store.append("Z", [_void(second, 5)], 4)
    assert (_earned(store, 4), _earned(store, void.version)) == (30, 10)


def test_a_void_reaching_behind_a_snapshot_is_honoured(store: EventStore) -> None:
    """With snapshots every 2 versions, a void of version 3 made at version 9 still removes it."""
    _campaign(store)
    events = store.append("Z", [_award(1), _award(2), _award(4), _award(8), _award(16), _award(32)], 2)
    assert _earned(store, 8, every=2) == 63  # builds snapshots at 2, 4, 6, 8
    store.append("Z", [_void(events[0], 9)], 8)
    assert (_earned(store, 9, every=2), _earned(store, 8, every=2)) == (62, 63)


def test_a_query_at_the_head_saves_the_read_model(store: EventStore) -> None:
    """Reading at the head leaves a read model at that checkpoint, which the next read starts from."""
    _campaign(store)
    store.append("Z", [_award(5)], 2)
    Engine(store).at("Z")
    fp = catalog.fingerprint(catalog.for_system("vpt"))
    checkpoint, _ = store.projections.read_model("Z", fp)
    assert checkpoint == 3


def test_a_stale_read_model_is_caught_up_on_read(store: EventStore) -> None:
    """Events appended after the read model's checkpoint are folded on the next read."""
    _campaign(store)
    store.append("Z", [_award(5)], 2)
    Engine(store).at("Z")
    store.append("Z", [_award(6)], 3)
    assert _earned(store, None) == 11


def test_rebuild_replaces_snapshots_and_matches_a_fresh_fold(store: EventStore) -> None:
    """rebuild folds again to the same states; it keeps no snapshot that a later void reaches behind.

    Snapshots fall at 3, 6 and 9; the void at 10 removes version 5, so only the one at 3 is kept.
    """
    _campaign(store)
    events = store.append("Z", [_award(i) for i in range(1, 8)], 2)
    store.append("Z", [_void(events[2], 10)], 9)
    engine = Engine(store, 3)
    before = engine.at("Z").states
    assert engine.rebuild("Z").states == before
    fp = catalog.fingerprint(catalog.for_system("vpt"))
    assert store.projections.snapshot_versions("Z", fp, 100) == [3]


def test_an_unknown_campaign_is_not_found(store: EventStore) -> None:
    """Asking about a campaign that does not exist names it."""
    with pytest.raises(NotFound, match="no campaign named 'Нет'"):
        Engine(store).at("Нет")
