"""VPT fight commands through the service, on SQLite and PostgreSQL: characters, initiative, weapons,
melee order, hits with their wounds, the death check and morale."""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from typing import Any

import pytest

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.service import Journal
from journal.service.figures import after
from journal.service.sessions import end_session, start_session, verify_rolls
from journal.systems.vpt import commands as vpt
from journal.systems.vpt.commands import Fighter
from journal.systems.vpt.folds import sheet
from journal.systems.vpt.rules import Side

C = "Пепел"
GM = "Вика"
PLAYER = "Оля"


def refused(rule: str) -> AbstractContextManager[Any]:
    """Expect a RuleViolation whose one-line message names ``rule``."""
    return pytest.raises(RuleViolation, match=re.escape(f"refused by rule '{rule}'"))


def folded(journal: Journal) -> dict[str, Any]:
    """The sheet projection over every stored event of the campaign."""
    state = sheet.initial()
    for event in journal.store.read(C):
        sheet.apply(state, event)
    return state


@pytest.fixture
def table(journal: Journal) -> Journal:
    """A VPT campaign: GM Вика, player Оля (Вольтаир), GM characters Эдди and Питер, Voltair's weapons."""
    journal.create_campaign(C, "vpt", GM)
    journal.add_member(C, PLAYER)
    vpt.create_character(journal, C, "Вольтаир", PLAYER, hit_bonus=1, health_bonus=1)
    vpt.create_character(journal, C, "Эдди", preparation=5, morale=1, limit=3)
    vpt.create_character(journal, C, "Питер")
    vpt.set_weapon_table(journal, C, {"дубинка": {"target": 7, "initiative": 4},
                                      "копьё": {"target": 8, "initiative": 8},
                                      "кинжал": {"target": 6, "initiative": 3, "mounted_bonus": 1},
                                      "лук": {"target": 5, "initiative": 2}})
    return journal


# --- characters -------------------------------------------------------------------------------------


def test_player_creates_his_own_character(table: Journal) -> None:
    """A player records his own character; the sheet shows him as its player, unwounded."""
    vpt.create_character(table, C, "Ёжик", hit_bonus=2, actor=PLAYER)
    made = folded(table)["characters"]["Ёжик"]
    assert (made["player"], made["hit_bonus"], made["wounds"], made["alive"]) == (PLAYER, 2, 0, True)


def test_player_cannot_create_a_character_for_another_member(table: Journal) -> None:
    """Only the GM creates a character for someone else; nothing is written."""
    head = table.store.head(C)
    with pytest.raises(NotAuthorized, match=r"^only the Master may create a character for another member \('Оля' is a player\)$"):
        vpt.create_character(table, C, "Ёжик", GM, actor=PLAYER)
    assert table.store.head(C) == head


def test_character_names_are_unique(table: Journal) -> None:
    """A second Эдди is refused by 'vpt: characters are unique'; nothing is written."""
    head = table.store.head(C)
    with refused("vpt: characters are unique"):
        vpt.create_character(table, C, "Эдди")
    assert table.store.head(C) == head


def test_limit_only_for_gm_characters(table: Journal) -> None:
    """A player's character has no Limit: refused by 'vpt: a limit is for GM characters'."""
    with refused("vpt: a limit is for GM characters"):
        vpt.create_character(table, C, "Ёжик", PLAYER, limit=3)


def test_vpt_command_in_another_system_is_refused(journal: Journal) -> None:
    """A VPT verb in a Wield campaign is refused by 'campaign: one rule system'."""
    journal.create_campaign("Ветер", "wield", "Судьба")
    with refused("campaign: one rule system"):
        vpt.create_character(journal, "Ветер", "Эдди")
    assert journal.store.head("Ветер") == 1


def test_non_member_records_nothing(table: Journal) -> None:
    """A stranger is NotAuthorized for every VPT command, and nothing is written."""
    start_session(table, C, [GM, PLAYER])
    head = table.store.head(C)
    attempts = [
        lambda who: vpt.create_character(table, C, "Ёжик", actor=who),
        lambda who: vpt.roll_initiative(table, C, "reckless", [Side("стража", 7)], dice=[3, 3], actor=who),
        lambda who: vpt.set_weapon(table, C, "меч", 7, 5, actor=who),
        lambda who: vpt.set_melee_order(table, C, [Fighter("Эдди", "копьё")], actor=who),
        lambda who: vpt.record_hit(table, C, "Вольтаир", "Эдди", weapon="дубинка", dice=[6, 6], actor=who),
        lambda who: vpt.record_wounds(table, C, "Эдди", 1, actor=who),
        lambda who: vpt.check_death(table, C, "Эдди", dice=[1, 1], actor=who),
        lambda who: vpt.check_morale(table, C, "Эдди", dice=[1, 1], actor=who),
        lambda who: vpt.tick_relationship(table, C, "Вольтаир", "Эдди", ["saved_life"], actor=who),
        lambda who: vpt.choose_revenge(table, C, "Вольтаир", "Эдди", actor=who),
        lambda who: vpt.gain_status(table, C, "Вольтаир", "Эдди", "друг", actor=who),
        lambda who: vpt.spend_points(table, C, "Вольтаир", "Эдди", 1, actor=who),
    ]
    messages = set()
    for attempt in attempts:
        with pytest.raises(NotAuthorized) as refusal:
            attempt("Чужак")
        messages.add(str(refusal.value))
    assert (messages, table.store.head(C)) == ({"'Чужак' is not a member of campaign 'Пепел'"}, head)


