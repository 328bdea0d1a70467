"""Events are facts: a Wield campaign with an earlier event overturned folds exactly as one where it never happened.

Each test plays a campaign (Зола) and overturns one of its events through the real dispute path (after the later
events that count only with it, which the journal refuses to leave standing), and plays the same table in a second
campaign (Пепел) without that event (and without what could not have been recorded without it); the four Wield
projections must then agree exactly (``facts`` renames ids and versions by the place of their event), and the
totals are checked by value. Commands after the void decide from the folds.
"""

from __future__ import annotations

import pytest
from wield_table import FATE, PLAYERS, facts, overturn, sealed, table

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.service import Journal, disputes
from journal.service.figures import after
from journal.systems.wield import commands
from journal.systems.wield.rules import Declaration as D

VOIDED, NEVER = "Зола", "Пепел"


def chance(journal: Journal, name: str, task: str, die: int, hero: str = "John") -> Event:
    """A Hard chance (target 10) of ``hero`` on one table die."""
    return commands.record_chance(journal, name, hero, task, "Hard", dice=[die])


def test_voiding_a_collection_gives_back_the_failure_it_spent(journal: Journal) -> None:
    """Rank 2 broken, failures collected on two successes; the first collection overturned: John owes 1 (not the
    0 the second collection's payload says remain), the first success stands, and Fate may collect on it again."""

    def play(name: str, first_collected: bool) -> tuple[str, Event, Event | None, Event]:
        table(journal, name)
        geis_id = sealed(journal, rank=2, breached=True, name=name)
        first = chance(journal, name, "Pick the lock", 15)
        collection = commands.collect_failure(journal, name, first.id) if first_collected else None
        second = chance(journal, name, "Bribe the guard", 16)
        commands.collect_failure(journal, name, second.id)
        return geis_id, first, collection, second

    geis_id, first, collection, second = play(VOIDED, True)
    assert collection is not None
    overturn(journal, collection)
    play(NEVER, False)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    debt = folded["wield.geis"]["geasa"][geis_id]
    assert (debt["owed"], debt["collected"], folded["wield.geis"]["heroes"]["John"]) == (
        1, [second.id], {"owed": 1, "collected": 1, "vanished": 0, "alive": True})
    john = folded["wield.sheet"]["heroes"]["John"]
    assert (john["owed"], john["geasa"][geis_id]["owed"]) == (1, 1)
    assert [(r["what"], r["success"], r["collected"]) for r in john["results"].values()] == [
        ("Pick the lock", True, None), ("Bribe the guard", False, geis_id)]
    assert folded["wield.actions"]["actions"][first.id]["heroes"]["John"] == {"rolled": True, "success": True}
    again = commands.collect_failure(journal, VOIDED, first.id)
    assert after(journal, VOIDED, again)["remaining"] == 0
    assert journal.at(VOIDED)["wield.geis"]["heroes"]["John"]["owed"] == 0


def test_voiding_a_power_recomputes_the_pyramid_and_the_dice(journal: Journal) -> None:
    """Ranks 1, 2, 1 on the Ring, the first overturned: 3 boxes, Control lost 2, dice 8/2; the next Control Risk
    and the next power are decided from that."""

    def play(name: str, gust: bool) -> Event | None:
        table(journal, name)
        first = commands.record_power(journal, name, "Ring", "Gust", 1, actor="Jill") if gust else None
        commands.record_power(journal, name, "Ring", "Storm", 2, actor="Jill")
        commands.record_power(journal, name, "Ring", "Breeze", 1, actor="Jill")
        return first

    first = play(VOIDED, True)
    assert first is not None
    overturn(journal, first)
    play(NEVER, False)
    for name in (VOIDED, NEVER):
        risk = commands.record_control_risk(journal, name, "John", "Flee", dice=[2] * 8 + [20, 1])
        assert (risk.data["control_lost"], risk.data["vatcha_dice"], risk.data["wielder_dice"]) == (2, 8, 2)
        power = commands.record_power(journal, name, "Ring", "Gale", 4, actor="Jill")
        shown = after(journal, name, power)
        assert (shown["boxes"], shown["control_lost"], shown["vatcha_dice"]) == (7, 4, 6)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    ring = folded["wield.sheet"]["vatcha"]["Ring"]
    assert (ring["boxes"], ring["control_lost"], ring["control"], [p["power"] for p in ring["powers"]]) == (
        7, 4, 6, ["Storm", "Breeze", "Gale"])
    standing = folded["wield.control"]["vatcha"]["Ring"]["wielders"]["John"]
    assert [(t["power"], t["boxes"], t["control_lost"]) for t in standing["transfers"]] == [
        ("Storm", 2, 2), ("Breeze", 3, 2), ("Gale", 7, 4)]
    assert (standing["vatcha_dice"], standing["wielder_dice"], standing["wins"]) == (6, 4, {"vatcha": 0, "wielder": 1})


