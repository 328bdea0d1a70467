"""The events table partitioned by campaign (revision 0006, PostgreSQL): one partition per campaign's stream,
ids unique across partitions, every partition append-only, and an upgrade that moves the stored events over."""

from __future__ import annotations

import os
import uuid

import pytest
import sqlalchemy as sa

from journal.errors import ValidationFailed
from journal.events.envelope import NewEvent
from journal.store import EventStore, open_store
from journal.store.engine import make_engine

#: These tests read PostgreSQL's catalogue: they run on the PostgreSQL fixture only (SQLite has no partitions).
postgresql_only = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)

#: The partitions revision 0006 makes here (``JOURNAL_EVENT_PARTITIONS``, else 16).
COUNT = int(os.environ.get("JOURNAL_EVENT_PARTITIONS") or 16)
PARTITIONS = [f"events_p{n:02d}" for n in range(COUNT)]


def _new(n: int = 1, actor: str = "gm") -> list[NewEvent]:
    return [NewEvent("test.noted", {"n": i}, actor) for i in range(n)]


def _scalar(store: EventStore, sql: str, **params: object) -> object:
    with store.engine.connect() as conn:
        return conn.execute(sa.text(sql), params).scalar()


@postgresql_only
def test_the_events_table_is_hash_partitioned_by_campaign(store: EventStore) -> None:
    """The catalogue says events is partitioned HASH (campaign) into the configured number of partitions."""
    assert _scalar(store, "SELECT pg_get_partkeydef('events'::regclass)") == "HASH (campaign)"
    assert _scalar(store, "SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass") == COUNT


@postgresql_only
def test_a_campaigns_events_all_live_in_one_partition(store: EventStore) -> None:
    """Forty campaigns of three appends each: every campaign's events share one partition."""
    for number in range(40):
        for version in range(3):
            store.append(f"Кампания {number}", _new(2), version * 2)
    spread = _scalar(store, "SELECT max(n) FROM (SELECT count(DISTINCT tableoid) AS n FROM events GROUP BY campaign) s")
    used = _scalar(store, "SELECT count(DISTINCT tableoid) FROM events")
    assert (spread, used > 1) == (1, True)


@postgresql_only
def test_an_id_stored_in_one_campaign_is_refused_by_the_database_in_another(store: EventStore) -> None:
    """A raw INSERT of campaign b's row with campaign a's event id fails on event_ids' primary key."""
    stored = store.append("a", _new(1), 0)[0]
    row = {"id": stored.id, "campaign": "b", "version": 1, "type": "test.noted", "schema": 1, "data": "{}",
           "actor": "gm", "recorded_at": stored.recorded_at, "hash": "0" * 64}
    with pytest.raises(sa.exc.IntegrityError, match="event_ids_pkey"), store.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO events (id, campaign, version, type, schema, data, actor, recorded_at, hash) "
                             "VALUES (:id, :campaign, :version, :type, :schema, :data, :actor, :recorded_at, :hash)"),
                     row)
    assert (store.head("b"), _scalar(store, "SELECT count(*) FROM event_ids")) == (0, 1)


@postgresql_only
def test_an_import_repeating_an_id_of_another_campaign_imports_nothing(store: EventStore) -> None:
    """A file whose campaign reuses a stored campaign's event id is refused whole, by the ids table."""
    event_id = str(uuid.uuid4())
    store.append("a", [NewEvent("test.noted", {}, "gm", id=event_id)], 0)
    lines = _exported_elsewhere("b", [NewEvent("campaign.created", {"name": "b", "system": "vpt", "master": "gm"}, "gm",
                                               id=event_id)])
    with pytest.raises(ValidationFailed, match="an event id in the file is already stored in this journal"):
        store.import_lines(lines)
    assert (store.head("b"), store.head("a")) == (0, 1)


def _exported_elsewhere(campaign: str, events: list[NewEvent]) -> list[bytes]:
    """Export lines of ``campaign`` holding ``events``, as another journal (a SQLite file in memory) wrote them."""
    other = open_store("sqlite:///:memory:")
    try:
        other.append(campaign, events, 0)
        return list(other.export_lines(campaign))
    finally:
        other.close()


