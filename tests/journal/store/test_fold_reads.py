"""The store's fold read with a selection: only the events of the selected types, suffixes and causations."""

from __future__ import annotations

from journal.events.envelope import NewEvent
from journal.store import EventStore


def _stream(store: EventStore) -> None:
    store.append("c", [NewEvent("test.kept", {"n": 1}, "gm"), NewEvent("test.noise", {"n": 2}, "gm"),
                       NewEvent("any.xp_awarded", {"n": 3}, "gm"), NewEvent("test.xpXawarded", {"n": 4}, "gm"),
                       NewEvent("test.noise", {"n": 5}, "gm", causation="some-void"),
                       NewEvent("test.kept", {"n": 6}, "gm")], 0)


def test_a_selected_fold_read_returns_only_the_selected_types(store: EventStore) -> None:
    """With types only, the events of other types are left out and the versions keep their numbers."""
    _stream(store)
    assert [e.version for e in store.read_for_fold("c", types={"test.kept"})] == [1, 6]


def test_a_suffix_selects_every_type_ending_in_it_literally(store: EventStore) -> None:
    """'.xp_awarded' selects any.xp_awarded; its underscore is no wildcard, so test.xpXawarded stays out."""
    _stream(store)
    assert [e.version for e in store.read_for_fold("c", types=set(), suffixes=(".xp_awarded",))] == [3]


def test_caused_selects_every_event_naming_a_causation(store: EventStore) -> None:
    """With caused, an event of an unselected type that names a causation is read, with its payload decoded."""
    _stream(store)
    found = [(e.version, e.data) for e in store.read_for_fold("c", types={"test.kept"}, caused=True)]
    assert found == [(1, {"n": 1}), (5, {"n": 5}), (6, {"n": 6})]


def test_a_selected_fold_read_keeps_to_its_version_range(store: EventStore) -> None:
    """from_version and to_version bound the selected read as they bound the plain one."""
    _stream(store)
    selected = store.read_for_fold("c", from_version=2, to_version=5, types={"test.kept"}, suffixes=(".xp_awarded",),
                                   caused=True)
    assert [e.version for e in selected] == [3, 5]
