"""VPT folds compute totals from facts: an event overturned by the quorum (the real dispute path) leaves every
VPT projection exactly as the log without that event would, on SQLite and PostgreSQL.

Each test asserts the exact totals after the overturn, and that both projections (``vpt.sheet`` and
``vpt.bonds``) equal a fold of the stored log with the voided events left out. An overturn that a later event
counts only with is refused, naming it, and writes nothing (docs/rulings.md, "Overturns and what depends on
them"); those tests overturn the dependents first, newest first, and then the original event.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

import pytest

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.service import Journal
from journal.service import disputes as D
from journal.service.figures import after
from journal.service.sessions import end_session, start_session
from journal.systems.vpt import commands as vpt
from journal.systems.vpt.folds import bonds, sheet

C = "Пепел"
GM = "Вика"
PLAYERS = ("Оля", "Дима")


@pytest.fixture
def table(journal: Journal) -> Journal:
    """Пепел: Оля plays Вольтаир, Дима plays Эдди, Питер is the GM's; a dagger row; session 1 open, all present."""
    journal.create_campaign(C, "vpt", GM)
    for player in PLAYERS:
        journal.add_member(C, player)
    vpt.create_character(journal, C, "Вольтаир", "Оля", health_bonus=1)
    vpt.create_character(journal, C, "Эдди", "Дима")
    vpt.create_character(journal, C, "Питер", morale=1)
    vpt.set_weapon(journal, C, "кинжал", 6, 3)
    start_session(journal, C, [GM, *PLAYERS])
    return journal


def contest(journal: Journal, event: Event) -> Event:
    """Оля disputes ``event`` and both players vote overturn: the dispute, open, ready for the GM's ruling."""
    opened = D.open_dispute(journal, C, event.id, "не так было", actor="Оля")
    for player in PLAYERS:
        D.vote(journal, opened.id, "overturn", actor=player)
    return opened


def overturn(journal: Journal, event: Event) -> list[Event]:
    """Оля disputes ``event``, both players vote overturn, the GM overturns it: the ruling and its void."""
    return D.rule(journal, contest(journal, event).id, "overturn", actor=GM)


def refused(journal: Journal, event: Event, *dependents: Event) -> Event:
    """``event`` contested, the GM's overturn is refused naming exactly ``dependents`` (each counts only with it on
    ``vpt.sheet``) and writes nothing: the journal head stays; the dispute, still open, is returned."""
    opened = contest(journal, event)
    head = journal.store.head(C)
    named = "; ".join(f"version {d.version} ({d.type}; vpt.sheet: counts only with it)" for d in dependents)
    message = (f"refused by rule 'dispute: overturn': later events depend on the decision of event version "
               f"{event.version}: {named}; dispute them first")
    with pytest.raises(RuleViolation, match=f"^{re.escape(message)}$"):
        D.rule(journal, opened.id, "overturn", actor=GM)
    assert journal.store.head(C) == head
    return opened


def broken(journal: Journal, event: Event, breaker: Event, rule: str, what: str) -> None:
    """``event`` contested, the GM's overturn is refused: without it ``breaker`` breaks ``rule`` (``what``); the
    journal head stays."""
    opened = contest(journal, event)
    head = journal.store.head(C)
    message = (f"refused by rule 'dispute: overturn': without event version {event.version}, version "
               f"{breaker.version} (")
    advice = f") breaks the rule \u00ab{rule}\u00bb: {what}; dispute version {breaker.version} first"
    with pytest.raises(RuleViolation) as refusal:
        D.rule(journal, opened.id, "overturn", actor=GM)
    assert str(refusal.value).startswith(message) and str(refusal.value).endswith(advice), str(refusal.value)
    assert journal.store.head(C) == head


def without(journal: Journal, removed: Collection[str]) -> dict[str, Any]:
    """Both VPT folds over the stored log with the events ``removed`` (ids) left out, voids not applied."""
    states = {"vpt.sheet": sheet.initial(), "vpt.bonds": bonds.initial()}
    for event in journal.store.read(C):
        if event.id not in removed:
            sheet.apply(states["vpt.sheet"], event)
            bonds.apply(states["vpt.bonds"], event)
    return states


def folded(journal: Journal) -> dict[str, Any]:
    """Both VPT folds as the engine gives them now, voids applied."""
    now = journal.at(C)
    return {"vpt.sheet": now["vpt.sheet"], "vpt.bonds": now["vpt.bonds"]}


def voided(journal: Journal) -> set[str]:
    """The ids of every event voided so far."""
    return {e.data["target"] for e in journal.store.read(C, types=["correction.voided"])}