def refused_overturn(journal: Journal, name: str, event: Event, dependent: Event) -> str:
    """Jill disputes ``event`` and the players vote to overturn it, but Fate's ruling is refused, naming
    ``dependent`` (a collection that counts only with ``event``) as the one later event to dispute first; nothing
    is written.  Return the dispute, still open, to be ruled on again once ``dependent`` is overturned."""
    opened = disputes.open_dispute(journal, name, event.id, "the dice fell off the table", actor="Jill")
    for player in PLAYERS:
        disputes.vote(journal, opened.id, "overturn", actor=player)
    head = journal.store.head(name)
    with pytest.raises(RuleViolation, match=f"^refused by rule 'dispute: overturn': later events depend on the "
                                            f"decision of event version {event.version}: version {dependent.version} "
                                            "\\(wield\\.failure_collected; wield\\.sheet: counts only with it\\); "
                                            "dispute them first$"):
        disputes.rule(journal, opened.id, "overturn", actor=FATE)
    assert journal.store.head(name) == head
    return opened.id


def test_voiding_a_breach_is_refused_until_the_failure_collected_on_it_is_voided(journal: Journal) -> None:
    """Overturning the breach is refused while Fate's collection on it stands (it counts only with the breach);
    the collection overturned first, then the breach: the geis is whole, nothing is owed, the success Fate
    collected on stands; a new breach then owes the full rank again."""

    def play(name: str, broken: bool) -> tuple[str, Event | None, Event, Event | None]:
        table(journal, name)
        geis_id = sealed(journal, rank=2, name=name)
        breach = commands.breach_geis(journal, name, "John", "Kept the cloak") if broken else None
        success = chance(journal, name, "Pick the lock", 15)
        collection = commands.collect_failure(journal, name, success.id) if broken else None
        return geis_id, breach, success, collection

    geis_id, breach, success, collection = play(VOIDED, True)
    assert breach is not None and collection is not None
    dispute = refused_overturn(journal, VOIDED, breach, collection)
    overturn(journal, collection)
    disputes.rule(journal, dispute, "overturn", actor=FATE)
    play(NEVER, False)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    debt = folded["wield.geis"]["geasa"][geis_id]
    assert (debt["broken"], debt["owed"], debt["collected"], folded["wield.geis"]["collected"]) == (False, 0, [], {})
    john = folded["wield.sheet"]["heroes"]["John"]
    assert (john["owed"], john["geasa"][geis_id]["broken"], john["results"][success.id]["success"]) == (0, False, True)
    assert folded["wield.actions"]["actions"][success.id]["collected"] == []
    commands.breach_geis(journal, VOIDED, "John", "Kept the cloak after all")
    assert journal.at(VOIDED)["wield.geis"]["geasa"][geis_id]["owed"] == 2


def test_voiding_the_success_is_refused_until_the_failure_collected_on_it_is_voided(journal: Journal) -> None:
    """Overturning the rolled success Fate collected on is refused while the collection stands (it counts only
    with the success); the collection overturned first, then the success: the failure is owed again and John
    has no result."""

    def play(name: str, rolled: bool) -> tuple[str, Event | None, Event | None]:
        table(journal, name)
        geis_id = sealed(journal, rank=1, breached=True, name=name)
        success = chance(journal, name, "Pick the lock", 15) if rolled else None
        collection = commands.collect_failure(journal, name, success.id) if success is not None else None
        return geis_id, success, collection

    geis_id, success, collection = play(VOIDED, True)
    assert success is not None and collection is not None
    dispute = refused_overturn(journal, VOIDED, success, collection)
    overturn(journal, collection)
    disputes.rule(journal, dispute, "overturn", actor=FATE)
    play(NEVER, False)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    assert (folded["wield.geis"]["geasa"][geis_id]["owed"], folded["wield.sheet"]["heroes"]["John"]["owed"]) == (1, 1)
    assert folded["wield.sheet"]["heroes"]["John"]["results"] == {}


