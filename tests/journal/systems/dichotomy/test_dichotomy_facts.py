"""Events are facts: an event overturned by the quorum changes every total folded after it.

Each test records a short log through the commands, overturns one earlier event through the real dispute
path (open, two of the three players vote, the GM rules 'overturn'), and checks the exact sheet, which
must equal the fold of the log without the overturned events.
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event
from journal.service import Journal
from journal.service import disputes as D
from journal.service.queries import sheet as sheet_query
from journal.systems.dichotomy import commands
from projections.dichotomy.sheet import fold

CAMPAIGN = "Две стороны"
DAVID, SUSAN, CARLY = "Давид", "Сьюзан", "Карли"


def _overturn(journal: Journal, event: Event) -> set[str]:
    """Dispute ``event``, let David and Susan vote overturn, the GM rules it; the ids voided."""
    opened = D.open_dispute(journal, CAMPAIGN, event.id, "этого не было", actor=DAVID)
    for voter in (DAVID, SUSAN):
        D.vote(journal, opened.id, "overturn", actor=voter)
    ruled = D.rule(journal, opened.id, "overturn")
    return {e.data["target"] for e in ruled if e.type == "correction.voided"}


def _sheet(journal: Journal, name: str) -> dict[str, Any]:
    return journal.at(CAMPAIGN)["dichotomy.sheet"]["characters"][name]


def _without(journal: Journal, removed: set[str]) -> dict[str, Any]:
    """The Dichotomy state folded over the stored log with the ``removed`` events left out."""
    return fold(e for e in journal.store.read(CAMPAIGN) if e.id not in removed)


def _health(shaken: int, injured: bool, serious: bool, drawing: str) -> dict[str, Any]:
    return {"shaken": shaken, "injured": injured, "serious": serious, "drawing": drawing}


def test_an_overturned_round_leaves_the_character_unshaken(table: Journal, charlotte: str) -> None:
    """2 damage (|●●|○|○|) overturned: the sheet and `journal sheet` show a fresh track, shaken 0."""
    hit = commands.apply_damage(table, CAMPAIGN, charlotte, 2, round=1)
    assert _sheet(table, charlotte)["health"]["shaken"] == 2
    removed = _overturn(table, hit)
    assert removed == {hit.id}
    shown = sheet_query(table, CAMPAIGN, charlotte)["sheet"]
    assert (shown["health"], shown["may_dive"], shown["status"]) == (
        _health(0, False, False, "|○○|○|○|"), False, "active")
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_later_rounds_are_recomputed_after_an_overturned_round(table: Journal, charlotte: str) -> None:
    """Rounds 2 (|●●|○|○|) and 1 (|○○|●|○|); round 1 overturned: the second round only shakes, |●○|○|○|."""
    first = commands.apply_damage(table, CAMPAIGN, charlotte, 2, round=1)
    commands.apply_damage(table, CAMPAIGN, charlotte, 1, round=2)
    assert _sheet(table, charlotte)["health"] == _health(0, True, False, "|○○|●|○|")
    removed = _overturn(table, first)
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_charlottes_fight_without_round_four_is_recomputed_round_by_round(
        table: Journal, charlotte: str) -> None:
    """Charlotte's five rounds (2, 2, 1, 5, 1) with round 4 overturned: 2, 2, 1, 1 give |●●|●|○|, no dive."""
    rounds = [commands.apply_damage(table, CAMPAIGN, charlotte, damage, round=number)
              for number, damage in ((1, 2), (2, 2), (3, 1), (4, 5), (5, 1))]
    assert (_sheet(table, charlotte)["health"], _sheet(table, charlotte)["may_dive"]) == (
        _health(1, True, True, "|●○|●|●|"), True)
    removed = _overturn(table, rounds[3])
    sheet = _sheet(table, charlotte)
    # 2 -> |●●|○|○|; 2 -> Injured |○○|●|○|; 1 -> |●○|●|○|; 1 -> |●●|●|○|
    assert (sheet["health"], sheet["may_dive"]) == (_health(2, True, False, "|●●|●|○|"), False)
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_a_named_death_does_not_stand_when_an_earlier_round_is_overturned(table: Journal, charlotte: str) -> None:
    """3, 3, 2 then 1 naming death; round 3 overturned: the last Hit only shakes, she is alive and may dive."""
    rounds = [commands.apply_damage(table, CAMPAIGN, charlotte, damage, round=number)
              for number, damage in ((1, 3), (2, 3), (3, 2))]
    commands.apply_damage(table, CAMPAIGN, charlotte, 1, round=4, end="death")
    assert _sheet(table, charlotte)["status"] == "death"
    removed = _overturn(table, rounds[2])
    sheet = _sheet(table, charlotte)
    assert (sheet["status"], sheet["health"], sheet["may_dive"]) == (
        "active", _health(1, True, True, "|●○|●|●|"), True)
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_an_overturned_round_leaves_a_later_recovery_nothing_to_restore(table: Journal, charlotte: str) -> None:
    """2 damage, then the Recover action (|●○|○|○|); the damage overturned: the recovery restores nothing."""
    hit = commands.apply_damage(table, CAMPAIGN, charlotte, 2, round=1)
    commands.recover_hits(table, CAMPAIGN, charlotte, actor=CARLY)
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    removed = _overturn(table, hit)
    assert _sheet(table, charlotte)["health"] == _health(0, False, False, "|○○|○|○|")
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_an_overturned_healing_brings_the_injury_back_for_later_rounds(table: Journal, charlotte: str) -> None:
    """3 damage (Injured), healed, 3 damage (Injured again); the healing overturned: the second 3 is Serious."""
    commands.apply_damage(table, CAMPAIGN, charlotte, 3, round=1)
    healed = commands.heal_injury(table, CAMPAIGN, charlotte, "injury")
    commands.apply_damage(table, CAMPAIGN, charlotte, 3, round=1)
    assert (_sheet(table, charlotte)["health"], _sheet(table, charlotte)["may_dive"]) == (
        _health(0, True, False, "|○○|●|○|"), False)
    removed = _overturn(table, healed)
    sheet = _sheet(table, charlotte)
    assert (sheet["health"], sheet["may_dive"]) == (_health(0, True, True, "|○○|●|●|"), True)
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_healing_an_injury_overturned_away_changes_nothing(table: Journal, charlotte: str) -> None:
    """3 damage (Injured) then 1 (|●○|●|○|), the Injury healed; the 3 overturned: 1 Shaken Hit, no Injury."""
    injury = commands.apply_damage(table, CAMPAIGN, charlotte, 3, round=1)
    commands.apply_damage(table, CAMPAIGN, charlotte, 1, round=2)
    commands.heal_injury(table, CAMPAIGN, charlotte, "injury")
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    removed = _overturn(table, injury)
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_the_monster_slayer_bonus_counts_the_abilities_still_held(table: Journal, ranger: str) -> None:
    """Four gains make 7 abilities (+2); the first gain overturned: 6 abilities, Monster Slayer +1."""
    gains = [commands.gain_ability(table, CAMPAIGN, ranger, ability, actor=SUSAN)
             for ability in ("Deadly Aim", "Acrobatics", "Tracking", "Cleave")]
    assert (len(_sheet(table, ranger)["abilities"]), _sheet(table, ranger)["monster_slayer_bonus"]) == (7, 2)
    removed = _overturn(table, gains[0])
    sheet = _sheet(table, ranger)
    assert [a["name"] for a in sheet["abilities"]] == [
        "Mobility", "Climbing", "Alertness", "Acrobatics", "Tracking", "Cleave"]
    assert sheet["monster_slayer_bonus"] == 1
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_an_overturned_award_leaves_the_xp_it_gave_out(table: Journal, david: str) -> None:
    """Renown 5 and 3; the 5 overturned: 3 earned, 3 balance on the sheet and in the XP ledger."""
    big = commands.record_renown(table, CAMPAIGN, david, 5, "сундук")
    commands.record_renown(table, CAMPAIGN, david, 3, "замок")
    removed = _overturn(table, big)
    folded = table.at(CAMPAIGN)
    ledger = folded["xp"]["characters"][david]
    assert (folded["dichotomy.sheet"]["characters"][david]["xp"], ledger["earned"], ledger["balance"]) == (
        {"earned": 3, "spent": 0, "balance": 3}, 3, 3)
    assert folded["dichotomy.sheet"] == _without(table, removed)


