"""Dichotomy checks through the service: the lock-pick example, TNs per die, criticals, PC vs PC, server dice."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.service.sessions import end_session, start_session, verify_rolls
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"


def test_the_lock_pick_check_is_a_partial_success(table, david) -> None:
    """David: 6 + Finesse 7 = 13 beats TN 10, 1 + Technical 8 = 9 does not -> partial, as recorded."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], action="pick the chest's lock",
                                  dice=[6, 1], actor="Давид")
    assert event.type == "dichotomy.check_rolled"
    assert event.data == {
        "character": "Взломщик", "action": "pick the chest's lock", "defender": None,
        "roll": {"sides": 10, "dice": [6, 1], "source": "table", "counter": None},
        "dice": [
            {"attribute": "finesse", "attribute_value": 7, "tn": 10, "modifier": 0, "defender_attribute": None,
             "total": 13, "success": True},
            {"attribute": "technical", "attribute_value": 8, "tn": 10, "modifier": 0, "defender_attribute": None,
             "total": 9, "success": False},
        ],
        "outcome": "partial",
    }


def test_the_lock_pick_check_leaves_the_sheet_as_it_was(table, david, sheets) -> None:
    """A check changes nothing on the sheet."""
    before = sheets()
    commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], dice=[6, 1], actor="Давид")
    assert sheets() == before


def test_the_tricky_lock_has_a_tn_per_die(table, david) -> None:
    """TN 10 against Finesse, 15 against Technical: 3+7 = 10 misses (not above), 8+8 = 16 hits -> partial."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], tn=[10, 15], dice=[3, 8])
    assert [(d["tn"], d["total"], d["success"]) for d in event.data["dice"]] == [(10, 10, False), (15, 16, True)]
    assert event.data["outcome"] == "partial"


def test_both_dice_beating_their_tn_is_a_total_success(table, david) -> None:
    """9+7 = 16 and 5+8 = 13 both beat 10 -> total."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], dice=[9, 5])
    assert event.data["outcome"] == "total"


def test_neither_die_beating_its_tn_is_a_failure(table, david) -> None:
    """2+7 = 9 and 2+8 = 10 miss TN 10 -> failure."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], dice=[2, 2])
    assert event.data["outcome"] == "failure"


def test_two_tens_are_a_critical_whatever_the_tn(table, david) -> None:
    """Both dice 10 against TN 30 is a critical success."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], tn=30, dice=[10, 10])
    assert (event.data["outcome"], [d["success"] for d in event.data["dice"]]) == ("critical", [False, False])


def test_modifiers_are_added_per_die(table, david) -> None:
    """Thick fog -4 on the Finesse die: 6+7-4 = 9 misses; the Technical die is untouched."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], modifiers=[-4, 0], dice=[6, 5])
    assert [(d["modifier"], d["total"]) for d in event.data["dice"]] == [(-4, 9), (0, 13)]
    assert event.data["outcome"] == "partial"


def test_player_versus_player_tn_is_five_plus_the_named_defender_attribute(table, david, ranger) -> None:
    """Against Лесная (Finesse 6, Natural 10) the TNs are 11 and 15: 5+7 = 12 hits, 6+8 = 14 misses."""
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], defender=ranger,
                                  against=["finesse", "natural"], dice=[5, 6], actor="Давид")
    assert [(d["defender_attribute"], d["tn"], d["total"], d["success"]) for d in event.data["dice"]] == [
        ("finesse", 11, 12, True), ("natural", 15, 14, False)]
    assert (event.data["defender"], event.data["outcome"]) == ("Лесная", "partial")


def test_two_attributes_of_one_pair_are_refused_and_nothing_written(table, david) -> None:
    """Finesse with Power is refused by 'two attributes from one pair'."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.record_check(table, CAMPAIGN, david, ["finesse", "power"], dice=[6, 1])
    assert str(refused.value) == (
        "refused by rule 'dichotomy: two attributes from one pair': finesse and power are both of finesse/power")
    assert table.store.head(CAMPAIGN) == head


def test_a_check_without_session_or_table_dice_is_refused(table, david) -> None:
    """With no open session the table's dice are required; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"])
    assert refused.value.rule == "dice: server rolls need an open session"
    assert table.store.head(CAMPAIGN) == head


def test_another_player_may_not_roll_for_a_character(table, david) -> None:
    """Susan rolling for David's character is NotAuthorized; nothing is written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], dice=[6, 1], actor="Сьюзан")
    assert str(refused.value) == "only the GM or Давид, who plays Взломщик, may roll a check ('Сьюзан' may not)"
    assert table.store.head(CAMPAIGN) == head


def test_server_dice_are_recorded_and_verify_after_the_session(table, david) -> None:
    """In a session the journal throws the 2d10 (source server, counter 0) and the audit passes after it ends."""
    start_session(table, CAMPAIGN, ["Давид"])
    event = commands.record_check(table, CAMPAIGN, david, ["finesse", "technical"], actor="Давид")
    end_session(table, CAMPAIGN)
    roll = event.data["roll"]
    assert (roll["source"], roll["counter"], len(roll["dice"]), event.session) == ("server", 0, 2, 1)
    assert [(c.session, c.rolls, c.ok) for c in verify_rolls(table, CAMPAIGN)] == [(1, 1, True)]
