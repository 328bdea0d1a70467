"""Events are facts: an event overturned by the quorum changes every total folded after it.

Each test records a short log through the commands, overturns one earlier event through the real dispute
path (open, two of the three players vote, the GM rules 'overturn'), and checks the exact sheet, which
must equal the fold of the log without the overturned events.  An overturn that a later event counts only
with is refused, naming that event, until the later event has been overturned first (docs/rulings.md,
"Overturns and what depends on them").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.service import Journal
from journal.service import disputes as D
from journal.service.figures import after
from journal.service.queries import sheet as sheet_query
from journal.systems.dichotomy import commands
from journal.systems.dichotomy.folds.sheet import fold

CAMPAIGN = "Две стороны"
DAVID, SUSAN, CARLY = "Давид", "Сьюзан", "Карли"


def _put_to_vote(journal: Journal, event: Event) -> Event:
    """Dispute ``event`` and let David and Susan vote overturn: the open dispute, quorum reached."""
    opened = D.open_dispute(journal, CAMPAIGN, event.id, "этого не было", actor=DAVID)
    for voter in (DAVID, SUSAN):
        D.vote(journal, opened.id, "overturn", actor=voter)
    return opened


def _rule_overturn(journal: Journal, opened: Event) -> set[str]:
    """The GM rules the dispute ``opened`` 'overturn'; the ids voided."""
    ruled = D.rule(journal, opened.id, "overturn")
    return {e.data["target"] for e in ruled if e.type == "correction.voided"}


def _overturn(journal: Journal, event: Event) -> set[str]:
    """Dispute ``event``, let David and Susan vote overturn, the GM rules it; the ids voided."""
    return _rule_overturn(journal, _put_to_vote(journal, event))


def _refused_overturn(journal: Journal, event: Event, dependent: Event) -> Event:
    """Dispute ``event`` to the quorum; the GM's overturn is refused naming ``dependent`` alone (it counts only
    with the decision) and writes nothing.  The dispute, still open."""
    opened = _put_to_vote(journal, event)
    head = journal.store.head(CAMPAIGN)
    named = (f"later events depend on the decision of event version {event.version}: version {dependent.version} "
             f"({dependent.type}; dichotomy.sheet: counts only with it); dispute them first")
    with pytest.raises(RuleViolation, match=re.escape(named)):
        D.rule(journal, opened.id, "overturn")
    assert journal.store.head(CAMPAIGN) == head
    return opened


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


def test_a_round_a_later_recovery_restores_is_overturned_only_after_the_recovery(
        table: Journal, charlotte: str) -> None:
    """2 damage, then the Recover action (|●○|○|○|).  Overturning the damage is refused, naming the recovery
    (it restores nothing without the damage); the recovery overturned first, then the damage: a fresh track."""
    hit = commands.apply_damage(table, CAMPAIGN, charlotte, 2, round=1)
    recovery = commands.recover_hits(table, CAMPAIGN, charlotte, actor=CARLY)
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    pending = _refused_overturn(table, hit, recovery)
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    removed = _overturn(table, recovery)
    assert _sheet(table, charlotte)["health"] == _health(2, False, False, "|●●|○|○|")
    removed |= _rule_overturn(table, pending)
    assert removed == {hit.id, recovery.id}
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


def test_an_injury_a_later_healing_cured_is_overturned_only_after_the_healing(
        table: Journal, charlotte: str) -> None:
    """3 damage (Injured) then 1 (|●○|●|○|), the Injury healed.  Overturning the 3 is refused, naming the
    healing (it heals nothing without the Injury); the healing overturned first, then the 3: 1 Shaken Hit,
    no Injury."""
    injury = commands.apply_damage(table, CAMPAIGN, charlotte, 3, round=1)
    commands.apply_damage(table, CAMPAIGN, charlotte, 1, round=2)
    healing = commands.heal_injury(table, CAMPAIGN, charlotte, "injury")
    assert _sheet(table, charlotte)["health"] == _health(1, False, False, "|●○|○|○|")
    pending = _refused_overturn(table, injury, healing)
    removed = _overturn(table, healing)
    assert _sheet(table, charlotte)["health"] == _health(1, True, False, "|●○|●|○|")
    removed |= _rule_overturn(table, pending)
    assert removed == {injury.id, healing.id}
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


def test_a_betrayal_is_overturned_only_after_the_choice_that_filled_its_slot(
        table: Journal, david: str) -> None:
    """Greed betrayed in adventure 1 (+3), Revenge chosen after adventure 2.  Overturning the betrayal is
    refused, naming the choice (it has no empty slot to fill without the betrayal); the choice overturned
    first, then the betrayal: Greed and Truth are held, no XP."""
    commands.start_adventure(table, CAMPAIGN)
    betrayal = commands.record_motive(table, CAMPAIGN, david, "Greed", "betrayed")
    for step in (commands.end_adventure, commands.start_adventure, commands.end_adventure):
        step(table, CAMPAIGN)
    choice = commands.choose_motive(table, CAMPAIGN, david, "Revenge", actor=DAVID)
    assert [slot["motive"] for slot in _sheet(table, david)["motives"]] == ["Revenge", "Truth"]
    pending = _refused_overturn(table, betrayal, choice)
    assert [slot["motive"] for slot in _sheet(table, david)["motives"]] == ["Revenge", "Truth"]
    removed = _overturn(table, choice)
    assert [slot["motive"] for slot in _sheet(table, david)["motives"]] == [None, "Truth"]
    removed |= _rule_overturn(table, pending)
    assert removed == {betrayal.id, choice.id}
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
    assert (event.data["hits_lost"], event.data["discarded"], after(table, CAMPAIGN, event)["track"]) == (
        3, 0, {"shaken": 0, "injured": True, "serious": False})
    assert _sheet(table, charlotte)["health"] == _health(0, True, False, "|○○|●|○|")
