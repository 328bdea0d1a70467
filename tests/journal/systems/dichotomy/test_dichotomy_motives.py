"""Dichotomy motives and adventures: scoring, betrayal locks, swaps, shared motives."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import (
    MotiveSlot,
    check_adventure_end,
    check_adventure_start,
    choose_motive,
    next_adventure,
    score_motive,
    scoring_adventure,
    shared_motives,
    swap_motive,
)

HELD = (MotiveSlot("Love"), MotiveSlot("Faith"))


def test_jason_and_carly_share_faith() -> None:
    """Jason (Love, Faith) and Carly (Faith, Greed) recognise Faith as their shared motive."""
    assert shared_motives(["Love", "Faith"], ["Faith", "Greed"]) == ("Faith",)


def test_fulfilled_motive_scores_two_xp() -> None:
    """A fulfilled motive is worth 2 XP; the slot is returned with it."""
    assert score_motive(HELD, "Love", "fulfilled", 1) == (0, 2)


def test_betrayed_motive_scores_three_xp() -> None:
    """A betrayed motive is worth 3 XP."""
    assert score_motive(HELD, "Faith", "betrayed", 1) == (1, 3)


def test_motive_scored_twice_in_one_adventure_is_refused() -> None:
    """Each motive scores once per adventure."""
    slots = (MotiveSlot("Love", last_scored=2), MotiveSlot("Faith"))
    with pytest.raises(RuleViolation) as refused:
        score_motive(slots, "Love", "betrayed", 2)
    assert refused.value.rule == "dichotomy: once per motive per adventure"


def test_motive_scores_again_in_the_next_adventure() -> None:
    """Fulfilled in adventure 1, Love scores again in adventure 2."""
    slots = (MotiveSlot("Love", last_scored=1), MotiveSlot("Faith"))
    assert score_motive(slots, "Love", "fulfilled", 2) == (0, 2)


def test_scoring_a_motive_not_held_is_refused() -> None:
    """Only a held motive scores."""
    with pytest.raises(RuleViolation) as refused:
        score_motive(HELD, "Greed", "fulfilled", 1)
    assert refused.value.rule == "dichotomy: motive held"


def test_scoring_a_motive_taken_after_the_adventure_is_refused() -> None:
    """A motive first held in adventure 3 cannot score for adventure 2."""
    slots = (MotiveSlot("Love", since=3), MotiveSlot("Faith"))
    with pytest.raises(RuleViolation) as refused:
        score_motive(slots, "Love", "fulfilled", 2)
    assert refused.value.rule == "dichotomy: motive held"


def test_scoring_before_any_adventure_is_refused() -> None:
    """Motives score in an adventure; none has started."""
    with pytest.raises(RuleViolation) as refused:
        scoring_adventure(0)
    assert refused.value.rule == "dichotomy: motives scored in an adventure"


def test_scoring_adventure_is_the_latest_started() -> None:
    """In adventure 2, or after it ended, outcomes count for adventure 2."""
    assert scoring_adventure(2) == 2


def test_new_motive_right_after_a_betrayal_is_refused() -> None:
    """Betrayed in adventure 1, the slot stays locked when only adventure 1 has ended."""
    slots = (MotiveSlot("Love"), MotiveSlot(None, last_scored=1, locked_until=2))
    with pytest.raises(RuleViolation) as refused:
        choose_motive(slots, "Revenge", 1)
    assert refused.value.rule == "dichotomy: find yourself after a betrayal"
    assert "after adventure 2 has ended (1 ended so far)" in str(refused.value)


def test_new_motive_after_one_more_adventure_is_accepted() -> None:
    """Once adventure 2 has ended, the emptied slot takes a new motive."""
    slots = (MotiveSlot("Love"), MotiveSlot(None, last_scored=1, locked_until=2))
    assert choose_motive(slots, "Revenge", 2) == 1


def test_third_motive_is_refused() -> None:
    """Both slots filled, no motive can be added."""
    with pytest.raises(RuleViolation) as refused:
        choose_motive(HELD, "Greed", 3)
    assert refused.value.rule == "dichotomy: two motives"


def test_choosing_a_motive_held_already_is_refused() -> None:
    """The two motives differ."""
    with pytest.raises(RuleViolation) as refused:
        choose_motive((MotiveSlot("Love"), MotiveSlot(None)), "Love", 3)
    assert refused.value.rule == "dichotomy: each motive once"


def test_choosing_an_unknown_motive_is_refused() -> None:
    """Only listed motives can be chosen."""
    with pytest.raises(RuleViolation) as refused:
        choose_motive((MotiveSlot("Love"), MotiveSlot(None)), "Boredom", 3)
    assert refused.value.rule == "dichotomy: known motive"


def test_untouched_motive_is_swapped_after_the_adventure() -> None:
    """Faith, neither fulfilled nor betrayed in adventure 1, can be exchanged once it ended."""
    slots = (MotiveSlot("Love", last_scored=1), MotiveSlot("Faith"))
    assert swap_motive(slots, "Faith", "Truth", 1, 1) == 1


def test_swapping_a_motive_scored_in_the_adventure_is_refused() -> None:
    """Love was fulfilled in adventure 1, so it is not untouched."""
    slots = (MotiveSlot("Love", last_scored=1), MotiveSlot("Faith"))
    with pytest.raises(RuleViolation) as refused:
        swap_motive(slots, "Love", "Truth", 1, 1)
    assert refused.value.rule == "dichotomy: swap only an untouched motive"


def test_swapping_a_motive_not_yet_through_an_adventure_is_refused() -> None:
    """A motive taken after adventure 1 ended has not gone through an adventure."""
    slots = (MotiveSlot("Love"), MotiveSlot("Truth", since=2))
    with pytest.raises(RuleViolation) as refused:
        swap_motive(slots, "Truth", "Fame", 1, 1)
    assert refused.value.rule == "dichotomy: swap only an untouched motive"


def test_swapping_during_an_adventure_is_refused() -> None:
    """Swaps happen between adventures."""
    with pytest.raises(RuleViolation) as refused:
        swap_motive(HELD, "Faith", "Truth", 2, 1)
    assert refused.value.rule == "dichotomy: swap between adventures"


def test_swapping_before_any_adventure_is_refused() -> None:
    """No adventure has ended, so no motive has been left untouched in one."""
    with pytest.raises(RuleViolation) as refused:
        swap_motive(HELD, "Faith", "Truth", 0, 0)
    assert refused.value.rule == "dichotomy: swap between adventures"


def test_swapping_to_a_motive_held_is_refused() -> None:
    """The new motive differs from the other one held."""
    with pytest.raises(RuleViolation) as refused:
        swap_motive(HELD, "Faith", "Love", 1, 1)
    assert refused.value.rule == "dichotomy: each motive once"


def test_first_adventure_starts() -> None:
    """Adventure 1 starts in a fresh campaign."""
    assert check_adventure_start(0, 0, 1) is None


def test_starting_while_an_adventure_runs_is_refused() -> None:
    """Adventures run one at a time."""
    with pytest.raises(RuleViolation) as refused:
        check_adventure_start(1, 0, 2)
    assert refused.value.rule == "dichotomy: adventures in order"


def test_skipping_an_adventure_number_is_refused() -> None:
    """After adventure 1 comes adventure 2."""
    with pytest.raises(RuleViolation) as refused:
        check_adventure_start(1, 1, 3)
    assert refused.value.rule == "dichotomy: adventures in order"


def test_ending_an_adventure_not_in_progress_is_refused() -> None:
    """Adventure 1 has already ended."""
    with pytest.raises(RuleViolation) as refused:
        check_adventure_end(1, 1, 1)
    assert refused.value.rule == "dichotomy: adventures in order"


def test_adventure_in_progress_ends() -> None:
    """Adventure 2 in progress can end."""
    assert check_adventure_end(2, 1, 2) is None


def test_next_adventure_for_a_new_motive() -> None:
    """Before any adventure: 1; during adventure 1: 1; after it: 2."""
    assert [next_adventure(0, 0), next_adventure(1, 0), next_adventure(1, 1)] == [1, 1, 2]
