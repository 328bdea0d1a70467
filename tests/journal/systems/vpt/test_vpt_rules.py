"""VPT rules: initiative, weapon initiative, hits, death, morale, Relationships and Revenge."""

import re
from contextlib import AbstractContextManager
from typing import Any

import pytest

from journal.errors import RuleViolation
from journal.systems.vpt import rules, standings
from journal.systems.vpt.rules import Combatant, Side


def refused(rule: str) -> AbstractContextManager[Any]:
    """Expect a RuleViolation naming ``rule``."""
    return pytest.raises(RuleViolation, match=re.escape(f"refused by rule '{rule}'"))


# --- Initiative ---


def test_reckless_roll_above_enemy_initiative_acts_first() -> None:
    """Reckless 2d6 totalling 9 beats an enemy at 8: the players act first."""
    outcome = rules.roll_initiative("reckless", [4, 5], [Side("Жулики", 8)])
    assert (outcome.total, outcome.order, outcome.winner) == (9, ("players", "Жулики"), "players")


def test_reckless_tie_goes_to_the_enemy() -> None:
    """The players must roll higher: 8 against 8 loses."""
    outcome = rules.roll_initiative("reckless", [3, 5], [Side("Жулики", 8)])
    assert outcome.order == ("Жулики", "players")


def test_careful_single_d6_beats_an_animal_below_it() -> None:
    """Careful mode rolls 1d6: a 5 beats a wolf at 4."""
    outcome = rules.roll_initiative("careful", [5], [Side("wolf", 4, "animal")])
    assert (outcome.total, outcome.winner) == (5, "players")


def test_careful_mode_never_beats_a_living_being() -> None:
    """Careful mode's best roll, 6, still loses to the lowest living initiative, 6."""
    outcome = rules.roll_initiative("careful", [6], [Side("guard", 6, "living")])
    assert outcome.winner == "guard"


def test_three_sides_angels_and_k_orcs_example() -> None:
    """Worked example: players roll 10 between Angels (11) and K-orcs (8): Angels, players, K-orcs."""
    outcome = rules.roll_initiative("reckless", [4, 6], [Side("Ангелы", 11, "magical"), Side("К-орки", 8, "living")])
    assert (outcome.total, outcome.order, outcome.winner) == (10, ("Ангелы", "players", "К-орки"), "Ангелы")


def test_equal_enemy_sides_keep_their_given_order() -> None:
    """Two enemies at the same initiative act in the order they were given."""
    outcome = rules.roll_initiative("reckless", [1, 1], [Side("a", 7), Side("b", 9), Side("c", 7)])
    assert outcome.order == ("b", "a", "c", "players")


def test_reckless_with_one_die_is_refused() -> None:
    """Reckless initiative needs exactly 2d6."""
    with refused("vpt: initiative dice"):
        rules.roll_initiative("reckless", [6], [Side("Жулики", 8)])


def test_careful_with_two_dice_is_refused() -> None:
    """Careful initiative needs exactly 1d6."""
    with refused("vpt: initiative dice"):
        rules.roll_initiative("careful", [3, 3], [Side("Жулики", 8)])


def test_die_value_above_six_is_refused() -> None:
    """A d6 cannot show 7."""
    with refused("vpt: initiative dice"):
        rules.roll_initiative("reckless", [7, 1], [Side("Жулики", 8)])


def test_initiative_without_enemy_is_refused() -> None:
    """There must be at least one enemy side."""
    with refused("vpt: initiative sides"):
        rules.roll_initiative("reckless", [3, 3], [])


def test_duplicate_side_names_are_refused() -> None:
    """Side names must differ, the party's included."""
    with refused("vpt: initiative sides"):
        rules.roll_initiative("reckless", [3, 3], [Side("players", 7)])


def test_living_being_outside_six_to_nine_is_refused() -> None:
    """Living intelligent beings have initiative 6 to 9."""
    with refused("vpt: initiative ranges"):
        rules.roll_initiative("reckless", [3, 3], [Side("орк", 10, "living")])


def test_animal_above_six_is_refused() -> None:
    """Animals have initiative 2 to 6."""
    with refused("vpt: initiative ranges"):
        rules.check_initiative_range(Side("волк", 7, "animal"))


def test_magical_creature_at_nine_is_refused() -> None:
    """Magical creatures are always above 9."""
    with pytest.raises(RuleViolation, match="above 9, not 9"):
        rules.check_initiative_range(Side("дракон", 9, "magical"))


