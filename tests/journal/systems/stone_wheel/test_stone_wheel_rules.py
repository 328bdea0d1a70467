"""Stone Wheel rules: pools, exchanges, damage, turn order, stamina, death, sleep, XP and learning."""

from contextlib import AbstractContextManager
from typing import Any

import pytest

from journal.errors import RuleViolation
from journal.systems.stone_wheel import rules


def refused(rule: str) -> AbstractContextManager[Any]:
    """Expect a refusal naming ``stone_wheel: <rule>``."""
    return pytest.raises(RuleViolation, match=f"stone_wheel: {rule}")


# --- pools -------------------------------------------------------------------------------------


def test_each_skill_level_lowers_the_threshold_by_one() -> None:
    """Threshold 7 with 2 levels is 5; the Master's pool of 4 is unchanged."""
    assert rules.plan_pool(7, 2, 4) == rules.PoolPlan(threshold=5, dice=4)


def test_leftover_skill_levels_add_one_die_each() -> None:
    """Threshold 7 with 6 levels stops at 3 and the 2 levels left add 2 dice."""
    assert rules.plan_pool(7, 6, 4) == rules.PoolPlan(threshold=3, dice=6)


def test_threshold_already_at_the_floor_turns_every_level_into_dice() -> None:
    """Threshold 3 with 2 levels: still 3, two more dice."""
    assert rules.plan_pool(3, 2, 1) == rules.PoolPlan(threshold=3, dice=3)


def test_a_die_at_the_threshold_is_a_success() -> None:
    """Against 7: 7, 8 and 10 succeed; 3 and 1 do not."""
    assert rules.count_successes([3, 7, 8, 10, 1], 7) == 3


def test_resolve_pool_counts_successes_against_the_lowered_threshold() -> None:
    """Threshold 8, 3 levels -> 5; dice 5, 4, 9 give 2 successes."""
    assert rules.resolve_pool(8, 3, 3, [5, 4, 9]) == rules.PoolResult(threshold=5, dice=3, successes=2)


def test_wrong_number_of_dice_is_refused() -> None:
    """A pool of 2 with 1 leftover level needs 3 dice, not 2."""
    with refused("dice count"):
        rules.resolve_pool(3, 1, 2, [4, 5])


@pytest.mark.parametrize("threshold", [2, 11])
def test_threshold_outside_3_to_10_is_refused(threshold: int) -> None:
    """Thresholds live between 3 and 10."""
    with refused("threshold range"):
        rules.plan_pool(threshold, 0, 1)


def test_empty_pool_is_refused() -> None:
    """The Master's pool holds at least one die."""
    with refused("pool size"):
        rules.plan_pool(7, 0, 0)


def test_negative_skill_level_is_refused() -> None:
    """Skill levels are not negative."""
    with refused("skill level"):
        rules.plan_pool(7, -1, 2)


@pytest.mark.parametrize("value", [0, 11])
def test_impossible_d10_value_is_refused(value: int) -> None:
    """A d10 shows 1-10."""
    with refused("d10 value"):
        rules.count_successes([value], 7)


# --- exchanges ---------------------------------------------------------------------------------


def test_margin_is_challenger_minus_responder_successes() -> None:
    """Attack 5 against block 2: margin 3, the challenger lands with 3."""
    assert rules.resolve_exchange(5, 2, "block") == rules.ExchangeOutcome(
        margin=3, striker="challenger", final_margin=3, critical=False, parry=False
    )


def test_margin_of_seven_makes_the_attack_critical() -> None:
    """9 against 2 is a margin of 7: critical."""
    assert rules.resolve_exchange(9, 2, "dodge").critical is True


def test_margin_above_seven_is_also_critical() -> None:
    """'A margin of N' means N or more: 10 against 0 is critical."""
    assert rules.resolve_exchange(10, 0, "none").critical is True