def test_voiding_one_collection_in_a_round_recomputes_the_wounds_of_the_other(journal: Journal) -> None:
    """John defends 2 (12) against Jill's 3 (20): 1 wound.  Fate fails Jill (0 wounds), then John (still 0: the
    payload's change is none).  Jill's collection overturned: John's failed defence lets all 3 through."""

    def play(name: str, jill_failed: bool) -> tuple[Event, Event | None, Event]:
        table(journal, name)
        sealed(journal, hero="John", rank=1, breached=True, name=name)
        sealed(journal, hero="Jill", rank=1, breached=True, name=name)
        fight = commands.record_combat_round(journal, name, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                             dice=[12, 20])
        jill = commands.collect_failure(journal, name, fight.id, hero_name="Jill") if jill_failed else None
        john = commands.collect_failure(journal, name, fight.id, hero_name="John")
        return fight, jill, john

    fight, jill, john = play(VOIDED, True)
    assert jill is not None
    wounds = journal.at(VOIDED)["wield.sheet"]["heroes"]["John"]["wounds"]
    assert (jill.data["wounds"], john.data["wounds"], wounds) == ({"John": -1}, {}, 0)
    overturn(journal, jill)
    _, _, john_alone = play(NEVER, False)
    assert john_alone.data["wounds"] == {"John": 2}
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    heroes = folded["wield.sheet"]["heroes"]
    assert (heroes["John"]["wounds"], heroes["Jill"]["wounds"]) == (3, 0)
    assert (heroes["John"]["results"][fight.id]["success"], heroes["Jill"]["results"][fight.id]["success"]) == (
        False, True)
    assert folded["wield.actions"]["actions"][fight.id]["collected"] == ["John"]
    assert (folded["wield.geis"]["heroes"]["Jill"]["owed"], folded["wield.geis"]["heroes"]["John"]["owed"]) == (1, 0)


def test_voiding_a_collection_on_a_control_risk_gives_the_win_back(journal: Journal) -> None:
    """Ro's hero won a Control Risk, Fate turned it over to the Sword; overturned, the wielder wins it again."""

    def play(name: str, collected: bool) -> tuple[Event, Event | None]:
        table(journal, name)
        sealed(journal, hero="Ro", rank=1, breached=True, name=name)
        commands.record_power(journal, name, "Sword", "Gust", 1, actor="John")
        risk = commands.record_control_risk(journal, name, "Ro", "Flee", dice=[1] * 9 + [20])
        return risk, commands.collect_failure(journal, name, risk.id) if collected else None

    risk, collection = play(VOIDED, True)
    assert collection is not None
    overturn(journal, collection)
    play(NEVER, False)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    standing = folded["wield.control"]["vatcha"]["Sword"]["wielders"]["Ro"]
    assert (standing["risks"][0]["outcome"], standing["risks"][0]["failure_collected"], standing["wins"]) == (
        "wielder", None, {"vatcha": 0, "wielder": 1})
    assert folded["wield.actions"]["risks"][risk.id]["outcome"] == "wielder"
    assert (folded["wield.sheet"]["heroes"]["Ro"]["results"][risk.id]["success"],
            folded["wield.geis"]["heroes"]["Ro"]["owed"]) == (True, 1)


def test_voiding_a_death_brings_the_debts_back(journal: Journal) -> None:
    """John dies owing 2; his death overturned, he lives and owes 2, and Fate may collect again."""

    def play(name: str, dies: bool) -> Event | None:
        table(journal, name)
        sealed(journal, rank=2, breached=True, name=name)
        return commands.record_death(journal, name, "John", "fell") if dies else None

    death = play(VOIDED, True)
    assert death is not None and death.data["debts_vanished"] == 2
    overturn(journal, death)
    play(NEVER, False)
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    folded = journal.at(VOIDED)
    john = folded["wield.sheet"]["heroes"]["John"]
    assert (john["alive"], john["death"], john["owed"]) == (True, None, 2)
    assert folded["wield.geis"]["heroes"]["John"] == {"owed": 2, "collected": 0, "vanished": 0, "alive": True}
    success = chance(journal, VOIDED, "Pick the lock", 15)
    assert after(journal, VOIDED, commands.collect_failure(journal, VOIDED, success.id))["remaining"] == 1


