"""Receipts in the store: one signature per append, receipts at a point, the witness, and the checks against them."""

from __future__ import annotations

import orjson
import pytest
import sqlalchemy as sa

from journal.errors import IntegrityFailure, NotFound, ValidationFailed
from journal.events.envelope import NewEvent
from journal.i18n import language
from journal.service import Journal
from journal.store import EventStore, open_store, receipts
from journal.store.keys import JournalKey


@pytest.fixture
def signed(db_url: str) -> EventStore:
    """A store whose database has a signing key (made as ``journal init`` makes it)."""
    JournalKey.create_for_url(db_url)
    opened = open_store(db_url, upgrade=True)
    yield opened
    opened.close()


def _events(count: int) -> list[NewEvent]:
    return [NewEvent("test.noted", {"n": n}, "ГМ") for n in range(count)]


def _signatures(store: EventStore, campaign: str) -> list[bool]:
    with store.engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT signature FROM events WHERE campaign = :c ORDER BY version"), {"c": campaign})
        return [row[0] is not None for row in rows]


def test_an_append_signs_only_its_last_event(signed: EventStore) -> None:
    """A batch of three and a batch of two: versions 3 and 5 carry a signature, the others none."""
    signed.append("Z", _events(3), 0)
    signed.append("Z", _events(2), 3)
    assert _signatures(signed, "Z") == [False, False, True, False, True]


def test_a_store_without_a_key_signs_nothing(store: EventStore) -> None:
    """Without a key an append stores no signature (as before revision 0005)."""
    store.append("Z", _events(2), 0)
    assert _signatures(store, "Z") == [False, False]


def test_the_receipt_at_a_point_is_the_last_signed_event_at_or_before_it(signed: EventStore) -> None:
    """With heads signed at 3 and 5, the receipt as of version 4 is version 3's, and it verifies."""
    signed.append("Z", _events(3), 0)
    signed.append("Z", _events(2), 3)
    found = receipts.receipt_at(signed, "Z", 4)
    assert (found.version, found.hash, found.public_key, found.signed) == (
        3, list(signed.read("Z"))[2].hash, signed.key.public_hex, True)


def test_a_receipt_before_any_signed_event_is_not_found(signed: EventStore) -> None:
    """As of version 2 of a campaign first signed at 3, there is no receipt: NotFound naming the version."""
    signed.append("Z", _events(3), 0)
    with pytest.raises(NotFound, match="campaign 'Z' has no signed event at or before version 2"):
        receipts.receipt_at(signed, "Z", 2)


def test_the_witness_keeps_the_newest_head_of_each_campaign(signed: EventStore) -> None:
    """After two appends to Z and one to Y the witness holds Z at 5 and Y at 1."""
    signed.append("Z", _events(3), 0)
    signed.append("Z", _events(2), 3)
    signed.append("Y", _events(1), 0)
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Y", 1), ("Z", 5)]


def test_a_receipt_holds_while_the_chain_keeps_its_head(signed: EventStore) -> None:
    """A receipt of version 3 still holds after two more events: check finds nothing."""
    signed.append("Z", _events(3), 0)
    held = receipts.receipt_at(signed, "Z")
    signed.append("Z", _events(2), 3)
    assert receipts.check(signed, held, signed.key.public_hex) is None


def test_an_altered_receipt_does_not_verify(signed: EventStore) -> None:
    """A receipt whose version was changed by its holder fails on its own signature."""
    signed.append("Z", _events(3), 0)
    held = receipts.receipt_at(signed, "Z")
    forged = receipts.Receipt(held.campaign, 2, held.hash, held.recorded_at, held.public_key, held.signature)
    assert receipts.check(signed, forged) == (
        "campaign 'Z' version 2: the receipt's signature does not verify (a forged or altered receipt)")


def test_a_receipt_by_another_key_is_refused_when_a_key_is_trusted(signed: EventStore) -> None:
    """A receipt signed by a key that is not the trusted one is named as such."""
    signed.append("Z", _events(1), 0)
    other = JournalKey.generate()
    head = next(iter(signed.read("Z")))
    foreign = receipts.Receipt("Z", 1, head.hash, head.recorded_at, other.public_hex,
                               other.sign(receipts.message("Z", 1, head.hash)))
    assert receipts.check(signed, foreign, signed.key.public_hex).startswith(
        f"campaign 'Z' version 1: signed by key {other.public_hex[:16]}…, not by the journal's key")


def test_a_receipt_file_with_a_missing_field_names_it(tmp_path) -> None:
    """A receipt without 'signature' is refused naming the file and the field."""
    path = tmp_path / "r.json"
    path.write_bytes(orjson.dumps({"format": receipts.FORMAT, "campaign": "Z", "version": 1, "hash": "0" * 64,
                                   "recorded_at": "x", "public_key": "0" * 64}))
    with pytest.raises(ValidationFailed, match=f"receipt file {path}: field 'signature' is missing"):
        receipts.load_file(path)


def test_campaign_creation_records_the_journals_public_key(signed: EventStore) -> None:
    """campaign.created of a journal with a key carries that key; the chain therefore names who signs it."""
    created = Journal(signed).create_campaign("Z", "vpt", "ГМ")
    assert created.data["public_key"] == signed.key.public_hex