# --- initiative --------------------------------------------------------------------------------------


def test_three_sides_worked_example(table: Journal) -> None:
    """Worked example: players roll 10 between Angels 11 and K-orcs 8 -> Angels, players, K-orcs."""
    event = vpt.roll_initiative(table, C, "reckless", [Side("Ангелы", 11, "magical"), Side("К-орки", 8, "living")],
                                dice=[4, 6], actor=PLAYER)
    assert (event.data["total"], event.data["order"], event.data["winner"]) == (10, ["Ангелы", "players", "К-орки"], "Ангелы")


def test_careful_initiative_rolls_one_die(table: Journal) -> None:
    """Careful mode: 1d6 showing 5 beats a wolf at 4."""
    event = vpt.roll_initiative(table, C, "careful", [Side("волк", 4, "animal")], dice=[5])
    assert (event.data["roll"]["dice"], event.data["order"]) == ([5], ["players", "волк"])


def test_initiative_outside_published_range_is_refused(table: Journal) -> None:
    """A living enemy at initiative 12 breaks the published ranges; nothing is written."""
    head = table.store.head(C)
    with refused("vpt: initiative ranges"):
        vpt.roll_initiative(table, C, "reckless", [Side("стража", 12, "living")], dice=[3, 3])
    assert table.store.head(C) == head


def test_table_dice_must_match_the_mode(table: Journal) -> None:
    """Reckless needs 2d6: one table die is a ValidationFailed."""
    with pytest.raises(ValidationFailed, match=r"^dice: this roll needs 2 d6, 1 given$"):
        vpt.roll_initiative(table, C, "reckless", [Side("стража", 7)], dice=[3])


def test_server_dice_need_an_open_session(table: Journal) -> None:
    """Without --dice and without a session, the journal's dice are refused."""
    with refused("dice: server rolls need an open session"):
        vpt.roll_initiative(table, C, "reckless", [Side("стража", 7)])


# --- weapon table and melee order --------------------------------------------------------------------


def test_player_setting_weapon_table_is_refused(table: Journal) -> None:
    """The weapon table is the GM's: a player is NotAuthorized and nothing is written."""
    head = table.store.head(C)
    with pytest.raises(NotAuthorized, match=r"^only the Master may set the weapon table \('Оля' is a player\)$"):
        vpt.set_weapon(table, C, "меч", 7, 5, actor=PLAYER)
    assert table.store.head(C) == head


def test_set_weapon_adds_one_row_to_the_table(table: Journal) -> None:
    """set_weapon keeps the other rows and adds the new one."""
    vpt.set_weapon(table, C, "меч", 7, 5, mounted_bonus=2)
    weapons = folded(table)["weapons"]
    assert (set(weapons), weapons["меч"]["initiative"], weapons["меч"]["mounted_bonus"]) == (
        {"дубинка", "копьё", "кинжал", "лук", "меч"}, 5, 2)


def test_voltair_weapon_initiative_worked_example(table: Journal) -> None:
    """Worked example: Voltair club engaged 8 = Eddie spear 8, then Peter dagger engaged 6."""
    event = vpt.set_melee_order(table, C, [Fighter("Вольтаир", "дубинка", engaged="Эдди"), Fighter("Эдди", "копьё"),
                                           Fighter("Питер", "кинжал", engaged="Вольтаир")])
    assert {c["character"]: c["effective_initiative"] for c in event.data["combatants"]} == {
        "Вольтаир": 8, "Эдди": 8, "Питер": 6}
    assert event.data["order"] == [["Вольтаир", "Эдди"], ["Питер"]]