def test_range_bounds_are_accepted() -> None:
    """The bounds themselves are within range: living 6 and 9, animal 2 and 6, magical 10."""
    for side in [Side("a", 6, "living"), Side("b", 9, "living"), Side("c", 2, "animal"), Side("d", 6, "animal"),
                 Side("e", 10, "magical")]:
        rules.check_initiative_range(side)


# --- Weapon initiative ---


def test_voltair_weapon_initiative_example() -> None:
    """Voltair (club 4, engaged) 8 and Eddie (spear 8) strike together, then Peter (dagger 3, engaged) at 6."""
    result = rules.melee_order([
        Combatant("Вольтаир", 4, engaged=True),
        Combatant("Эдди", 8),
        Combatant("Питер", 3, engaged=True),
    ])
    assert result.initiatives == {"Вольтаир": 8, "Эдди": 8, "Питер": 6}
    assert result.order == (("Вольтаир", "Эдди"), ("Питер",))


def test_winner_bonus_is_added_after_doubling() -> None:
    """Club 4 engaged by the winning side: 4 x 2 + 1 = 9."""
    assert rules.effective_weapon_initiative(Combatant("Вольтаир", 4, engaged=True, won_initiative=True)) == 9


def test_mounted_bonus_adds_to_weapon_initiative() -> None:
    """A ** lance (5) on horseback, not engaging: 5 + 2 = 7."""
    assert rules.effective_weapon_initiative(Combatant("рыцарь", 5, mounted_bonus=2)) == 7


def test_character_listed_twice_in_melee_is_refused() -> None:
    """A combatant appears once in a melee order."""
    with refused("vpt: melee order"):
        rules.melee_order([Combatant("Эдди", 8), Combatant("Эдди", 3)])


def test_mounted_bonus_of_three_is_refused() -> None:
    """A mount bonus is at most 2 (two asterisks)."""
    with refused("vpt: mounted bonus"):
        rules.melee_order([Combatant("рыцарь", 5, mounted_bonus=3)])


# --- Hits ---


def test_hit_below_target_deals_nothing() -> None:
    """3 + 3 + 1 = 7 against 8: no wound."""
    outcome = rules.resolve_hit([3, 3], 1, {}, 8)
    assert (outcome.total, outcome.wounds, outcome.shield_destroyed) == (7, 0, False)


def test_hit_at_target_deals_one_wound() -> None:
    """4 + 3 + 1 = 8 against 8: one wound."""
    assert rules.resolve_hit([4, 3], 1, {}, 8).wounds == 1


def test_hit_at_twice_target_deals_two_wounds() -> None:
    """5 + 5 = 10 against 5 (twice is 10): two wounds."""
    outcome = rules.resolve_hit([5, 5], 0, {}, 5)
    assert (outcome.total, outcome.wounds) == (10, 2)


def test_hit_just_below_twice_target_deals_one_wound() -> None:
    """5 + 4 = 9 against 5: one wound (twice would be 10)."""
    assert rules.resolve_hit([5, 4], 0, {}, 5).wounds == 1


def test_modifiers_count_towards_doubling() -> None:
    """4 + 4 + 1 (bonus) + fresh 1 + engaged 1 - enemy in cover 1 = 10 against 5: two wounds."""
    outcome = rules.resolve_hit([4, 4], 1, {"fresh": 1, "engaged": 1, "enemy_in_cover": -1}, 5)
    assert (outcome.total, outcome.wounds) == (10, 2)


def test_split_single_die_against_one_target() -> None:
    """A die split off to a second target: 6 + 1 = 7 against 7, one wound."""
    outcome = rules.resolve_hit([6], 1, {}, 7)
    assert (outcome.total, outcome.wounds) == (7, 1)


def test_success_against_raised_shield_breaks_it_without_wounds() -> None:
    """Attacking a shield raised for cover: 9 against 7 breaks the shield, no wound."""
    outcome = rules.resolve_hit([4, 5], 0, {}, 7, against_shield=True)
    assert (outcome.total, outcome.wounds, outcome.shield_destroyed) == (9, 0, True)


def test_miss_against_raised_shield_leaves_it() -> None:
    """Attacking a shield and missing: the shield stays."""
    outcome = rules.resolve_hit([1, 2], 0, {}, 7, against_shield=True)
    assert (outcome.wounds, outcome.shield_destroyed) == (0, False)


def test_unknown_hit_modifier_is_refused() -> None:
    """Only the listed modifiers may be named."""
    with refused("vpt: hit modifiers"):
        rules.resolve_hit([3, 3], 0, {"luck": 1}, 7)


def test_wrong_modifier_value_is_refused() -> None:
    """Exhausted is -1, never +1."""
    with refused("vpt: hit modifiers"):
        rules.modifier_total({"exhausted": 1})


