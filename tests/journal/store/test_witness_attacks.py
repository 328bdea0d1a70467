"""Attacks on the witness (the campaign's receipts appended beside the key): a cut tail after grouped appends, a
line forged or edited by a host without the key, a crash-torn line followed by more appends, and a compaction
racing another process's appends."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from journal.events.envelope import NewEvent
from journal.store import EventStore, open_store, receipts
from journal.store.keys import JournalKey


@pytest.fixture
def signed(db_url: str) -> Iterator[EventStore]:
    """A store whose database has a signing key (made as ``journal init`` makes it)."""
    JournalKey.create_for_url(db_url)
    opened = open_store(db_url, upgrade=True)
    yield opened
    opened.close()


def _events(count: int) -> list[NewEvent]:
    return [NewEvent("test.noted", {"n": n}, "ГМ") for n in range(count)]


def _witness_file(store: EventStore) -> Path:
    assert store.witness is not None
    (path,) = store.witness.glob("*.jsonl")
    return path


def _cut(store: EventStore, from_version: int) -> None:
    """Delete the campaign's events from ``from_version`` on, triggers dropped, as the database's owner could."""
    with store.engine.begin() as conn:
        if store.dialect == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        else:
            conn.exec_driver_sql("DROP TRIGGER IF EXISTS events_refuse_update_delete ON events")
        conn.exec_driver_sql(f"DELETE FROM events WHERE version >= {from_version}")


def test_a_cut_of_the_last_append_of_one_transaction_is_caught(signed: EventStore) -> None:
    """Two appends in one write transaction (as a group commit makes them), versions 2 and 3: the witness holds 3,
    and deleting version 3 alone is named as a cut tail."""
    signed.append("Z", _events(1), 0)
    with signed.writing("Z") as conn:
        signed.append("Z", _events(1), 1, conn=conn)
        signed.append("Z", _events(1), 2, conn=conn)
    (witness,) = receipts.witnessed(signed)
    assert witness.version == 3
    _cut(signed, 3)
    assert receipts.check(signed, witness) == "campaign 'Z' version 3: the chain ends at version 2 (its tail was cut)"


def test_a_witness_line_forged_without_the_key_is_refused(signed: EventStore) -> None:
    """A host appends a line claiming version 9 with the real head's signature copied: it is the newest line, and its
    check says the signature does not verify (verify fails; the forgery is not trusted)."""
    signed.append("Z", _events(3), 0)
    path = _witness_file(signed)
    real = orjson.loads(path.read_bytes().splitlines()[-1])
    with path.open("ab") as handle:
        handle.write(orjson.dumps(dict(real, version=9)) + b"\n")
    (witness,) = receipts.witnessed(signed)
    assert witness.version == 9
    assert receipts.check(signed, witness) == ("campaign 'Z' version 9: the receipt's signature does not verify "
                                               "(a forged or altered receipt)")


def test_a_witness_line_edited_to_another_hash_is_refused(signed: EventStore) -> None:
    """A host rewrites the newest line's hash to that of a re-chained history: its check says the signature does not
    verify."""
    signed.append("Z", _events(3), 0)
    path = _witness_file(signed)
    lines = path.read_bytes().splitlines()
    edited = dict(orjson.loads(lines[-1]), hash="0" * 64)
    path.write_bytes(b"\n".join([*lines[:-1], orjson.dumps(edited)]) + b"\n")
    (witness,) = receipts.witnessed(signed)
    assert receipts.check(signed, witness) == ("campaign 'Z' version 3: the receipt's signature does not verify "
                                               "(a forged or altered receipt)")


def test_a_receipt_appended_after_a_torn_line_is_the_witness(signed: EventStore) -> None:
    """A crash leaves half a line (no newline) after version 2's; the next append, version 3, starts a line of its
    own, so version 3 is the witness (not lost in one undecodable line with the torn half)."""
    signed.append("Z", _events(2), 0)
    path = _witness_file(signed)
    with path.open("ab") as handle:
        handle.write(b'{"format":"journal-receipt-v1","campaign":"Z","vers')
    signed.append("Z", _events(1), 2)
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 3)]


def test_a_torn_line_between_whole_ones_is_passed_over(signed: EventStore) -> None:
    """A torn half line in the middle of the file (the mark of a crash, with whole lines after it) is passed over:
    the newest whole line, version 4, is the witness."""
    signed.append("Z", _events(2), 0)
    path = _witness_file(signed)
    with path.open("ab") as handle:
        handle.write(b'{"format":"journal-receipt-v1","campaign":"Z","vers\n')
    signed.append("Z", _events(1), 2)
    signed.append("Z", _events(1), 3)
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 4)]


#: One of two processes appending to Z, its witness compacted at every line; after each append it checks that the
#: witness holds its head or a newer one, and prints how often it did not.
APPENDER = textwrap.dedent("""
    import sys
    from journal.events.envelope import NewEvent
    from journal.store import open_store, receipts
    receipts.WITNESS_COMPACT_AT = 1
    store = open_store(sys.argv[1])
    lost = 0
    for n in range(int(sys.argv[2])):
        version = store.append("Z", [NewEvent("test.noted", {"n": n}, "ГМ")])[0].version
        newest = max(r.version for r in receipts.witnessed(store) if r.campaign == "Z")
        lost += newest < version
    print(lost)
""")


def test_a_compaction_racing_another_process_loses_no_newer_head(signed: EventStore, db_url: str) -> None:
    """Two processes append 150 events each to Z while compacting the witness at every line: after every append
    the witness holds that append's head or a newer one (no compaction drops a line written meanwhile), and at the
    end it holds the head, version 301."""
    signed.append("Z", _events(1), 0)
    racers = [subprocess.Popen([sys.executable, "-c", APPENDER, db_url, "150"], stdout=subprocess.PIPE, text=True)
              for _ in range(2)]
    lost = [int(racer.communicate(timeout=300)[0]) for racer in racers]
    assert lost == [0, 0]
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 301)]
