"""The projection caches' saves: not durable themselves, they leave the store's connections as durable as before."""

from __future__ import annotations

from journal.store import EventStore


def _durability(store: EventStore) -> str:
    with store.engine.connect() as conn:
        if store.dialect == "sqlite":
            return str(conn.exec_driver_sql("PRAGMA synchronous").scalar())
        return str(conn.exec_driver_sql("SHOW synchronous_commit").scalar())


def test_a_cache_save_leaves_the_connection_as_durable_as_it_was(store: EventStore) -> None:
    """After a snapshot and a read model are saved, the pooled connection commits durably again (FULL, or on)."""
    store.projections.save_snapshots("c", "fp", [(10, b'{"a":1}')], wait=1)
    store.projections.save_read_model("c", "fp", 10, b'{"a":1}', wait=1)
    assert (_durability(store), store.projections.nearest("c", "fp", 10)) == (
        "2" if store.dialect == "sqlite" else "on", (10, b'{"a":1}'))