def next_session(journal: Journal) -> None:
    """End the open session and start the next one, everyone present."""
    end_session(journal, C)
    start_session(journal, C, [GM, *PLAYERS])


# --- wounds, death, morale -------------------------------------------------------------------------------------


def test_overturned_wounds_of_the_first_hit_leave_the_later_two(table: Journal) -> None:
    """Питер takes 1 wound, then 2 more (3); the quorum overturns the first wounds: the sheet says 2."""
    first = vpt.record_hit(table, C, "Эдди", "Питер", weapon="кинжал", dice=[3, 2], actor="Дима")
    vpt.record_hit(table, C, "Вольтаир", "Питер", weapon="кинжал", dice=[6, 6], actor="Оля")
    assert table.at(C)["vpt.sheet"]["characters"]["Питер"]["wounds"] == 3
    assert [e.type for e in first] == ["vpt.hit_rolled", "vpt.wounds_taken"]
    overturn(table, first[1])
    assert voided(table) == {first[0].id, first[1].id}  # the wounds' decision: the hit that dealt them goes too
    assert table.at(C)["vpt.sheet"]["characters"]["Питер"]["wounds"] == 2
    assert folded(table) == without(table, {first[1].id})


def test_overturned_hit_takes_its_wounds_with_it(table: Journal) -> None:
    """The quorum overturns the first hit itself: its wounds go with it (one decision), Питер has 2.

    Needs the store's ``decision`` (a dispute voids every event of the disputed event's decision).
    """
    first = vpt.record_hit(table, C, "Эдди", "Питер", weapon="кинжал", dice=[3, 2], actor="Дима")
    vpt.record_hit(table, C, "Вольтаир", "Питер", weapon="кинжал", dice=[6, 6], actor="Оля")
    overturn(table, first[0])
    assert voided(table) == {first[0].id, first[1].id}
    assert table.at(C)["vpt.sheet"]["characters"]["Питер"]["wounds"] == 2
    assert folded(table) == without(table, {first[0].id, first[1].id})


def test_hit_and_its_wounds_are_one_append(table: Journal) -> None:
    """A wounding hit appends the hit and the wounds in one execute: consecutive versions, one batch."""
    events = vpt.record_hit(table, C, "Эдди", "Питер", weapon="кинжал", dice=[6, 6], actor="Дима")
    assert [(e.type, e.version - events[0].version) for e in events] == [("vpt.hit_rolled", 0),
                                                                        ("vpt.wounds_taken", 1)]
    assert (events[1].data["wounds"], after(table, C, events[1])["total"]) == (2, 2)


def test_wound_that_caused_a_death_is_overturned_after_the_death_check(table: Journal) -> None:
    """Вольтаир at 4 wounds rolls 1+1+1 health = 3 and dies. Overturning 2 of the wounds is refused: the death check
    counts only with them. The death check overturned first (alive, 4 wounds), then the wounds: 2 wounds, alive."""
    vpt.record_wounds(table, C, "Вольтаир", 2)
    big = vpt.record_wounds(table, C, "Вольтаир", 2)
    death = vpt.check_death(table, C, "Вольтаир", dice=[1, 1], actor="Оля")
    assert (death.data["wounds"], death.data["total"], death.data["dead"]) == (4, 3, True)
    assert table.at(C)["vpt.sheet"]["characters"]["Вольтаир"]["alive"] is False
    pending = refused(table, big, death)
    overturn(table, death)
    after = table.at(C)["vpt.sheet"]["characters"]["Вольтаир"]
    assert (after["wounds"], after["alive"]) == (4, True)
    D.rule(table, pending.id, "overturn", actor=GM)
    after = table.at(C)["vpt.sheet"]["characters"]["Вольтаир"]
    assert (after["wounds"], after["alive"]) == (2, True)
    assert voided(table) == {death.id, big.id}
    assert folded(table) == without(table, {death.id, big.id})


def test_overturned_wound_before_a_recovery_leaves_no_negative_wounds(table: Journal) -> None:
    """1 wound, 1 more, morale 12 recovers one (1); overturn the first: 1 - 1 = 0, never below 0."""
    first = vpt.record_wounds(table, C, "Питер", 1)
    vpt.record_wounds(table, C, "Питер", 1)
    vpt.check_morale(table, C, "Питер", dice=[6, 5])
    assert table.at(C)["vpt.sheet"]["characters"]["Питер"]["wounds"] == 1
    overturn(table, first)
    after = table.at(C)["vpt.sheet"]["characters"]["Питер"]
    assert (after["wounds"], after["last_morale"]) == (0, "recovers")
    assert folded(table) == without(table, {first.id})


