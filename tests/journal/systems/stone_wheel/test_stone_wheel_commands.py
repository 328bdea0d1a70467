"""Stone Wheel table commands through the service (characters, requests, exchanges, damage, turns, sleep)."""

from __future__ import annotations

import pytest
from stone_wheel_table import CAMPAIGN, CHARACTERISTICS, PARAMETERS, folded

from journal.errors import NotAuthorized, NotFound, RuleViolation
from journal.service import Journal
from journal.service.sessions import end_session, start_session, verify_rolls
from journal.systems.stone_wheel import commands as sw


def refused(journal: Journal, error: type[Exception], message: str, action) -> None:
    """``action()`` raises ``error`` with exactly ``message`` and appends nothing."""
    head = journal.store.head(CAMPAIGN)
    with pytest.raises(error) as caught:
        action()
    assert str(caught.value) == message
    assert journal.store.head(CAMPAIGN) == head


def hero(journal: Journal, name: str = "Ратибор") -> dict:
    """The folded sheet of ``name``."""
    return folded(journal)["characters"][name]


# --- characters -------------------------------------------------------------------------------------


def test_character_creation_gives_the_masters_numbers(camp: Journal) -> None:
    """Ратибор enters with the Master's characteristics, full pools, his skill and spell."""
    sheet = hero(camp)
    assert (sheet["player"], sheet["kind"], sheet["race"], sheet["class"]) == ("Аня", "physical", "человек", "воин")
    assert sheet["characteristics"] == CHARACTERISTICS
    assert sheet["current"] == {"health": 20, "stamina": 3, "mana": 6, "survival": 10}
    assert (sheet["skills"], sheet["status"]) == ({"Фехтование": 2}, "alive")


def test_a_player_cannot_create_a_character(camp: Journal) -> None:
    """Creation is the Master's: NotAuthorized, nothing written."""
    refused(camp, NotAuthorized, "only the Master may create a character ('Аня' is a player)",
            lambda: sw.create_character(camp, CAMPAIGN, "Лис", "Аня", "mental", "лис", "маг", CHARACTERISTICS,
                                        PARAMETERS, actor="Аня"))


def test_a_character_name_is_taken_once(camp: Journal) -> None:
    """A second Ратибор is refused by 'stone_wheel: character name'."""
    refused(camp, RuleViolation,
            "refused by rule 'stone_wheel: character name': 'Ратибор' already exists in this campaign",
            lambda: sw.create_character(camp, CAMPAIGN, "Ратибор", "Вера", "mental", "эльф", "маг", CHARACTERISTICS,
                                        PARAMETERS))


def test_a_character_is_played_by_a_member(camp: Journal) -> None:
    """A player who is not a member is refused by 'stone_wheel: character player'."""
    refused(camp, RuleViolation,
            "refused by rule 'stone_wheel: character player': 'Глеб' is not a member of 'Камень'",
            lambda: sw.create_character(camp, CAMPAIGN, "Лис", "Глеб", "mental", "лис", "маг", CHARACTERISTICS,
                                        PARAMETERS))


def test_a_non_member_records_nothing(camp: Journal) -> None:
    """Someone outside the campaign is NotAuthorized, whatever the command."""
    refused(camp, NotAuthorized, "'Глеб' is not a member of campaign 'Камень'",
            lambda: sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 1, dice=[7], actor="Глеб"))


def test_commands_need_a_stone_wheel_campaign(journal: Journal) -> None:
    """A Wield campaign refuses Stone Wheel commands by 'campaign: one rule system'."""
    journal.create_campaign("Ветер", "wield", "Судьба")
    head = journal.store.head("Ветер")
    with pytest.raises(RuleViolation, match="^refused by rule 'campaign: one rule system': 'Ветер' plays wield, "
                                            "not stone-wheel$"):
        sw.start_turn_mode(journal, "Ветер")
    assert journal.store.head("Ветер") == head


def test_an_unknown_character_is_not_found(camp: Journal) -> None:
    """Naming a character the campaign does not have raises NotFound."""
    refused(camp, NotFound, "no character named 'Лис' in 'Камень'",
            lambda: sw.record_damage(camp, CAMPAIGN, "Лис", 3, "меч"))


# --- requests ---------------------------------------------------------------------------------------