def test_winner_and_mount_add_after_doubling(table: Journal) -> None:
    """Peter engaged with a * dagger, won initiative, mounted: 3 x 2 + 1 + 1 = 8."""
    event = vpt.set_melee_order(table, C, [Fighter("Питер", "кинжал", engaged="Эдди", won_initiative=True, mounted=True),
                                           Fighter("Эдди", "копьё")])
    assert event.data["combatants"][0]["effective_initiative"] == 8
    assert event.data["order"] == [["Питер", "Эдди"]]


def test_melee_weapon_must_be_in_the_table(table: Journal) -> None:
    """A weapon the table lacks is refused by 'vpt: weapon initiative'."""
    with refused("vpt: weapon initiative"):
        vpt.set_melee_order(table, C, [Fighter("Эдди", "алебарда")])


def test_player_cannot_set_melee_order(table: Journal) -> None:
    """The melee order is the GM's to record."""
    with pytest.raises(NotAuthorized, match=r"^only the Master may set the melee order"):
        vpt.set_melee_order(table, C, [Fighter("Эдди", "копьё")], actor=PLAYER)


# --- hits and wounds ---------------------------------------------------------------------------------


def test_hit_wounds_the_defender_in_the_same_append(table: Journal) -> None:
    """[5,3] +1 bonus +1 engaged +1 fresh -1 enemy preparation = 10 vs 7: 1 wound, recorded with the hit."""
    events = vpt.record_hit(table, C, "Вольтаир", "Эдди", weapon="дубинка", modifiers={"engaged": 1}, dice=[5, 3],
                            actor=PLAYER)
    hit, wounds = events
    assert (hit.data["modifiers"], hit.data["total"], hit.data["wounds"]) == (
        {"engaged": 1, "fresh": 1, "enemy_preparation": -1}, 10, 1)
    assert (wounds.type, wounds.data, wounds.version) == ("vpt.wounds_taken", {"character": "Эдди", "wounds": 1},
                                                          hit.version + 1)
    assert folded(table)["characters"]["Эдди"]["wounds"] == 1


def test_hit_at_twice_the_target_deals_two_wounds(table: Journal) -> None:
    """Peter (fresh) rolls [6,6] +1 = 13 against the bow's 5: >= 10, two wounds; Voltair then has 2."""
    events = vpt.record_hit(table, C, "Питер", "Вольтаир", attack="ranged", weapon="лук", dice=[6, 6])
    assert (events[0].data["total"], events[0].data["wounds"], after(table, C, events[1])["total"]) == (13, 2, 2)
    assert folded(table)["characters"]["Вольтаир"]["wounds"] == 2


def test_miss_records_no_wounds(table: Journal) -> None:
    """[1,2] +1 fresh = 4 against 8: a miss, one event only."""
    events = vpt.record_hit(table, C, "Эдди", "Питер", weapon="копьё", dice=[1, 2])
    assert [(e.type, e.data["wounds"]) for e in events] == [("vpt.hit_rolled", 0)]


def test_hit_against_raised_shield_breaks_it(table: Journal) -> None:
    """A success against a shield raised for cover destroys it and wounds no one."""
    events = vpt.record_hit(table, C, "Питер", "Эдди", weapon="кинжал", against_shield=True, dice=[4, 4])
    assert [(e.data["wounds"], e.data["shield_destroyed"]) for e in events] == [(0, True)]
    assert folded(table)["characters"]["Эдди"]["wounds"] == 0


def test_exhausted_attacker_gets_minus_one_from_the_sheet(table: Journal) -> None:
    """With 3 wounds Voltair is Exhausted: -1, not Fresh."""
    vpt.record_wounds(table, C, "Вольтаир", 3)
    events = vpt.record_hit(table, C, "Вольтаир", "Питер", weapon="кинжал", dice=[3, 2], actor=PLAYER)
    assert (events[0].data["modifiers"], events[0].data["total"], events[0].data["wounds"]) == ({"exhausted": -1}, 5, 0)


def test_split_dice_and_explicit_target(table: Journal) -> None:
    """One die split to this target, explicit target 4: [4] +1 fresh = 5 -> 1 wound, target_from explicit."""
    events = vpt.record_hit(table, C, "Питер", "Вольтаир", target=4, count=1, dice=[4])
    assert (events[0].data["target_from"], events[0].data["total"], events[0].data["wounds"]) == ("explicit", 5, 1)


def test_sheet_modifiers_cannot_be_given(table: Journal) -> None:
    """Fresh comes from the sheet; giving it is refused by 'vpt: hit modifiers'."""
    with refused("vpt: hit modifiers"):
        vpt.record_hit(table, C, "Питер", "Эдди", weapon="кинжал", modifiers={"fresh": 1}, dice=[4, 4])


