"""Wield combat: the four worked examples, reconsidering, resolution order, powers, refusals."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.wield.rules import CombatRoll, Declaration, Hit, resolve_round, wound_change

JOHN_DEFENDS_2 = Declaration("John", "defend", 2)
JILL_ATTACKS_JOHN_3 = Declaration("Jill", "attack", 3, "John")
EXAMPLE_1 = [JOHN_DEFENDS_2, JILL_ATTACKS_JOHN_3]


def test_example_1_both_succeed_john_takes_one_wound() -> None:
    """Example #1: John protects against 2, Jill inflicts 3: John takes 1 wound."""
    outcome = resolve_round(EXAMPLE_1, {"John": CombatRoll((12,)), "Jill": CombatRoll((20,))})
    assert outcome.hits == (Hit("Jill", "John", inflicted=3, protected=2, wounds=1),)
    assert outcome.wounds == {"John": 1}


def test_example_1_john_fails_and_takes_three_wounds() -> None:
    """Example #1: had John failed and Jill succeeded, he would take 3 wounds."""
    outcome = resolve_round(EXAMPLE_1, {"John": CombatRoll((9,)), "Jill": CombatRoll((20,))})
    assert outcome.wounds == {"John": 3}


def test_example_1_jill_fails_and_john_takes_nothing() -> None:
    """Example #1: had Jill failed, John would take 0 wounds."""
    outcome = resolve_round(EXAMPLE_1, {"John": CombatRoll((9,)), "Jill": CombatRoll((19,))})
    assert outcome.hits == (Hit("Jill", "John", inflicted=0, protected=0, wounds=0),)
    assert outcome.wounds == {"John": 0}


def test_example_2_one_wound_needs_no_roll() -> None:
    """Example #2: Jill cannot fail 1 wound; Ro succeeds at 2: Ro takes 1, Jill takes 2."""
    outcome = resolve_round(
        [Declaration("Jill", "attack", 1, "Ro"), Declaration("Ro", "attack", 2, "Jill")], {"Ro": CombatRoll((14,))}
    )
    assert outcome.wounds == {"Ro": 1, "Jill": 2}
    assert [(check.combatant, check.total, check.success, check.rolled) for check in outcome.checks] == [
        ("Jill", None, True, False),
        ("Ro", 14, True, True),
    ]


def test_example_2_ro_fails_and_jill_takes_nothing() -> None:
    """Example #2: had Ro failed, Jill would take 0 wounds."""
    outcome = resolve_round(
        [Declaration("Jill", "attack", 1, "Ro"), Declaration("Ro", "attack", 2, "Jill")], {"Ro": CombatRoll((3,))}
    )
    assert outcome.wounds == {"Ro": 1, "Jill": 0}


def test_example_3_no_attack_ends_the_round() -> None:
    """Example #3: both defend, so no one rolls and the round is over."""
    outcome = resolve_round([Declaration("John", "defend", 1), Declaration("Ro", "defend", 2)], {})
    assert (outcome.checks, outcome.hits, outcome.wounds) == ((), (), {})


def test_example_3_reconsider_without_an_attack_is_refused() -> None:
    """Example #3: with no one attacking Fate does not count again."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("John", "defend", 1), Declaration("Ro", "defend", 2)], {}, {"Ro": None})
    assert refused.value.rule == "wield: no reconsider when no one attacks"


def test_example_3_rolls_without_an_attack_are_refused() -> None:
    """Example #3: no one rolls when no one attacks."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("John", "defend", 1), Declaration("Ro", "defend", 2)], {"Ro": CombatRoll((11,))})
    assert refused.value.rule == "wield: who rolls in combat"


