"""Sessions, the journal's verifiable dice and free rolls, through the service, on both databases."""

from __future__ import annotations

import hashlib

import pytest
from support import tamper

from journal.errors import NotAuthorized, RuleViolation, ValidationFailed
from journal.events.envelope import NewEvent
from journal.service import Journal
from journal.service.sessions import add_salt, end_session, free_roll, start_session, verify_rolls


@pytest.fixture
def table(journal: Journal) -> str:
    """A VPT campaign with a Master and two players."""
    journal.create_campaign("Лес", "vpt", "ГМ")
    journal.add_member("Лес", "Аня")
    journal.add_member("Лес", "Борис")
    return "Лес"


def test_sessions_are_numbered_from_one(journal: Journal, table: str) -> None:
    """The first session is 1 and the next one 2."""
    first = start_session(journal, table, ["Аня"])
    end_session(journal, table)
    second = start_session(journal, table, ["Аня", "Борис"])
    assert (first.data["number"], second.data["number"]) == (1, 2)


def test_the_revealed_seed_matches_the_commitment(journal: Journal, table: str) -> None:
    """SHA-256 of the seed revealed at the end equals the commitment made at the start."""
    started = start_session(journal, table, ["Аня"])
    ended = end_session(journal, table)
    assert hashlib.sha256(bytes.fromhex(ended.data["seed"])).hexdigest() == started.data["commitment"]


def test_events_carry_the_open_session_and_none_between_sessions(journal: Journal, table: str) -> None:
    """A roll in session 1 is marked 1; a roll after it ends is marked as between sessions."""
    start_session(journal, table, ["Аня"])
    during = free_roll(journal, table, "1d6", table=[4])
    end_session(journal, table)
    after = free_roll(journal, table, "1d6", table=[2])
    assert (during.session, after.session) == (1, None)


def test_a_second_open_session_is_refused(journal: Journal, table: str) -> None:
    """Starting a session while one is open is refused and nothing is written."""
    start_session(journal, table, ["Аня"])
    head = journal.store.head(table)
    with pytest.raises(RuleViolation, match="'session: one at a time': session 1 is still open"):
        start_session(journal, table, ["Аня"])
    assert journal.store.head(table) == head


def test_a_player_cannot_start_a_session(journal: Journal, table: str) -> None:
    """Only the Master starts sessions."""
    with pytest.raises(NotAuthorized, match="only the Master may start a session \\('Аня' is a player\\)"):
        start_session(journal, table, ["Аня"], actor="Аня")
    assert journal.store.head(table) == 3


def test_a_non_member_cannot_be_present(journal: Journal, table: str) -> None:
    """Attendance names members only."""
    with pytest.raises(RuleViolation, match="'Гость' is not a member of 'Лес'"):
        start_session(journal, table, ["Аня", "Гость"])
    assert journal.store.head(table) == 3


def test_ending_without_an_open_session_is_refused(journal: Journal, table: str) -> None:
    """There is nothing to end between sessions."""
    with pytest.raises(RuleViolation, match="open session needed"):
        end_session(journal, table)


def test_the_master_may_record_the_duration(journal: Journal, table: str) -> None:
    """--minutes overrides the measured duration and says so."""
    start_session(journal, table, ["Аня"])
    ended = end_session(journal, table, minutes=150)
    assert (ended.data["minutes"], ended.data["minutes_recorded_by_master"]) == (150, True)


def test_the_measured_duration_of_a_quick_session_is_zero_minutes(journal: Journal, table: str) -> None:
    """Without --minutes the duration is measured from the start event."""
    start_session(journal, table, ["Аня"])
    ended = end_session(journal, table)
    assert (ended.data["minutes"], ended.data["minutes_recorded_by_master"]) == (0, False)


def test_table_dice_are_recorded_as_thrown(journal: Journal, table: str) -> None:
    """A free roll with the table's dice records them as table dice with the exact result."""
    event = free_roll(journal, table, "2d6+1", table=[3, 4], purpose="засада")
    assert event.data["rolls"] == [{"sides": 6, "dice": [3, 4], "source": "table", "counter": None}]
    assert (event.data["result"], event.data["description"], event.data["purpose"]) == (8, "2d6+1: [3, 4] + 1 = 8", "засада")