def test_margin_of_six_is_not_critical() -> None:
    """8 against 2 is a margin of 6."""
    assert rules.resolve_exchange(8, 2, "dodge").critical is False


def test_tied_exchange_lands_nothing() -> None:
    """3 against 3: margin 0, nobody strikes."""
    assert rules.resolve_exchange(3, 3, "block") == rules.ExchangeOutcome(0, None, 0, False, False)


def test_block_by_three_is_a_parry() -> None:
    """Block 4 against attack 1: margin -3, parry."""
    assert rules.resolve_exchange(1, 4, "block") == rules.ExchangeOutcome(-3, None, 0, False, True)


def test_block_by_two_is_no_parry() -> None:
    """Block 4 against attack 2: margin -2."""
    assert rules.resolve_exchange(2, 4, "block").parry is False


def test_dodge_by_five_is_a_parry() -> None:
    """Dodge 5 against attack 0."""
    assert rules.resolve_exchange(0, 5, "dodge").parry is True


def test_dodge_by_four_is_no_parry() -> None:
    """Dodge 5 against attack 1: a block would parry with that margin, a dodge does not."""
    assert rules.resolve_exchange(1, 5, "dodge").parry is False


def test_counterattack_losing_adds_its_successes_to_the_attacker() -> None:
    """Attacker 5, counterattacker 3: the attacker strikes with 8."""
    assert rules.resolve_exchange(5, 3, "counterattack") == rules.ExchangeOutcome(2, "challenger", 8, True, False)


def test_counterattack_winning_strikes_with_the_difference() -> None:
    """Attacker 2, counterattacker 6: the counterattacker strikes with 4."""
    assert rules.resolve_exchange(2, 6, "counterattack") == rules.ExchangeOutcome(-4, "responder", 4, False, False)


def test_counterattack_sum_below_seven_is_not_critical() -> None:
    """Attacker 3, counterattacker 2: sum 5."""
    assert rules.resolve_exchange(3, 2, "counterattack") == rules.ExchangeOutcome(1, "challenger", 5, False, False)


def test_tied_counterattack_lands_nothing() -> None:
    """4 against 4."""
    assert rules.resolve_exchange(4, 4, "counterattack").striker is None


def test_unanswered_challenge_with_responder_successes_is_refused() -> None:
    """No response, no responder successes."""
    with refused("no response"):
        rules.resolve_exchange(3, 1, "none")


def test_negative_successes_are_refused() -> None:
    """Successes are counted dice, never negative."""
    with refused("successes"):
        rules.resolve_exchange(-1, 0, "block")


@pytest.mark.parametrize(
    ("bone", "margin", "breaks"),
    [("finger", 2, True), ("arm", 2, False), ("arm", 3, True), ("nose", 3, True), ("jaw", 4, False),
     ("jaw", 5, True), ("ribs", 6, True), ("neck", 7, True), ("leg", 6, False), ("pelvis", 10, True),
     ("back", 11, False), ("back", 12, True), ("head", 14, False), ("head", 15, True)],
)
def test_bone_break_margins(bone: str, margin: int, breaks: bool) -> None:
    """§6.3: finger 2, arm 3, nose 3, jaw 5, ribs 6, neck 7, leg 7, pelvis 10, back 12, head 15."""
    assert rules.bone_breaks(bone, margin) is breaks


def test_unknown_bone_is_refused() -> None:
    """Only the bones of §6.3 have margins."""
    with refused("bone"):
        rules.bone_breaks("tail", 9)


def test_grabbing_a_stronger_target_is_harder_by_half_the_difference() -> None:
    """Base 7, Strength 4 grabbing 9: +2 (2.5 rounded toward zero) -> 9."""
    assert rules.grab_threshold(7, 4, 9) == 9


def test_grabbing_a_weaker_target_is_easier_by_half_the_difference() -> None:
    """Base 7, Strength 9 grabbing 4: -2 -> 5."""
    assert rules.grab_threshold(7, 9, 4) == 5