def test_overturned_recovery_gives_the_wound_back(table: Journal) -> None:
    """2 wounds, morale 12 takes one off (1), another wound (2); overturn the recovery: 3."""
    vpt.record_wounds(table, C, "Питер", 2)
    recovery = vpt.check_morale(table, C, "Питер", dice=[6, 6])
    vpt.record_wounds(table, C, "Питер", 1)
    assert table.at(C)["vpt.sheet"]["characters"]["Питер"]["wounds"] == 2
    overturn(table, recovery)
    after = table.at(C)["vpt.sheet"]["characters"]["Питер"]
    assert (after["wounds"], after["last_morale"]) == (3, None)
    assert folded(table) == without(table, {recovery.id})


# --- the weapon table ------------------------------------------------------------------------------------------


def test_overturned_weapon_row_leaves_the_rows_recorded_after_it(table: Journal) -> None:
    """Rows кинжал, лук, меч; the quorum overturns лук: the table holds кинжал and меч."""
    bow = vpt.set_weapon(table, C, "лук", 5, 2, fires_in_melee=True)
    vpt.set_weapon(table, C, "меч", 7, 5)
    overturn(table, bow)
    assert sorted(table.at(C)["vpt.sheet"]["weapons"]) == ["кинжал", "меч"]
    assert folded(table) == without(table, {bow.id})


# --- relationships and revenge -------------------------------------------------------------------------------


def test_overturned_tick_lowers_every_later_standing(table: Journal) -> None:
    """Вольтаир towards Эдди: +2 (session 1), +1 (session 2) = 3; overturn the first tick: 1 on both folds."""
    first = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life", "gave_magic_item"], actor="Оля")
    next_session(table)
    vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    overturn(table, first)
    now = table.at(C)
    assert (now["vpt.bonds"]["relationships"]["Вольтаир"]["Эдди"]["points"],
            now["vpt.sheet"]["characters"]["Вольтаир"]["relationships"]["Эдди"]["points"]) == (1, 1)
    assert folded(table) == without(table, {first.id})


def test_overturned_spending_gives_the_points_back(table: Journal) -> None:
    """Tick +2, spend 1 (1 left), next session +1 (2); overturn the spending: 3."""
    vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life", "gave_magic_item"], actor="Оля")
    spent = vpt.spend_points(table, C, "Вольтаир", "Эдди", 1, purpose="услуга", actor="Оля")
    assert after(table, C, spent)["remaining"] == 1
    next_session(table)
    vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    overturn(table, spent)
    assert table.at(C)["vpt.bonds"]["relationships"]["Вольтаир"]["Эдди"]["points"] == 3
    assert folded(table) == without(table, {spent.id})


def test_tick_under_a_no_interaction_is_overturned_after_it(table: Journal) -> None:
    """Opened at 0, +1 (1), no interaction (0), +1 (1). Overturning the +1 of session 1 is refused: at the floor
    without it, the no interaction counts only with it. The no interaction overturned first (2), then the +1: 1."""
    vpt.open_relationship(table, C, "Вольтаир", "Эдди", actor="Оля")
    first = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    next_session(table)
    idle = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["no_interaction"])
    next_session(table)
    vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["gave_magic_item"], actor="Оля")
    pending = refused(table, first, idle)
    overturn(table, idle)
    assert table.at(C)["vpt.bonds"]["relationships"]["Вольтаир"]["Эдди"]["points"] == 2
    D.rule(table, pending.id, "overturn", actor=GM)
    now = table.at(C)
    assert (now["vpt.bonds"]["relationships"]["Вольтаир"]["Эдди"]["points"],
            now["vpt.sheet"]["characters"]["Вольтаир"]["relationships"]["Эдди"]["points"]) == (1, 1)
    assert voided(table) == {idle.id, first.id}
    assert folded(table) == without(table, {idle.id, first.id})


def test_opening_tick_is_overturned_after_its_status_and_spending(table: Journal) -> None:
    """Overturning the tick that opened Вольтаир's relationship is refused: its Status and spending count only with
    it. Those overturned first, newest first, then the tick: no relationship on either fold."""
    first = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life", "gave_magic_item"], actor="Оля")
    status = vpt.gain_status(table, C, "Вольтаир", "Эдди", "друг")
    spent = vpt.spend_points(table, C, "Вольтаир", "Эдди", 2, actor="Оля")
    pending = refused(table, first, status, spent)
    overturn(table, spent)
    overturn(table, status)
    assert table.at(C)["vpt.bonds"]["relationships"]["Вольтаир"]["Эдди"]["statuses"] == []
    D.rule(table, pending.id, "overturn", actor=GM)
    now = table.at(C)
    assert (now["vpt.bonds"]["relationships"], now["vpt.sheet"]["characters"]["Вольтаир"]["relationships"]) == ({}, {})
    assert voided(table) == {spent.id, status.id, first.id}
    assert folded(table) == without(table, {spent.id, status.id, first.id})


