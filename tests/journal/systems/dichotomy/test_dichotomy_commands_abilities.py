"""Dichotomy special abilities through the service: gains, Monster Slayer, and the cap, balance and 9 limits."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"
#: Six gains that take Susan's ranger (Mobility, Climbing, Alertness) to 9, keeping the pairs balanced.
GAINS = ["Deadly Aim", "Acrobatics", "Orienteering", "Cleave", "Bless", "Survival"]


def _refused(table, ranger, ability: str) -> RuleViolation:
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.gain_ability(table, CAMPAIGN, ranger, ability, actor="Сьюзан")
    assert table.store.head(CAMPAIGN) == head
    return refused.value


def test_a_fourth_ability_is_recorded_with_its_attribute(table, ranger) -> None:
    """Deadly Aim is recorded under Finesse, 4 abilities, no Monster Slayer bonus yet."""
    event = commands.gain_ability(table, CAMPAIGN, ranger, "Deadly Aim", actor="Сьюзан")
    assert event.data == {"character": "Лесная", "ability": {"name": "Deadly Aim", "attribute": "finesse"},
                          "abilities": 4, "monster_slayer_bonus": 0}


def test_monster_slayer_is_one_at_six_and_four_at_nine(table, ranger, sheets) -> None:
    """The 6th ability brings +1, the 9th +4; the sheet lists all nine."""
    bonuses = [commands.gain_ability(table, CAMPAIGN, ranger, a).data["monster_slayer_bonus"] for a in GAINS]
    assert bonuses == [0, 0, 1, 2, 3, 4]
    sheet = sheets()["characters"][ranger]
    assert (len(sheet["abilities"]), sheet["monster_slayer_bonus"]) == (9, 4)


def test_an_ability_over_its_attributes_cap_is_refused(table, ranger) -> None:
    """Technical 1 allows no Technical ability: Find Traps is refused, nothing written."""
    assert str(_refused(table, ranger, "Find Traps")) == (
        "refused by rule 'dichotomy: one ability per 3 points of its attribute': "
        "technical 1 allows 0 abilities and 0 are held; cannot add 'Find Traps'")


def test_an_ability_unbalancing_the_pairs_is_refused(table, ranger) -> None:
    """After Deadly Aim (Finesse/Power 2), Cleave would make 3 against 1: refused, nothing written."""
    commands.gain_ability(table, CAMPAIGN, ranger, "Deadly Aim", actor="Сьюзан")
    assert str(_refused(table, ranger, "Cleave")) == (
        "refused by rule 'dichotomy: abilities spread evenly over the pairs': 'Cleave' would make "
        "finesse/power 3, martial/spiritual 1, natural/technical 1; two pairs may differ by at most 1")


def test_a_tenth_ability_is_refused(table, ranger) -> None:
    """With nine abilities held, a tenth is refused by 'at most 9 special abilities'; nothing written."""
    for ability in GAINS:
        commands.gain_ability(table, CAMPAIGN, ranger, ability)
    assert str(_refused(table, ranger, "Tracking")) == (
        "refused by rule 'dichotomy: at most 9 special abilities': 9 are held already; cannot add 'Tracking'")


def test_an_ability_held_already_is_refused(table, ranger) -> None:
    """Mobility twice is refused by 'each ability once'."""
    assert _refused(table, ranger, "Mobility").rule == "dichotomy: each ability once"


def test_an_unknown_ability_is_refused(table, ranger) -> None:
    """A name not among the 39 is refused by 'known special ability'."""
    assert str(_refused(table, ranger, "Fireball")) == (
        "refused by rule 'dichotomy: known special ability': 'Fireball' is not a special ability of Dichotomy")


def test_another_player_may_not_record_an_ability(table, ranger) -> None:
    """David recording an ability for Susan's ranger is NotAuthorized."""
    with pytest.raises(NotAuthorized):
        commands.gain_ability(table, CAMPAIGN, ranger, "Deadly Aim", actor="Давид")
