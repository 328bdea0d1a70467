"""Wield geasa through the service: bargains, seals, breaches, failures Fate collects, debts vanishing at death."""

from __future__ import annotations

from wield_table import CAMPAIGN, control, fold, geis, refused, sealed, table

from journal.errors import NotAuthorized, RuleViolation
from journal.service import Journal
from journal.service.figures import after
from journal.systems.wield import commands
from journal.systems.wield.rules import Declaration as D


def test_offer_refusal_second_offer_and_seal(journal: Journal) -> None:
    """Fate refuses John's offer, he offers once more, she seals it at rank 2: it goes on his sheet."""
    table(journal)
    first = commands.offer_geis(journal, CAMPAIGN, "John", "Give my cloak away", chance="Climb the wall", actor="John")
    refusal = commands.refuse_geis(journal, CAMPAIGN, "John")
    second = commands.offer_geis(journal, CAMPAIGN, "John", "Rescue the town for no reward", actor="John")
    seal = commands.seal_geis(journal, CAMPAIGN, "John", 2, degree="barely")
    assert (refusal.data["by"], second.data["negotiation"], second.data["chance"]) == ("fate", first.id, "Climb the wall")
    assert fold(journal)["heroes"]["John"]["geasa"] == {seal.id: {
        "promise": "Rescue the town for no reward", "rank": 2, "degree": "barely", "broken": False, "owed": 0}}


def test_the_player_refuses_fates_counter_offer(journal: Journal) -> None:
    """Fate answers with modified terms; the player's refusal is recorded as his."""
    table(journal)
    commands.offer_geis(journal, CAMPAIGN, "John", "Give my cloak away", chance="Climb the wall")
    commands.counter_geis(journal, CAMPAIGN, "John", "Give away your horse too")
    refusal = commands.refuse_geis(journal, CAMPAIGN, "John", actor="John")
    assert (refusal.data["by"], refusal.actor) == ("player", "John")


def test_sealing_takes_the_terms_on_the_table(journal: Journal) -> None:
    """Sealed after a counter-offer, the geis holds Fate's terms."""
    table(journal)
    commands.offer_geis(journal, CAMPAIGN, "John", "Give my cloak away", chance="Climb the wall")
    commands.counter_geis(journal, CAMPAIGN, "John", "Never drink wine again")
    seal = commands.seal_geis(journal, CAMPAIGN, "John", 3)
    assert (seal.data["promise"], seal.data["rank"]) == ("Never drink wine again", 3)


def test_a_third_offer_after_a_refusal_is_refused(journal: Journal) -> None:
    """Offer, refusal, offer, refusal: a third offer for the same chance is refused, nothing written."""
    table(journal)
    for promise in ("Give my cloak away", "Feed the next beggar"):
        commands.offer_geis(journal, CAMPAIGN, "John", promise, chance="Climb the wall", actor="John")
        commands.refuse_geis(journal, CAMPAIGN, "John")
    refused(journal, RuleViolation,
            "refused by rule 'wield: one more offer after a refusal': the player has made 2 offers already",
            lambda: commands.offer_geis(journal, CAMPAIGN, "John", "Anything", chance="Climb the wall", actor="John"))


def test_a_geis_in_a_conflict_between_players_is_refused(journal: Journal) -> None:
    """John's chance opposes Jill's hero: no geis may be offered."""
    table(journal)
    refused(journal, RuleViolation,
            "refused by rule 'wield: no geis in a conflict between players': Fate does not play favourites between "
            "heroes",
            lambda: commands.offer_geis(journal, CAMPAIGN, "John", "Give my cloak away", chance="Outrun Jill",
                                        against="Jill", actor="John"))


def test_a_player_sealing_a_geis_is_refused(journal: Journal) -> None:
    """Only Fate seals."""
    table(journal)
    commands.offer_geis(journal, CAMPAIGN, "John", "Give my cloak away", chance="Climb the wall")
    refused(journal, NotAuthorized, "only the Master may seal a geis ('John' is a player)",
            lambda: commands.seal_geis(journal, CAMPAIGN, "John", 1, actor="John"))


def test_a_player_declaring_a_breach_is_refused(journal: Journal) -> None:
    """Only Fate declares a geis broken."""
    table(journal)
    sealed(journal)
    refused(journal, NotAuthorized, "only the Master may declare a geis broken ('Jill' is a player)",
            lambda: commands.breach_geis(journal, CAMPAIGN, "John", "Kept the cloak", actor="Jill"))


def test_a_sealed_geis_settles_the_chance_without_a_roll(journal: Journal) -> None:
    """The chance the geis was sealed for succeeds without dice and names the geis."""
    table(journal)
    geis_id = sealed(journal)
    event = commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Epic", geis=True)
    assert (event.data["roll"], event.data["success"], event.data["geis"], event.data["target"]) == (
        None, True, geis_id, 35)