def example_4(jill_roll: int = 15) -> tuple[list[Declaration], dict[str, CombatRoll]]:
    """Example #4: John attacks Jill for 3, Jill attacks John for 3, Ro attacks Jill for 2; Jill switches."""
    declarations = [
        Declaration("John", "attack", 3, "Jill"),
        Declaration("Jill", "attack", 3, "John"),
        Declaration("Ro", "attack", 2, "Jill"),
    ]
    rolls = {
        "John": CombatRoll((12, 10), profession=True),
        "Jill": CombatRoll((jill_roll,)),
        "Ro": CombatRoll((18, 9), profession=True),
    }
    return declarations, rolls


def test_example_4_jill_switches_to_defend_two() -> None:
    """Example #4: Jill's attack 3 becomes defend 2, herself."""
    declarations, rolls = example_4()
    outcome = resolve_round(declarations, rolls, {"Jill": None})
    assert outcome.actions[1] == Declaration("Jill", "defend", 2, None)


def test_example_4_higher_total_resolves_first_and_jill_takes_one() -> None:
    """Example #4: Ro (27) resolves before John (22): Jill takes 0, then 1."""
    declarations, rolls = example_4()
    outcome = resolve_round(declarations, rolls, {"Jill": None})
    assert outcome.hits == (
        Hit("Ro", "Jill", inflicted=2, protected=2, wounds=0),
        Hit("John", "Jill", inflicted=3, protected=2, wounds=1),
    )
    assert outcome.wounds == {"Jill": 1}


def test_example_4_john_takes_nothing_after_jill_switches() -> None:
    """Example #4 (derived): John is no longer attacked."""
    declarations, rolls = example_4()
    assert "John" not in resolve_round(declarations, rolls, {"Jill": None}).wounds


def test_equal_totals_resolve_in_declaration_order() -> None:
    """Ties in the attack total keep the order of the declarations."""
    outcome = resolve_round(
        [Declaration("Вера", "attack", 2, "Пётр"), Declaration("Олег", "attack", 2, "Пётр")],
        {"Вера": CombatRoll((13,)), "Олег": CombatRoll((13,))},
    )
    assert [hit.attacker for hit in outcome.hits] == ["Вера", "Олег"]
    assert outcome.wounds == {"Пётр": 4}


def test_defending_someone_else_protects_only_them() -> None:
    """Борис defends Вера against 3; Вера's attacker is stopped, Борис's is not."""
    outcome = resolve_round(
        [
            Declaration("Борис", "defend", 3, "Вера"),
            Declaration("Орк", "attack", 3, "Вера"),
            Declaration("Гоблин", "attack", 2, "Борис"),
        ],
        {"Борис": CombatRoll((20,)), "Орк": CombatRoll((20,)), "Гоблин": CombatRoll((11,))},
    )
    assert outcome.wounds == {"Вера": 0, "Борис": 2}


def test_best_successful_defence_covers_the_target() -> None:
    """Two defences of one hero do not add up: the best successful one counts."""
    outcome = resolve_round(
        [
            Declaration("Вера", "defend", 2),
            Declaration("Борис", "defend", 3, "Вера"),
            Declaration("Орк", "attack", 5, "Вера"),
        ],
        {
            "Вера": CombatRoll((10,)),
            "Борис": CombatRoll((20,)),
            "Орк": CombatRoll((20, 20, 15), profession=True, extra_dice=1),
        },
    )
    assert outcome.hits == (Hit("Орк", "Вера", inflicted=5, protected=3, wounds=2),)


def test_sealed_geis_succeeds_without_dice() -> None:
    """A combatant whose geis is sealed succeeds at his difficulty without rolling."""
    outcome = resolve_round(
        [JOHN_DEFENDS_2, Declaration("Jill", "attack", 4, "John")],
        {"John": CombatRoll((3,)), "Jill": CombatRoll(geis=True)},
    )
    assert outcome.wounds == {"John": 4}


def test_collected_failure_turns_a_rolled_success_into_failure() -> None:
    """Fate spends a failure on Jill's successful attack: John takes nothing; the change is -1."""
    before = resolve_round(EXAMPLE_1, {"John": CombatRoll((12,)), "Jill": CombatRoll((20,))})
    after = resolve_round(EXAMPLE_1, {"John": CombatRoll((12,)), "Jill": CombatRoll((20,))}, failed=["Jill"])
    assert after.wounds == {"John": 0}
    assert wound_change(before.wounds, after.wounds) == {"John": -1}


