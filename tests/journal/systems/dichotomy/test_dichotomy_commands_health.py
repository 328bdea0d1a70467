"""Dichotomy's health track through the service: Charlotte's five rounds, the dive, recovery and healing."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"


def _round(table, name: str, damage: int, number: int, **kwargs):
    return commands.apply_damage(table, CAMPAIGN, name, damage, round=number, **kwargs)


def _outcome(event) -> tuple:
    data = event.data
    return data["hits_lost"], data["discarded"], data["may_dive"], data["end"]


def test_charlotte_round_1_loses_two_shaken_hits(table, charlotte, sheets) -> None:
    """Round 1: 2 damage, 2 Hits lost -> |●●|○|○|."""
    assert _outcome(_round(table, charlotte, 2, 1)) == (2, 0, False, None)
    assert sheets()["characters"][charlotte]["health"]["drawing"] == "|●●|○|○|"


def test_charlotte_round_2_is_an_injury_with_one_damage_discarded(table, charlotte, sheets) -> None:
    """Round 2: 2 damage, 1 Hit lost, 1 not counted, Shaken reset -> |○○|●|○|."""
    _round(table, charlotte, 2, 1)
    assert _outcome(_round(table, charlotte, 2, 2)) == (1, 1, False, None)
    assert sheets()["characters"][charlotte]["health"]["drawing"] == "|○○|●|○|"


def test_charlotte_round_3_loses_one_shaken_hit(table, charlotte, sheets) -> None:
    """Round 3: 1 damage, 1 Hit lost -> |●○|●|○|."""
    for number, damage in ((1, 2), (2, 2)):
        _round(table, charlotte, damage, number)
    assert _outcome(_round(table, charlotte, 1, 3)) == (1, 0, False, None)
    assert sheets()["characters"][charlotte]["health"]["drawing"] == "|●○|●|○|"


def test_charlotte_round_4_five_damage_is_a_serious_injury(table, charlotte, sheets) -> None:
    """Round 4: 5 damage, 2 Hits lost, 3 discarded, Serious, Shaken reset -> |○○|●|●|; she may dive."""
    for number, damage in ((1, 2), (2, 2), (3, 1)):
        _round(table, charlotte, damage, number)
    assert _outcome(_round(table, charlotte, 5, 4)) == (2, 3, True, None)
    assert sheets()["characters"][charlotte]["health"] == {
        "shaken": 0, "injured": True, "serious": True, "drawing": "|○○|●|●|"}


def test_charlotte_round_5_one_hit_then_she_takes_a_dive(table, charlotte, sheets) -> None:
    """Round 5: 1 Hit lost while Seriously Injured -> |●○|●|●|; Carly records the dive."""
    for number, damage in ((1, 2), (2, 2), (3, 1), (4, 5)):
        _round(table, charlotte, damage, number)
    assert _outcome(_round(table, charlotte, 1, 5)) == (1, 0, True, None)
    dive = commands.take_dive(table, CAMPAIGN, charlotte, actor="Карли")
    sheet = sheets()["characters"][charlotte]
    assert (dive.type, sheet["health"]["drawing"], sheet["diving"], sheet["status"]) == (
        "dichotomy.dive_taken", "|●○|●|●|", True, "active")


def test_charlotte_recovers_one_hit_after_the_fight_and_heals(table, charlotte, sheets) -> None:
    """After the fight rest restores her 1 Shaken Hit (|○○|●|●|); the Injury heals, then the Serious injury."""
    for number, damage in ((1, 2), (2, 2), (3, 1), (4, 5), (5, 1)):
        _round(table, charlotte, damage, number)
    commands.take_dive(table, CAMPAIGN, charlotte, actor="Карли")
    commands.end_fight(table, CAMPAIGN)
    rest = commands.recover_hits(table, CAMPAIGN, charlotte, "rest", actor="Карли")
    assert (rest.data["hits"], sheets()["characters"][charlotte]["health"]["drawing"]) == (1, "|○○|●|●|")
    commands.heal_injury(table, CAMPAIGN, charlotte, "injury")
    assert sheets()["characters"][charlotte]["health"]["drawing"] == "|○○|○|●|"
    commands.heal_injury(table, CAMPAIGN, charlotte, "serious")
    sheet = sheets()["characters"][charlotte]
    assert (sheet["health"]["drawing"], sheet["diving"]) == ("|○○|○|○|", False)


def test_the_third_hit_after_both_state_circles_must_name_the_end(table, charlotte) -> None:
    """With |●●|●|●| a further point without death/career_ended is refused; nothing written."""
    for number, damage in ((1, 3), (2, 3), (3, 2)):
        _round(table, charlotte, damage, number)
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        _round(table, charlotte, 1, 4)
    assert str(refused.value) == ("refused by rule 'dichotomy: death or end of career': "
                                  "the third Hit after both state circles: name death or the end of the career")
    assert table.store.head(CAMPAIGN) == head


def test_death_puts_the_character_out_of_play(table, charlotte, sheets) -> None:
    """The GM names death; the sheet says dead and a later check is refused by 'character out of play'."""
    for number, damage in ((1, 3), (2, 3), (3, 2)):
        _round(table, charlotte, damage, number)
    _round(table, charlotte, 1, 4, end="death")
    assert sheets()["characters"][charlotte]["status"] == "death"
    with pytest.raises(RuleViolation) as refused:
        commands.record_check(table, CAMPAIGN, charlotte, ["finesse", "natural"], dice=[5, 5], actor="Карли")
    assert str(refused.value) == "refused by rule 'dichotomy: character out of play': 'Шарлотта' is out (death)"


def test_a_dive_without_a_serious_injury_is_refused(table, charlotte) -> None:
    """After round 1 (Shaken only) a dive is refused by 'dive after a serious injury'; nothing written."""
    _round(table, charlotte, 2, 1)
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.take_dive(table, CAMPAIGN, charlotte, actor="Карли")
    assert refused.value.rule == "dichotomy: dive after a serious injury"
    assert table.store.head(CAMPAIGN) == head


def test_the_recover_action_restores_one_shaken_hit(table, charlotte, sheets) -> None:
    """Recover (3 AP) with 2 Shaken Hits restores 1 -> |●○|○|○|."""
    _round(table, charlotte, 2, 1)
    event = commands.recover_hits(table, CAMPAIGN, charlotte, actor="Карли")
    assert (event.data["how"], event.data["hits"]) == ("recover_action", 1)
    assert sheets()["characters"][charlotte]["health"]["drawing"] == "|●○|○|○|"


def test_a_player_may_not_apply_damage(table, charlotte) -> None:
    """Damage is the GM's to record: Carly recording it is NotAuthorized; nothing written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        commands.apply_damage(table, CAMPAIGN, charlotte, 2, actor="Карли")
    assert str(refused.value) == "only the Master may apply damage ('Карли' is a player)"
    assert table.store.head(CAMPAIGN) == head


def test_a_player_may_not_heal_an_injury(table, charlotte) -> None:
    """Healing is the GM's to record: Carly recording it is NotAuthorized."""
    _round(table, charlotte, 3, 1)
    with pytest.raises(NotAuthorized):
        commands.heal_injury(table, CAMPAIGN, charlotte, "injury", actor="Карли")
