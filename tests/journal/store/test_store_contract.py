"""The store contract: every backend (SQLite, PostgreSQL) must pass every test in this file."""

from __future__ import annotations

import multiprocessing
import uuid

import pytest
import sqlalchemy as sa
from support import tamper

from journal.errors import ConcurrencyConflict, IntegrityFailure, ValidationFailed
from journal.events.envelope import NewEvent
from journal.store import EventStore, open_store


def _new(n: int = 1, type_: str = "test.noted", actor: str = "gm") -> list[NewEvent]:
    return [NewEvent(type_, {"n": i}, actor) for i in range(n)]


def test_versions_start_at_one_and_have_no_gaps(store: EventStore) -> None:
    """Appending three batches numbers the campaign's events 1..n in order."""
    store.append("c", _new(2), 0)
    store.append("c", _new(3), 2)
    store.append("c", _new(1), 5)
    assert [e.version for e in store.read("c")] == [1, 2, 3, 4, 5, 6]


def test_campaigns_have_independent_versions(store: EventStore) -> None:
    """Each campaign is its own stream with its own version counter."""
    store.append("a", _new(2), 0)
    store.append("b", _new(1), 0)
    assert (store.head("a"), store.head("b")) == (2, 1)


def test_stale_expected_version_is_refused_naming_both_versions(store: EventStore) -> None:
    """A writer that expected version 1 when the stream is at 2 gets a conflict naming 1 and 2."""
    store.append("c", _new(2), 0)
    with pytest.raises(ConcurrencyConflict, match="expected version 1, actual version 2"):
        store.append("c", _new(1), 1)
    assert store.head("c") == 2


def test_two_writers_with_the_same_expected_version_exactly_one_wins(store: EventStore, db_url: str) -> None:
    """Two stores (two connections) appending at version 1: one succeeds, the other conflicts."""
    store.append("c", _new(1), 0)
    other = open_store(db_url)
    try:
        first = store.append("c", _new(1, "test.first"), 1)
        with pytest.raises(ConcurrencyConflict, match="expected version 1, actual version 2"):
            other.append("c", _new(1, "test.second"), 1)
    finally:
        other.close()
    assert first[0].version == 2
    assert [e.type for e in store.read("c")] == ["test.noted", "test.first"]


def _append_with_retry(url: str, worker: int, count: int) -> None:
    store = open_store(url)
    try:
        for i in range(count):
            event = NewEvent("test.noted", {"worker": worker, "i": i}, f"w{worker}")
            while True:
                try:
                    store.append("race", [event], store.head("race"))
                    break
                except ConcurrencyConflict:
                    continue
    finally:
        store.close()


@pytest.mark.slow
def test_four_processes_appending_250_each_lose_nothing(store: EventStore, db_url: str) -> None:
    """4 real processes x 250 appends with retry -> 1,000 events, versions 1..1000, no duplicate ids."""
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_with_retry, args=(db_url, w, 250)) for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=300)
    assert [p.exitcode for p in workers] == [0, 0, 0, 0]
    events = list(store.read("race"))
    assert [e.version for e in events] == list(range(1, 1001))
    assert len({e.id for e in events}) == 1000
    assert sorted((e.data["worker"], e.data["i"]) for e in events) == [(w, i) for w in range(4) for i in range(250)]
    assert store.verify("race").ok


def test_same_event_id_appended_twice_is_stored_once(store: EventStore) -> None:
    """Retrying an append with the same id returns the stored event and writes nothing."""
    event_id = str(uuid.uuid4())
    first = store.append("c", [NewEvent("test.noted", {"x": 1}, "gm", id=event_id)], 0)
    again = store.append("c", [NewEvent("test.noted", {"x": 1}, "gm", id=event_id)], 0)
    assert again[0].id == first[0].id == event_id
    assert again[0].version == 1
    assert again[0].hash == first[0].hash
    assert store.head("c") == 1