def test_breach_makes_the_hero_owe_its_rank(journal: Journal) -> None:
    """A broken rank-2 geis: John owes Fate 2 failures."""
    table(journal)
    geis_id = sealed(journal, rank=2, breached=True)
    assert fold(journal)["heroes"]["John"]["owed"] == 2
    assert fold(journal, geis)["geasa"][geis_id]["owed"] == 2


def test_fate_collects_a_failure_on_a_later_rolled_chance(journal: Journal) -> None:
    """A later rolled success becomes a failure: John owes one less."""
    table(journal)
    geis_id = sealed(journal, rank=2, breached=True)
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    event = commands.collect_failure(journal, CAMPAIGN, chance.version)
    assert (event.data["hero"], event.data["geis"], event.data["success"], after(journal, CAMPAIGN, event)["remaining"]) == (
        "John", geis_id, chance.id, 1)
    assert fold(journal)["heroes"]["John"]["owed"] == 1


def test_fate_collects_on_a_combat_roll_and_the_wounds_change(journal: Journal) -> None:
    """Jill's successful 3-wound attack collected: John takes 0 instead of 1 (wounds -1)."""
    table(journal)
    sealed(journal, hero="Jill", rank=1, breached=True)
    fight = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                         dice=[12, 20])
    event = commands.collect_failure(journal, CAMPAIGN, f"v{fight.version}", hero_name="Jill")
    assert (event.data["wounds"], after(journal, CAMPAIGN, event)["remaining"]) == ({"John": -1}, 0)
    assert fold(journal)["heroes"]["John"]["wounds"] == 0


def test_fate_collects_on_a_won_control_risk_and_the_vatcha_wins(journal: Journal) -> None:
    """Ro's hero won a Control Risk after breaking a geis: Fate turns it over to the Sword."""
    table(journal)
    sealed(journal, hero="Ro", rank=1, breached=True)
    commands.record_power(journal, CAMPAIGN, "Sword", "Gust", 1, actor="John")
    risk = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[1] * 9 + [20])
    commands.collect_failure(journal, CAMPAIGN, risk.version)
    assert fold(journal, control)["vatcha"]["Sword"]["wielders"]["Ro"]["risks"][0]["outcome"] == "vatcha"


def test_collecting_a_failure_not_owed_is_refused(journal: Journal) -> None:
    """John broke no geis: Fate cannot collect on his success."""
    table(journal)
    sealed(journal)
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    refused(journal, RuleViolation,
            "refused by rule 'wield: a failure is owed': the hero owes no failure on this geis",
            lambda: commands.collect_failure(journal, CAMPAIGN, chance.version))


def test_collecting_on_an_action_without_a_roll_is_refused(journal: Journal) -> None:
    """An Easy chance was not rolled: Fate cannot spend a failure on it."""
    table(journal)
    sealed(journal, breached=True)
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Climb a ladder", "Easy")
    refused(journal, RuleViolation,
            "refused by rule 'wield: failures only on a rolled success': nothing was rolled for this action",
            lambda: commands.collect_failure(journal, CAMPAIGN, chance.version))


def test_collecting_on_a_one_wound_attack_is_refused(journal: Journal) -> None:
    """A 1-wound attack needs no roll: nothing to collect on."""
    table(journal)
    sealed(journal, hero="Jill", breached=True)
    fight = commands.record_combat_round(journal, CAMPAIGN, [D("Jill", "attack", 1, "Ro"), D("Ro", "attack", 2, "Jill")],
                                         dice=[14])
    refused(journal, RuleViolation,
            "refused by rule 'wield: failures only on a rolled success': nothing was rolled for this action",
            lambda: commands.collect_failure(journal, CAMPAIGN, fight.version, hero_name="Jill"))


def test_a_player_collecting_a_failure_is_refused(journal: Journal) -> None:
    """Only Fate collects."""
    table(journal)
    sealed(journal, breached=True)
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    refused(journal, NotAuthorized, "only the Master may collect a failure owed ('Jill' is a player)",
            lambda: commands.collect_failure(journal, CAMPAIGN, chance.version, actor="Jill"))


def test_debts_vanish_at_death(journal: Journal) -> None:
    """John dies owing 2 failures: they vanish, and Fate can collect nothing more."""
    table(journal)
    sealed(journal, rank=2, breached=True)
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    death = commands.record_death(journal, CAMPAIGN, "John", "fell")
    assert death.data["debts_vanished"] == 2
    assert fold(journal, geis)["heroes"]["John"] == {"owed": 0, "collected": 0, "vanished": 2, "alive": False}
    refused(journal, RuleViolation,
            "refused by rule 'wield: debts vanish at death': the hero is dead and owes Fate nothing",
            lambda: commands.collect_failure(journal, CAMPAIGN, chance.version))


# -- a sealed geis settles the one chance it was offered for -------------------------------------------------