def test_grab_threshold_stays_within_3_to_10() -> None:
    """Base 7, Strength 20 grabbing 2 stops at 3; the reverse stops at 10."""
    assert (rules.grab_threshold(7, 20, 2), rules.grab_threshold(7, 2, 20)) == (3, 10)


def test_dodge_thresholds_of_the_table() -> None:
    """§6.2: standard/melee 7, thrown 8, firearm 9 (10 at effective range), magic 8."""
    assert rules.DODGE_THRESHOLDS == {
        "standard": 7, "melee": 7, "thrown": 8, "firearm": 9, "firearm_effective_range": 10, "magic": 8,
    }


def test_block_thresholds_of_the_table() -> None:
    """§6.4: thrust 9, chop 8, unarmed 7."""
    assert rules.BLOCK_THRESHOLDS == {"thrust": 9, "chop": 8, "unarmed": 7}


def test_each_dodge_past_the_limit_is_one_harder() -> None:
    """Melee dodge 7, second dodge past the limit: 9."""
    assert rules.exhausted_dodge_threshold(7, 2) == 9


def test_exhausted_dodge_stops_at_ten() -> None:
    """Thrown 8, five dodges past the limit: 10."""
    assert rules.exhausted_dodge_threshold(8, 5) == 10


# --- damage ------------------------------------------------------------------------------------


def test_damage_is_weapon_plus_character_plus_margin_less_armour() -> None:
    """5 + 3 + 2 - 4 = 6."""
    assert rules.attack_damage(5, 3, 2, adds_character_damage=True, armour=4, critical=False) == 6


def test_firearm_damage_does_not_add_character_damage() -> None:
    """5 + 2 - 4 = 3."""
    assert rules.attack_damage(5, 3, 2, adds_character_damage=False, armour=4, critical=False) == 3


def test_armour_cannot_turn_damage_negative() -> None:
    """1 + 0 + 1 against armour 5 is 0."""
    assert rules.attack_damage(1, 0, 1, adds_character_damage=True, armour=5, critical=False) == 0


def test_critical_damage_grows_by_a_quarter_rounded_down() -> None:
    """5 + 3 + 7 - 3 = 12, a quarter more: 15; 14 would give 17."""
    assert rules.attack_damage(5, 3, 7, adds_character_damage=True, armour=3, critical=True) == 15
    assert rules.attack_damage(4, 3, 7, adds_character_damage=True, armour=0, critical=True) == 17


def test_negative_damage_terms_are_refused() -> None:
    """Armour, weapon, character damage and margin are not negative."""
    with refused("damage terms"):
        rules.attack_damage(5, 3, 2, adds_character_damage=True, armour=-1, critical=False)


def test_damage_beyond_health_comes_off_survival() -> None:
    """Health 10, Survival 5, 12 damage: Health 0, Survival 3."""
    assert rules.apply_damage(10, 5, 12) == rules.Vitals(health=0, survival=3)


def test_negative_damage_is_refused() -> None:
    """Damage is not healing."""
    with refused("damage terms"):
        rules.apply_damage(10, 5, -3)


def test_survival_does_not_drop_below_zero() -> None:
    """Health 2, Survival 1, 9 damage."""
    assert rules.apply_damage(2, 1, 9) == rules.Vitals(0, 0)


def test_each_metre_fallen_removes_one_point() -> None:
    """A 4 m fall: 4."""
    assert rules.fall_damage(4) == 4


def test_negative_fall_is_refused() -> None:
    """Heights are not negative."""
    with refused("fall height"):
        rules.fall_damage(-1)


def test_falling_object_deals_mass_times_height() -> None:
    """2 kg from 3 m: 6; 0.5 kg from 3 m: 1 (1.5 rounded down)."""
    assert (rules.falling_object_damage(2, 3), rules.falling_object_damage(0.5, 3)) == (6, 1)