def test_batch_repeating_only_some_stored_ids_is_refused(store: EventStore) -> None:
    """A batch mixing a stored id with new events is refused whole."""
    event_id = str(uuid.uuid4())
    store.append("c", [NewEvent("test.noted", {}, "gm", id=event_id)], 0)
    with pytest.raises(ValidationFailed, match="event id already stored"):
        store.append("c", [NewEvent("test.noted", {}, "gm", id=event_id), NewEvent("test.noted", {}, "gm")], 1)
    assert store.head("c") == 1


def test_each_event_links_to_the_previous_hash(store: EventStore) -> None:
    """prev_hash of event n is the hash of event n-1, and the first has none."""
    store.append("c", _new(3), 0)
    events = list(store.read("c"))
    assert events[0].prev_hash is None
    assert [e.prev_hash for e in events[1:]] == [e.hash for e in events[:-1]]
    assert all(len(e.hash) == 64 for e in events)


def test_read_returns_a_version_range(store: EventStore) -> None:
    """read(from_version, to_version) returns exactly that inclusive range."""
    store.append("c", _new(10), 0)
    assert [e.version for e in store.read("c", from_version=4, to_version=6)] == [4, 5, 6]


def test_read_filters_by_type(store: EventStore) -> None:
    """read(types=...) yields only the named types, still in version order."""
    store.append("c", _new(2, "a.one") + _new(1, "b.two") + _new(1, "a.one"), 0)
    assert [(e.version, e.type) for e in store.read("c", types=["a.one"])] == [(1, "a.one"), (2, "a.one"), (4, "a.one")]


def test_payload_round_trips_unicode_exactly(store: EventStore) -> None:
    """Russian names and nested payloads come back exactly as appended."""
    data = {"герой": "Ёжик", "dice": [20, 1], "nested": {"б": None, "a": True}}
    store.append("Кампания", [NewEvent("test.noted", data, "Судьба")], 0)
    (event,) = store.read("Кампания")
    assert (event.data, event.actor, event.campaign) == (data, "Судьба", "Кампания")


def test_global_order_follows_appends_across_campaigns(store: EventStore) -> None:
    """read_all yields every campaign's events in the order they were appended."""
    store.append("a", _new(1), 0)
    store.append("b", _new(1), 0)
    store.append("a", _new(1), 1)
    assert [(e.campaign, e.version) for e in store.read_all()] == [("a", 1), ("b", 1), ("a", 2)]


def test_raw_update_is_refused_by_the_database(store: EventStore) -> None:
    """An UPDATE on the events table, even in raw SQL, is refused by a trigger."""
    store.append("c", _new(1), 0)
    with (
        pytest.raises(sa.exc.DatabaseError, match="events are immutable: UPDATE refused"),
        store.engine.begin() as conn,
    ):
        conn.exec_driver_sql("UPDATE events SET actor = 'forger'")
    assert next(store.read("c")).actor == "gm"


def test_raw_delete_is_refused_by_the_database(store: EventStore) -> None:
    """A DELETE on the events table, even in raw SQL, is refused by a trigger."""
    store.append("c", _new(1), 0)
    with (
        pytest.raises(sa.exc.DatabaseError, match="events are immutable: DELETE refused"),
        store.engine.begin() as conn,
    ):
        conn.exec_driver_sql("DELETE FROM events")
    assert store.head("c") == 1




def test_verify_passes_an_untouched_journal(store: EventStore) -> None:
    """verify reports every chain holding, with the counts it walked."""
    store.append("a", _new(3), 0)
    store.append("b", _new(2), 0)
    report = store.verify()
    assert (report.ok, report.campaigns, report.events) == (True, 2, 5)


def test_verify_names_the_event_edited_with_triggers_dropped(store: EventStore) -> None:
    """An edit made with the triggers dropped is found: verify names its campaign, version and id."""
    store.append("c", _new(5), 0)
    target = list(store.read("c"))[2]
    tamper(store, "c", 3, '{"n":99}')
    report = store.verify()
    assert not report.ok
    (broken,) = report.breaks
    assert (broken.campaign, broken.version, broken.id) == ("c", 3, target.id)
    assert "altered" in broken.reason


