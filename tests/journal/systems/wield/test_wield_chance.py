"""Wield chances: difficulty tiers, targets inside the bands, summed d20s."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.wield import rules


@pytest.mark.parametrize(
    ("complications", "difficulty"),
    [(0, "Easy"), (1, "Hard"), (2, "Heroic"), (3, "Epic"), (4, "Impossible")],
)
def test_ladder_example_complications_raise_the_tier(complications: int, difficulty: str) -> None:
    """Ladder; carrying someone; ninjas; the ladder on fire; shooting back: Easy up to Impossible."""
    assert rules.difficulty_for(complications) == difficulty


def test_fifth_complication_stays_impossible() -> None:
    """There is no tier above Impossible."""
    assert rules.difficulty_for(5) == "Impossible"


def test_negative_complications_are_refused() -> None:
    """Complications are counted from zero."""
    with pytest.raises(RuleViolation) as refused:
        rules.difficulty_for(-1)
    assert refused.value.rule == "wield: complications"


@pytest.mark.parametrize(
    ("difficulty", "target"), [("Easy", None), ("Hard", 10), ("Heroic", 20), ("Epic", 35), ("Impossible", 55)]
)
def test_band_lower_bound_is_the_default_target(difficulty: str, target: int | None) -> None:
    """Easy has no roll; the others default to the bottom of their band."""
    assert rules.chance_target(difficulty) == target


def test_fate_may_set_a_target_inside_the_band() -> None:
    """Heroic runs 20-34; Fate may set 27."""
    assert rules.chance_target("Heroic", 27) == 27


def test_target_outside_the_band_is_refused() -> None:
    """Hard runs 10-19; 20 is not Hard."""
    with pytest.raises(RuleViolation, match="10-19, not 20") as refused:
        rules.chance_target("Hard", 20)
    assert refused.value.rule == "wield: target inside the band"


def test_target_for_easy_is_refused() -> None:
    """Players do not roll for Easy risks."""
    with pytest.raises(RuleViolation) as refused:
        rules.chance_target("Easy", 5)
    assert refused.value.rule == "wield: no roll for Easy"


def test_unknown_difficulty_is_refused() -> None:
    """Only the five tiers exist."""
    with pytest.raises(RuleViolation) as refused:
        rules.chance_target("Legendary")
    assert refused.value.rule == "wield: difficulty"


@pytest.mark.parametrize(("wounds", "target"), [(1, None), (2, 10), (3, 20), (4, 35), (5, 55)])
def test_wounds_map_to_targets(wounds: int, target: int | None) -> None:
    """1 wound is Easy; 2-5 wounds are 10 / 20 / 35 / 55."""
    assert rules.wound_target(wounds) == target


def test_six_wounds_are_refused() -> None:
    """Attacks and defences range from 1 to 5 wounds."""
    with pytest.raises(RuleViolation) as refused:
        rules.wound_target(6)
    assert refused.value.rule == "wield: one to five wounds"


def test_easy_chance_succeeds_without_a_roll() -> None:
    """An Easy task succeeds and has no total."""
    assert rules.take_chance(None, []) == rules.ChanceResult(total=None, success=True)


def test_dice_against_no_target_are_refused() -> None:
    """Nothing is rolled for an Easy task."""
    with pytest.raises(RuleViolation) as refused:
        rules.take_chance(None, [12])
    assert refused.value.rule == "wield: no roll for Easy"


def test_single_d20_meeting_the_target_succeeds() -> None:
    """Equal to the target is a success."""
    assert rules.take_chance(10, [10]) == rules.ChanceResult(total=10, success=True)


def test_profession_die_is_summed() -> None:
    """Profession adds a d20 to the sum: 17 + 19 = 36 reaches Epic."""
    assert rules.take_chance(35, [17, 19], profession=True) == rules.ChanceResult(total=36, success=True)


def test_condition_dice_and_bonus_are_summed() -> None:
    """A condition's extra die and +5 add up: 8 + 6 + 5 = 19 misses Heroic."""
    assert rules.take_chance(20, [8, 6], extra_dice=1, bonus=5) == rules.ChanceResult(total=19, success=False)


def test_missing_profession_die_is_refused() -> None:
    """With the profession the chance rolls two d20."""
    with pytest.raises(RuleViolation, match="rolls 2 d20, not 1") as refused:
        rules.take_chance(10, [15], profession=True)
    assert refused.value.rule == "wield: dice of a chance"


def test_die_above_twenty_is_refused() -> None:
    """Chances roll d20s."""
    with pytest.raises(RuleViolation) as refused:
        rules.take_chance(10, [24])
    assert refused.value.rule == "wield: dice are d20"
