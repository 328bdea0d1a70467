"""Dichotomy character creation: attributes, starting abilities, motives, carrying capacity."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import NewCharacter, ability_cap, check_new_name, create_character

SUSAN = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}
STARTING = ["Deadly Aim", "Acrobatics", "Tracking"]
MOTIVES = ["Love", "Faith"]


def test_susans_allocation_is_accepted_with_capacity_seven() -> None:
    """Susan's example (6/5, 8/3, 10/1) is valid; her capacity is 2 + 1 + 2x2 = 7."""
    created = create_character(SUSAN, STARTING, MOTIVES)
    assert created == NewCharacter(
        (("Deadly Aim", "finesse"), ("Acrobatics", "martial"), ("Tracking", "natural")), 7
    )


def test_susans_ability_caps_are_floor_of_a_third() -> None:
    """Susan may hold at most Finesse 2, Power 1, Martial 2, Spiritual 1, Natural 3, Technical 0 abilities."""
    assert {name: ability_cap(value) for name, value in SUSAN.items()} == {
        "finesse": 2, "power": 1, "martial": 2, "spiritual": 1, "natural": 3, "technical": 0,
    }


def test_pair_not_summing_to_eleven_is_refused() -> None:
    """Finesse 6 with Power 6 breaks the 11-point pair."""
    with pytest.raises(RuleViolation) as refused:
        create_character({**SUSAN, "power": 6}, STARTING, MOTIVES)
    assert refused.value.rule == "dichotomy: pair sums to 11"
    assert "finesse 6 + power 6 = 12" in str(refused.value)


def test_attribute_above_ten_is_refused() -> None:
    """Natural 11 / Technical 0 sums to 11 but leaves the 1-10 range."""
    with pytest.raises(RuleViolation) as refused:
        create_character({**SUSAN, "natural": 11, "technical": 0}, STARTING, MOTIVES)
    assert refused.value.rule == "dichotomy: attribute from 1 to 10"
    assert "natural is 11" in str(refused.value)


def test_attribute_below_one_is_refused() -> None:
    """An attribute of 0 is refused even when its pair sums to 11."""
    with pytest.raises(RuleViolation) as refused:
        create_character({**SUSAN, "martial": 11, "spiritual": 0}, STARTING, MOTIVES)
    assert refused.value.rule == "dichotomy: attribute from 1 to 10"


def test_missing_attribute_is_refused() -> None:
    """All six attributes must be given."""
    attributes = {name: value for name, value in SUSAN.items() if name != "technical"}
    with pytest.raises(RuleViolation) as refused:
        create_character(attributes, STARTING, MOTIVES)
    assert refused.value.rule == "dichotomy: six attributes"


def test_two_starting_abilities_from_one_pair_are_refused() -> None:
    """Deadly Aim and Smite both belong to Finesse / Power."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, ["Deadly Aim", "Smite", "Tracking"], MOTIVES)
    assert refused.value.rule == "dichotomy: three starting abilities, one per pair"


def test_two_starting_abilities_are_refused() -> None:
    """A character starts with exactly three abilities."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, ["Deadly Aim", "Tracking"], MOTIVES)
    assert refused.value.rule == "dichotomy: three starting abilities, one per pair"


def test_starting_ability_over_its_cap_is_refused() -> None:
    """Technical 1 allows no Technical ability, so Susan cannot start with Find Traps."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, ["Deadly Aim", "Acrobatics", "Find Traps"], MOTIVES)
    assert refused.value.rule == "dichotomy: one ability per 3 points of its attribute"
    assert "technical 1 allows 0" in str(refused.value)


def test_same_starting_ability_twice_is_refused() -> None:
    """An ability is held once."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, ["Tracking", "Acrobatics", "Tracking"], MOTIVES)
    assert refused.value.rule == "dichotomy: each ability once"


def test_unknown_ability_is_refused() -> None:
    """Only the listed special abilities exist."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, ["Deadly Aim", "Acrobatics", "Fireball"], MOTIVES)
    assert refused.value.rule == "dichotomy: known special ability"


def test_one_starting_motive_is_refused() -> None:
    """A character starts with two motives."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, STARTING, ["Love"])
    assert refused.value.rule == "dichotomy: two starting motives"


def test_same_motive_twice_is_refused() -> None:
    """The two starting motives differ."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, STARTING, ["Love", "Love"])
    assert refused.value.rule == "dichotomy: two starting motives"


def test_unknown_motive_is_refused() -> None:
    """Motives come from the list of sixteen, keyed by English name."""
    with pytest.raises(RuleViolation) as refused:
        create_character(SUSAN, STARTING, ["Love", "Boredom"])
    assert refused.value.rule == "dichotomy: known motive"


def test_russian_name_taken_twice_is_refused() -> None:
    """Character names are unique in the campaign, Cyrillic ones included."""
    with pytest.raises(RuleViolation) as refused:
        check_new_name("Шарлотта", {"Шарлотта", "Джейсон"})
    assert refused.value.rule == "dichotomy: unique character name"


def test_new_russian_name_is_accepted() -> None:
    """A name not yet used passes."""
    assert check_new_name("Карли", {"Шарлотта"}) is None
