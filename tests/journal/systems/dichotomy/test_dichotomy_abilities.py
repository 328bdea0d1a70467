"""Dichotomy special abilities gained over time: caps, pair balance, the ninth, Monster Slayer."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import AbilityGain, gain_ability, monster_slayer_bonus

SUSAN = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}
# Finesse/Power 1, Martial/Spiritual 2, Natural/Technical 2.
FIVE = ["Deadly Aim", "Acrobatics", "Bless", "Tracking", "Survival"]
NINE = ["Deadly Aim", "Mobility", "Smite", "Acrobatics", "Climbing", "Bless", "Tracking", "Survival", "Alertness"]


def test_third_martial_spiritual_before_a_second_finesse_power_is_refused() -> None:
    """The digest's example: two Martial/Spiritual and one Power/Finesse, so no third Martial/Spiritual yet."""
    with pytest.raises(RuleViolation) as refused:
        gain_ability(SUSAN, FIVE, "Climbing")
    assert refused.value.rule == "dichotomy: abilities spread evenly over the pairs"
    assert "finesse/power 1, martial/spiritual 3, natural/technical 2" in str(refused.value)


def test_second_finesse_power_ability_is_accepted_as_the_sixth() -> None:
    """Taking Smite evens the pairs; the 6th ability brings Monster Slayer +1."""
    assert gain_ability(SUSAN, FIVE, "Smite") == AbilityGain("power", 6, 1)


def test_third_martial_spiritual_after_evening_the_pairs_is_accepted() -> None:
    """Once Finesse/Power has two, Climbing is the 7th ability and Monster Slayer is +2."""
    assert gain_ability(SUSAN, [*FIVE, "Smite"], "Climbing") == AbilityGain("martial", 7, 2)


def test_ability_over_its_attribute_cap_is_refused() -> None:
    """Power 5 allows one Power ability; Cleave after Smite is refused."""
    with pytest.raises(RuleViolation) as refused:
        gain_ability(SUSAN, ["Deadly Aim", "Smite", "Acrobatics", "Tracking"], "Cleave")
    assert refused.value.rule == "dichotomy: one ability per 3 points of its attribute"
    assert "power 5 allows 1 abilities and 1 are held" in str(refused.value)


def test_tenth_ability_is_refused() -> None:
    """At most nine special abilities in all."""
    with pytest.raises(RuleViolation) as refused:
        gain_ability(SUSAN, NINE, "Orienteering")
    assert refused.value.rule == "dichotomy: at most 9 special abilities"


def test_ninth_ability_gives_the_full_monster_slayer_bonus() -> None:
    """The 9th ability makes Monster Slayer +4."""
    assert gain_ability(SUSAN, NINE[:-1], "Alertness") == AbilityGain("natural", 9, 4)


def test_ability_held_already_is_refused() -> None:
    """An ability is learned once."""
    with pytest.raises(RuleViolation) as refused:
        gain_ability(SUSAN, FIVE, "Tracking")
    assert refused.value.rule == "dichotomy: each ability once"


def test_unknown_ability_gain_is_refused() -> None:
    """Only listed abilities can be learned."""
    with pytest.raises(RuleViolation) as refused:
        gain_ability(SUSAN, FIVE, "Flight")
    assert refused.value.rule == "dichotomy: known special ability"


def test_monster_slayer_table() -> None:
    """Up to 5 abilities +0, then 6 -> +1, 7 -> +2, 8 -> +3, 9 -> +4."""
    assert [monster_slayer_bonus(count) for count in range(10)] == [0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
