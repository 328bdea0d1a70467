"""Writers take turns through the campaign's write lock; a stored id never answers other content (both databases)."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator

import pytest
from support import hold_write, let_go

from journal.errors import CampaignBusy, ValidationFailed
from journal.events.envelope import NewEvent
from journal.store import EventStore, open_store


@pytest.fixture
def holder(store: EventStore, db_url: str) -> Iterator[subprocess.Popen[str]]:
    """Another OS process holding the write lock of campaign 'c' (on SQLite: of the file) until its stdin speaks."""
    process = hold_write(db_url, "c")
    yield process
    let_go(process)


def _release(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("go\n")
    process.stdin.flush()
    assert process.stdout.readline() == "released\n"


def _noted(x: int, *, event_id: str | None = None, type_: str = "test.noted", actor: str = "gm",
           causation: str | None = None, session: int | None = None) -> NewEvent:
    return NewEvent(type_, {"x": x}, actor, id=event_id, causation=causation, session=session)


@pytest.mark.parametrize(
    ("field", "changed"),
    [
        ("type", {"type_": "test.other"}),
        ("data", {"x": 2}),
        ("actor", {"actor": "mallory"}),
        ("causation", {"causation": "00000000-0000-0000-0000-000000000000"}),
        ("session", {"session": 7}),
    ],
)
def test_a_stored_id_with_other_content_is_refused_naming_both(store: EventStore, field: str, changed: dict) -> None:
    """Resending a stored id with another type, data, actor, causation or session is refused; nothing changes."""
    event_id = str(uuid.uuid4())
    store.append("c", [_noted(0)], 0)
    first = store.append("c", [_noted(1, event_id=event_id)], 1)
    again = {"x": 1, "event_id": event_id, **changed}
    with pytest.raises(ValidationFailed) as refused:
        store.append("c", [_noted(**again)])
    assert str(refused.value) == (
        f"event id {event_id} is already stored as version 2 (test.noted) of campaign 'c' with other content than "
        f"this append's {again.get('type_', 'test.noted')}: a retry must resend the same events")
    assert [(e.version, e.id, e.data, e.hash) for e in store.read("c")][1:] == [(2, event_id, {"x": 1}, first[0].hash)]


def test_a_stored_id_resent_unchanged_returns_the_stored_event(store: EventStore) -> None:
    """The idempotent retry still answers: same id, same content -> the stored event, nothing written."""
    event_id = str(uuid.uuid4())
    first = store.append("c", [_noted(1, event_id=event_id)], 0)
    again = store.append("c", [_noted(1, event_id=event_id)])
    assert (again[0].id, again[0].version, again[0].hash) == (event_id, 1, first[0].hash)
    assert store.head("c") == 1


@pytest.mark.slow
def test_an_append_past_the_bound_is_refused_as_busy(store: EventStore, db_url: str,
                                                     holder: subprocess.Popen[str]) -> None:
    """While another process holds the lock, an append with a 0.2 s bound gets CampaignBusy; nothing is written."""
    waiting = open_store(db_url, wait=0.2)
    try:
        with pytest.raises(CampaignBusy) as busy:
            waiting.append("c", [_noted(1)])
        assert waiting.head("c") == 0
    finally:
        waiting.close()
    assert str(busy.value) == "campaign 'c' is busy: other writers held it for 0.2 s; try again"
    assert busy.value.exit_code == 10


@pytest.mark.slow
def test_an_append_waits_for_the_lock_and_lands_after_it_is_released(store: EventStore, db_url: str,
                                                                    holder: subprocess.Popen[str]) -> None:
    """An append that starts while another process holds the lock waits its turn instead of failing."""
    import threading

    landed: list[int] = []
    writer = threading.Thread(target=lambda: landed.extend(e.version for e in store.append("c", [_noted(1)])))
    writer.start()
    assert landed == []  # the holder still holds the lock: the writer cannot have appended
    _release(holder)
    writer.join(timeout=60)
    assert landed == [1]


@pytest.mark.slow
def test_a_cache_save_skips_while_another_process_holds_the_lock(store: EventStore,
                                                                 holder: subprocess.Popen[str]) -> None:
    """A read's read-model save does not wait for a held lock: it returns False and saves nothing."""
    saved = store.projections.save_read_model("c", "fp", 3, b"{}")
    assert saved is False
    assert store.projections.read_model("c", "fp") is None