def test_a_request_with_a_skill_lowers_the_threshold(camp: Journal) -> None:
    """From 7 with Фехтование 2 is from 5: [5, 6, 2] are 2 successes, recorded with the table's dice."""
    event = sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 3, skill="Фехтование", dice=[5, 6, 2],
                              actor="Аня")
    assert event.data == {"check": "perception", "attempt": {
        "character": "Ратибор", "skill": "Фехтование", "skill_levels": 2, "base_threshold": 7, "pool": 3,
        "threshold": 5, "roll": {"sides": 10, "dice": [5, 6, 2], "source": "table", "counter": None},
        "successes": 2}}
    assert event.actor == "Аня"


def test_leftover_skill_levels_add_dice(camp: Journal) -> None:
    """From 4 with 2 levels: threshold 3 and one extra die (2 + 1 dice)."""
    attempt = sw.record_request(camp, CAMPAIGN, "Ратибор", "balance", 4, 2, skill="Фехтование",
                                dice=[3, 2, 1]).data["attempt"]
    assert (attempt["threshold"], len(attempt["roll"]["dice"]), attempt["successes"]) == (3, 3, 1)


def test_a_request_needs_the_planned_number_of_dice(camp: Journal) -> None:
    """Two dice for a pool of three are refused by 'stone_wheel: dice count'."""
    refused(camp, RuleViolation,
            "refused by rule 'stone_wheel: dice count': 3 d10 are due (3 pool + skill dice), 2 were thrown",
            lambda: sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 3, dice=[5, 6]))


def test_a_request_with_an_unknown_skill_is_refused(camp: Journal) -> None:
    """Ёжик has no Фехтование: 'stone_wheel: skill'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: skill': Ёжик has no skill 'Фехтование'",
            lambda: sw.record_request(camp, CAMPAIGN, "Ёжик", "attack", 7, 1, skill="Фехтование", dice=[7]))


def test_a_player_rolls_only_for_their_own_character(camp: Journal) -> None:
    """Боря rolling for Ратибор is NotAuthorized."""
    refused(camp, NotAuthorized, "only the Master or Аня may roll a request for Ратибор ('Боря' is a player)",
            lambda: sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 1, dice=[7], actor="Боря"))


def test_a_dead_character_makes_no_request(camp: Journal) -> None:
    """After death (Survival 0) a request is refused by 'stone_wheel: death'."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 12, "обвал")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: death': Ёжик is dead and cannot act",
            lambda: sw.record_request(camp, CAMPAIGN, "Ёжик", "perception", 7, 1, dice=[7], actor="Боря"))


