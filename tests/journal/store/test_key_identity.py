"""The key is found by the journal's identity (an id stored in the database, revision 0007), not by its path: a
renamed or moved file still signs and its witness still checks; a key file of an older release, named by the
database's URL, is renamed to the identity's name (with its witness) on first use."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import sqlalchemy as sa

from journal.events.envelope import NewEvent
from journal.store import open_store, receipts
from journal.store.keys import identity_key_path, key_path


def _events(count: int) -> list[NewEvent]:
    return [NewEvent("test.noted", {"n": n}, "ГМ") for n in range(count)]


def _identity(url: str) -> str:
    store = open_store(url)
    try:
        with store.engine.connect() as conn:
            return conn.exec_driver_sql("SELECT id FROM journal_identity").scalar_one()
    finally:
        store.close()


def test_a_new_sqlite_file_keeps_its_key_under_its_identity(tmp_path: Path) -> None:
    """A file the journal sets up gets its key named by the id stored in it, not by its path."""
    url = f"sqlite:///{tmp_path / 'a.db'}"
    store = open_store(url)
    store.close()
    assert store.key is not None and store.key.path == identity_key_path(_identity(url))
    assert not key_path(url).exists()


def test_a_renamed_database_file_still_signs_with_its_key_and_checks_its_witness(tmp_path: Path) -> None:
    """a.db recorded and renamed to moved/b.db: it opens with the same key and witness, and a cut tail there is
    refused before the next append."""
    url = f"sqlite:///{tmp_path / 'a.db'}"
    store = open_store(url)
    store.append("Z", _events(3), 0)
    public = store.key.public_hex  # type: ignore[union-attr]
    store.close()
    (tmp_path / "moved").mkdir()
    os.rename(tmp_path / "a.db", tmp_path / "moved" / "b.db")
    moved = open_store(f"sqlite:///{tmp_path / 'moved' / 'b.db'}")
    try:
        assert (moved.key.public_hex, receipts.witnessed_head(moved, "Z").version) == (public, 3)  # type: ignore[union-attr]
        with moved.engine.begin() as conn:
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
            conn.exec_driver_sql("DELETE FROM events WHERE version = 3")
        with pytest.raises(Exception, match="campaign 'Z' version 3: the chain ends at version 2"):
            moved.append("Z", _events(1), 2)
    finally:
        moved.close()


def test_a_key_named_by_the_url_of_an_older_release_is_renamed_to_the_identity_with_its_witness(db_url: str) -> None:
    """The key and witness an older release kept under the URL's name: the next open finds them, moves them to the
    identity's name, and the witness still names a cut tail."""
    store = open_store(db_url, upgrade=True)
    from journal.store.opening import attach_key

    attach_key(store, create=True)
    store.append("Z", _events(3), 0)
    public = store.key.public_hex  # type: ignore[union-attr]
    store.close()
    current = identity_key_path(_identity(db_url))
    os.rename(current, key_path(db_url))  # the layout an older release left
    os.rename(current.with_suffix(".witness"), key_path(db_url).with_suffix(".witness"))
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        else:
            conn.exec_driver_sql("DROP TRIGGER IF EXISTS events_refuse_update_delete ON events")
        conn.exec_driver_sql("DELETE FROM events WHERE version = 3")
    engine.dispose()
    reopened = open_store(db_url)
    try:
        assert reopened.key is not None and reopened.key.public_hex == public
        assert (current.exists(), key_path(db_url).exists(), key_path(db_url).with_suffix(".witness").exists()) == (
            True, False, False)
        assert receipts.witness_problems(reopened, public) == [
            "campaign 'Z' version 3: the chain ends at version 2 (its tail was cut)"]
    finally:
        reopened.close()