def test_a_pool_counts_successes(journal: Journal, table: str) -> None:
    """6d10>=7 with table dice counts the dice at or above 7."""
    event = free_roll(journal, table, "6d10>=7", table=[7, 2, 10, 6, 8, 1])
    assert (event.data["result"], event.data["pool"]) == (3, True)


def test_table_dice_must_match_the_notation(journal: Journal, table: str) -> None:
    """Giving three dice for 2d6 is refused naming both counts; nothing is written."""
    with pytest.raises(ValidationFailed, match="'2d6' throws 2 dice, 3 given"):
        free_roll(journal, table, "2d6", table=[1, 2, 3])
    assert journal.store.head(table) == 3


def test_server_dice_need_an_open_session(journal: Journal, table: str) -> None:
    """Without a session (and without table dice) the journal does not roll."""
    with pytest.raises(RuleViolation, match="server rolls need an open session"):
        free_roll(journal, table, "1d20")
    assert journal.store.head(table) == 3


def test_server_rolls_use_consecutive_counters(journal: Journal, table: str) -> None:
    """Two server rolls of 3 and 2 dice use counters 0 and 3."""
    start_session(journal, table, ["Аня"])
    first = free_roll(journal, table, "3d6")
    second = free_roll(journal, table, "2d20")
    assert [(r["source"], r["counter"]) for r in first.data["rolls"] + second.data["rolls"]] == [("server", 0), ("server", 3)]


def test_a_refused_command_burns_no_counter(journal: Journal, table: str) -> None:
    """A roll refused after the session opened leaves the next counter where it was."""
    start_session(journal, table, ["Аня"])
    with pytest.raises(ValidationFailed):
        free_roll(journal, table, "3d")
    event = free_roll(journal, table, "1d6")
    assert event.data["rolls"][0]["counter"] == 0


def test_every_server_die_of_a_closed_session_recomputes(journal: Journal, table: str) -> None:
    """After the session ends, verify_rolls recomputes each server die from the revealed seed."""
    start_session(journal, table, ["Аня", "Борис"])
    add_salt(journal, table, "кот", actor="Аня")
    add_salt(journal, table, "42", actor="Борис")
    free_roll(journal, table, "4d6kh3")
    free_roll(journal, table, "6d10>=7", actor="Аня")
    end_session(journal, table)
    (check,) = verify_rolls(journal, table)
    assert (check.session, check.rolls, check.problems) == (1, 2, ())


def test_an_open_session_is_not_audited_yet(journal: Journal, table: str) -> None:
    """The seed of an open session is secret: no check is reported for it."""
    start_session(journal, table, ["Аня"])
    free_roll(journal, table, "1d6")
    assert verify_rolls(journal, table) == []


def test_an_edited_die_is_named_with_its_event(journal: Journal, table: str) -> None:
    """A die changed behind the journal's back is reported with the event that holds it."""
    start_session(journal, table, ["Аня"])
    rolled = free_roll(journal, table, "1d20")
    end_session(journal, table)
    forged = dict(rolled.data, rolls=[dict(rolled.data["rolls"][0], dice=[21 - rolled.data["rolls"][0]["dice"][0] or 1])])
    tamper(journal.store, table, rolled.version, forged)
    (check,) = verify_rolls(journal, table)
    assert len(check.problems) == 1
    assert check.problems[0].startswith("roll #0 (counter 0, d20): recorded")
    assert check.problems[0].endswith(f"(event {rolled.id})")


def test_a_hidden_roll_shows_as_missing_counters(journal: Journal, table: str) -> None:
    """A session whose recorded rolls skip counters 0-1 reports them as used by no recorded roll."""
    start_session(journal, table, ["Аня"])
    free_roll(journal, table, "2d6")  # counters 0-1, then "hidden" by recording the next roll by hand:
    second = free_roll(journal, table, "1d6")  # counter 2
    session_rolls = {"notation": "1d6", "rolls": [dict(second.data["rolls"][0], counter=5)], "result": 1, "pool": False,
                     "description": "x"}
    journal.store.append(table, [NewEvent("roll.made", session_rolls, "ГМ", session=1)], None)
    end_session(journal, table)
    (check,) = verify_rolls(journal, table)
    assert "roll counters 3..4 were used by no recorded roll" in check.problems