def test_falling_object_with_negative_mass_is_refused() -> None:
    """Mass is not negative."""
    with refused("falling object"):
        rules.falling_object_damage(-2, 3)


@pytest.mark.parametrize(("turn", "damage"), [(1, 0), (3, 0), (4, 1), (5, 2), (6, 3)])
def test_suffocation_costs_turn_minus_three(turn: int, damage: int) -> None:
    """3 turns free, then 1, 2, 3 ... per turn."""
    assert rules.suffocation_damage(turn) == damage


def test_suffocation_turn_zero_is_refused() -> None:
    """Turns count from 1."""
    with refused("suffocation turn"):
        rules.suffocation_damage(0)


@pytest.mark.parametrize("amount", [0, 5])
def test_burn_outside_1_to_4_is_refused(amount: int) -> None:
    """A burn deals 1 to 4 per turn."""
    with refused("burn damage"):
        rules.check_burn(amount)


def test_burn_of_four_is_accepted() -> None:
    """4 is within 1-4."""
    assert rules.check_burn(4) is None


def test_higher_gravity_lowers_the_load_by_two_per_unit() -> None:
    """Carry 40 at gravity 12: 36; at gravity 7: 46."""
    assert (rules.carry_under_gravity(40, 12), rules.carry_under_gravity(40, 7)) == (36, 46)


# --- turn mode ---------------------------------------------------------------------------------


def test_first_violation_is_a_warning() -> None:
    """No damage on the first."""
    assert rules.turn_order_penalty(0, 15, turn_mode=True) == rules.Penalty(1, "warning", 0)


def test_second_violation_costs_half_of_current_health_rounded_down() -> None:
    """Current Health 15: 7 damage."""
    assert rules.turn_order_penalty(1, 15, turn_mode=True) == rules.Penalty(2, "health_penalty", 7)


def test_third_violation_knocks_the_character_out() -> None:
    """Unconscious until turn mode ends."""
    assert rules.turn_order_penalty(2, 8, turn_mode=True) == rules.Penalty(3, "unconscious", 0)


def test_fourth_violation_is_refused() -> None:
    """The character is already unconscious."""
    with refused("turn order"):
        rules.turn_order_penalty(3, 8, turn_mode=True)


def test_violation_outside_turn_mode_is_refused() -> None:
    """Turn order exists only in turn mode."""
    with refused("turn order"):
        rules.turn_order_penalty(0, 8, turn_mode=False)


def test_the_penalty_of_the_nth_violation_is_what_the_fold_computes() -> None:
    """1st warning, 2nd half of 15 = 7, 3rd and (only after voids) 4th unconscious."""
    assert [rules.violation_penalty(n, 15) for n in (1, 2, 3, 4)] == [
        rules.Penalty(1, "warning", 0), rules.Penalty(2, "health_penalty", 7), rules.Penalty(3, "unconscious", 0),
        rules.Penalty(3, "unconscious", 0)]


def test_violations_are_counted_from_one() -> None:
    """There is no 0th violation."""
    with refused("turn order"):
        rules.violation_penalty(0, 8)


def test_starting_turn_mode_twice_is_refused() -> None:
    """Turn mode is already on."""
    with refused("turn mode"):
        rules.check_turn_mode_start(True)


def test_ending_turn_mode_that_is_off_is_refused() -> None:
    """Turn mode is not on."""
    with refused("turn mode"):
        rules.check_turn_mode_end(False)


# --- stamina, effects, death, sleep ------------------------------------------------------------


def test_action_costs_one_stamina() -> None:
    """3 -> 2, no fatigue."""
    assert rules.spend_stamina(3) == rules.StaminaOutcome(stamina=2, fatigued=False)


def test_stamina_reaching_zero_brings_fatigue() -> None:
    """1 -> 0, fatigue."""
    assert rules.spend_stamina(1) == rules.StaminaOutcome(0, True)


