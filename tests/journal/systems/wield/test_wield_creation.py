"""Wield creation rules: a vatcha's domains and steps, a hero's destiny and player."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.wield import rules

FIVE_STEPS = ["Find the heir", "Win the guild", "Take the port", "Break the wall", "Crown the heir"]


def test_twelve_domains_are_known() -> None:
    """The twelve Domains of the table, no more."""
    assert rules.DOMAINS == (
        "Air", "Destruction", "Earth", "Light",
        "Animal", "Darkness", "Fire", "Plant",
        "Creation", "Death", "Life", "Water",
    )  # fmt: skip


@pytest.mark.parametrize("domains", [["Air"], ["Fire", "Death"], ["Water", "Life", "Plant"]])
def test_one_two_or_three_domains_are_accepted(domains: list[str]) -> None:
    """One, two or three domains: "you do not have to choose three"."""
    rules.check_vatcha(domains, FIVE_STEPS)


def test_no_domain_is_refused() -> None:
    """A vatcha commands at least one domain."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_vatcha([], FIVE_STEPS)
    assert refused.value.rule == "wield: one to three of the twelve domains"


def test_four_domains_are_refused() -> None:
    """Up to three of the twelve."""
    with pytest.raises(RuleViolation, match="1-3 domains, not 4") as refused:
        rules.check_vatcha(["Air", "Fire", "Earth", "Water"], FIVE_STEPS)
    assert refused.value.rule == "wield: one to three of the twelve domains"


def test_unknown_domain_is_refused() -> None:
    """Only the twelve domains of the table."""
    with pytest.raises(RuleViolation, match="'Time' is not one") as refused:
        rules.check_vatcha(["Air", "Time"], FIVE_STEPS)
    assert refused.value.rule == "wield: one to three of the twelve domains"


def test_domain_chosen_twice_is_refused() -> None:
    """Three domains means three different ones."""
    with pytest.raises(RuleViolation, match="chosen twice") as refused:
        rules.check_vatcha(["Fire", "Fire"], FIVE_STEPS)
    assert refused.value.rule == "wield: one to three of the twelve domains"


def test_four_steps_are_refused() -> None:
    """A vatcha chooses five Steps toward its Goal."""
    with pytest.raises(RuleViolation, match="not 4") as refused:
        rules.check_vatcha(["Air"], FIVE_STEPS[:4])
    assert refused.value.rule == "wield: five steps"


def test_hero_with_own_destiny_is_accepted() -> None:
    """A destiny other than the goal, for another player's vatcha."""
    rules.check_hero(destiny="Marry the prince", goal="Kill the king", player="Jill", vatcha_player="John")


def test_destiny_equal_to_goal_is_refused() -> None:
    """"It cannot be the same as your Item's Goal" (compared without case or extra spaces)."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_hero(destiny="kill  the King", goal="Kill the king", player="Jill", vatcha_player="John")
    assert refused.value.rule == "wield: destiny is not the goal"


def test_russian_destiny_equal_to_goal_is_refused() -> None:
    """Russian text compares the same way: «Убить короля» is «убить короля»."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_hero(destiny="убить короля", goal="Убить короля", player="Ярослава", vatcha_player="Добрыня")
    assert refused.value.rule == "wield: destiny is not the goal"


def test_wielder_of_own_vatcha_is_refused() -> None:
    """Each player makes the wielder of another player's vatcha."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_hero(destiny="Marry the prince", goal="Kill the king", player="John", vatcha_player="John")
    assert refused.value.rule == "wield: wielder of another player's vatcha"


def test_dead_hero_is_refused() -> None:
    """A dead hero does nothing more."""
    with pytest.raises(RuleViolation, match="Святослав is dead") as refused:
        rules.check_alive("Святослав", False)
    assert refused.value.rule == "wield: the hero is dead"


def test_condition_held_twice_is_refused() -> None:
    """A hero gains a condition he does not have already."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_gain_condition(["on fire"], "on fire")
    assert refused.value.rule == "wield: condition held once"


def test_condition_not_held_cannot_be_removed() -> None:
    """Only a held condition is removed."""
    with pytest.raises(RuleViolation) as refused:
        rules.check_remove_condition(["afraid"], "on fire")
    assert refused.value.rule == "wield: condition held"


def test_power_of_a_domain_the_vatcha_commands_is_accepted() -> None:
    """A power of one of its vatcha's Domains (Step 2: "Domains are sets of powers your Vatcha commands")."""
    assert rules.check_power_domain("Искра", "Fire", ["Air", "Fire"]) is None


def test_power_of_another_domain_is_refused() -> None:
    """A power of a Domain the vatcha does not command is not its to bestow: the rule and both Domains named."""
    with pytest.raises(RuleViolation, match="Искра commands Air, Fire: a power of Darkness") as refused:
        rules.check_power_domain("Искра", "Darkness", ["Air", "Fire"])
    assert refused.value.rule == "wield: a power of the vatcha's domains"