def test_an_overturned_betrayal_keeps_the_motive_and_a_later_choice_fills_nothing(
        table: Journal, david: str) -> None:
    """Greed betrayed in adventure 1 (+3), Revenge chosen after adventure 2; the betrayal overturned:
    Greed and Truth are held, no XP, and Revenge has no empty slot to fill."""
    commands.start_adventure(table, CAMPAIGN)
    betrayal = commands.record_motive(table, CAMPAIGN, david, "Greed", "betrayed")
    for step in (commands.end_adventure, commands.start_adventure, commands.end_adventure):
        step(table, CAMPAIGN)
    commands.choose_motive(table, CAMPAIGN, david, "Revenge", actor=DAVID)
    assert [slot["motive"] for slot in _sheet(table, david)["motives"]] == ["Revenge", "Truth"]
    removed = _overturn(table, betrayal)
    sheet = _sheet(table, david)
    assert sheet["motives"] == [
        {"motive": "Greed", "since": 1, "last_scored": None, "locked_until": None},
        {"motive": "Truth", "since": 1, "last_scored": None, "locked_until": None},
    ]
    assert sheet["xp"] == {"earned": 0, "spent": 0, "balance": 0}
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_an_overturned_swap_gives_the_old_motive_back_and_the_award_scores_no_slot(
        table: Journal, david: str) -> None:
    """Truth swapped for Fame after adventure 1, Fame fulfilled in adventure 2; the swap overturned:
    Truth is held again (untouched), the +2 XP of the award stands."""
    commands.start_adventure(table, CAMPAIGN)
    commands.end_adventure(table, CAMPAIGN)
    swap = commands.swap_motive(table, CAMPAIGN, david, "Truth", "Fame", actor=DAVID)
    commands.start_adventure(table, CAMPAIGN)
    commands.record_motive(table, CAMPAIGN, david, "Fame", "fulfilled")
    assert _sheet(table, david)["motives"][1] == {"motive": "Fame", "since": 2, "last_scored": 2, "locked_until": None}
    removed = _overturn(table, swap)
    sheet = _sheet(table, david)
    assert sheet["motives"][1] == {"motive": "Truth", "since": 1, "last_scored": None, "locked_until": None}
    assert sheet["xp"] == {"earned": 2, "spent": 0, "balance": 2}
    assert table.at(CAMPAIGN)["dichotomy.sheet"] == _without(table, removed)


def test_a_command_decides_from_the_track_left_by_the_overturn(table: Journal, charlotte: str) -> None:
    """After 2 damage is overturned, 3 damage is 2 Shaken Hits then Injured (3 Hits lost, none discarded)."""
    _overturn(table, commands.apply_damage(table, CAMPAIGN, charlotte, 2, round=1))
    event = commands.apply_damage(table, CAMPAIGN, charlotte, 3, round=2)
    assert (event.data["hits_lost"], event.data["discarded"], event.data["track"]) == (
        3, 0, {"shaken": 0, "injured": True, "serious": False})
    assert _sheet(table, charlotte)["health"] == _health(0, True, False, "|○○|●|○|")
