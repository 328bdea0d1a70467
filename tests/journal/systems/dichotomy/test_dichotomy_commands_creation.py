"""Dichotomy character creation through the service: the recorded event, the sheet, and every refusal."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"
SUSAN = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}
ABILITIES = ["Mobility", "Climbing", "Alertness"]


def _create(journal, attributes=SUSAN, abilities=ABILITIES, actor="Сьюзан", **kwargs):
    return commands.create_character(journal, CAMPAIGN, "Лесная", attributes, abilities, ["Love", "Faith"],
                                     "comfortable", actor=actor, **kwargs)


def test_susans_character_is_recorded_with_capacity_seven(table) -> None:
    """Susan's allocation is recorded with its abilities' attributes, capacity 7 and adventure 1 first."""
    event = _create(table)
    assert (event.type, event.actor) == ("dichotomy.character_created", "Сьюзан")
    assert event.data == {
        "name": "Лесная", "player": "Сьюзан", "attributes": SUSAN,
        "abilities": [{"name": "Mobility", "attribute": "finesse"}, {"name": "Climbing", "attribute": "martial"},
                      {"name": "Alertness", "attribute": "natural"}],
        "motives": ["Love", "Faith"], "wealth": "comfortable", "carrying_capacity": 7, "first_adventure": 1,
    }


def test_the_new_sheet_has_a_fresh_track_and_no_xp(table, sheets) -> None:
    """After creation the sheet shows the empty track, 0 XP, both motives and the player."""
    _create(table)
    sheet = sheets()["characters"]["Лесная"]
    assert (sheet["player"], sheet["health"]["drawing"], sheet["xp"], sheet["status"]) == (
        "Сьюзан", "|○○|○|○|", {"earned": 0, "spent": 0, "balance": 0}, "active")
    assert [slot["motive"] for slot in sheet["motives"]] == ["Love", "Faith"]


def test_russian_names_are_stored_under_their_english_keys(table) -> None:
    """Attributes, abilities, motives and wealth typed in Russian are stored under the English keys."""
    russian = {"изящество": 6, "мощь": 5, "физическое": 8, "духовное": 3, "природное": 10, "техническое": 1}
    event = commands.create_character(table, CAMPAIGN, "Лесная", russian, ["Мобильность", "Лазание", "Внимательность"],
                                      ["Любовь", "Судьба"], "Нищий", actor="Сьюзан")
    assert (event.data["attributes"], event.data["motives"], event.data["wealth"]) == (SUSAN, ["Love", "Faith"], "destitute")


def test_the_gm_may_create_a_character_for_a_player(table) -> None:
    """The GM records a character whose player is Susan."""
    event = _create(table, actor="Ведущий", player="Сьюзан")
    assert (event.actor, event.data["player"]) == ("Ведущий", "Сьюзан")


def test_a_pair_not_summing_to_eleven_is_refused_and_nothing_written(table) -> None:
    """Finesse 6 with Power 6 is refused by 'pair sums to 11'; the campaign's head does not move."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        _create(table, attributes={**SUSAN, "power": 6})
    assert str(refused.value) == (
        "refused by rule 'dichotomy: pair sums to 11': finesse/power: finesse 6 + power 6 = 12, not 11")
    assert table.store.head(CAMPAIGN) == head


def test_an_attribute_outside_one_to_ten_is_refused_and_nothing_written(table) -> None:
    """Natural 11 / Technical 0 is refused by 'attribute from 1 to 10'; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        _create(table, attributes={**SUSAN, "natural": 11, "technical": 0})
    assert str(refused.value) == "refused by rule 'dichotomy: attribute from 1 to 10': natural is 11"
    assert table.store.head(CAMPAIGN) == head


def test_a_starting_ability_over_its_cap_is_refused(table) -> None:
    """Technical 1 allows no ability: Find Traps at creation is refused; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        _create(table, abilities=["Mobility", "Climbing", "Find Traps"])
    assert str(refused.value) == ("refused by rule 'dichotomy: one ability per 3 points of its attribute': "
                                  "technical 1 allows 0 abilities and 0 are held; cannot add 'Find Traps'")
    assert table.store.head(CAMPAIGN) == head


def test_two_starting_abilities_in_one_pair_are_refused(table) -> None:
    """Mobility and Cleave are both Finesse/Power: refused by 'three starting abilities, one per pair'."""
    with pytest.raises(RuleViolation) as refused:
        _create(table, abilities=["Mobility", "Cleave", "Alertness"])
    assert refused.value.rule == "dichotomy: three starting abilities, one per pair"


def test_a_character_name_is_unique_in_the_campaign(table) -> None:
    """A second 'Лесная' is refused by 'unique character name'."""
    _create(table)
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        _create(table)
    assert str(refused.value) == "refused by rule 'dichotomy: unique character name': a character named 'Лесная' already exists"
    assert table.store.head(CAMPAIGN) == head


def test_a_player_may_not_create_a_character_for_another_player(table) -> None:
    """David recording a character played by Susan is NotAuthorized; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        _create(table, actor="Давид", player="Сьюзан")
    assert str(refused.value) == "only the GM may create a character for another member ('Давид' is a player)"
    assert table.store.head(CAMPAIGN) == head


def test_a_non_member_may_record_nothing(table) -> None:
    """Someone who is not a member cannot create a character; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        _create(table, actor="Чужак")
    assert str(refused.value) == "'Чужак' is not a member of campaign 'Две стороны'"
    assert table.store.head(CAMPAIGN) == head


def test_a_campaign_of_another_system_is_refused(journal) -> None:
    """A Dichotomy character in a Wield campaign is refused by 'campaign: one rule system'."""
    journal.create_campaign(CAMPAIGN, "wield", "Судьба")
    with pytest.raises(RuleViolation) as refused:
        _create(journal, actor=None)
    assert str(refused.value) == "refused by rule 'campaign: one rule system': 'Две стороны' plays wield, not dichotomy"
    assert journal.store.head(CAMPAIGN) == 1


def test_an_unknown_attribute_name_is_a_validation_error(table) -> None:
    """An attribute typed as 'strength' is refused before anything is read."""
    with pytest.raises(ValidationFailed) as refused:
        _create(table, attributes={**{k: v for k, v in SUSAN.items() if k != "power"}, "strength": 5})
    assert str(refused.value) == (
        "attribute: 'strength' is not one of finesse, power, martial, spiritual, natural, technical (or their Russian names)")


def test_acting_for_an_unknown_character_is_not_found(table) -> None:
    """An ability for a character nobody created is NotFound."""
    with pytest.raises(NotFound) as refused:
        commands.gain_ability(table, CAMPAIGN, "Никто", "Cleave")
    assert str(refused.value) == "no character named 'Никто' in campaign 'Две стороны'"