def test_an_unconscious_character_makes_no_request(camp: Journal) -> None:
    """At Health 0 (Survival left) a request is refused by 'stone_wheel: unconscious'."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 8, "обвал")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: unconscious': Ёжик is unconscious and cannot act",
            lambda: sw.record_request(camp, CAMPAIGN, "Ёжик", "perception", 7, 1, dice=[7]))


def test_server_dice_need_an_open_session(camp: Journal) -> None:
    """Without a session or table dice the request is refused by 'dice: server rolls need an open session'."""
    refused(camp, RuleViolation, "refused by rule 'dice: server rolls need an open session': start a session for "
                                 "the journal's dice, or give the table's dice with --dice",
            lambda: sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 3))


def test_server_dice_are_recorded_and_verify_after_the_session(camp: Journal) -> None:
    """A request and an exchange on server dice carry counters 0, 3, 5 and pass verify_rolls."""
    start_session(camp, CAMPAIGN, ["Мастер", "Аня", "Боря"])
    request = sw.record_request(camp, CAMPAIGN, "Ратибор", "perception", 7, 3).data["attempt"]["roll"]
    exchange = sw.record_exchange(camp, CAMPAIGN, "Ратибор", "Ёжик", threshold=7, pool=2, response="dodge",
                                  answer_threshold=7, answer_pool=1)[0].data
    end_session(camp, CAMPAIGN, minutes=30)
    rolls = [request, exchange["challenge"]["roll"], exchange["answer"]["roll"]]
    assert [(r["source"], r["counter"], len(r["dice"])) for r in rolls] == [("server", 0, 3), ("server", 3, 2),
                                                                            ("server", 5, 1)]
    [check] = verify_rolls(camp, CAMPAIGN)
    assert (check.ok, check.rolls) == (True, 3)


# --- combat exchanges -------------------------------------------------------------------------------


def exchange(camp: Journal, **kwargs) -> list:
    """Ратибор attacks Ёжик with the given pools and dice."""
    return sw.record_exchange(camp, CAMPAIGN, "Ратибор", "Ёжик", **kwargs)


def test_a_blocked_attack_lands_its_margin(camp: Journal) -> None:
    """3 successes against a block of 1: margin 2, Ратибор lands 2, no critical, no parry."""
    [event] = exchange(camp, threshold=7, pool=4, dice=[7, 8, 9, 2], response="block", answer_threshold=8,
                       answer_pool=2, answer_dice=[8, 3])
    data = event.data
    assert (data["margin"], data["striker"], data["final_margin"], data["critical"], data["parry"]) == (
        2, "challenger", 2, False, False)
    assert (data["target"], data["challenge"]["successes"], data["answer"]["successes"]) == ("Ёжик", 3, 1)


def test_a_block_by_three_is_a_parry(camp: Journal) -> None:
    """0 against a block of 3: margin -3, nothing lands, parry."""
    [event] = exchange(camp, threshold=7, pool=1, dice=[2], response="block", answer_threshold=7, answer_pool=3,
                       answer_dice=[7, 7, 7])
    assert (event.data["margin"], event.data["striker"], event.data["parry"]) == (-3, None, True)


def test_a_dodge_by_four_is_no_parry(camp: Journal) -> None:
    """A dodge needs a margin of 5 to parry: 4 is not enough."""
    [event] = exchange(camp, threshold=7, pool=1, dice=[2], response="dodge", answer_threshold=7, answer_pool=4,
                       answer_dice=[7, 7, 7, 7])
    assert (event.data["margin"], event.data["parry"]) == (-4, False)


def test_a_dodge_by_five_is_a_parry(camp: Journal) -> None:
    """0 against a dodge of 5: parry."""
    [event] = exchange(camp, threshold=7, pool=1, dice=[2], response="dodge", answer_threshold=7, answer_pool=5,
                       answer_dice=[7, 7, 7, 7, 7])
    assert (event.data["margin"], event.data["parry"]) == (-5, True)


def test_a_critical_hit_kills_in_the_same_append(camp: Journal) -> None:
    """Margin 8 is critical: weapon 4 + damage 3 + 8 = 15, +1/4 = 18 off 8 Health and 4 Survival: Ёжик dies."""
    events = exchange(camp, threshold=6, pool=8, dice=[6] * 8, weapon=4, response="block", answer_threshold=8,
                      answer_pool=1, answer_dice=[1])
    assert [e.type for e in events] == ["stone_wheel.combat_exchanged", "stone_wheel.damage_taken", "stone_wheel.died"]
    assert [e.version for e in events] == [events[0].version, events[0].version + 1, events[0].version + 2]
    assert events[1].data == {"character": "Ёжик", "amount": 18, "cause": "attack", "attack": {
        "weapon": 4, "character_damage": 3, "adds_character_damage": True, "margin": 8, "armour": 0, "critical": True},
        "by": "Ратибор"}
    assert events[2].data == {"character": "Ёжик", "cause": "attack", "by": "Ратибор"}
    sheet = hero(camp, "Ёжик")
    assert (sheet["current"]["health"], sheet["current"]["survival"], sheet["status"]) == (0, 0, "dead")


def test_a_firearm_hit_adds_no_character_damage_and_armour_reduces_it(camp: Journal) -> None:
    """Unanswered, 2 successes, firearm 5 - armour 3: 4 damage."""
    events = exchange(camp, threshold=7, pool=2, dice=[9, 10], weapon=5, armour=3, firearm=True)
    assert (events[0].data["response"], events[0].data["answer"], events[1].data["amount"]) == ("none", None, 4)
    assert hero(camp, "Ёжик")["current"]["health"] == 4


def test_a_failed_counterattack_adds_to_the_attackers_successes(camp: Journal) -> None:
    """3 against a counterattack of 1: the attacker lands with 3 + 1 = 4."""
    [event] = exchange(camp, threshold=7, pool=3, dice=[7, 7, 7], response="counterattack", answer_threshold=7,
                       answer_pool=1, answer_dice=[7])
    assert (event.data["margin"], event.data["striker"], event.data["final_margin"]) == (2, "challenger", 4)


def test_a_winning_counterattack_strikes_the_challenger(camp: Journal) -> None:
    """1 against a counterattack of 3: Ёжик lands with 2; his weapon 2 + damage 1 + 2 = 5 off Ратибор."""
    events = exchange(camp, threshold=7, pool=1, dice=[7], response="counterattack", answer_threshold=7,
                      answer_pool=3, answer_dice=[7, 8, 9], counter_weapon=2)
    assert (events[0].data["striker"], events[0].data["final_margin"]) == ("responder", 2)
    assert (events[1].data["character"], events[1].data["amount"]) == ("Ратибор", 5)
    assert (events[1].data["cause"], events[1].data["by"]) == ("counterattack", "Ёжик")
    assert hero(camp)["current"]["health"] == 15


def test_an_unconscious_target_cannot_respond(camp: Journal) -> None:
    """Ёжик at Health 0 cannot block: 'stone_wheel: unconscious'."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 8, "обвал")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: unconscious': Ёжик is unconscious and cannot act",
            lambda: exchange(camp, threshold=7, pool=1, dice=[7], response="block", answer_threshold=7,
                             answer_pool=1, answer_dice=[7]))