def test_fresh_and_exhausted_together_are_refused() -> None:
    """Fresh means no wounds, Exhausted 3-4 wounds: never both."""
    with refused("vpt: hit modifiers"):
        rules.modifier_total({"fresh": 1, "exhausted": -1})


def test_mounted_two_asterisks_modifier_is_plus_two() -> None:
    """A ** weapon on horseback gives +2 to Hit, won initiative +1 stacks: 3."""
    assert rules.modifier_total({"mounted": 2, "won_initiative": 1}) == 3


def test_hit_with_no_dice_is_refused() -> None:
    """A hit needs at least one d6."""
    with refused("vpt: hit dice"):
        rules.resolve_hit([], 0, {}, 7)


def test_condition_modifiers_by_wounds() -> None:
    """0 wounds Fresh +1; 1-2 nothing; 3-4 Exhausted -1; 5 nothing stated."""
    assert [rules.condition_modifiers(w) for w in range(6)] == [
        {"fresh": 1}, {}, {}, {"exhausted": -1}, {"exhausted": -1}, {}
    ]


def test_hit_target_from_weapon_table() -> None:
    """A weapon's row gives the target."""
    assert rules.hit_target("дубинка", {"дубинка": 7}) == 7


def test_explicit_hit_target_wins_over_table() -> None:
    """A target given explicitly is used as is."""
    assert rules.hit_target("дубинка", {"дубинка": 7}, explicit=9) == 9


def test_weapon_missing_from_table_is_refused() -> None:
    """A weapon not in the campaign's table needs an explicit target."""
    with refused("vpt: hit target"):
        rules.hit_target("меч", {"дубинка": 7})


def test_hit_without_weapon_or_target_is_refused() -> None:
    """No weapon and no explicit target: no number to reach."""
    with refused("vpt: hit target"):
        rules.hit_target(None, {})


def test_zero_explicit_target_is_refused() -> None:
    """A target is at least 1."""
    with refused("vpt: hit target"):
        rules.hit_target(None, {}, explicit=0)


def test_ranged_attack_from_melee_is_refused() -> None:
    """A character in melee cannot shoot with an unmarked weapon."""
    with refused("vpt: no ranged attack in melee"):
        rules.check_ranged_attack(in_melee=True, fires_in_melee=False)


def test_ranged_attack_from_melee_with_marked_weapon_is_allowed() -> None:
    """A weapon marked * in the Hit table may shoot from melee."""
    rules.check_ranged_attack(in_melee=True, fires_in_melee=True)


# --- Death and morale ---


def test_death_check_below_wounds_dies() -> None:
    """1 + 1 + 0 = 2 with 3 wounds: dead."""
    outcome = rules.death_check([1, 1], 0, 3)
    assert (outcome.total, outcome.dead) == (2, True)


def test_death_check_equal_to_wounds_survives() -> None:
    """1 + 2 + 0 = 3 with 3 wounds: not less, survives."""
    outcome = rules.death_check([1, 2], 0, 3)
    assert (outcome.total, outcome.dead) == (3, False)


def test_health_bonus_counts_in_death_check() -> None:
    """1 + 1 + 2 = 4 with 4 wounds: survives thanks to the Health bonus."""
    assert rules.death_check([1, 1], 2, 4).dead is False


def test_death_check_without_wounds_is_refused() -> None:
    """Only a wounded character checks for death."""
    with refused("vpt: death check"):
        rules.death_check([3, 3], 0, 0)


def test_death_check_with_three_dice_is_refused() -> None:
    """The death check is 2d6."""
    with refused("vpt: death check dice"):
        rules.death_check([3, 3, 3], 0, 2)


@pytest.mark.parametrize(
    ("dice", "morale", "group_health", "total", "result"),
    [
        ([1, 1], -3, 0, -1, "surrenders"),
        ([1, 1], -2, 0, 0, "flees"),
        ([1, 1], -1, 0, 1, "flees"),
        ([1, 1], 0, 0, 2, "retreats_without_attacking"),
        ([3, 3], 0, 0, 6, "retreats_without_attacking"),
        ([3, 4], 0, 0, 7, "retreats_attacking"),
        ([5, 6], 0, 0, 11, "retreats_attacking"),
        ([6, 6], 0, 0, 12, "recovers"),
        ([6, 6], 1, -4, 9, "retreats_attacking"),
    ],
)
def test_morale_bands(dice: list[int], morale: int, group_health: int, total: int, result: str) -> None:
    """2d6 + Morale (+ group Health) falls in the stated band: <0, 0-1, 2-6, 7-11, 12+."""
    outcome = rules.morale_check(dice, morale, group_health)
    assert (outcome.total, outcome.result) == (total, result)