def test_export_then_import_into_an_empty_database_is_byte_identical(store: EventStore, tmp_path) -> None:
    """export -> import into an empty database -> export gives the same bytes."""
    store.append("Кампания", [NewEvent("campaign.created", {"name": "Кампания", "system": "vpt", "master": "ГМ"}, "ГМ")], 0)
    store.append("Кампания", [NewEvent("member.added", {"name": f"p{i}", "role": "player"}, "ГМ") for i in range(5)], 1)
    exported = b"".join(line + b"\n" for line in store.export_lines("Кампания"))
    other = open_store(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        assert other.import_lines(exported.splitlines()) == {"Кампания": 6}
        again = b"".join(line + b"\n" for line in other.export_lines("Кампания"))
    finally:
        other.close()
    assert again == exported


def _exported(store: EventStore) -> list[bytes]:
    store.append("c", [NewEvent("campaign.created", {"name": "c", "system": "vpt", "master": "gm"}, "gm")], 0)
    store.append("c", [NewEvent("member.added", {"name": f"p{i}", "role": "player"}, "gm") for i in range(3)], 1)
    return list(store.export_lines("c"))


def test_import_refuses_a_malformed_line_naming_it_and_writes_nothing(store: EventStore, tmp_path) -> None:
    """A file whose third line is not JSON is refused with 'line 3' and the target stays empty."""
    lines = _exported(open_store(f"sqlite:///{tmp_path / 'source.db'}"))
    lines[2] = b'{"broken": '
    with pytest.raises(ValidationFailed, match="^line 3: not valid JSON"):
        store.import_lines(lines)
    assert store.campaigns() == []


def test_import_refuses_a_line_whose_hash_does_not_verify(store: EventStore, tmp_path) -> None:
    """A line whose payload was edited is refused as altered, naming the line; nothing is written."""
    lines = _exported(open_store(f"sqlite:///{tmp_path / 'source.db'}"))
    lines[3] = lines[3].replace(b'"p2"', b'"p9"')
    with pytest.raises(IntegrityFailure, match="^line 4: hash does not match"):
        store.import_lines(lines)
    assert store.campaigns() == []


def test_import_refuses_an_unknown_event_type_naming_the_line(store: EventStore, tmp_path) -> None:
    """A line of an unregistered event type is refused with its line number."""
    lines = _exported(open_store(f"sqlite:///{tmp_path / 'source.db'}"))
    lines[1] = lines[1].replace(b'"member.added"', b'"member.vanished"')
    with pytest.raises(ValidationFailed, match="^line 2: unknown event type 'member.vanished'"):
        store.import_lines(lines)
    assert store.campaigns() == []


def test_import_refuses_a_campaign_already_in_the_journal(store: EventStore, tmp_path) -> None:
    """Importing a campaign that already exists is refused and the existing one is untouched."""
    source = open_store(f"sqlite:///{tmp_path / 'source.db'}")
    lines = _exported(source)
    store.import_lines(lines)
    with pytest.raises(ValidationFailed, match="campaign 'c' already exists"):
        store.import_lines(lines)
    assert store.head("c") == 4


def test_one_append_is_one_decision_named_by_its_first_event(store: EventStore) -> None:
    """Every event of an append carries the id of the append's first event as its decision."""
    store.append("c", _new(1), 0)
    second = store.append("c", _new(3), 1)
    stored = list(store.read("c"))
    assert [e.decision for e in stored] == [stored[0].id] + [second[0].id] * 3
    assert [e.decision for e in second] == [second[0].id] * 3


def test_decision_gives_every_event_of_an_append_and_no_other(store: EventStore) -> None:
    """The decision of an append's middle event is that append's three events, not its neighbours'."""
    store.append("c", _new(2), 0)
    middle = store.append("c", _new(3), 2)
    store.append("c", _new(2), 5)
    assert [e.version for e in store.decision(middle[1])] == [3, 4, 5]


def _legacy(store: EventStore, tmp_path) -> list[dict]:
    """Envelopes of a campaign as the release before decisions exported it (no ``decision`` field)."""
    import orjson

    source = open_store(f"sqlite:///{tmp_path / 'legacy-source.db'}")
    source.append("c", [NewEvent("campaign.created", {"name": "c", "system": "vpt", "master": "gm"}, "gm")], 0)
    source.append("c", [NewEvent("member.added", {"name": f"p{i}", "role": "player"}, "gm") for i in range(3)], 1)
    source.append("c", [NewEvent("member.added", {"name": "p9", "role": "player"}, "gm")], 4)
    envelopes = [orjson.loads(line) for line in source.export_lines("c")]
    source.close()
    for envelope in envelopes:
        del envelope["decision"]
    return envelopes


def test_an_event_stored_before_decisions_belongs_with_the_events_appended_with_it(store: EventStore, tmp_path) -> None:
    """Events imported without a decision group by their append: one recorded_at, actor and session."""
    from support import rechain

    store.import_lines(rechain(_legacy(store, tmp_path)))
    stored = list(store.read("c"))
    assert [e.decision for e in stored] == [None] * 5
    assert [e.version for e in store.decision(stored[2])] == [2, 3, 4]
    assert [e.version for e in store.decision(stored[4])] == [5]
    assert store.verify().ok


def test_import_refuses_a_decision_that_joins_two_appends(store: EventStore, tmp_path) -> None:
    """A file that moves an event into an earlier append's decision (hashes recomputed) is refused, naming the line."""
    import orjson
    from support import rechain

    envelopes = [orjson.loads(line) for line in _exported(open_store(f"sqlite:///{tmp_path / 'source.db'}"))]
    envelopes[2]["decision"] = envelopes[0]["id"]
    with pytest.raises(IntegrityFailure, match="^line 3: field .decision.: decision names neither this event nor the previous"):
        store.import_lines(rechain(envelopes))
    assert store.campaigns() == []


def test_import_refuses_an_event_without_a_decision_after_one_with(store: EventStore, tmp_path) -> None:
    """A file that strips the decision from a later event (hashes recomputed) is refused: every append records one."""
    import orjson
    from support import rechain

    envelopes = [orjson.loads(line) for line in _exported(open_store(f"sqlite:///{tmp_path / 'source.db'}"))]
    del envelopes[3]["decision"]
    with pytest.raises(IntegrityFailure, match="^line 4: field 'decision': decision is missing after an event that has one$"):
        store.import_lines(rechain(envelopes))
    assert store.campaigns() == []


def test_verify_names_an_event_moved_into_another_decision(store: EventStore) -> None:
    """A host who moves v3 into the first append's decision and re-chains every hash is caught at v4, which still
    names v3's old decision.  (A rewrite consistent to the end re-chains history: receipts catch that.)"""
    import sqlalchemy as sa

    from journal.store.hashing import event_hash

    store.append("c", _new(2), 0)
    store.append("c", _new(2), 2)
    rows = list(store.read("c"))
    with store.engine.begin() as conn:
        if store.dialect == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_update")
        else:
            conn.exec_driver_sql("DROP TRIGGER events_refuse_update_delete ON events")
        prev = rows[1].hash
        for event in rows[2:]:
            decision = rows[0].id if event.version == 3 else event.decision
            envelope = {**event._asdict(), "decision": decision, "prev_hash": prev}
            data = conn.execute(sa.text("SELECT data FROM events WHERE id = :i"), {"i": event.id}).scalar()
            prev = event_hash(envelope, data)
            conn.execute(sa.text("UPDATE events SET decision = :d, prev_hash = :p, hash = :h WHERE id = :i"),
                         {"d": decision, "p": envelope["prev_hash"], "h": prev, "i": event.id})
    (broken,) = store.verify().breaks
    assert (broken.version, broken.reason) == (
        4, "decision names neither this event nor the previous event's decision (a decision is one append)")