def test_ranged_attack_from_melee_is_refused(table: Journal) -> None:
    """A bow without the * mark cannot shoot from melee; nothing is written."""
    head = table.store.head(C)
    with refused("vpt: no ranged attack in melee"):
        vpt.record_hit(table, C, "Питер", "Эдди", attack="ranged", weapon="лук", in_melee=True, dice=[4, 4])
    assert table.store.head(C) == head


def test_player_cannot_roll_for_gm_character(table: Journal) -> None:
    """Оля may not roll Eddie's hit."""
    with pytest.raises(NotAuthorized, match=r"^only Эдди's player \(Вика\) or the Master may roll Эдди's hits"):
        vpt.record_hit(table, C, "Эдди", "Вольтаир", weapon="копьё", dice=[4, 4], actor=PLAYER)


def test_unknown_defender_is_not_found(table: Journal) -> None:
    """A defender who is not a character is NotFound."""
    with pytest.raises(NotFound, match=r"^no character named 'Гоблин' in 'Пепел'"):
        vpt.record_hit(table, C, "Питер", "Гоблин", weapon="кинжал", dice=[4, 4])


def test_player_cannot_record_loose_wounds(table: Journal) -> None:
    """Wounds outside a hit are the GM's to record."""
    with pytest.raises(NotAuthorized, match=r"^only the Master may record wounds"):
        vpt.record_wounds(table, C, "Вольтаир", 1, actor=PLAYER)


# --- death and morale ---------------------------------------------------------------------------------


def test_death_check_below_wounds_kills(table: Journal) -> None:
    """4 wounds, [1,1] +1 Health = 3 < 4: dead, and the dead make no more rolls."""
    vpt.record_wounds(table, C, "Вольтаир", 4)
    event = vpt.check_death(table, C, "Вольтаир", dice=[1, 1], actor=PLAYER)
    assert (event.data["total"], event.data["wounds"], event.data["dead"]) == (3, 4, True)
    assert folded(table)["characters"]["Вольтаир"]["alive"] is False
    with refused("vpt: the dead do not act"):
        vpt.record_hit(table, C, "Вольтаир", "Эдди", weapon="дубинка", dice=[6, 6])


def test_death_check_equal_to_wounds_survives(table: Journal) -> None:
    """4 wounds, [2,1] +1 = 4: not less than 4, alive."""
    vpt.record_wounds(table, C, "Вольтаир", 4)
    event = vpt.check_death(table, C, "Вольтаир", dice=[2, 1])
    assert (event.data["total"], event.data["dead"]) == (4, False)
    assert folded(table)["characters"]["Вольтаир"]["alive"] is True


def test_death_check_needs_a_wound(table: Journal) -> None:
    """An unwounded character makes no death check."""
    with refused("vpt: death check"):
        vpt.check_death(table, C, "Питер", dice=[1, 1])


def test_morale_twelve_recovers_a_wound(table: Journal) -> None:
    """Eddie (Morale +1, 3 wounds) rolls [6,5] = 12: recovers 1 wound, back to 2."""
    vpt.record_wounds(table, C, "Эдди", 3)
    event = vpt.check_morale(table, C, "Эдди", dice=[6, 5])
    assert (event.data["total"], event.data["result"], event.data["wounds_recovered"]) == (12, "recovers", 1)
    assert folded(table)["characters"]["Эдди"]["wounds"] == 2


def test_morale_below_zero_surrenders(table: Journal) -> None:
    """[1,1] +1 Morale -4 group Health = -1: surrenders."""
    event = vpt.check_morale(table, C, "Эдди", group_health=-4, dice=[1, 1])
    assert (event.data["total"], event.data["result"]) == (-1, "surrenders")


def test_morale_is_the_gms_roll(table: Journal) -> None:
    """A player rolling morale is NotAuthorized."""
    with pytest.raises(NotAuthorized, match=r"^only the Master may roll morale \('Оля' is a player\)$"):
        vpt.check_morale(table, C, "Эдди", dice=[3, 3], actor=PLAYER)


# --- server dice --------------------------------------------------------------------------------------


def test_server_dice_are_recorded_and_verify(table: Journal) -> None:
    """Hit and death check with the journal's dice: source server, and the closed session verifies."""
    start_session(table, C, [GM, PLAYER])
    hit = vpt.record_hit(table, C, "Питер", "Эдди", weapon="кинжал")[0]
    vpt.record_wounds(table, C, "Эдди", 1)
    death = vpt.check_death(table, C, "Эдди")
    end_session(table, C)
    assert [(e.data["roll"]["source"], e.data["roll"]["counter"]) for e in (hit, death)] == [("server", 0), ("server", 2)]
    assert [(c.session, c.rolls, c.ok) for c in verify_rolls(table, C)] == [(1, 2, True)]
