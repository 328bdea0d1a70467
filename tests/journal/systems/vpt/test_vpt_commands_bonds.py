"""VPT Relationship and Revenge commands through the service, on SQLite and PostgreSQL: ticks within the
open session, statuses, revenge targets and points spent."""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from typing import Any

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.service import Journal
from journal.service.figures import after
from journal.service.sessions import end_session, start_session
from journal.systems.vpt import commands as vpt
from journal.systems.vpt.folds import bonds, sheet

C = "Пепел"
GM = "Вика"
PLAYER = "Оля"


def refused(rule: str) -> AbstractContextManager[Any]:
    """Expect a RuleViolation whose one-line message names ``rule``."""
    return pytest.raises(RuleViolation, match=re.escape(f"refused by rule '{rule}'"))


def folded(journal: Journal, module: Any = sheet) -> dict[str, Any]:
    """A VPT projection over every stored event of the campaign."""
    state = module.initial()
    for event in journal.store.read(C):
        module.apply(state, event)
    return state


@pytest.fixture
def table(journal: Journal) -> Journal:
    """A VPT campaign in session 1: Оля plays Ёжик; the GM's characters Белка, Волк, Лиса, Сова."""
    journal.create_campaign(C, "vpt", GM)
    journal.add_member(C, PLAYER)
    vpt.create_character(journal, C, "Ёжик", PLAYER)
    for name in ("Белка", "Волк", "Лиса", "Сова"):
        vpt.create_character(journal, C, name)
    start_session(journal, C, [GM, PLAYER])
    return journal


# --- relationships -----------------------------------------------------------------------------------


def test_tick_opens_a_relationship_within_the_session(table: Journal) -> None:
    """Saved a life and a successful date: +2, recorded with session 1; the sheet shows 2 points."""
    event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life", "date_successful"], actor=PLAYER)
    assert (event.session, event.data["session"], event.data["change"], after(table, C, event)["points"]) == (1, 1, 2, 2)
    assert folded(table)["characters"]["Ёжик"]["relationships"] == {"Белка": {"points": 2, "statuses": []}}


def test_especially_successful_date_is_plus_two(table: Journal) -> None:
    """The GM declares the date especially successful: +2 at once, not +3."""
    event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["date_especially_successful"])
    assert (event.data["change"], after(table, C, event)["points"]) == (2, 2)


def test_stopped_date_scores_nothing(table: Journal) -> None:
    """'Stop, this is boring': the date line scores 0 beside a gift +1."""
    event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["gave_magic_item", "date_stopped"], actor=PLAYER)
    assert (event.data["change"], after(table, C, event)["points"]) == (1, 1)


def test_only_the_gm_declares_an_especially_successful_date(table: Journal) -> None:
    """A player cannot score date_especially_successful himself; nothing is written."""
    head = table.store.head(C)
    with pytest.raises(NotAuthorized, match=r"^only the Master may declare a date especially successful \('Оля' is a player\)$"):
        vpt.tick_relationship(table, C, "Ёжик", "Белка", ["date_especially_successful"], actor=PLAYER)
    assert table.store.head(C) == head


def test_fourth_relationship_is_refused(table: Journal) -> None:
    """Three relationships held: a fourth is refused by 'vpt: at most three relationships'; nothing written."""
    for other in ("Белка", "Волк", "Лиса"):
        vpt.tick_relationship(table, C, "Ёжик", other, ["saved_life"], actor=PLAYER)
    head = table.store.head(C)
    with pytest.raises(RuleViolation, match=re.escape(
            "refused by rule 'vpt: at most three relationships': Ёжик already has 3 (Белка, Волк, Лиса); "
            "Сова would be one more")):
        vpt.tick_relationship(table, C, "Ёжик", "Сова", ["saved_life"], actor=PLAYER)
    assert table.store.head(C) == head


def test_item_scored_twice_in_a_session_is_refused(table: Journal) -> None:
    """saved_life twice for one pair in session 1 is refused; nothing is written."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    head = table.store.head(C)
    with pytest.raises(RuleViolation, match=re.escape(
            "refused by rule 'vpt: once per pair per session': 'saved_life' is already scored for this pair this session")):
        vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    assert table.store.head(C) == head


def test_two_dates_in_one_session_are_refused(table: Journal) -> None:
    """A stopped date then a successful one share the one date line: refused."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["date_stopped"], actor=PLAYER)
    with refused("vpt: once per pair per session"):
        vpt.tick_relationship(table, C, "Ёжик", "Белка", ["date_successful"], actor=PLAYER)