def test_voiding_the_chance_a_geis_settled_frees_the_geis_for_that_chance(journal: Journal) -> None:
    """The chance the geis settled is overturned: the geis settles it again when it is taken once more."""

    def play(name: str, twice: bool) -> tuple[str, Event | None]:
        table(journal, name)
        geis_id = sealed(journal, name=name)
        settled = commands.record_chance(journal, name, "John", "Climb the wall", "Epic", geis=True) if twice else None
        return geis_id, settled

    geis_id, settled = play(VOIDED, True)
    assert settled is not None
    overturn(journal, settled)
    play(NEVER, False)
    again = {name: commands.record_chance(journal, name, "John", "Climb the wall", "Epic", geis=True)
             for name in (VOIDED, NEVER)}
    assert facts(journal, VOIDED) == facts(journal, NEVER)
    assert (again[VOIDED].data["geis"], journal.at(VOIDED)["wield.actions"]["geis_used"]) == (
        geis_id, {geis_id: again[VOIDED].id})


def test_overturning_a_seal_a_breach_rests_on_is_refused(journal: Journal) -> None:
    """The breach names the sealed geis: the seal cannot be overturned before the breach; nothing is written."""
    table(journal)
    geis_id = sealed(journal, breached=True)
    seal = journal.store.get(geis_id)
    opened = disputes.open_dispute(journal, VOIDED, geis_id, "Fate never agreed", actor="Jill")
    for player in ("John", "Jill", "Ro"):
        disputes.vote(journal, opened.id, "overturn", actor=player)
    head = journal.store.head(VOIDED)
    with pytest.raises(RuleViolation, match=f"later events depend on the decision of event version {seal.version}: "
                                            f"version {seal.version + 1} \\(wield.geis_breached; "
                                            "wield.sheet: KeyError"):
        disputes.rule(journal, opened.id, "overturn", actor=FATE)
    assert journal.store.head(VOIDED) == head


def test_a_collection_and_the_wounds_it_changes_are_one_decision(journal: Journal) -> None:
    """Collecting on a round appends one event, its own decision, carrying the change of wounds with it."""
    table(journal)
    sealed(journal, hero="Jill", rank=1, breached=True)
    fight = commands.record_combat_round(journal, VOIDED, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                         dice=[12, 20])
    head = journal.store.head(VOIDED)
    collected = commands.collect_failure(journal, VOIDED, fight.id, hero_name="Jill")
    stored = journal.store.get(collected.id)
    assert (journal.store.head(VOIDED), stored.decision, stored.data["wounds"]) == (
        head + 1, collected.id, {"John": -1})


def test_overturning_a_power_under_a_control_risk_is_refused(journal: Journal) -> None:
    """Gust (rank 1) leaves Control lost 1, and the Control Risk after it rolls 9 and 1 dice; overturning Gust would
    leave that risk with the pools of 0 Control lost (10 and 0): refused, naming the risk and the rule."""
    table(journal, VOIDED)
    gust = commands.record_power(journal, VOIDED, "Ring", "Gust", 1, actor="Jill")
    risk = commands.record_control_risk(journal, VOIDED, "John", "Flee", dice=[2] * 9 + [20])
    opened = disputes.open_dispute(journal, VOIDED, gust.id, "the dice fell off the table", actor="Jill")
    for player in PLAYERS:
        disputes.vote(journal, opened.id, "overturn", actor=player)
    head = journal.store.head(VOIDED)
    refusal = (f"refused by rule 'dispute: overturn': without event version {gust.version}, version {risk.version} "
               "(John vs Ring, 'Flee': vatcha [2, 2, 2, 2, 2, 2, 2, 2, 2] vs wielder [20] -> the wielder wins) breaks the rule «the hero rolls a number of d20s "
               "equal to his Control over the Vatcha»: with 0 Control lost the vatcha rolls 10 and the wielder 0 "
               f"dice, not 9 and 1; dispute version {risk.version} first")
    with pytest.raises(RuleViolation) as refused:
        disputes.rule(journal, opened.id, "overturn", actor=FATE)
    assert (str(refused.value), journal.store.head(VOIDED)) == (refusal, head)