def test_another_player_cannot_record_a_challenge(camp: Journal) -> None:
    """Вера cannot challenge for Ратибор."""
    refused(camp, NotAuthorized, "only the Master or Аня may record a challenge for Ратибор ('Вера' is a player)",
            lambda: sw.record_exchange(camp, CAMPAIGN, "Ратибор", "Ёжик", threshold=7, pool=1, dice=[7],
                                       actor="Вера"))


# --- damage and death -------------------------------------------------------------------------------


def test_damage_within_health(camp: Journal) -> None:
    """6 damage leaves Ратибор at 14/20 Health, Survival untouched."""
    [event] = sw.record_damage(camp, CAMPAIGN, "Ратибор", 6, "падение")
    assert event.data == {"character": "Ратибор", "amount": 6, "cause": "падение", "attack": None, "by": None}
    assert hero(camp)["current"] == {"health": 14, "stamina": 3, "mana": 6, "survival": 10}


def test_damage_to_survival_zero_records_the_death(camp: Journal) -> None:
    """30 damage off 20 Health and 10 Survival: damage_taken and died in one append."""
    events = sw.record_damage(camp, CAMPAIGN, "Ратибор", 30, "обвал")
    assert [(e.type, e.version) for e in events] == [("stone_wheel.damage_taken", 7), ("stone_wheel.died", 8)]
    assert hero(camp)["status"] == "dead"


def test_the_dead_take_no_damage(camp: Journal) -> None:
    """Damage to a dead character is refused by 'stone_wheel: death'."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 12, "обвал")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: death': Ёжик is dead",
            lambda: sw.record_damage(camp, CAMPAIGN, "Ёжик", 1, "обвал"))


def test_a_player_cannot_record_damage(camp: Journal) -> None:
    """Damage is the Master's to record."""
    refused(camp, NotAuthorized, "only the Master may record damage ('Аня' is a player)",
            lambda: sw.record_damage(camp, CAMPAIGN, "Ёжик", 1, "камень", actor="Аня"))


def test_revival_returns_the_dead(camp: Journal) -> None:
    """A dead Ёжик revived by spell with Health 2, Survival 1 is alive again."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 12, "обвал")
    sw.record_revival(camp, CAMPAIGN, "Ёжик", "Вера", "spell", 2, 1)
    sheet = hero(camp, "Ёжик")
    assert (sheet["current"]["health"], sheet["current"]["survival"], sheet["status"]) == (2, 1, "alive")


def test_revival_of_the_living_is_refused(camp: Journal) -> None:
    """Reviving Ратибор alive is refused by 'stone_wheel: revival'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: revival': the character is not dead",
            lambda: sw.record_revival(camp, CAMPAIGN, "Ратибор", "Вера", "ritual", 2, 1))


def test_effects_are_gained_and_removed_once(camp: Journal) -> None:
    """A fracture is gained, a second one refused by 'stone_wheel: effect present'."""
    sw.record_effect(camp, CAMPAIGN, "Ратибор", "перелом")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: effect present': the character already has 'перелом'",
            lambda: sw.record_effect(camp, CAMPAIGN, "Ратибор", "перелом"))
    sw.record_effect(camp, CAMPAIGN, "Ратибор", "перелом", remove=True)
    assert hero(camp)["effects"] == []


def test_recovery_stops_at_the_maximum(camp: Journal) -> None:
    """10 damage then 15 Health back: 20/20."""
    sw.record_damage(camp, CAMPAIGN, "Ратибор", 10, "меч")
    sw.record_recovery(camp, CAMPAIGN, "Ратибор", "health", 15, "лечение", actor="Аня")
    assert hero(camp)["current"]["health"] == 20


def test_a_perk_is_written_on_the_sheet(camp: Journal) -> None:
    """The Master writes 'Без пальца' on Ратибор's sheet."""
    sw.record_perk(camp, CAMPAIGN, "Ратибор", "Без пальца", "двойной крит")
    assert hero(camp)["perks"] == ["Без пальца"]


# --- turn mode --------------------------------------------------------------------------------------