def test_same_item_scores_again_next_session(table: Journal) -> None:
    """saved_life in session 1 and again in session 2: 2 points."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    end_session(table, C)
    start_session(table, C, [GM, PLAYER])
    event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    assert (event.data["session"], after(table, C, event)["points"]) == (2, 2)


def test_tick_needs_an_open_session(table: Journal) -> None:
    """Between sessions a tick is refused: it belongs to the open session's number."""
    end_session(table, C)
    with refused("session: open session needed"):
        vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)


def test_no_interaction_is_confirmed_by_the_gm_and_floors_at_zero(table: Journal) -> None:
    """1 point, next session the GM confirms no interaction: 0; again: still 0 (no standing below 0)."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["gave_magic_item"], actor=PLAYER)
    for _ in range(2):
        end_session(table, C)
        start_session(table, C, [GM, PLAYER])
        event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["no_interaction"])
    assert (event.data["change"], after(table, C, event)["points"]) == (-1, 0)


def test_player_cannot_confirm_no_interaction(table: Journal) -> None:
    """'No interaction' is the GM's confirmation of the tally."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["gave_magic_item"], actor=PLAYER)
    with pytest.raises(NotAuthorized, match=r"^only the Master may confirm 'no interaction'"):
        vpt.tick_relationship(table, C, "Ёжик", "Волк", ["no_interaction"], actor=PLAYER)


def test_player_cannot_tick_another_members_character(table: Journal) -> None:
    """Оля may not tick Белка's relationships (the GM's character)."""
    with pytest.raises(NotAuthorized, match=r"^only Белка's player \(Вика\) or the Master may tick Белка's relationships"):
        vpt.tick_relationship(table, C, "Белка", "Ёжик", ["saved_life"], actor=PLAYER)


# --- relationships chosen at 0 -------------------------------------------------------------------------


def test_player_opens_a_chosen_relationship_at_zero(table: Journal) -> None:
    """Оля chooses Ёжик's relationship towards Белка: opened at 0 on both folds, one event, no session needed."""
    end_session(table, C)
    event = vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)
    assert (event.type, event.data, event.session) == ("vpt.relationship_opened",
                                                       {"character": "Ёжик", "other": "Белка"}, None)
    assert folded(table)["characters"]["Ёжик"]["relationships"] == {"Белка": {"points": 0, "statuses": []}}
    assert bonds.table(folded(table, bonds)) == [{"bond": "relationship", "character": "Ёжик", "other": "Белка",
                                                  "points": 0, "statuses": [], "frozen": False}]


def test_no_interaction_on_a_relationship_opened_at_zero_keeps_it_at_zero(table: Journal) -> None:
    """Opened at 0, the GM confirms no interaction: the tick records -1 and the standing stays 0."""
    vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)
    event = vpt.tick_relationship(table, C, "Ёжик", "Белка", ["no_interaction"])
    assert (event.data["change"], after(table, C, event)["points"]) == (-1, 0)
    assert (folded(table)["characters"]["Ёжик"]["relationships"]["Белка"]["points"],
            folded(table, bonds)["relationships"]["Ёжик"]["Белка"]["points"]) == (0, 0)


def test_no_interaction_cannot_open_a_relationship(table: Journal) -> None:
    """Without a chosen relationship, a first tick of 'no interaction' alone is refused (nothing to lower)."""
    head = table.store.head(C)
    with pytest.raises(RuleViolation, match=re.escape(
            "refused by rule 'vpt: no interaction needs a relationship': Ёжик has no relationship with Белка to "
            "lower (open one at 0 with 'journal vpt relationship')")):
        vpt.tick_relationship(table, C, "Ёжик", "Белка", ["no_interaction"])
    assert table.store.head(C) == head


def test_chosen_relationships_count_towards_the_three(table: Journal) -> None:
    """Two chosen at 0 and one ticked make three: a fourth, chosen or ticked, is refused; nothing is written."""
    vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)
    vpt.open_relationship(table, C, "Ёжик", "Волк", actor=PLAYER)
    vpt.tick_relationship(table, C, "Ёжик", "Лиса", ["saved_life"], actor=PLAYER)
    head = table.store.head(C)
    message = ("refused by rule 'vpt: at most three relationships': Ёжик already has 3 (Белка, Волк, Лиса); "
               "Сова would be one more")
    with pytest.raises(RuleViolation, match=re.escape(message)):
        vpt.open_relationship(table, C, "Ёжик", "Сова", actor=PLAYER)
    with pytest.raises(RuleViolation, match=re.escape(message)):
        vpt.tick_relationship(table, C, "Ёжик", "Сова", ["saved_life"], actor=PLAYER)
    assert table.store.head(C) == head