def test_stamina_already_at_zero_stays_at_zero() -> None:
    """0 -> 0; fatigue is not gained again."""
    assert rules.spend_stamina(0) == rules.StaminaOutcome(0, False)


def test_free_action_stamina_cost_is_refused() -> None:
    """Spending 0 Stamina is no spending."""
    with refused("stamina cost"):
        rules.spend_stamina(3, 0)


def test_gaining_an_effect_twice_is_refused() -> None:
    """A burn on a burnt character."""
    with refused("effect present"):
        rules.check_effect_gain(["burn"], "burn")


def test_removing_an_absent_effect_is_refused() -> None:
    """No fracture to heal."""
    with refused("effect absent"):
        rules.check_effect_removal(["burn"], "fracture")


def test_death_before_survival_reaches_zero_is_refused() -> None:
    """Survival 2 is still alive."""
    with refused("death") as refusal:
        rules.check_death(2, False)
    assert "has 2" in str(refusal.value)


def test_dying_twice_is_refused() -> None:
    """Already dead."""
    with refused("death"):
        rules.check_death(0, True)


def test_reviving_the_living_is_refused() -> None:
    """Only the dead are revived."""
    with refused("revival"):
        rules.check_revival(False, body_buried=False, body_destroyed=False)


def test_reviving_a_buried_body_is_refused() -> None:
    """The soul cannot return to a buried body."""
    with refused("revival") as refusal:
        rules.check_revival(True, body_buried=True, body_destroyed=False)
    assert "buried" in str(refusal.value)


def test_reviving_a_body_incompatible_with_life_is_refused() -> None:
    """Damage incompatible with life."""
    with refused("revival"):
        rules.check_revival(True, body_buried=False, body_destroyed=True)


def test_sleep_lasts_the_d12_in_hours() -> None:
    """A 9 on the d12: 9 hours."""
    assert rules.sleep_hours(9) == 9


def test_impossible_d12_is_refused() -> None:
    """A d12 shows 1-12."""
    with refused("sleep die"):
        rules.sleep_hours(13)


def test_rest_restores_recovery_per_hour() -> None:
    """8 hours at Health recovery 2 and Mana recovery 3: 16 and 24."""
    assert rules.rest_recovery(8, 2, 3) == rules.Recovery(health=16, mana=24)


def test_combining_spells_succeeds_from_17() -> None:
    """17 succeeds, 16 does not."""
    assert (rules.combining_succeeds(17), rules.combining_succeeds(16)) == (True, False)


def test_impossible_d20_is_refused() -> None:
    """A d20 shows 1-20."""
    with refused("combining die"):
        rules.combining_succeeds(21)


# --- characters, experience, learning ----------------------------------------------------------


def test_duplicate_character_name_is_refused() -> None:
    """Names are unique in the campaign, Cyrillic ones too."""
    with refused("character name"):
        rules.check_new_character("Всеслав", ["Всеслав", "Мирослава"])


def test_blank_character_name_is_refused() -> None:
    """A character needs a name."""
    with refused("character name"):
        rules.check_new_character("  ", [])


def test_new_russian_name_is_accepted() -> None:
    """A fresh Cyrillic name passes."""
    assert rules.check_new_character("Ярополк", ["Всеслав"]) is None


@pytest.mark.parametrize(("minutes", "player", "master"), [(150, 125, 187), (60, 50, 75), (45, 37, 56), (0, 0, 0)])
def test_session_xp_is_prorated_per_minute_and_rounded_down(minutes: int, player: int, master: int) -> None:
    """floor(50 x m / 60) for players present, floor(75 x m / 60) for the Master."""
    assert rules.session_xp(minutes) == rules.SessionXp(player=player, master=master)


def test_negative_session_length_is_refused() -> None:
    """Sessions do not last a negative time."""
    with refused("session length"):
        rules.session_xp(-5)


def test_bonus_award_without_reason_is_refused() -> None:
    """Bonus awards say why."""
    with refused("bonus award"):
        rules.check_bonus_award(20, " ")


