"""Dichotomy wealth, XP spent on ties and encumbrance through the service."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"
SEVEN = ["Bedroll", "Rope", "Lantern", "Oil", "Rations", "Waterskin", "Toolkit"]


def test_the_encumbrance_example_carries_seven_items(table, david, sheets) -> None:
    """Power 4 and Martial 7 (Finesse 7 / Power 4, Martial 7 / Spiritual 4): 2 + 1 + 2x2 = 7 items packed."""
    attributes = {"finesse": 7, "power": 4, "martial": 7, "spiritual": 4, "natural": 3, "technical": 8}
    created = commands.create_character(table, CAMPAIGN, "Носильщик", attributes,
                                        ["Mobility", "Climbing", "Mechanics"], ["Greed", "Fame"], "comfortable")
    assert created.data["carrying_capacity"] == 7
    event = commands.pack_equipment(table, CAMPAIGN, "Носильщик", SEVEN)
    assert event.data == {"character": "Носильщик", "items": SEVEN, "capacity": 7}
    assert sheets()["characters"]["Носильщик"]["equipment"] == SEVEN


def test_an_eighth_item_is_refused(table) -> None:
    """With capacity 7 an eighth item is refused by 'carrying capacity'; nothing written."""
    attributes = {"finesse": 7, "power": 4, "martial": 7, "spiritual": 4, "natural": 3, "technical": 8}
    commands.create_character(table, CAMPAIGN, "Носильщик", attributes,
                              ["Mobility", "Climbing", "Mechanics"], ["Greed", "Fame"], "comfortable")
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.pack_equipment(table, CAMPAIGN, "Носильщик", [*SEVEN, "Torch"])
    assert str(refused.value) == "refused by rule 'dichotomy: carrying capacity': 8 items packed, the capacity is 7"
    assert table.store.head(CAMPAIGN) == head


def test_spending_xp_the_character_does_not_have_is_refused(table, david) -> None:
    """A Cottage (5 XP) with 2 XP earned is refused by 'XP not available'; nothing written."""
    commands.start_adventure(table, CAMPAIGN)
    commands.record_motive(table, CAMPAIGN, david, "Greed", "fulfilled")
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.spend_xp(table, CAMPAIGN, david, "Cottage", actor="Давид")
    assert str(refused.value) == "refused by rule 'dichotomy: XP not available': 5 XP needed, 2 XP available"
    assert table.store.head(CAMPAIGN) == head


def test_a_cottage_costs_five_xp(table, david, sheets) -> None:
    """With 5 XP (Greed betrayed +3, Truth fulfilled +2) a Cottage is bought; the balance is 0."""
    commands.start_adventure(table, CAMPAIGN)
    commands.record_motive(table, CAMPAIGN, david, "Greed", "betrayed")
    commands.record_motive(table, CAMPAIGN, david, "Truth", "fulfilled")
    event = commands.spend_xp(table, CAMPAIGN, david, "Cottage", actor="Давид")
    assert event.data == {"character": "Взломщик", "amount": 5, "connection": "Cottage", "reason": ""}
    sheet = sheets()["characters"][david]
    assert (sheet["xp"], sheet["connections"]) == (
        {"earned": 5, "spent": 5, "balance": 0}, [{"name": "Cottage", "cost": 5}])


def test_another_tie_needs_its_agreed_cost(table, david) -> None:
    """A tie outside the table without a cost is refused by 'connection cost'."""
    with pytest.raises(RuleViolation) as refused:
        commands.spend_xp(table, CAMPAIGN, david, "Гильдия воров")
    assert refused.value.rule == "dichotomy: connection cost"


def test_wealth_changes_between_adventures(table, david, sheets) -> None:
    """After adventure 1 ends, David moves from comfortable to affluent."""
    commands.start_adventure(table, CAMPAIGN)
    commands.end_adventure(table, CAMPAIGN)
    event = commands.change_wealth(table, CAMPAIGN, david, "богатый", actor="Давид")
    assert event.data == {"character": "Взломщик", "previous": "comfortable", "level": "affluent"}
    assert sheets()["characters"][david]["wealth"] == "affluent"


def test_wealth_does_not_change_during_an_adventure(table, david) -> None:
    """During adventure 1 a wealth change is refused; nothing written."""
    commands.start_adventure(table, CAMPAIGN)
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.change_wealth(table, CAMPAIGN, david, "affluent", actor="Давид")
    assert str(refused.value) == ("refused by rule 'dichotomy: wealth changes between adventures': "
                                  "adventure 1 is in progress")
    assert table.store.head(CAMPAIGN) == head


def test_another_player_may_not_spend_a_characters_xp(table, david) -> None:
    """Susan spending XP of David's character is NotAuthorized."""
    with pytest.raises(NotAuthorized):
        commands.spend_xp(table, CAMPAIGN, david, "Cottage", actor="Сьюзан")