def test_revenge_does_not_count_towards_the_three(table: Journal) -> None:
    """A revenge on Сова first, then three relationships chosen at 0: all accepted; the revenge still ticks."""
    vpt.choose_revenge(table, C, "Ёжик", "Сова", actor=PLAYER)
    for other in ("Белка", "Волк", "Лиса"):
        vpt.open_relationship(table, C, "Ёжик", other, actor=PLAYER)
    vpt.tick_revenge(table, C, "Ёжик", ["fought"], actor=PLAYER)
    state = folded(table, bonds)
    assert (bonds.relationships_of(state, "Ёжик"), state["revenges"]["Ёжик"]["points"]) == (["Белка", "Волк", "Лиса"], 1)


def test_revenge_on_a_fourth_character_with_three_relationships(table: Journal) -> None:
    """Three relationships held: a revenge on Сова is still accepted."""
    for other in ("Белка", "Волк", "Лиса"):
        vpt.open_relationship(table, C, "Ёжик", other, actor=PLAYER)
    event = vpt.choose_revenge(table, C, "Ёжик", "Сова", actor=PLAYER)
    assert event.data == {"avenger": "Ёжик", "target": "Сова"}


def test_a_relationship_is_chosen_once(table: Journal) -> None:
    """Choosing an open relationship again (opened by a tick) is refused; nothing is written."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    with refused("vpt: relationship already open"):
        vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)


def test_no_relationship_with_oneself_is_chosen(table: Journal) -> None:
    """Ёжик cannot choose a relationship with himself."""
    with refused("vpt: relationship with oneself"):
        vpt.open_relationship(table, C, "Ёжик", "Ёжик", actor=PLAYER)


def test_only_the_characters_player_or_the_gm_chooses_its_relationships(table: Journal) -> None:
    """Оля may not choose Белка's relationships (the GM's character); the GM may choose Ёжик's."""
    with pytest.raises(NotAuthorized, match=r"^only Белка's player \(Вика\) or the Master may choose Белка's relationships"):
        vpt.open_relationship(table, C, "Белка", "Ёжик", actor=PLAYER)
    assert vpt.open_relationship(table, C, "Ёжик", "Белка").actor == GM


def test_status_within_a_relationship_opened_at_zero(table: Journal) -> None:
    """A Status may be gained in a chosen relationship that holds 0 points."""
    vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)
    vpt.gain_status(table, C, "Ёжик", "Белка", "знакомый", actor=PLAYER)
    assert folded(table)["characters"]["Ёжик"]["relationships"]["Белка"] == {"points": 0, "statuses": ["знакомый"]}


def test_tally_proposes_no_interaction_for_a_chosen_relationship_and_it_stays_at_zero(table: Journal) -> None:
    """Chosen at 0 between sessions; session 2 names neither: the tally proposes -1, the commit leaves 0."""
    from journal.service.tallies import commit_tally, propose_tally

    end_session(table, C)
    vpt.open_relationship(table, C, "Ёжик", "Белка", actor=PLAYER)
    start_session(table, C, [GM, PLAYER])
    end_session(table, C)
    lines = propose_tally(table, C, 2)["lines"]
    assert [(x["key"], x["item"], x["amount"], x["status"]) for x in lines] == [
        ("relationship:Ёжик/Белка", "no_interaction", -1, "proposed")]
    committed = commit_tally(table, C, 2)
    assert (committed[0].data["change"], after(table, C, committed[0])["points"]) == (-1, 0)
    assert folded(table, bonds)["relationships"]["Ёжик"]["Белка"]["points"] == 0


# --- statuses and points -----------------------------------------------------------------------------


def test_status_survives_spending_and_goes_only_when_renounced(table: Journal) -> None:
    """A Status stays after the points are spent to 0, until Ёжик's player renounces it."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life", "date_successful"], actor=PLAYER)
    vpt.gain_status(table, C, "Ёжик", "Белка", "друг", actor=PLAYER)
    spent = vpt.spend_points(table, C, "Ёжик", "Белка", 2, purpose="помощь", actor=PLAYER)
    assert after(table, C, spent)["remaining"] == 0
    assert folded(table)["characters"]["Ёжик"]["relationships"]["Белка"] == {"points": 0, "statuses": ["друг"]}
    vpt.renounce_status(table, C, "Ёжик", "Белка", "друг", actor=PLAYER)
    assert folded(table)["characters"]["Ёжик"]["relationships"]["Белка"]["statuses"] == []


def test_only_the_holders_player_renounces_a_status(table: Journal) -> None:
    """Even the GM cannot renounce Ёжик's Status for him."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    vpt.gain_status(table, C, "Ёжик", "Белка", "друг")
    with pytest.raises(NotAuthorized, match=r"^only Ёжик's player \(Оля\) may renounce Ёжик's Status"):
        vpt.renounce_status(table, C, "Ёжик", "Белка", "друг")


