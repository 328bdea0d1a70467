"""Wield chances and combat rounds through the service: the four combat examples, chances, server dice."""

from __future__ import annotations

from wield_table import CAMPAIGN, fold, refused, table

from journal.errors import NotAuthorized, RuleViolation, ValidationFailed
from journal.service import Journal
from journal.service.sessions import end_session, start_session, verify_rolls
from journal.systems.wield import commands
from journal.systems.wield.rules import Declaration as D


def wounds(journal: Journal) -> dict[str, int]:
    return {name: hero["wounds"] for name, hero in fold(journal)["heroes"].items()}


def test_example_1_john_defends_2_jill_attacks_3(journal: Journal) -> None:
    """Example #1: both succeed; John protects 2, Jill inflicts 3: John takes 1 wound."""
    table(journal)
    event = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                         dice=[12, 20])
    assert [(c["combatant"], c["target"], c["total"], c["success"]) for c in event.data["checks"]] == [
        ("John", 10, 12, True), ("Jill", 20, 20, True)]
    assert event.data["hits"] == [{"attacker": "Jill", "defender": "John", "inflicted": 3, "protected": 2, "wounds": 1}]
    assert wounds(journal) == {"John": 1, "Jill": 0, "Ro": 0}


def test_example_1_john_fails_and_takes_three(journal: Journal) -> None:
    """Example #1: had John failed and Jill succeeded, he would take 3 wounds."""
    table(journal)
    commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                 dice=[9, 20])
    assert wounds(journal)["John"] == 3


def test_example_1_jill_fails_and_john_takes_nothing(journal: Journal) -> None:
    """Example #1: had Jill failed, John would take 0 wounds."""
    table(journal)
    event = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                         dice=[12, 19])
    assert (event.data["wounds"], wounds(journal)["John"]) == ({"John": 0}, 0)


def test_example_2_one_wound_needs_no_roll(journal: Journal) -> None:
    """Example #2: Jill (1 wound) does not roll, Ro (2) succeeds: Ro takes 1, Jill takes 2."""
    table(journal)
    event = commands.record_combat_round(journal, CAMPAIGN, [D("Jill", "attack", 1, "Ro"), D("Ro", "attack", 2, "Jill")],
                                         dice=[14])
    first = event.data["checks"][0]
    assert (first["combatant"], first["roll"], first["success"]) == ("Jill", None, True)
    assert event.data["wounds"] == {"Ro": 1, "Jill": 2}
    assert wounds(journal) == {"John": 0, "Jill": 2, "Ro": 1}


def test_example_3_no_attack_ends_the_round(journal: Journal) -> None:
    """Example #3: John defends 1, Ro defends 2: nobody rolls, no wounds, the round is over."""
    table(journal)
    event = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 1), D("Ro", "defend", 2)])
    assert (event.data["checks"], event.data["hits"], event.data["wounds"]) == ([], [], {})


def test_example_3_dice_for_a_round_without_attacks_are_refused(journal: Journal) -> None:
    """Example #3: no one rolls when no one attacks; dice given for it are refused, nothing written."""
    table(journal)
    refused(journal, ValidationFailed,
            "dice: this round needs 0 d20, 1 given",
            lambda: commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 1), D("Ro", "defend", 2)],
                                                 dice=[11]))


def test_example_4_jill_reconsiders_and_takes_one_wound(journal: Journal) -> None:
    """Example #4: Jill turns attack 3 into defend 2; Ro's higher total resolves first (0), then John's (1)."""
    table(journal)
    event = commands.record_combat_round(
        journal, CAMPAIGN,
        [D("John", "attack", 3, "Jill"), D("Jill", "attack", 3, "John"), D("Ro", "attack", 2, "Jill")],
        {"Jill": None}, profession=["Ro"], dice=[20, 15, 19, 18],
    )
    d = event.data
    assert d["reconsidered"] == [{"combatant": "Jill", "defends": None}]
    assert d["actions"][1] == {"combatant": "Jill", "action": "defend", "wounds": 2, "target": None, "power": None,
                               "rank": None}
    assert [(c["combatant"], c["total"]) for c in d["checks"]] == [("John", 20), ("Jill", 15), ("Ro", 37)]
    assert [(h["attacker"], h["inflicted"], h["protected"], h["wounds"]) for h in d["hits"]] == [
        ("Ro", 2, 2, 0), ("John", 3, 2, 1)]
    assert wounds(journal) == {"John": 0, "Jill": 1, "Ro": 0}


def test_a_player_may_not_record_a_combat_round(journal: Journal) -> None:
    """Fate counts to five: a player recording a round is refused."""
    table(journal)
    refused(journal, NotAuthorized, "only the Master may record a combat round ('Jill' is a player)",
            lambda: commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 1)], actor="Jill"))


def test_reconsidering_a_defence_is_refused(journal: Journal) -> None:
    """Only an attack can be reconsidered."""
    table(journal)
    refused(journal, RuleViolation,
            "refused by rule 'wield: reconsider only from attack to defend': John did not declare an attack",
            lambda: commands.record_combat_round(journal, CAMPAIGN,
                                                 [D("John", "defend", 2), D("Jill", "attack", 3, "John")],
                                                 {"John": None}, dice=[12, 20]))


def test_chance_sums_the_profession_die_and_condition_bonus(journal: Journal) -> None:
    """Heroic (20) with the profession and a +5 condition: [17, 9] + 5 = 31, a success."""
    table(journal)
    commands.record_condition(journal, CAMPAIGN, "John", "Inspired", "+5 to a roll", bonus=5)
    event = commands.record_chance(journal, CAMPAIGN, "John", "Climb the burning ladder", "Heroic", profession=True,
                                   dice=[17, 9], actor="John")
    d = event.data
    assert (d["target"], d["roll"]["dice"], d["bonus"], d["total"], d["success"]) == (20, [17, 9], 5, 31, True)


def test_chance_against_fates_number_inside_the_band(journal: Journal) -> None:
    """A target of 25 is Heroic; 24 falls short."""
    table(journal)
    event = commands.record_chance(journal, CAMPAIGN, "John", "Leap the chasm", 25, dice=[20], profession=False)
    assert (event.data["difficulty"], event.data["target"], event.data["success"]) == ("Heroic", 25, False)


def test_an_easy_chance_is_not_rolled(journal: Journal) -> None:
    """Easy succeeds with no roll; dice given for it are refused."""
    table(journal)
    event = commands.record_chance(journal, CAMPAIGN, "John", "Climb a ladder", "Easy")
    assert (event.data["roll"], event.data["success"]) == (None, True)
    refused(journal, RuleViolation,
            "refused by rule 'wield: no roll for Easy': nothing is rolled against no target, yet [5] was given",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "Climb a ladder", "Easy", dice=[5]))


def test_server_dice_of_a_round_and_a_chance_verify(journal: Journal) -> None:
    """Server dice of a chance and of a round are recorded as server rolls and verify after the session."""
    table(journal)
    start_session(journal, CAMPAIGN, ["John", "Jill", "Ro"])
    chance = commands.record_chance(journal, CAMPAIGN, "John", "Climb", "Hard", profession=True)
    fight = commands.record_combat_round(journal, CAMPAIGN, [D("John", "defend", 2), D("Jill", "attack", 3, "John")])
    end_session(journal, CAMPAIGN)
    rolls = [chance.data["roll"]] + [c["roll"] for c in fight.data["checks"]]
    assert [(r["source"], r["counter"]) for r in rolls] == [("server", 0), ("server", 2), ("server", 3)]
    assert [(c.rolls, c.ok) for c in verify_rolls(journal, CAMPAIGN)] == [(3, True)]
