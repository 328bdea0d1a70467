"""The XP ledger: a session's tally, committed after the session ended, counts for that session."""

from __future__ import annotations

import pytest
from support import CHARS, PARAMS

from journal.service import Journal
from journal.service.queries import xp
from journal.service.sessions import end_session, start_session
from journal.service.tallies import commit_tally
from journal.systems.stone_wheel import commands as stone_wheel


@pytest.fixture
def tallied(journal: Journal) -> Journal:
    """Камень: Аня's Ратибор present at session 1 (90 minutes, tallied: floor(50 x 90 / 60) = 75 XP), then session 2."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    stone_wheel.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    start_session(journal, "Камень", ["Аня"])
    end_session(journal, "Камень", minutes=90)
    commit_tally(journal, "Камень", 1)
    start_session(journal, "Камень", ["Аня"])
    return journal


def test_xp_of_a_session_includes_its_tally(tallied: Journal) -> None:
    """`xp --session 1` shows the 75 XP the tally of session 1 awarded after the session's end."""
    rows = {row["character"]: row for row in xp(tallied, "Камень", session=1)["ledgers"]}
    assert (rows["Ратибор"]["earned"], rows["Ратибор"]["by_source"]) == (75, {"session": 75})
    assert rows["Мастер"]["earned"] == 112


def test_a_tallied_award_is_not_booked_between_sessions(tallied: Journal) -> None:
    """The tally's awards leave nothing under 'between' (the ledger keys only session 1)."""
    ledger = tallied.at("Камень")["xp"]["characters"]["Ратибор"]
    assert (ledger["earned"], sorted(ledger["sessions"])) == (75, ["1"])


def test_as_of_the_end_of_a_session_includes_its_tally(tallied: Journal) -> None:
    """`--as-of session:1` is the tally's commit: the 75 XP are in the balance there."""
    assert xp(tallied, "Камень", as_of="session:1")["ledgers"][1] == {
        "character": "Ратибор", "earned": 75, "spent": 0, "balance": 75, "by_source": {"session": 75}, "spending": []}