def test_overturned_revenge_tick_changes_the_frozen_standing(table: Journal) -> None:
    """Revenge on Питер +3 (s1), +1 (s2), renounced (frozen 4); overturn the +3: frozen 1 on both folds."""

    vpt.choose_revenge(table, C, "Вольтаир", "Питер", actor="Оля")
    first = vpt.tick_revenge(table, C, "Вольтаир", ["fought", "killed_associates"], actor="Оля")
    next_session(table)
    vpt.tick_revenge(table, C, "Вольтаир", ["fought"], actor="Оля")
    renounced = vpt.renounce_revenge(table, C, "Вольтаир", actor="Оля")
    assert after(table, C, renounced) == {"points": 4}
    overturn(table, first)
    now = table.at(C)
    assert (now["vpt.bonds"]["frozen"], now["vpt.sheet"]["characters"]["Вольтаир"]["past_revenges"]) == (
        [{"avenger": "Вольтаир", "target": "Питер", "points": 1}], [{"target": "Питер", "points": 1}])
    assert folded(table) == without(table, {first.id})


def test_overturned_revenge_tick_under_a_later_spending_is_refused(table: Journal) -> None:
    """Revenge +3 (s1), +1 (s2), spend 2 (2 left); overturning the +3 would leave 2 spent of 1 held: refused, naming
    the spending and the rule; nothing written."""
    vpt.choose_revenge(table, C, "Вольтаир", "Питер", actor="Оля")
    first = vpt.tick_revenge(table, C, "Вольтаир", ["fought", "killed_associates"], actor="Оля")
    next_session(table)
    vpt.tick_revenge(table, C, "Вольтаир", ["fought"], actor="Оля")
    spent = vpt.spend_points(table, C, "Вольтаир", "Питер", 2, bond="revenge", actor="Оля")
    broken(table, first, spent, "points are spent separately, never more than are held",
           "Вольтаир has 1 revenge points towards Питер, cannot spend 2")


def test_commands_decide_from_the_folded_standing_after_an_overturn(table: Journal) -> None:
    """After the +2 tick is overturned (1 left), spending 2 is refused and the next tick records 2, not 4."""
    first = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life", "gave_magic_item"], actor="Оля")
    next_session(table)
    vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    overturn(table, first)
    with pytest.raises(Exception, match="Вольтаир has 1 relationship points towards Эдди, cannot spend 2"):
        vpt.spend_points(table, C, "Вольтаир", "Эдди", 2, actor="Оля")
    later = vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["gave_magic_item"], actor="Оля")
    assert (later.data["change"], after(table, C, later)["points"]) == (1, 2)


# --- preconditions: what an overturn takes from under a later event ---------------------------------------------


def test_death_check_left_without_its_wounds_is_refused(table: Journal) -> None:
    """2 wounds, a death check of 6+6+1 (alive); overturning the wounds would leave a death check at 0 wounds."""
    wounds = vpt.record_wounds(table, C, "Вольтаир", 2)
    death = vpt.check_death(table, C, "Вольтаир", dice=[6, 6], actor="Оля")
    broken(table, wounds, death, "a death check is made by a wounded character",
           "Вольтаир: only a wounded character makes a death check (0 wounds)")


def test_second_revenge_target_left_by_an_overturned_renouncing_is_refused(table: Journal) -> None:
    """Revenge on Питер, renounced, then on Эдди; overturning the renouncing would leave two targets at once: the
    second choice counts only with the renouncing (the sheet would keep Питер), so it is named as a dependent."""
    vpt.choose_revenge(table, C, "Вольтаир", "Питер", actor="Оля")
    renounced = vpt.renounce_revenge(table, C, "Вольтаир", actor="Оля")
    second = vpt.choose_revenge(table, C, "Вольтаир", "Эдди", actor="Оля")
    refused(table, renounced, second)


def test_a_second_revenge_target_breaks_its_precondition() -> None:
    """The precondition itself, on the state the overturn would leave: Питер still the target, Эдди chosen."""
    from journal.service.invariants import preconditions

    rule = next(r for r in preconditions("vpt") if "vpt.revenge_target_chosen" in r.types)
    states = {"vpt.sheet": {"characters": {"Вольтаир": {"revenge": {"target": "Питер", "points": 0}}}}}
    chosen = Event("e", C, 9, "vpt.revenge_target_chosen", {"avenger": "Вольтаир", "target": "Эдди"}, "Оля", "")
    assert rule.check(states, chosen) == ["Вольтаир already craves revenge on Питер; renounce it first"]
