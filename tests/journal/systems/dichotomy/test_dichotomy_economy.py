"""Dichotomy XP spending on ties, wealth level changes, encumbrance."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import (
    carrying_capacity,
    check_load,
    check_wealth_change,
    connection_cost,
    spend_xp,
)


def test_encumbrance_example_power_4_martial_7_carries_7() -> None:
    """Power 4 and Martial 7: 2 + 1 + 2x2 = 7 items."""
    assert carrying_capacity(4, 7) == 7


def test_weakest_character_carries_two() -> None:
    """Power 1 and Martial 2 add nothing to the base 2 items."""
    assert carrying_capacity(1, 2) == 2


def test_packing_beyond_capacity_is_refused() -> None:
    """Eight items for a capacity of 7 is too many."""
    with pytest.raises(RuleViolation) as refused:
        check_load(8, 7)
    assert refused.value.rule == "dichotomy: carrying capacity"


def test_packing_to_capacity_is_accepted() -> None:
    """Seven items fit a capacity of 7."""
    assert check_load(7, 7) is None


def test_listed_ties_cost_five() -> None:
    """Cottage, Assistant and Notability each cost 5 XP."""
    assert [connection_cost(name, None) for name in ("Cottage", "Assistant", "Notability")] == [5, 5, 5]


def test_listed_tie_at_another_cost_is_refused() -> None:
    """A Cottage cannot be recorded at 4 XP."""
    with pytest.raises(RuleViolation) as refused:
        connection_cost("Cottage", 4)
    assert refused.value.rule == "dichotomy: connection cost"


def test_unlisted_tie_takes_the_agreed_cost() -> None:
    """A tie beyond the truncated table costs what player and GM agreed."""
    assert connection_cost("Ship", 8) == 8


def test_unlisted_tie_without_a_cost_is_refused() -> None:
    """An unlisted tie needs its agreed cost."""
    with pytest.raises(RuleViolation) as refused:
        connection_cost("Ship", None)
    assert refused.value.rule == "dichotomy: connection cost"


def test_spending_xp_not_had_is_refused() -> None:
    """A 5 XP Cottage with 4 XP available is refused."""
    with pytest.raises(RuleViolation) as refused:
        spend_xp(4, 5)
    assert refused.value.rule == "dichotomy: XP not available"
    assert "5 XP needed, 4 XP available" in str(refused.value)


def test_spending_the_whole_balance_is_accepted() -> None:
    """5 XP available buys a 5 XP tie."""
    assert spend_xp(5, 5) is None


def test_wealth_change_between_adventures_is_accepted() -> None:
    """After adventure 1 ended, Comfortable may become Affluent."""
    assert check_wealth_change("comfortable", "affluent", 1, 1) is None


def test_wealth_change_during_an_adventure_is_refused() -> None:
    """Wealth changes only between adventures."""
    with pytest.raises(RuleViolation) as refused:
        check_wealth_change("comfortable", "destitute", 2, 1)
    assert refused.value.rule == "dichotomy: wealth changes between adventures"


def test_wealth_change_to_the_same_level_is_refused() -> None:
    """A change goes to another level."""
    with pytest.raises(RuleViolation) as refused:
        check_wealth_change("affluent", "affluent", 1, 1)
    assert refused.value.rule == "dichotomy: wealth changes between adventures"