def test_collected_failure_on_an_unrolled_action_is_refused() -> None:
    """Fate cannot fail a 1-wound attack: nothing was rolled."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round(
            [Declaration("Jill", "attack", 1, "Ro"), Declaration("Ro", "defend", 1)], {}, failed=["Jill"]
        )
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_collected_failure_on_a_failed_roll_is_refused() -> None:
    """A roll that already failed is not a success to take."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round(EXAMPLE_1, {"John": CombatRoll((2,)), "Jill": CombatRoll((20,))}, failed=["John"])
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_powers_go_first_highest_rank_first_equal_ranks_together() -> None:
    """Powers of rank 3 act before rank 1; two rank 3 powers act at the same time."""
    outcome = resolve_round(
        [
            Declaration("Ро", "power", power="Gust", rank=1),
            Declaration("Джон", "power", power="Firestorm", rank=3),
            Declaration("Джилл", "power", power="Quake", rank=3),
            Declaration("Орк", "defend", 1),
        ],
        {},
    )
    assert outcome.powers == (("Джон", "Джилл"), ("Ро",))


def test_defend_to_attack_is_refused() -> None:
    """Reconsider goes from attack to defend only."""
    declarations, rolls = example_4()
    with pytest.raises(RuleViolation) as refused:
        resolve_round(declarations + [Declaration("Орк", "defend", 2)], rolls, {"Орк": "Jill"})
    assert refused.value.rule == "wield: reconsider only from attack to defend"


def test_switched_defence_pointing_at_a_third_person_is_refused() -> None:
    """A switched defence protects oneself or the former target."""
    declarations, rolls = example_4()
    with pytest.raises(RuleViolation) as refused:
        resolve_round(declarations, rolls, {"Jill": "Ro"})
    assert refused.value.rule == "wield: reconsider keeps the target or defends self"


def test_switch_from_attack_one_defends_one() -> None:
    """Attack 1 switched is defend 1 (minimum 1)."""
    outcome = resolve_round(
        [Declaration("Jill", "attack", 1, "Ro"), Declaration("Ro", "attack", 1, "Jill")], {}, {"Jill": "Ro"}
    )
    assert outcome.actions[0] == Declaration("Jill", "defend", 1, "Ro")
    assert outcome.wounds == {"Jill": 1}


def test_missing_roll_is_refused() -> None:
    """Every attacker and defender above 1 wound rolls."""
    with pytest.raises(RuleViolation, match=r"\['Jill', 'John'\] roll") as refused:
        resolve_round(EXAMPLE_1, {"Jill": CombatRoll((20,))})
    assert refused.value.rule == "wield: who rolls in combat"


def test_two_declarations_by_one_combatant_are_refused() -> None:
    """One action per combatant per round."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([JOHN_DEFENDS_2, Declaration("John", "attack", 2, "Jill")], {})
    assert refused.value.rule == "wield: one action per combatant"


def test_six_wound_attack_is_refused() -> None:
    """Attacks range from 1 to 5 wounds."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("Jill", "attack", 6, "John")], {})
    assert refused.value.rule == "wield: one to five wounds"


def test_attacking_yourself_is_refused() -> None:
    """An attack points at someone else."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("Jill", "attack", 2, "Jill")], {})
    assert refused.value.rule == "wield: no attacking yourself"


def test_attack_without_target_is_refused() -> None:
    """An attack points at someone."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("Jill", "attack", 2)], {})
    assert refused.value.rule == "wield: an attack has a target"


def test_power_without_rank_is_refused() -> None:
    """A power is declared with its rank (fingers held up)."""
    with pytest.raises(RuleViolation) as refused:
        resolve_round([Declaration("Jill", "power", power="Gust")], {})
    assert refused.value.rule == "wield: power rank"
