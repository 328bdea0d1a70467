"""Inside a write this context holds, every store read sees the write's own uncommitted events (both databases).

A command's decide runs inside its campaign's write, after the commands before it in its group
(journal/service/journal.py) appended without committing; a read through another connection would not see
those events and the command would decide on a stale journal.
"""

from __future__ import annotations

import pytest

from journal.events.envelope import NewEvent
from journal.store import EventStore


def _noted(x: int) -> NewEvent:
    return NewEvent("test.noted", {"x": x}, "gm")


def test_an_id_prefix_inside_a_write_finds_the_writes_own_event(store: EventStore) -> None:
    """An event appended in the held write is found by its id's first eight characters before the commit."""
    with store.writing("c"):
        [event] = store.append("c", [_noted(1)])
        found = store.ids_with_prefix(event.id[:8], campaign="c")
    assert found == [(event.id, "c")]


def test_a_time_inside_a_write_resolves_to_the_writes_own_version(store: EventStore) -> None:
    """``version_at`` the time of an event appended in the held write is that event's version, before the commit."""
    with store.writing("c"):
        store.append("c", [_noted(1)])
        [second] = store.append("c", [_noted(2)])
        version = store.version_at("c", second.recorded_at)
    assert version == 2


def test_a_campaign_started_inside_a_write_is_listed_before_the_commit(store: EventStore) -> None:
    """A campaign whose first event the held write appended is in ``campaigns()`` inside that write."""
    with store.writing("c"):
        store.append("c", [_noted(1)])
        names = store.campaigns()
    assert names == ["c"]


def test_an_event_appended_inside_a_write_is_read_by_id_before_the_commit(store: EventStore) -> None:
    """``get`` of an event the held write appended returns it (its payload as stored) before the commit."""
    with store.writing("c"):
        [event] = store.append("c", [_noted(7)])
        got = store.get(event.id)
    assert (got.version, got.data) == (1, {"x": 7})


def test_the_head_inside_a_write_counts_the_writes_own_events(store: EventStore) -> None:
    """``head`` and ``exists`` inside the held write see its two uncommitted appends: version 2, the campaign there."""
    with store.writing("c"):
        store.append("c", [_noted(1)])
        store.append("c", [_noted(2)])
        seen = (store.head("c"), store.exists("c"))
    assert seen == (2, True)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)  # SQLite's held write holds the whole file
def test_a_writer_around_the_lock_inside_a_held_write_is_a_conflict_naming_the_committed_head(
        store: EventStore, db_url: str) -> None:
    """PostgreSQL: another connection inserts version 1 of 'c' without the journal's lock and commits only once the
    held write's own insert of version 1 waits for it; that append is then a ConcurrencyConflict naming head 1, not
    the aborted transaction's database error."""
    import threading
    import time

    from journal.errors import ConcurrencyConflict
    from journal.store import open_store

    rogue = open_store(db_url)
    inserted = threading.Event()

    def around_the_lock() -> None:
        with rogue.engine.begin() as conn:  # no advisory lock: around the journal's write lock
            rogue.append("c", [_noted(9)], conn=conn)
            inserted.set()
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not conn.exec_driver_sql(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND datname = current_database()").scalar():
                time.sleep(0.02)  # until the held write's insert waits on this one's row

    thread = threading.Thread(target=around_the_lock)
    try:
        with pytest.raises(ConcurrencyConflict) as conflict, store.writing("c"):
            store.head("c")  # the held write's snapshot of the head: 0
            thread.start()
            inserted.wait(30)
            store.append("c", [_noted(1)])
    finally:
        thread.join(60)
        rogue.close()
    assert (conflict.value.actual, store.head("c")) == (1, 1)