def test_zero_bonus_award_is_refused() -> None:
    """Bonus awards are positive."""
    with refused("bonus award"):
        rules.check_bonus_award(0, "solved the riddle")


def test_spending_more_xp_than_the_balance_is_refused() -> None:
    """A 100 XP skill with 99 XP."""
    with refused("not enough experience") as refusal:
        rules.check_xp_spend(99, 100)
    assert "cost is 100 XP, the character has 99" in str(refusal.value)


def test_spending_the_whole_balance_is_accepted() -> None:
    """100 of 100."""
    assert rules.check_xp_spend(100, 100) is None


def test_zero_cost_is_refused() -> None:
    """The agreed cost is positive."""
    with refused("experience cost"):
        rules.check_xp_spend(100, 0)


def test_buying_a_known_spell_is_refused() -> None:
    """A spell is acquired once."""
    with refused("improvement"):
        rules.check_improvement("spell", "Огненная стрела", 1, ["Огненная стрела"])


def test_developing_an_unknown_spell_is_refused() -> None:
    """Mastery of a spell the character lacks."""
    with refused("improvement"):
        rules.check_improvement("spell_mastery", "Щит", 1, [])


def test_raising_an_unknown_characteristic_is_refused() -> None:
    """Beauty is not a characteristic."""
    with refused("improvement"):
        rules.check_improvement("characteristic", "beauty", 1, [])


def test_raising_an_unknown_parameter_is_refused() -> None:
    """Speed is not a parameter (movement is)."""
    with refused("improvement"):
        rules.check_improvement("parameter", "speed", 1, [])


def test_buying_zero_levels_is_refused() -> None:
    """At least one level."""
    with refused("improvement"):
        rules.check_improvement("skill", "Фехтование", 0, [])


def test_buying_a_nameless_skill_is_refused() -> None:
    """A skill has a name."""
    with refused("improvement"):
        rules.check_improvement("skill", " ", 1, [])


def test_skill_starting_costs() -> None:
    """Combat from 100, general from 50."""
    assert (rules.skill_starting_cost("combat"), rules.skill_starting_cost("general")) == (100, 50)


@pytest.mark.parametrize(
    ("schools", "cost"),
    [(["creation"], 200), (["control"], 100), (["alteration"], 150), (["creation", "control"], 150),
     (["creation", "alteration"], 175), (["control", "alteration"], 125), (["creation", "control", "alteration"], 150)],
)
def test_spell_starting_cost_is_the_mean_of_its_schools(schools: list[str], cost: int) -> None:
    """Creation 200, Control 100, Alteration 150; several schools: their mean."""
    assert rules.spell_starting_cost(schools) == cost


def test_unknown_spell_school_is_refused() -> None:
    """Only the three schools."""
    with refused("spell school"):
        rules.spell_starting_cost(["necromancy"])


def test_spell_without_school_is_refused() -> None:
    """The Master names at least one school."""
    with refused("spell school"):
        rules.spell_starting_cost([])


def test_teacher_trains_up_to_half_their_level_rounded_down() -> None:
    """A level-7 teacher trains to 3, a level-8 teacher to 4."""
    assert (rules.teaching_limit(7), rules.teaching_limit(8)) == (3, 4)


def test_training_beyond_the_teacher_limit_is_refused() -> None:
    """A level-8 teacher cannot train level 5."""
    with refused("teacher limit"):
        rules.check_teaching(8, 5)


@pytest.mark.parametrize(("level", "hours"), [(1, 5), (2, 10), (3, 15)])
def test_each_level_takes_five_hours_more_than_the_last(level: int, hours: int) -> None:
    """5 h, 10 h, 15 h."""
    assert rules.training_hours(level) == hours


def test_training_level_zero_is_refused() -> None:
    """Levels count from 1."""
    with refused("skill level"):
        rules.training_hours(0)