def test_status_needs_a_relationship(table: Journal) -> None:
    """No relationship with Волк: no Status towards him."""
    with refused("vpt: status needs a relationship"):
        vpt.gain_status(table, C, "Ёжик", "Волк", "друг", actor=PLAYER)


def test_spending_more_than_held_is_refused(table: Journal) -> None:
    """1 point held, 2 spent: refused by 'vpt: not enough points'."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    with refused("vpt: not enough points"):
        vpt.spend_points(table, C, "Ёжик", "Белка", 2, actor=PLAYER)


def test_points_are_spent_separately(table: Journal) -> None:
    """Both gain 1 together; Ёжик spends his: Белка still has hers."""
    vpt.tick_relationship(table, C, "Ёжик", "Белка", ["saved_life"], actor=PLAYER)
    vpt.tick_relationship(table, C, "Белка", "Ёжик", ["saved_life"])
    vpt.spend_points(table, C, "Ёжик", "Белка", 1, actor=PLAYER)
    rows = {(r["character"], r["other"]): r["points"] for r in bonds.table(folded(table, bonds))}
    assert rows == {("Ёжик", "Белка"): 0, ("Белка", "Ёжик"): 1}


# --- revenge ------------------------------------------------------------------------------------------


def test_revenge_ticks_and_is_spent(table: Journal) -> None:
    """Волк fought Ёжик and killed his friends: +3; Ёжик spends 2 revenge points, 1 left."""
    vpt.choose_revenge(table, C, "Ёжик", "Волк", actor=PLAYER)
    event = vpt.tick_revenge(table, C, "Ёжик", ["fought", "killed_associates"], actor=PLAYER)
    assert (event.data["target"], event.data["change"], after(table, C, event)["points"]) == ("Волк", 3, 3)
    vpt.spend_points(table, C, "Ёжик", "Волк", 2, bond="revenge", actor=PLAYER)
    assert folded(table)["characters"]["Ёжик"]["revenge"] == {"target": "Волк", "points": 1}


def test_second_revenge_target_is_refused(table: Journal) -> None:
    """One revenge at a time: a second target is refused with the rule's message; nothing is written."""
    vpt.choose_revenge(table, C, "Ёжик", "Волк", actor=PLAYER)
    head = table.store.head(C)
    with pytest.raises(RuleViolation, match=re.escape(
            "refused by rule 'vpt: one revenge target at a time': Ёжик already craves revenge on Волк; renounce it first")):
        vpt.choose_revenge(table, C, "Ёжик", "Лиса", actor=PLAYER)
    assert table.store.head(C) == head


def test_revenge_item_scored_twice_is_refused(table: Journal) -> None:
    """'fought' twice against Волк in session 1 is refused; nothing is written."""
    vpt.choose_revenge(table, C, "Ёжик", "Волк", actor=PLAYER)
    vpt.tick_revenge(table, C, "Ёжик", ["fought"], actor=PLAYER)
    head = table.store.head(C)
    with refused("vpt: once per pair per session"):
        vpt.tick_revenge(table, C, "Ёжик", ["fought"], actor=PLAYER)
    assert table.store.head(C) == head


def test_renounced_revenge_is_frozen_and_a_new_one_starts_at_zero(table: Journal) -> None:
    """Renouncing keeps 1 point, frozen (the fold's: the event stores none); revenge on Лиса then starts at 0."""

    vpt.choose_revenge(table, C, "Ёжик", "Волк", actor=PLAYER)
    vpt.tick_revenge(table, C, "Ёжик", ["obtained_magic_item"], actor=PLAYER)
    renounced = vpt.renounce_revenge(table, C, "Ёжик", actor=PLAYER)
    vpt.choose_revenge(table, C, "Ёжик", "Лиса", actor=PLAYER)
    state = folded(table)["characters"]["Ёжик"]
    assert (after(table, C, renounced), state["past_revenges"], state["revenge"]) == (
        {"points": 1}, [{"target": "Волк", "points": 1}], {"target": "Лиса", "points": 0})


def test_revenge_tick_without_a_target_is_refused(table: Journal) -> None:
    """No revenge chosen: a revenge tick is refused."""
    with refused("vpt: revenge tick needs the current target"):
        vpt.tick_revenge(table, C, "Ёжик", ["fought"], actor=PLAYER)
