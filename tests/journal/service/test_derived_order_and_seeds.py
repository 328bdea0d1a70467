"""verify covers what the hash chain cannot: the stored order (``seq``) and the kept session seeds (issue 18).

``seq`` is numbered by the database, outside every hash, and ``session_seeds`` is the one table the journal keeps
outside its history; ``verify_derived`` (what ``journal verify`` runs) checks each against the events.
"""

from __future__ import annotations

import hashlib

import pytest
import sqlalchemy as sa

from journal.events.envelope import NewEvent
from journal.service import Journal
from journal.service.derived import verify_derived

SEED = "5e" * 32


def _scheme_one_session(journal: Journal) -> None:
    """'Старое' with session 1 opened as an older release did (scheme 1: a random seed kept in session_seeds)."""
    journal.create_campaign("Старое", "vpt", "ГМ")
    journal.add_member("Старое", "Аня")
    commitment = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    journal.store.append("Старое", [NewEvent("session.started", {"number": 1, "present": ["Аня"],
                                                                 "commitment": commitment}, "ГМ", session=1)])


def test_a_kept_seed_matching_its_sessions_commitment_passes(journal: Journal) -> None:
    """A scheme-1 session's own seed in session_seeds: nothing to report."""
    _scheme_one_session(journal)
    journal.store.keep_seed("Старое", 1, SEED)
    assert verify_derived(journal) == []


def test_a_kept_seed_replaced_by_another_is_named(journal: Journal) -> None:
    """The row of a scheme-1 session holding another seed than the one committed to: one line naming it."""
    _scheme_one_session(journal)
    journal.store.keep_seed("Старое", 1, "00" * 32)
    assert verify_derived(journal) == [("session_seeds: campaign 'Старое' session 1: the kept seed is not the one the "
                                       "session committed to (the row was altered)")]


def test_a_seed_row_for_a_session_never_started_is_named(journal: Journal) -> None:
    """A row for session 2 of a campaign that only had session 1: named as put there behind the journal."""
    _scheme_one_session(journal)
    journal.store.keep_seed("Старое", 1, SEED)
    journal.store.keep_seed("Старое", 2, SEED)
    assert verify_derived(journal) == [("session_seeds: campaign 'Старое' session 2: no such session was started (a row "
                                       "put there behind the journal)")]


def test_a_seq_two_events_share_is_named(journal: Journal, backend: str) -> None:
    """On PostgreSQL (``seq`` unique per partition only), two campaigns' events given one ``seq``: both named."""
    if backend == "sqlite":
        pytest.skip("on SQLite seq is the rowid: two rows cannot share one")
    journal.create_campaign("Один", "vpt", "ГМ")
    journal.create_campaign("Два", "vpt", "ГМ")
    with journal.store.engine.begin() as conn:
        conn.exec_driver_sql("SET LOCAL session_replication_role = replica")  # the owner: no trigger fires
        seq = conn.execute(sa.text("SELECT seq FROM events WHERE campaign = 'Один'")).scalar_one()
        conn.execute(sa.text("UPDATE events SET seq = :seq WHERE campaign = 'Два'"), {"seq": seq})
    assert sorted(verify_derived(journal)) == [
        f"seq: campaign 'Два' version 1 has seq {seq}, which another event has too",
        f"seq: campaign 'Один' version 1 has seq {seq}, which another event has too"]
