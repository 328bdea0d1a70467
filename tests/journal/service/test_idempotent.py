"""Journal.idempotent: a retried request returns its first decision and writes nothing (both databases)."""

from __future__ import annotations

import pytest

from journal.errors import ValidationFailed
from journal.service import Journal
from journal.service.journal import decision_id
from journal.service.sessions import free_roll


@pytest.fixture
def table(journal: Journal) -> str:
    """A VPT campaign with a Master and one player."""
    journal.create_campaign("Лес", "vpt", "ГМ")
    journal.add_member("Лес", "Аня")
    return "Лес"


def test_the_same_key_twice_stores_one_decision_and_returns_the_same_events(journal: Journal, table: str) -> None:
    """Two executes under one key (two blocks) append once; the second returns the first's event."""
    with journal.idempotent("req-1"):
        first = free_roll(journal, table, "1d6", table=[4], actor="Аня")
    head = journal.store.head(table)
    with journal.idempotent("req-1"):
        again = free_roll(journal, table, "1d6", table=[4], actor="Аня")
    assert again == first._replace(seq=again.seq)
    assert journal.store.head(table) == head == 3
    assert [e.type for e in journal.store.read(table)].count("roll.made") == 1


def test_the_decision_id_is_derived_from_campaign_actor_key_and_ordinal(journal: Journal, table: str) -> None:
    """The first event's id is decision_id(campaign, actor, key, 0), and the decision is named by it."""
    with journal.idempotent("req-1"):
        event = free_roll(journal, table, "1d6", table=[4], actor="Аня")
    assert event.id == event.decision == decision_id(table, "Аня", "req-1", 0)


def test_a_retry_returns_the_first_answer_after_the_campaign_moved_on(journal: Journal, table: str) -> None:
    """A retry after other writes returns the stored roll (version 3, dice [4]), not a new one on the new head."""
    with journal.idempotent("req-1"):
        free_roll(journal, table, "1d6", table=[4], actor="Аня")
    free_roll(journal, table, "1d6", table=[6], actor="Аня")
    with journal.idempotent("req-1"):
        again = free_roll(journal, table, "1d6", table=[2], actor="Аня")
    assert (again.version, again.data["rolls"][0]["dice"]) == (3, [4])
    assert journal.store.head(table) == 4


def test_each_execute_in_one_block_is_its_own_decision(journal: Journal, table: str) -> None:
    """Two executes in one block are two decisions; the block run again writes nothing and returns both."""

    def request() -> list[int]:
        with journal.idempotent("req-2"):
            return [free_roll(journal, table, "1d6", table=[n], actor="Аня").version for n in (1, 2)]

    assert request() == [3, 4]
    assert request() == [3, 4]
    assert journal.store.head(table) == 4


def test_another_actor_with_the_same_key_decides_anew(journal: Journal, table: str) -> None:
    """The key is the actor's own: the Master's request under Аня's key is a separate decision."""
    with journal.idempotent("req-1"):
        mine = free_roll(journal, table, "1d6", table=[4], actor="Аня")
    with journal.idempotent("req-1"):
        theirs = free_roll(journal, table, "1d6", table=[5])
    assert (mine.version, theirs.version, theirs.actor) == (3, 4, "ГМ")


def test_without_a_key_the_same_command_twice_is_two_decisions(journal: Journal, table: str) -> None:
    """Outside ``idempotent`` every execute decides and appends."""
    free_roll(journal, table, "1d6", table=[4], actor="Аня")
    free_roll(journal, table, "1d6", table=[4], actor="Аня")
    assert journal.store.head(table) == 4


def test_a_refused_retry_key_writes_nothing(journal: Journal, table: str) -> None:
    """A refused first attempt stores nothing, so its retry under the same key decides again (and lands)."""
    with pytest.raises(ValidationFailed), journal.idempotent("req-3"):
        free_roll(journal, table, "1d6", table=[9], actor="Аня")
    assert journal.store.head(table) == 2
    with journal.idempotent("req-3"):
        landed = free_roll(journal, table, "1d6", table=[3], actor="Аня")
    assert (landed.version, landed.id) == (3, decision_id(table, "Аня", "req-3", 0))


@pytest.mark.parametrize("key", ["", "x" * 256, "line\nbreak"])
def test_a_malformed_key_is_refused(journal: Journal, key: str) -> None:
    """An empty, overlong or control-character key is refused with one line naming the key."""
    with pytest.raises(ValidationFailed, match="^idempotency key: 1 to 255 characters, no control characters$"), \
            journal.idempotent(key):
        pass


def test_a_session_started_under_a_key_ends_and_its_dice_verify(journal: Journal) -> None:
    """The start's id (its seed derives from it) is the key's decision id: the session ends and its dice verify."""
    from journal.service.sessions import end_session, start_session, verify_rolls

    journal.create_campaign("Ключ", "vpt", "ГМ")
    journal.add_member("Ключ", "Аня")
    with journal.idempotent("start-1"):
        started = start_session(journal, "Ключ", ["Аня"])
    with journal.idempotent("start-1"):
        again = start_session(journal, "Ключ", ["Аня"])
    free_roll(journal, "Ключ", "2d6")
    ended = end_session(journal, "Ключ")
    (check,) = verify_rolls(journal, "Ключ")
    assert (again.id, ended.type, check.rolls, check.problems) == (started.id, "session.ended", 1, ())
