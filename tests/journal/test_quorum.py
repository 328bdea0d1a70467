"""Quorum sizes (first and second degree) and vote tallies."""

import pytest

from journal.errors import RuleViolation
from journal.quorum import first_degree, quorum_size, second_degree

PLAYERS = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар"]


@pytest.mark.parametrize(("players", "needed"), [(2, 2), (3, 2), (4, 3), (5, 4), (6, 4), (7, 5), (8, 6)])
def test_quorum_size_is_two_thirds_rounded_up(players: int, needed: int) -> None:
    """2-8 players need 2, 2, 3, 4, 4, 5, 6 votes."""
    assert quorum_size(players) == needed


@pytest.mark.parametrize(
    ("total", "present", "first", "second"),
    [(8, 8, 6, 6), (8, 5, 6, 4), (7, 4, 5, 3), (6, 3, 4, 2), (5, 2, 4, 2), (4, 1, 3, 1)],
)
def test_absentees_shrink_only_the_second_degree(total: int, present: int, first: int, second: int) -> None:
    """First degree counts all players, second degree only those present."""
    all_players = PLAYERS[:total]
    assert first_degree({}, all_players).required == first
    assert second_degree({}, all_players[:present]).required == second


def test_quorum_of_no_players_is_refused() -> None:
    """No quorum can be formed without players."""
    with pytest.raises(RuleViolation, match="quorum: players needed"):
        quorum_size(0)


def test_first_degree_counts_votes_in_favour() -> None:
    """5 players need 4 in favour: 4 for, 1 against reaches it."""
    tally = first_degree({"Аня": True, "Борис": True, "Вера": True, "Глеб": True, "Дина": False}, PLAYERS[:5])
    assert (tally.required, tally.in_favour, tally.against, tally.reached) == (4, 4, 1, True)


def test_first_degree_is_not_reached_by_votes_against() -> None:
    """5 players, 3 for and 2 against: 3 < 4 in favour, not reached."""
    tally = first_degree({"Аня": True, "Борис": True, "Вера": True, "Глеб": False, "Дина": False}, PLAYERS[:5])
    assert tally.reached is False


def test_second_degree_counts_present_players_who_voted_either_way() -> None:
    """4 present need 3 voters: 1 for and 2 against reaches it."""
    tally = second_degree({"Аня": True, "Борис": False, "Вера": False}, PLAYERS[:4])
    assert (tally.required, tally.reached, tally.majority_in_favour) == (3, True, False)


def test_second_degree_is_not_reached_with_too_few_voters() -> None:
    """4 present, 2 voted: 2 < 3."""
    assert second_degree({"Аня": True, "Борис": True}, PLAYERS[:4]).reached is False


def test_tie_is_not_a_majority() -> None:
    """Two for and two against is no majority in favour."""
    tally = second_degree({"Аня": True, "Борис": True, "Вера": False, "Глеб": False}, PLAYERS[:4])
    assert tally.majority_in_favour is False


def test_vote_of_an_absent_player_is_refused() -> None:
    """Only players present vote in a second-degree quorum."""
    with pytest.raises(RuleViolation, match="quorum: only players vote") as refused:
        second_degree({"Захар": True}, PLAYERS[:3])
    assert "Захар" in str(refused.value)