def test_an_unsigned_head_after_signed_events_is_a_problem(signed: EventStore, db_url: str) -> None:
    """A head appended without the key after signed events is named: signing, once begun, signs every append."""
    signed.append("Z", _events(1), 0)
    keyless = open_store(db_url)
    keyless.key = None
    try:
        keyless.append("Z", _events(1), 1)
    finally:
        keyless.close()
    assert receipts.head_problems(signed, signed.key.public_hex, strict=False) == [
        ("campaign 'Z' head version 2: not signed, though earlier events are signed (a forged head, or a re-chained "
         "history)")]


def test_an_import_whose_receipt_is_for_another_head_is_refused(signed: EventStore, tmp_path) -> None:
    """A file cut before its receipt's version is refused (IntegrityFailure naming the receipt), nothing written."""
    journal = Journal(signed)
    journal.create_campaign("Z", "vpt", "ГМ")
    journal.add_member("Z", "Аня")
    journal.add_member("Z", "Борис")
    lines = list(signed.export_lines("Z"))
    tail = receipts.export_line(receipts.receipt_at(signed, "Z"))
    other = open_store(f"sqlite:///{tmp_path / 'other.db'}", upgrade=True)
    try:
        with pytest.raises(IntegrityFailure, match="receipt of campaign 'Z' version 3: the file's chain ends at version 2"):
            other.import_lines([*lines[:2], tail], public_key=signed.key.public_hex)
        assert other.head("Z") == 0
    finally:
        other.close()


def test_the_witness_appends_one_line_per_signed_append(signed: EventStore) -> None:
    """Three appends to Z leave Z's witness file with three lines, versions 1, 3 and 4, the newest the witness."""
    signed.append("Z", _events(1), 0)
    signed.append("Z", _events(2), 1)
    signed.append("Z", _events(1), 3)
    (path,) = signed.witness.glob("*.jsonl")
    assert [orjson.loads(line)["version"] for line in path.read_bytes().splitlines()] == [1, 3, 4]
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 4)]


def test_a_witness_line_cut_short_is_passed_over(signed: EventStore) -> None:
    """A last line cut short by a crash (half a receipt) leaves the newest whole line, version 2, as the witness."""
    signed.append("Z", _events(2), 0)
    (path,) = signed.witness.glob("*.jsonl")
    with path.open("ab") as handle:
        handle.write(b'{"format":"journal-receipt-v1","campaign":"Z","vers')
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 2)]


def _witnessed_then_cut(signed: EventStore) -> receipts.Receipt:
    """Three events witnessed, then version 3 deleted (its triggers dropped): the witness's line of version 3."""
    signed.append("Z", _events(3), 0)
    (witness,) = receipts.witnessed(signed)
    with signed.engine.begin() as conn:
        if signed.dialect == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        else:
            conn.exec_driver_sql("DROP TRIGGER IF EXISTS events_refuse_update_delete ON events")
        conn.exec_driver_sql("DELETE FROM events WHERE version = 3")
    return witness


def test_the_witness_still_catches_a_cut_tail_after_its_line_is_written(signed: EventStore, db_url: str) -> None:
    """Once version 3's line is appended, deleting version 3 (triggers dropped) makes the witness's check name the cut."""
    witness = _witnessed_then_cut(signed)
    assert receipts.check(signed, witness) == "campaign 'Z' version 3: the chain ends at version 2 (its tail was cut)"


def test_a_cut_tail_reads_in_russian_with_the_points_named_as_the_timeline_numbers_them(signed: EventStore) -> None:
    """The same cut in Russian (the page shows it beside the receipt a phone kept): «№3», «№2», never a version."""
    witness = _witnessed_then_cut(signed)
    with language("ru"):
        said = receipts.check(signed, witness)
    assert said == "кампания «Z», №3: цепочка кончается на №2 (её хвост отрезан)"


def test_an_altered_receipt_reads_in_russian(signed: EventStore) -> None:
    """A receipt whose version was changed by its holder, checked in Russian: its point «№2» and why, in one line."""
    signed.append("Z", _events(3), 0)
    held = receipts.receipt_at(signed, "Z")
    forged = receipts.Receipt(held.campaign, 2, held.hash, held.recorded_at, held.public_key, held.signature)
    with language("ru"):
        said = receipts.check(signed, forged)
    assert said == "кампания «Z», №2: подпись квитанции не сходится (квитанция подделана или изменена)"


def test_a_witness_file_of_the_older_release_counts_beside_the_appended_one(signed: EventStore) -> None:
    """An older release's single-receipt ``.json`` file holding version 3 outranks the appended file's version 1."""
    signed.append("Z", _events(1), 0)
    signed.append("Z", _events(2), 1)
    newest = receipts.receipt_at(signed, "Z")
    (path,) = signed.witness.glob("*.jsonl")
    path.write_bytes(path.read_bytes().splitlines(keepends=True)[0])  # the appended file keeps version 1 only
    path.with_suffix(".json").write_bytes(orjson.dumps(newest.to_json()))
    assert [(r.campaign, r.version) for r in receipts.witnessed(signed)] == [("Z", 3)]


def test_a_grown_witness_file_is_rewritten_down_to_its_newest_receipt(signed: EventStore,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Past WITNESS_COMPACT_AT bytes (here 1,000) the next line rewrites the file to one line: the newest, version 5."""
    monkeypatch.setattr(receipts, "WITNESS_COMPACT_AT", 1000)
    for version in range(5):
        signed.append("Z", _events(1), version)
    (path,) = signed.witness.glob("*.jsonl")
    assert [orjson.loads(line)["version"] for line in path.read_bytes().splitlines()] == [5]