def test_a_sealed_geis_does_not_settle_another_chance(journal: Journal) -> None:
    """Sealed for 'Climb the wall', the geis cannot settle 'Pick the lock'; nothing is written."""
    table(journal)
    sealed(journal)
    refused(journal, RuleViolation,
            "refused by rule 'wield: a sealed geis settles one chance': John's sealed geis was offered for "
            "'Climb the wall', not 'Pick the lock'",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", geis=True))


def test_a_geis_named_for_another_chance_is_refused(journal: Journal) -> None:
    """Naming the geis by its version does not move it to another chance."""
    table(journal)
    geis_id = sealed(journal)
    version = journal.store.get(geis_id).version
    refused(journal, RuleViolation,
            "refused by rule 'wield: a sealed geis settles one chance': John's geis was offered for 'Climb the wall', "
            "not 'Pick the lock'",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", geis=f"v{version}"))


def test_a_second_chance_cannot_use_the_geis(journal: Journal) -> None:
    """Once its chance is settled, the geis settles no other: not by default, not when named."""
    table(journal)
    geis_id = sealed(journal)
    first = commands.record_chance(journal, CAMPAIGN, "John", "climb  the WALL", "Epic", geis=True)
    assert (first.data["geis"], first.data["success"], first.data["roll"]) == (geis_id, True, None)
    message = (f"refused by rule 'wield: a sealed geis settles one chance': 'Climb the wall' was taken at "
               f"#{first.version}: John's geis settles no other chance")
    refused(journal, RuleViolation, message,
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Epic", geis=True))
    refused(journal, RuleViolation, message,
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Epic", geis=geis_id))


def test_the_chance_of_a_waiting_geis_is_not_rolled(journal: Journal) -> None:
    """A sealed geis makes its chance succeed without a roll: rolling that chance instead is refused."""
    table(journal)
    geis_id = sealed(journal)
    version = journal.store.get(geis_id).version
    refused(journal, RuleViolation,
            f"refused by rule 'wield: a sealed geis settles one chance': John's geis sealed at #{version} settles "
            "'Climb the wall' without a roll: record the chance as settled by it",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Hard", dice=[15]))
    other = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    assert (other.data["total"], other.data["success"]) == (15, True)


def test_another_heros_geis_settles_nothing_for_him(journal: Journal) -> None:
    """Jill's geis for 'Climb the wall' neither settles nor blocks John's chance of that name."""
    table(journal)
    sealed(journal, hero="Jill")
    refused(journal, RuleViolation,
            "refused by rule 'wield: a sealed geis settles one chance': John has no sealed geis left to settle a "
            "chance",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Hard", geis=True))
    assert commands.record_chance(journal, CAMPAIGN, "John", "Climb the wall", "Hard", dice=[11]).data["success"]


# -- a collected failure reads as a failure ----------------------------------------------------------------------


def test_a_collected_chance_reads_as_a_failure_on_the_sheet_and_in_the_actions(journal: Journal) -> None:
    """After Fate collects, John's sheet and the folded actions keep that chance as a failure, naming the collection."""
    table(journal)
    geis_id = sealed(journal, rank=2, breached=True)
    success = commands.record_chance(journal, CAMPAIGN, "John", "Pick the lock", "Hard", dice=[15])
    collection = commands.collect_failure(journal, CAMPAIGN, success.version)
    folded = journal.at(CAMPAIGN)
    assert folded["wield.sheet"]["heroes"]["John"]["results"] == {success.id: {
        "version": success.version, "kind": "chance", "what": "Pick the lock", "success": False, "collected": geis_id}}
    action = folded["wield.actions"]["actions"][success.id]
    assert (action["heroes"]["John"], action["collected"], action["collected_by"]) == (
        {"rolled": True, "success": False}, ["John"], {"John": collection.id})


def test_a_collected_combat_roll_and_control_risk_read_as_failures(journal: Journal) -> None:
    """Jill's successful attack and Ro's won Control Risk, collected: both read as failures on their sheets."""
    table(journal)
    sealed(journal, hero="Jill", rank=1, breached=True)
    sealed(journal, hero="Ro", rank=1, breached=True)
    fight = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                         dice=[12, 20])
    commands.record_power(journal, CAMPAIGN, "Sword", "Gust", 1, actor="John")
    risk = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[1] * 9 + [20])
    commands.collect_failure(journal, CAMPAIGN, fight.version, hero_name="Jill")
    commands.collect_failure(journal, CAMPAIGN, risk.version)
    heroes = journal.at(CAMPAIGN)["wield.sheet"]["heroes"]
    assert [(r["kind"], r["what"], r["success"]) for r in heroes["Jill"]["results"].values()] == [
        ("combat", {"action": "attack", "wounds": 3, "target": "John"}, False)]
    assert [(r["kind"], r["what"], r["success"]) for r in heroes["John"]["results"].values()] == [
        ("combat", {"action": "defend", "wounds": 2}, True)]
    assert [(r["kind"], r["what"], r["success"]) for r in heroes["Ro"]["results"].values()] == [("risk", "Flee", False)]
    assert heroes["John"]["wounds"] == 0
