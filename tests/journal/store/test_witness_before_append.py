"""The witness held before each append, and every witnessed head checked at verify: a journal whose chain lost a
witnessed head (a cut tail, an older copy restored) refuses to write, and a fork played on anyway is named."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from journal.errors import IntegrityFailure
from journal.events.envelope import NewEvent
from journal.store import EventStore, open_store, receipts
from journal.store.keys import JournalKey
from tests.journal.store.test_witness_attacks import _cut, _witness_file


@pytest.fixture
def signed(db_url: str) -> Iterator[EventStore]:
    """A store whose database has a signing key (made as ``journal init`` makes it)."""
    JournalKey.create_for_url(db_url)
    opened = open_store(db_url, upgrade=True)
    yield opened
    opened.close()


def _events(count: int) -> list[NewEvent]:
    return [NewEvent("test.noted", {"n": n}, "ГМ") for n in range(count)]


def test_an_append_after_a_cut_tail_is_refused_naming_the_witnessed_head(signed: EventStore) -> None:
    """Versions 1-5 witnessed, 4-5 cut: the next append raises naming the campaign and version 5, and writes nothing."""
    for version in range(5):
        signed.append("Z", _events(1), version)
    witnessed = receipts.witnessed_head(signed, "Z")
    assert witnessed is not None and witnessed.version == 5
    _cut(signed, 4)
    with pytest.raises(IntegrityFailure) as refused:
        signed.append("Z", _events(1), 3)
    assert str(refused.value) == (
        "witness: campaign 'Z' version 5: the chain ends at version 3 (its tail was cut); nothing was written: the "
        f"journal does not append to a chain that lost its witnessed head (hash {witnessed.hash[:16]}…)")
    assert signed.head("Z") == 3


def test_an_append_over_a_head_another_store_wrote_past_is_let_be(signed: EventStore, db_url: str) -> None:
    """A second store of the same journal appends (its witness lines land in the same file): the first store's next
    append reads what was added and goes on."""
    signed.append("Z", _events(1), 0)
    other = open_store(db_url)
    try:
        other.append("Z", _events(2), 1)
    finally:
        other.close()
    signed.append("Z", _events(1), 3)
    assert (signed.head("Z"), receipts.witnessed_head(signed, "Z").version) == (4, 4)  # type: ignore[union-attr]


def test_an_append_after_another_store_witnessed_a_head_that_was_then_cut_is_refused(signed: EventStore,
                                                                                     db_url: str) -> None:
    """This store last saw version 1 witnessed; another store appends 2-3, and 3 is cut: this store refuses too."""
    signed.append("Z", _events(1), 0)
    other = open_store(db_url)
    try:
        other.append("Z", _events(2), 1)
    finally:
        other.close()
    _cut(signed, 3)
    with pytest.raises(IntegrityFailure, match="campaign 'Z' version 3: the chain ends at version 2"):
        signed.append("Z", _events(1), 2)


def test_a_campaign_deleted_and_created_again_under_its_name_is_refused(signed: EventStore) -> None:
    """Every event of 'Z' deleted: a new version 1 of 'Z' is refused, the campaign named as gone."""
    signed.append("Z", _events(2), 0)
    _cut(signed, 1)
    with pytest.raises(IntegrityFailure, match="campaign 'Z' version 2: the campaign is gone from the journal"):
        signed.append("Z", _events(1), 0)
    assert signed.head("Z") == 0


def test_an_import_in_place_of_a_deleted_campaign_is_refused(signed: EventStore, db_url: str) -> None:
    """'Z' exported, then deleted from the database: importing it back is refused, nothing imported."""
    signed.append("Z", [NewEvent("campaign.created", {"name": "Z", "system": "vpt", "master": "ГМ"}, "ГМ"),
                        NewEvent("member.added", {"name": "Аня", "role": "player"}, "ГМ")], 0)
    exported = list(signed.export_lines("Z"))
    _cut(signed, 1)
    with pytest.raises(IntegrityFailure, match="campaign 'Z' version 2: the campaign is gone from the journal"):
        signed.import_lines(exported)
    assert signed.head("Z") == 0


def test_verify_names_an_older_witnessed_head_a_fork_left_behind(signed: EventStore) -> None:
    """A fork played on past a cut tail by a journal that did not check (its witness lines added to the old ones):
    the newest witnessed head holds, and verify still names version 5, which the fork rewrote."""
    for version in range(5):
        signed.append("Z", _events(1), version)
    path = _witness_file(signed)
    before = path.read_bytes()
    _cut(signed, 4)
    path.unlink()  # as a journal of an older release, which did not check before an append, would not see it
    for version in range(3, 7):
        signed.append("Z", _events(1), version)
    path.write_bytes(before + path.read_bytes())
    (problem,) = receipts.witness_problems(signed, signed.key.public_hex)  # type: ignore[union-attr]
    assert problem.startswith("campaign 'Z' version 5: the journal has hash ")
    assert problem.endswith("(the history was rewritten or forked)")