def test_morale_twelve_recovers_one_wound() -> None:
    """12+ recovers 1 wound and re-enters the fight."""
    assert rules.morale_check([6, 6], 0).wounds_recovered == 1


def test_morale_below_twelve_recovers_nothing() -> None:
    """Below 12 no wound is recovered."""
    assert rules.morale_check([5, 6], 0).wounds_recovered == 0


def test_morale_with_one_die_is_refused() -> None:
    """Morale is 2d6."""
    with refused("vpt: morale dice"):
        rules.morale_check([6], 0)


# --- Relationships ---


def test_relationship_tick_sums_checklist() -> None:
    """Saved a life +1, gave a magic item +1, successful date +1: +3."""
    change = rules.score_relationship_tick(
        "Вильгельм", "Боблин", ["saved_life", "gave_magic_item", "date_successful"], [], []
    )
    assert change == 3


def test_especially_successful_date_is_plus_two() -> None:
    """An especially successful date raises the relationship by 2 at once (not 3)."""
    assert rules.score_relationship_tick("Вильгельм", "Боблин", ["date_especially_successful"], [], []) == 2


def test_stopped_date_is_zero() -> None:
    """A date stopped by a spectator ("stop, this is boring") scores 0."""
    assert rules.score_relationship_tick("Вильгельм", "Боблин", ["date_stopped"], ["Боблин"], []) == 0


def test_no_interaction_is_minus_one() -> None:
    """No interaction at all: -1."""
    assert rules.score_relationship_tick("Вильгельм", "Боблин", ["no_interaction"], ["Боблин"], []) == -1


def test_standing_never_drops_below_zero() -> None:
    """0 - 1 stays 0; 2 - 1 is 1."""
    assert (standings.new_standing(0, -1), standings.new_standing(2, -1), standings.new_standing(1, 2)) == (0, 1, 3)


def test_fourth_relationship_is_refused() -> None:
    """At most three relationships per character."""
    with refused("vpt: at most three relationships"):
        rules.score_relationship_tick("Вильгельм", "Эдди", ["saved_life"], ["Боблин", "Питер", "Вольтаир"], [])


def test_tick_on_one_of_three_existing_relationships_is_allowed() -> None:
    """A character with three relationships still scores them."""
    assert rules.score_relationship_tick("Вильгельм", "Питер", ["saved_life"], ["Боблин", "Питер", "Вольтаир"], []) == 1


def test_relationship_with_oneself_is_refused() -> None:
    """A character has no relationship with himself."""
    with refused("vpt: relationship with oneself"):
        rules.check_relationship_room("Боблин", "Боблин", [])


def test_item_scored_twice_in_one_session_is_refused() -> None:
    """Saving the same character's life twice in a session still scores once."""
    with refused("vpt: once per pair per session"):
        rules.score_relationship_tick("Вильгельм", "Боблин", ["saved_life"], ["Боблин"], ["saved_life"])


def test_item_repeated_within_one_tick_is_refused() -> None:
    """The same item twice in one tick is refused."""
    with refused("vpt: once per pair per session"):
        rules.score_relationship_tick("Вильгельм", "Боблин", ["gave_magic_item", "gave_magic_item"], [], [])


def test_second_date_in_one_session_is_refused() -> None:
    """The date line scores once per pair per session, whatever its outcome."""
    with refused("vpt: once per pair per session"):
        rules.score_relationship_tick(
            "Вильгельм", "Боблин", ["date_especially_successful"], ["Боблин"], ["date_stopped"]
        )


def test_no_interaction_with_other_items_is_refused() -> None:
    """No interaction cannot be scored with items that are interactions."""
    with refused("vpt: no interaction excludes other items"):
        rules.score_relationship_tick("Вильгельм", "Боблин", ["no_interaction"], ["Боблин"], ["saved_life"])


def test_no_interaction_opening_a_relationship_is_refused() -> None:
    """A no-interaction tick cannot open a relationship."""
    with refused("vpt: no interaction needs a relationship"):
        rules.score_relationship_tick("Вильгельм", "Боблин", ["no_interaction"], [], [])


def test_unknown_checklist_item_is_refused() -> None:
    """Only the checklist's items score."""
    with refused("vpt: checklist item"):
        rules.score_relationship_tick("Вильгельм", "Боблин", ["fought"], [], [])


def test_empty_tick_is_refused() -> None:
    """A tick names at least one item."""
    with refused("vpt: checklist item"):
        rules.score_relationship_tick("Вильгельм", "Боблин", [], [], [])


