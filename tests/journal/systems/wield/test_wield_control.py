"""Wield's Control Pyramid and Control Risks: the John, Jill and Ro examples, the cap, the comparison."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.wield import rules


def test_john_three_rank_one_powers_lose_two_control() -> None:
    """John: three Rank 1 powers mark three boxes down to row 2; he rolls 8 dice, his wielder 2."""
    boxes = 0
    for _ in range(3):
        bestowal = rules.bestow(boxes, 1)
        boxes = bestowal.boxes
    assert bestowal == rules.Bestowal(boxes=3, control_lost=2, vatcha_dice=8, wielder_dice=2)


def test_jill_one_point_of_power_loses_one_control() -> None:
    """Jill: one box marked; she rolls 9 dice and her wielder 1."""
    assert rules.bestow(0, 1) == rules.Bestowal(boxes=1, control_lost=1, vatcha_dice=9, wielder_dice=1)


def test_ro_ten_points_of_power_rolls_no_dice() -> None:
    """Ro: ten points of power fill the pyramid; she rolls no dice and her wielder all ten."""
    assert rules.bestow(0, 10) == rules.Bestowal(boxes=10, control_lost=10, vatcha_dice=0, wielder_dice=10)


def test_pyramid_mapping_for_every_box_count() -> None:
    """Rows of 1, 2, 3, 4 boxes: the row of the last box marked, except a full pyramid loses all 10."""
    assert [rules.control_lost(boxes) for boxes in range(11)] == [0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 10]


def test_linear_house_rule_loses_one_control_per_box() -> None:
    """House rule ``linear``: each rank is one die moved to the wielder (John would lose 3)."""
    assert rules.bestow(2, 1, "linear") == rules.Bestowal(boxes=3, control_lost=3, vatcha_dice=7, wielder_dice=3)


def test_pyramid_rows_show_marked_boxes_top_down() -> None:
    """Four boxes mark row 1, row 2 and the first box of row 3."""
    assert rules.pyramid(4) == [[True], [True, True], [True, False, False], [False, False, False, False]]


def test_eleventh_rank_is_refused() -> None:
    """Ten ranks fill the pyramid; an eleventh is refused."""
    with pytest.raises(RuleViolation, match="needs 11 of the 10") as refused:
        rules.bestow(10, 1)
    assert refused.value.rule == "wield: at most ten ranks bestowed"


def test_rank_seven_after_four_boxes_is_refused() -> None:
    """A rank 7 power on four marked boxes would need eleven."""
    with pytest.raises(RuleViolation) as refused:
        rules.bestow(4, 7)
    assert refused.value.rule == "wield: at most ten ranks bestowed"


def test_rank_zero_power_is_refused() -> None:
    """A power has rank 1 or more."""
    with pytest.raises(RuleViolation) as refused:
        rules.bestow(0, 0)
    assert refused.value.rule == "wield: power rank"


def test_pools_for_john_with_destiny_at_stake() -> None:
    """Destiny adds one d20 to the wielder's pool: John's wielder rolls 3 against 8."""
    assert rules.control_pools(2, destiny=True) == (8, 3)


def test_highest_die_wins_control_risk() -> None:
    """The highest single die decides, not the sum."""
    assert rules.compare_control([19, 2, 2, 2, 2, 2, 2, 2], [18, 17]) == "vatcha"


def test_tie_on_highest_die_goes_to_next_die() -> None:
    """Equal highest dice: compare the next highest."""
    assert rules.compare_control([20, 5, 1], [20, 6]) == "wielder"


def test_side_out_of_dice_loses_after_ties() -> None:
    """When one side runs out of dice while tied, it loses."""
    assert rules.compare_control([20, 7], [20]) == "vatcha"


def test_side_with_no_dice_loses() -> None:
    """Ro's vatcha rolls no dice and loses."""
    assert rules.compare_control([], [3, 1, 1, 1, 1, 1, 1, 1, 1, 1]) == "wielder"


def test_complete_tie_is_rerolled() -> None:
    """Every die equal: the risk is rolled again."""
    assert rules.compare_control([12, 4], [4, 12]) == "reroll"


def test_control_risk_checks_pools_and_compares() -> None:
    """Jill's vatcha rolls 9 dice against her wielder's 1."""
    assert rules.control_risk(1, False, [3, 3, 3, 3, 3, 3, 3, 3, 15], [14]) == "vatcha"


def test_control_risk_with_wrong_pool_is_refused() -> None:
    """Pools follow the pyramid: 8 and 2 for John, not 7 and 3."""
    with pytest.raises(RuleViolation, match="vatcha rolls 8 and the wielder 2 dice, not 7 and 3") as refused:
        rules.control_risk(2, False, [1] * 7, [1, 1, 1])
    assert refused.value.rule == "wield: Control Risk pools"


def test_control_risk_die_above_twenty_is_refused() -> None:
    """Control Risks roll d20s."""
    with pytest.raises(RuleViolation, match="cannot show 21") as refused:
        rules.control_risk(1, False, [1] * 9, [21])
    assert refused.value.rule == "wield: dice are d20"