@postgresql_only
@pytest.mark.parametrize("partition", PARTITIONS)
def test_every_partition_refuses_update_delete_and_truncate(store: EventStore, partition: str) -> None:
    """UPDATE, DELETE and TRUNCATE aimed at one partition directly are refused by the triggers."""
    with store.engine.connect() as conn:
        campaign = _campaign_in(conn, partition)
    store.append(campaign, _new(1), 0)  # a row in this partition, for the row triggers to refuse
    refused = []
    for statement in (f"UPDATE {partition} SET actor = 'forger'", f"DELETE FROM {partition}",
                      f"TRUNCATE {partition}"):
        try:
            with store.engine.begin() as conn:
                conn.exec_driver_sql(statement)
        except sa.exc.DatabaseError as exc:
            refused.append(str(exc.orig).splitlines()[0])
    assert refused == ["events are immutable: UPDATE refused", "events are immutable: DELETE refused",
                       "events are immutable: TRUNCATE refused"]


def _campaign_in(conn: sa.Connection, partition: str) -> str:
    """A campaign name whose events go to ``partition`` (PostgreSQL's own routing, asked of the catalogue)."""
    number = int(partition.removeprefix("events_p"))
    for candidate in range(10_000):
        name = f"c{candidate}"
        if conn.execute(sa.text("SELECT satisfies_hash_partition('events'::regclass, :m, :r, CAST(:n AS varchar))"),
                        {"m": COUNT, "r": number, "n": name}).scalar():
            return name
    raise AssertionError(f"no campaign name routes to {partition}")


@postgresql_only
def test_the_ids_table_refuses_update_delete_and_truncate(store: EventStore) -> None:
    """event_ids is append-only like the events it indexes."""
    store.append("a", _new(1), 0)
    refused = []
    for statement in ("UPDATE event_ids SET campaign = 'b'", "DELETE FROM event_ids", "TRUNCATE event_ids"):
        try:
            with store.engine.begin() as conn:
                conn.exec_driver_sql(statement)
        except sa.exc.DatabaseError as exc:
            refused.append(str(exc.orig).splitlines()[0])
    assert refused == ["events are immutable: UPDATE refused", "events are immutable: DELETE refused",
                       "events are immutable: TRUNCATE refused"]


@postgresql_only
def test_an_upgrade_from_0005_keeps_each_event_its_seq_and_the_sequence_goes_on(db_url: str) -> None:
    """Events stored at 0005 keep id, seq and hash in the partitions; the next append takes the next seq."""
    from alembic import command

    from journal.store.migrate import _config

    engine = make_engine(db_url)
    with engine.begin() as connection:
        command.upgrade(_config(connection), "0005")
    engine.dispose()
    # A 0005 store: the tables of that revision, written by today's append (its SQL is the same at 0005).
    from journal.store.eventstore import EventStore as Store

    before = Store(make_engine(db_url))
    try:
        for campaign in ("a", "b", "c"):
            before.append(campaign, _new(3), 0)
        with before.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT seq, id, campaign, hash FROM events ORDER BY seq")).all()
    finally:
        before.close()
    store = open_store(db_url, upgrade=True)
    try:
        with store.engine.connect() as conn:
            moved = conn.execute(sa.text("SELECT seq, id, campaign, hash FROM events ORDER BY seq")).all()
            ids = conn.execute(sa.text("SELECT count(*) FROM event_ids")).scalar()
        appended = store.append("a", _new(1), 3)[0]
        seq = _scalar(store, "SELECT seq FROM events WHERE id = :id", id=appended.id)
        assert (moved, ids, seq, store.verify().ok) == (stored, 9, stored[-1][0] + 1, True)
    finally:
        store.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_sqlite_keeps_one_events_table_and_no_ids_table(store: EventStore) -> None:
    """On SQLite revision 0006 changes nothing: one events table, its id unique by itself."""
    with store.engine.connect() as conn:
        tables = sorted(conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name LIKE 'event%'").scalars())
    assert tables == ["event_marks", "events"]


@postgresql_only
def test_a_partition_count_out_of_range_is_refused_and_leaves_the_schema_at_0005(db_url: str,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """JOURNAL_EVENT_PARTITIONS=0: the upgrade is refused naming the variable, and the database stays at 0005."""
    from alembic import command

    from journal.store.engine import current_revision
    from journal.store.migrate import _config

    engine = make_engine(db_url)
    try:
        with engine.begin() as connection:
            command.upgrade(_config(connection), "0005")
        monkeypatch.setenv("JOURNAL_EVENT_PARTITIONS", "0")
        with pytest.raises(ValidationFailed, match="^JOURNAL_EVENT_PARTITIONS: '0' is not a whole number from 1 to 256$"):
            open_store(db_url, upgrade=True)
        assert current_revision(engine) == "0005"
    finally:
        engine.dispose()