def test_status_gain_within_relationship() -> None:
    """A status is gained towards a character one has a relationship with."""
    rules.check_status_gain("Вильгельм", "Боблин", "друг", ["Боблин"], [])


def test_status_without_relationship_is_refused() -> None:
    """No relationship, no status."""
    with refused("vpt: status needs a relationship"):
        rules.check_status_gain("Вильгельм", "Боблин", "друг", [], [])


def test_status_held_twice_is_refused() -> None:
    """A status already held cannot be gained again."""
    with refused("vpt: status already held"):
        rules.check_status_gain("Вильгельм", "Боблин", "друг", ["Боблин"], ["друг"])


def test_renouncing_status_not_held_is_refused() -> None:
    """Only a held status is renounced."""
    with refused("vpt: status not held"):
        rules.check_status_renounce("Вильгельм", "Боблин", "друг", [])


def test_spending_more_than_standing_is_refused() -> None:
    """Spending 3 out of 2 points is refused."""
    with refused("vpt: not enough points"):
        rules.check_spend("Вильгельм", "Боблин", "relationship", 2, 3)


def test_spending_nothing_is_refused() -> None:
    """An amount spent is positive."""
    with refused("vpt: points spent"):
        rules.check_spend("Вильгельм", "Боблин", "relationship", 2, 0)


def test_spending_whole_standing_is_allowed() -> None:
    """All points may be spent."""
    rules.check_spend("Вильгельм", "Боблин", "revenge", 2, 2)


def test_no_interaction_candidates_are_bonds_without_linking_event() -> None:
    """The tally proposes -1 for bonds whose pair no session event linked."""
    bonds = [("Вильгельм", "Боблин"), ("Вильгельм", "Эдди"), ("Эдди", "Питер")]
    linked = {frozenset(("Боблин", "Вильгельм"))}
    assert rules.no_interaction_candidates(bonds, linked) == [("Вильгельм", "Эдди"), ("Эдди", "Питер")]


# --- Revenge ---


def test_revenge_tick_sums_target_deeds() -> None:
    """Fought +1, killed close associates +2, obtained a magic item the avenger lacks +1: +4."""
    change = rules.score_revenge_tick(
        "Эдди", "Вольтаир", "Вольтаир", ["fought", "killed_associates", "obtained_magic_item"], []
    )
    assert change == 4


def test_revenge_no_interaction_is_minus_one() -> None:
    """No interaction with the target: -1."""
    assert rules.score_revenge_tick("Эдди", "Вольтаир", "Вольтаир", ["no_interaction"], []) == -1


def test_revenge_item_twice_in_session_is_refused() -> None:
    """Revenge items also score once per pair per session."""
    with refused("vpt: once per pair per session"):
        rules.score_revenge_tick("Эдди", "Вольтаир", "Вольтаир", ["fought"], ["fought"])


def test_revenge_tick_on_other_than_current_target_is_refused() -> None:
    """Only the current revenge is ticked."""
    with refused("vpt: revenge tick needs the current target"):
        rules.score_revenge_tick("Эдди", "Питер", "Вольтаир", ["fought"], [])


def test_revenge_relationship_item_is_refused() -> None:
    """A date is not a Revenge item."""
    with refused("vpt: checklist item"):
        rules.score_revenge_tick("Эдди", "Вольтаир", "Вольтаир", ["date_successful"], [])


def test_first_revenge_target_is_allowed() -> None:
    """With no current revenge a target may be chosen."""
    rules.check_revenge_choice("Эдди", "Вольтаир", None)


def test_second_revenge_target_is_refused() -> None:
    """One revenge target at a time."""
    with refused("vpt: one revenge target at a time"):
        rules.check_revenge_choice("Эдди", "Питер", "Вольтаир")


def test_revenge_on_oneself_is_refused() -> None:
    """A character cannot crave revenge on himself."""
    with refused("vpt: revenge on oneself"):
        rules.check_revenge_choice("Эдди", "Эдди", None)


def test_renouncing_revenge_not_held_is_refused() -> None:
    """Only the current revenge can be renounced."""
    with refused("vpt: no such revenge"):
        rules.check_revenge_renounce("Эдди", "Питер", "Вольтаир")


def test_revenge_does_not_count_against_three_relationships() -> None:
    """Three relationships and a revenge: the revenge choice is not refused."""
    rules.check_relationship_room("Эдди", "Питер", ["Питер", "Боблин", "Вильгельм"])
    rules.check_revenge_choice("Эдди", "Вольтаир", None)
