"""Dichotomy 2d10 checks: totals against a TN per die, outcomes, critical, player-vs-player TN."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import CheckResult, DieSpec, pvp_tn, resolve_check

FINESSE_7 = DieSpec("finesse", 7, tn=10)
TECHNICAL_8 = DieSpec("technical", 8, tn=10)


def test_davids_lock_pick_is_a_partial_success() -> None:
    """Finesse 7 and Technical 8 at TN 10, dice 6 and 1: 13 beats 10, 9 does not."""
    assert resolve_check(FINESSE_7, TECHNICAL_8, [6, 1]) == CheckResult((13, 9), (True, False), "partial")


def test_tricky_lock_uses_a_tn_per_die() -> None:
    """TN 10 against Finesse and 15 against Technical: dice 6 and 8 give 13 and 16, a total success."""
    tricky = DieSpec("technical", 8, tn=15)
    assert resolve_check(FINESSE_7, tricky, [6, 8]) == CheckResult((13, 16), (True, True), "total")


def test_tricky_lock_second_die_falls_short_of_fifteen() -> None:
    """Against TN 15, Technical 8 with a 6 makes 14: only the Finesse die succeeds."""
    tricky = DieSpec("technical", 8, tn=15)
    assert resolve_check(FINESSE_7, tricky, [6, 6]) == CheckResult((13, 14), (True, False), "partial")


def test_result_equal_to_the_tn_misses() -> None:
    """A result must exceed the TN: 3 + 7 = 10 against TN 10 is a miss."""
    assert resolve_check(FINESSE_7, TECHNICAL_8, [3, 2]) == CheckResult((10, 10), (False, False), "failure")


def test_both_dice_beating_their_tn_is_a_total_success() -> None:
    """5 + 7 = 12 and 5 + 8 = 13 both beat TN 10."""
    assert resolve_check(FINESSE_7, TECHNICAL_8, [5, 5]) == CheckResult((12, 13), (True, True), "total")


def test_double_ten_is_critical_whatever_the_tn() -> None:
    """Both dice showing 10 is a critical success even against TN 20."""
    hard = DieSpec("finesse", 1, tn=20)
    other = DieSpec("technical", 10, tn=20)
    assert resolve_check(hard, other, [10, 10]) == CheckResult((11, 20), (False, False), "critical")


def test_modifier_applies_to_its_die() -> None:
    """Martial 7 without gear (-4) and a 6 makes 9, short of TN 10."""
    unarmed = DieSpec("martial", 7, tn=10, modifier=-4)
    power = DieSpec("power", 5, tn=10, modifier=-4)
    assert resolve_check(unarmed, power, [6, 9]) == CheckResult((9, 10), (False, False), "failure")


def test_two_attributes_of_one_pair_are_refused() -> None:
    """Finesse and Power are one pair and cannot share a check."""
    with pytest.raises(RuleViolation) as refused:
        resolve_check(FINESSE_7, DieSpec("power", 4), [5, 5])
    assert refused.value.rule == "dichotomy: two attributes from one pair"


def test_same_attribute_on_both_dice_is_refused() -> None:
    """The same attribute twice is two attributes from one pair."""
    with pytest.raises(RuleViolation) as refused:
        resolve_check(FINESSE_7, FINESSE_7, [5, 5])
    assert refused.value.rule == "dichotomy: two attributes from one pair"


def test_three_dice_are_refused() -> None:
    """A check takes exactly two d10."""
    with pytest.raises(RuleViolation) as refused:
        resolve_check(FINESSE_7, TECHNICAL_8, [5, 5, 5])
    assert refused.value.rule == "dichotomy: two d10"


def test_die_above_ten_is_refused() -> None:
    """A d10 cannot show 11."""
    with pytest.raises(RuleViolation) as refused:
        resolve_check(FINESSE_7, TECHNICAL_8, [11, 5])
    assert refused.value.rule == "dichotomy: two d10"


def test_player_versus_player_tn_is_five_plus_defender_attribute() -> None:
    """A defender with Power 6 sets TN 11."""
    assert pvp_tn(6) == 11
