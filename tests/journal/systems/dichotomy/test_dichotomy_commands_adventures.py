"""Dichotomy adventures and motives through the service: +2 / +3 XP, the betrayal lock, swaps, GM-only acts."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"


def test_adventures_are_numbered_from_one(table) -> None:
    """The GM starts adventure 1, ends it, starts adventure 2."""
    first = commands.start_adventure(table, CAMPAIGN, "Сундук")
    ended = commands.end_adventure(table, CAMPAIGN)
    second = commands.start_adventure(table, CAMPAIGN)
    assert [e.data for e in (first, ended, second)] == [
        {"number": 1, "title": "Сундук"}, {"number": 1, "title": ""}, {"number": 2, "title": ""}]


def test_a_second_adventure_cannot_start_while_one_runs(table) -> None:
    """Starting while adventure 1 is in progress is refused by 'adventures in order'."""
    commands.start_adventure(table, CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.start_adventure(table, CAMPAIGN)
    assert str(refused.value) == "refused by rule 'dichotomy: adventures in order': adventure 1 is still in progress"


def test_a_fulfilled_motive_earns_two_xp(table, ranger, sheets) -> None:
    """Love fulfilled in adventure 1: +2 XP recorded in slot 0; the balance is 2."""
    commands.start_adventure(table, CAMPAIGN)
    event = commands.record_motive(table, CAMPAIGN, ranger, "Love", "fulfilled")
    assert event.data == {"character": "Лесная", "amount": 2, "source": "motive", "reason": "", "motive": "Love",
                          "outcome": "fulfilled", "slot": 0, "adventure": 1}
    assert sheets()["characters"][ranger]["xp"] == {"earned": 2, "spent": 0, "balance": 2}


def test_a_betrayed_motive_earns_three_xp_and_empties_its_slot(table, ranger, sheets) -> None:
    """Faith betrayed (Russian 'предан'): +3 XP, slot 1 empty until adventure 2 ends."""
    commands.start_adventure(table, CAMPAIGN)
    event = commands.record_motive(table, CAMPAIGN, ranger, "Судьба", "предан")
    assert (event.data["amount"], event.data["motive"], event.data["outcome"]) == (3, "Faith", "betrayed")
    assert sheets()["characters"][ranger]["motives"][1] == {
        "motive": None, "since": 1, "last_scored": 1, "locked_until": 2}


def test_a_motive_scores_once_per_adventure(table, ranger) -> None:
    """Love scored twice in adventure 1 is refused; nothing written."""
    commands.start_adventure(table, CAMPAIGN)
    commands.record_motive(table, CAMPAIGN, ranger, "Love", "fulfilled")
    head = table.store.head(CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.record_motive(table, CAMPAIGN, ranger, "Love", "fulfilled")
    assert str(refused.value) == ("refused by rule 'dichotomy: once per motive per adventure': "
                                  "'Love' was already scored in adventure 1")
    assert table.store.head(CAMPAIGN) == head


def test_after_a_betrayal_a_new_motive_waits_one_more_adventure(table, ranger) -> None:
    """Betrayed in adventure 1: choosing after adventure 1 ends is refused; after adventure 2 ends it is slot 1."""
    commands.start_adventure(table, CAMPAIGN)
    commands.record_motive(table, CAMPAIGN, ranger, "Faith", "betrayed")
    commands.end_adventure(table, CAMPAIGN)
    with pytest.raises(RuleViolation) as refused:
        commands.choose_motive(table, CAMPAIGN, ranger, "Revenge", actor="Сьюзан")
    assert str(refused.value) == ("refused by rule 'dichotomy: find yourself after a betrayal': "
                                  "a new motive only after adventure 2 has ended (1 ended so far)")
    commands.start_adventure(table, CAMPAIGN)
    commands.end_adventure(table, CAMPAIGN)
    chosen = commands.choose_motive(table, CAMPAIGN, ranger, "Revenge", actor="Сьюзан")
    assert chosen.data == {"character": "Лесная", "motive": "Revenge", "slot": 1, "since": 3}


def test_an_untouched_motive_is_swapped_between_adventures(table, ranger, sheets) -> None:
    """Faith untouched in adventure 1 is exchanged for Truth after it ends."""
    commands.start_adventure(table, CAMPAIGN)
    commands.end_adventure(table, CAMPAIGN)
    event = commands.swap_motive(table, CAMPAIGN, ranger, "Faith", "Truth", actor="Сьюзан")
    assert event.data == {"character": "Лесная", "old": "Faith", "new": "Truth", "slot": 1, "since": 2}
    assert [s["motive"] for s in sheets()["characters"][ranger]["motives"]] == ["Love", "Truth"]


def test_renown_xp_is_awarded_by_the_gm(table, ranger, sheets) -> None:
    """The GM awards 4 XP of renown; the balance is 4."""
    event = commands.record_renown(table, CAMPAIGN, ranger, 4, "saved the town")
    assert (event.data["source"], event.data["amount"], event.data["reason"]) == ("renown", 4, "saved the town")
    assert sheets()["characters"][ranger]["xp"]["balance"] == 4


def test_a_player_may_not_score_a_motive(table, ranger) -> None:
    """Susan recording her own motive outcome (a GM-only action) is NotAuthorized; nothing written."""
    commands.start_adventure(table, CAMPAIGN)
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        commands.record_motive(table, CAMPAIGN, ranger, "Love", "fulfilled", actor="Сьюзан")
    assert str(refused.value) == "only the Master may score a motive ('Сьюзан' is a player)"
    assert table.store.head(CAMPAIGN) == head


def test_a_player_may_not_start_an_adventure(table) -> None:
    """Starting an adventure is the GM's: David is NotAuthorized; nothing written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        commands.start_adventure(table, CAMPAIGN, actor="Давид")
    assert str(refused.value) == "only the Master may start an adventure ('Давид' is a player)"
    assert table.store.head(CAMPAIGN) == head


def test_a_non_member_may_not_end_a_fight(table) -> None:
    """An outsider recording anything is NotAuthorized; nothing written."""
    head = table.store.head(CAMPAIGN)
    with pytest.raises(NotAuthorized) as refused:
        commands.end_fight(table, CAMPAIGN, actor="Чужак")
    assert str(refused.value) == "'Чужак' is not a member of campaign 'Две стороны'"
    assert table.store.head(CAMPAIGN) == head