@pytest.mark.slow
def test_a_campaign_held_in_another_schema_leaves_this_journals_campaign_of_that_name_free(
        store: EventStore, db_url: str) -> None:
    """PostgreSQL: another journal's schema of the same database holds the write lock of its campaign 'c'; this
    journal's campaign 'c' is not held by it (advisory locks are the database's: the key names the schema too).
    A cache save here lands, and an append with a 0.2 s bound does too (the flake of a read model not saved while
    another test worker wrote its own campaign of the same name)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite's write lock is its file's, and another journal is another file")
    import sqlalchemy as sa

    from tests.support import PG_URL, schema_url

    other = f"jt_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {other}")
    try:
        open_store(schema_url(other), upgrade=True).close()
        holder = hold_write(schema_url(other), "c")
        try:
            saved = store.projections.save_read_model("c", "fp", 3, b"{}")
            waiting = open_store(db_url, wait=0.2)
            try:
                landed = [e.version for e in waiting.append("c", [_noted(1)])]
            finally:
                waiting.close()
        finally:
            let_go(holder)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {other} CASCADE")
        admin.dispose()
    assert (saved, landed) == (True, [1])


def test_a_cache_saved_inside_a_write_goes_through_the_writing_connection(store: EventStore) -> None:
    """Inside ``writing`` a read-model save lands (a savepoint of the write) instead of waiting for itself."""
    with store.writing("c") as conn:
        assert store.held("c") is conn
        saved = store.projections.save_read_model("c", "fp", 3, b"{}")
        store.append("c", [_noted(1)])
    assert saved is True
    assert store.projections.read_model("c", "fp") == (3, b"{}")
    assert store.head("c") == 1


def test_a_failed_write_leaves_neither_its_events_nor_its_caches(store: EventStore) -> None:
    """An error inside ``writing`` rolls back the appends and cache saves made through it."""
    with pytest.raises(RuntimeError), store.writing("c"):
        store.append("c", [_noted(1)])
        store.projections.save_read_model("c", "fp", 1, b"{}")
        raise RuntimeError("refused half-way")
    assert store.head("c") == 0
    assert store.projections.read_model("c", "fp") is None


def test_listeners_hear_an_append_only_after_its_write_commits(store: EventStore) -> None:
    """The after-append listeners run when ``writing`` has committed, with the campaign's new head."""
    heard: list[tuple[str, int, int]] = []
    store.after_append.append(lambda campaign, version: heard.append((campaign, version, store.head(campaign))))
    with store.writing("c"):
        store.append("c", [_noted(1), _noted(2)])
        assert heard == []
    assert heard == [("c", 2, 2)]


def test_a_bad_write_bound_is_refused_naming_the_variable(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """JOURNAL_WRITE_WAIT that is not a number of seconds is refused with one line naming it."""
    monkeypatch.setenv("JOURNAL_WRITE_WAIT", "soon")
    with pytest.raises(ValidationFailed, match="^JOURNAL_WRITE_WAIT: 'soon' is not a number of seconds$"):
        open_store(db_url)


def test_sqlite_commits_are_durable_with_synchronous_full(tmp_path) -> None:
    """Every SQLite connection runs WAL with synchronous=FULL (2): a recorded event survives a power loss."""
    opened = open_store(f"sqlite:///{tmp_path / 'durable.db'}")
    try:
        with opened.engine.connect() as conn:
            settings = (conn.exec_driver_sql("PRAGMA journal_mode").scalar(),
                        conn.exec_driver_sql("PRAGMA synchronous").scalar())
    finally:
        opened.close()
    assert settings == ("wal", 2)
