"""Upgrades from every earlier schema revision to the head, on both databases, with events stored before.

Each test brings an empty database to an old revision with alembic, stores a campaign the way that
release's store did (raw rows, hashes without ``decision``), upgrades to the head and checks what the
journal then says.
"""

from __future__ import annotations

import orjson
import pytest
import sqlalchemy as sa

from journal.events.envelope import NewEvent
from journal.service import Journal
from journal.store import EventStore, open_store
from journal.store.engine import current_revision, make_engine
from journal.store.hashing import canonical, event_hash
from journal.store.tables import SCHEMA_REVISION

#: Every released revision an upgrade may start from.
EARLIER = ["0001", "0002", "0003"]


def _at_revision(url: str, revision: str) -> None:
    from alembic import command

    from journal.store.migrate import _config

    engine = make_engine(url)
    with engine.begin() as connection:
        command.upgrade(_config(connection), revision)
    engine.dispose()


def _legacy_rows(campaign: str) -> list[dict]:
    """A campaign (Master ГМ, players Аня and Борис, a free roll) as rows of the release before 0004."""
    payloads = [("campaign.created", {"name": campaign, "system": "vpt", "master": "ГМ"}),
                ("member.added", {"name": "Аня", "role": "player"}),
                ("member.added", {"name": "Борис", "role": "player"})]
    rows, prev = [], None
    for version, (kind, data) in enumerate(payloads, start=1):
        row = {"id": f"00000000-0000-7000-8000-00000000000{version}", "campaign": campaign, "version": version,
               "type": kind, "schema": 1, "actor": "ГМ", "recorded_at": f"2026-11-29T10:00:0{version}.000000Z",
               "session": None, "causation": None, "prev_hash": prev}
        data_json = canonical(data)
        row["hash"] = prev = event_hash(row, data_json)
        row["data"] = data_json.decode()
        rows.append(row)
    return rows


@pytest.mark.parametrize("revision", EARLIER)
def test_an_older_database_upgrades_to_the_head_and_keeps_its_campaign(db_url: str, revision: str) -> None:
    """A campaign stored at an earlier revision reads the same at the head: members, version, verify ok."""
    _at_revision(db_url, revision)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        columns = ", ".join(_legacy_rows("Лес")[0])
        values = ", ".join(f":{name}" for name in _legacy_rows("Лес")[0])
        conn.execute(sa.text(f"INSERT INTO events ({columns}) VALUES ({values})"), _legacy_rows("Лес"))
    engine.dispose()
    journal = Journal(open_store(db_url, upgrade=True))
    try:
        assert current_revision(journal.store.engine) == SCHEMA_REVISION
        campaign = journal.campaign("Лес")
        assert (campaign["system"], campaign["master"], campaign["members"], campaign["version"]) == (
            "vpt", "ГМ", {"ГМ": "master", "Аня": "player", "Борис": "player"}, 3)
        assert journal.store.verify().ok
        assert [e.decision for e in journal.store.read("Лес")] == [None, None, None]
        journal.add_member("Лес", "Вера")
        added = list(journal.store.read("Лес"))[-1]
        assert (added.version, added.decision) == (4, added.id)
        assert journal.store.verify().ok
    finally:
        journal.close()


def test_the_upgrade_marks_every_structural_event_stored_before(db_url: str) -> None:
    """A 0002 database's campaign and member events get their marks (0003 created the table empty)."""
    _at_revision(db_url, "0002")
    engine = make_engine(db_url)
    with engine.begin() as conn:
        rows = _legacy_rows("Лес")
        conn.execute(sa.text(f"INSERT INTO events ({', '.join(rows[0])}) VALUES ({', '.join(':' + n for n in rows[0])})"),
                     rows)
    engine.dispose()
    store = open_store(db_url, upgrade=True)
    try:
        with store.engine.connect() as conn:
            marks = conn.execute(sa.text("SELECT version, type FROM event_marks ORDER BY version")).all()
        assert [tuple(m) for m in marks] == [(1, "campaign.created"), (2, "member.added"), (3, "member.added")]
        assert orjson.loads(orjson.dumps(store.marks("Лес")[0].data)) == {"name": "Лес", "system": "vpt", "master": "ГМ"}
    finally:
        store.close()


def test_a_0004_database_upgrades_to_the_head_and_signs_from_its_next_append(db_url: str) -> None:
    """A campaign a 0004 store wrote (rows with decisions, and their marks) verifies at the head, unsigned; the
    next append with a key signs the head and leaves the older events as they were."""
    from journal.store import receipts
    from journal.store.keys import JournalKey

    _at_revision(db_url, "0004")
    rows, prev = [], None
    for row in _legacy_rows("Лес"):
        row = dict(row, decision=row["id"], prev_hash=prev)
        row["hash"] = prev = event_hash(row, row["data"])
        rows.append(row)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.text(f"INSERT INTO events ({', '.join(rows[0])}) VALUES ({', '.join(':' + n for n in rows[0])})"),
                     rows)
        conn.execute(sa.text("INSERT INTO event_marks (campaign, version, type) VALUES ('Лес', :v, :t)"),
                     [{"v": r["version"], "t": r["type"]} for r in rows])
    engine.dispose()
    JournalKey.create_for_url(db_url)
    journal = Journal(open_store(db_url, upgrade=True))
    try:
        assert current_revision(journal.store.engine) == SCHEMA_REVISION
        assert (journal.store.verify().ok, receipts.head_problems(journal.store, journal.store.key.public_hex,
                                                                  strict=False)) == (True, [])
        journal.add_member("Лес", "Вера")
        assert receipts.receipt_at(journal.store, "Лес").version == 4
        assert [e.hash for e in journal.store.read("Лес", to_version=3)] == [r["hash"] for r in rows]
    finally:
        journal.close()


def test_a_0006_database_upgrades_to_an_identity_and_its_key_named_by_url_signs_on(db_url: str) -> None:
    """A 0006 database whose key an older release named by the URL: the upgrade stores one identity, the key is
    found and renamed to it, and the next append is signed by that key."""
    from journal.store.keys import JournalKey, identity_key_path, key_path

    _at_revision(db_url, "0006")
    legacy = JournalKey.generate()
    assert legacy.save(key_path(db_url))
    store = open_store(db_url, upgrade=True)
    try:
        with store.engine.connect() as conn:
            (identity,) = conn.exec_driver_sql("SELECT id FROM journal_identity").scalars().all()
        assert (current_revision(store.engine), store.key.public_hex, key_path(db_url).exists(),  # type: ignore[union-attr]
                identity_key_path(identity).exists()) == (SCHEMA_REVISION, legacy.public_hex, False, True)
        store.append("Лес", [NewEvent("test.noted", {}, "ГМ")], 0)
        assert _head_key(store) == legacy.public_hex
    finally:
        store.close()


def _head_key(store: EventStore) -> str:
    from journal.store import receipts

    return receipts.receipt_at(store, "Лес").public_key