def test_turn_mode_cannot_start_twice(camp: Journal) -> None:
    """A second start is refused by 'stone_wheel: turn mode'."""
    sw.start_turn_mode(camp, CAMPAIGN, "бой")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: turn mode': turn mode is already on",
            lambda: sw.start_turn_mode(camp, CAMPAIGN))


def test_turn_mode_cannot_end_when_off(camp: Journal) -> None:
    """Ending turn mode that is off is refused by 'stone_wheel: turn mode'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: turn mode': turn mode is not on",
            lambda: sw.end_turn_mode(camp, CAMPAIGN))


def test_violations_warn_then_halve_health_then_knock_out(camp: Journal) -> None:
    """1st warning, 2nd 10 of 20 Health, 3rd unconscious until turn mode ends."""
    sw.start_turn_mode(camp, CAMPAIGN)
    penalties = [sw.record_violation(camp, CAMPAIGN, "Ратибор").data for _ in range(3)]
    assert [(p["violation"], p["consequence"], p["damage"]) for p in penalties] == [
        (1, "warning", 0), (2, "health_penalty", 10), (3, "unconscious", 0)]
    assert (hero(camp)["current"]["health"], hero(camp)["status"]) == (10, "unconscious")
    sw.end_turn_mode(camp, CAMPAIGN)
    assert hero(camp)["status"] == "alive"


def test_a_fourth_violation_is_refused(camp: Journal) -> None:
    """After three violations 'stone_wheel: turn order' refuses a fourth."""
    sw.start_turn_mode(camp, CAMPAIGN)
    for _ in range(3):
        sw.record_violation(camp, CAMPAIGN, "Ёжик")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: turn order': after 3 violations the character is "
                                 "unconscious", lambda: sw.record_violation(camp, CAMPAIGN, "Ёжик"))


def test_violations_are_counted_per_turn_mode(camp: Journal) -> None:
    """A new turn mode starts the count again at a warning."""
    sw.start_turn_mode(camp, CAMPAIGN)
    sw.record_violation(camp, CAMPAIGN, "Ёжик")
    sw.end_turn_mode(camp, CAMPAIGN)
    sw.start_turn_mode(camp, CAMPAIGN)
    assert sw.record_violation(camp, CAMPAIGN, "Ёжик").data["consequence"] == "warning"


def test_no_violation_outside_turn_mode(camp: Journal) -> None:
    """Turn order is broken only in turn mode: 'stone_wheel: turn order'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: turn order': turn order can only be broken in turn "
                                 "mode", lambda: sw.record_violation(camp, CAMPAIGN, "Ратибор"))


def test_a_player_cannot_record_a_violation(camp: Journal) -> None:
    """Violations are the Master's to record."""
    refused(camp, NotAuthorized, "only the Master may record a turn-order violation ('Боря' is a player)",
            lambda: sw.record_violation(camp, CAMPAIGN, "Ратибор", actor="Боря"))


# --- sleep ------------------------------------------------------------------------------------------


def test_sleep_restores_health_per_hour(camp: Journal) -> None:
    """d12 shows 5: 5 hours, Health recovery 2/h gives back 10 of the 12 lost."""
    sw.record_damage(camp, CAMPAIGN, "Ратибор", 12, "меч")
    event = sw.record_sleep(camp, CAMPAIGN, "Ратибор", [5], actor="Аня")
    assert (event.data["hours"], event.data["health_restored"], event.data["mana_restored"]) == (5, 10, 0)
    assert hero(camp)["current"]["health"] == 18


def test_sleep_restores_no_more_than_was_lost(camp: Journal) -> None:
    """12 hours at 2/h, with 4 Health lost: 4 restored."""
    sw.record_damage(camp, CAMPAIGN, "Ратибор", 4, "меч")
    assert sw.record_sleep(camp, CAMPAIGN, "Ратибор", [12]).data["health_restored"] == 4


def test_sleep_on_server_dice_is_one_d12(camp: Journal) -> None:
    """In a session the journal throws one server d12 at counter 0."""
    start_session(camp, CAMPAIGN, ["Аня"])
    roll = sw.record_sleep(camp, CAMPAIGN, "Ратибор").data["roll"]
    assert (roll["sides"], len(roll["dice"]), roll["source"], roll["counter"]) == (12, 1, "server", 0)


def test_a_d12_cannot_show_13(camp: Journal) -> None:
    """A table d12 of 13 is refused by 'stone_wheel: sleep die'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: sleep die': a d12 cannot show 13",
            lambda: sw.record_sleep(camp, CAMPAIGN, "Ратибор", [13]))
