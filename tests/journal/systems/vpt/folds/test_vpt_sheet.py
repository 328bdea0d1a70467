"""VPT sheet projection: stats, wounds, death, morale, relationships, revenge, weapon table."""

from typing import Any

import orjson

from journal.events import Payload
from journal.events.envelope import Event
from journal.events.rolls import Roll
from journal.systems.vpt import events as ev
from journal.systems.vpt.folds import sheet


def fold(*payloads: Payload) -> dict[str, Any]:
    """Replay the payloads as events of one campaign into a fresh sheet state."""
    state = sheet.initial()
    for version, payload in enumerate(payloads, start=1):
        sheet.apply(state, Event(id=f"e{version}", campaign="c", version=version, type=payload.type,
                                 data=payload.to_data(), actor="Мастер", recorded_at="2024-01-01T00:00:00Z", session=1))
    return state


EDDIE = ev.CharacterCreated(name="Эдди", player="Оля", hit_bonus=1, health_bonus=2, morale=0, limit=None)
D6 = Roll(sides=6, dice=[1, 1])


def test_new_character_sheet() -> None:
    """A created character is unwounded, alive, with no bonds."""
    assert fold(EDDIE)["characters"]["Эдди"] == {
        "player": "Оля", "hit_bonus": 1, "health_bonus": 2, "morale": 0, "preparation": 0,
        "dungeon_speed": None, "limit": None, "wounds": 0, "alive": True, "last_morale": None,
        "relationships": {}, "revenge": None, "past_revenges": [],
    }


def test_wounds_taken_add_up() -> None:
    """Two wound events: 1 + 2 = 3 wounds."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=1),
                 ev.WoundsTaken(character="Эдди", wounds=2))
    assert state["characters"]["Эдди"]["wounds"] == 3


def test_wounds_ignore_the_recorded_total() -> None:
    """The fold sums the wounds taken; a payload's ``total`` (as recorded, here stale) is not read."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=2))
    assert state["characters"]["Эдди"]["wounds"] == 2


def test_wounds_of_a_character_not_created_change_nothing() -> None:
    """Wounds naming no character on the sheets (its creation voided) are ignored."""
    assert fold(ev.WoundsTaken(character="Эдди", wounds=1)) == {"characters": {}, "weapons": {}}


def test_death_is_decided_on_the_wounds_folded() -> None:
    """Recorded dead at 5 wounds, but the sheet holds 2: 1 + 1 + 2 health = 4 is not below 2, alive."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=2),
                 ev.DeathChecked(character="Эдди", roll=D6, health_bonus=2, wounds=5, total=4, dead=True))
    assert state["characters"]["Эдди"]["alive"] is True


def test_death_check_without_wounds_kills_no_one() -> None:
    """No wound folded: even a total below 0 does not kill (only the wounded make the check)."""
    weak = ev.CharacterCreated(name="Хилый", player="Оля", health_bonus=-3)
    state = fold(weak, ev.DeathChecked(character="Хилый", roll=D6, health_bonus=-3, wounds=1, total=-1, dead=True))
    assert state["characters"]["Хилый"]["alive"] is True


def test_morale_recovery_without_wounds_leaves_zero() -> None:
    """A 12+ morale with no wound folded takes nothing off, whatever ``wounds_recovered`` says."""
    orc = ev.CharacterCreated(name="К-орк", player="Мастер", limit=3)
    state = fold(orc, ev.MoraleRolled(character="К-орк", roll=Roll(sides=6, dice=[6, 6]), morale=0, total=12,
                                      result="recovers", wounds_recovered=1))
    assert state["characters"]["К-орк"]["wounds"] == 0


def test_hit_alone_does_not_wound() -> None:
    """A hit records its outcome; only wounds_taken changes the sheet."""
    hit = ev.HitRolled(attacker="Вольтаир", defender="Эдди", attack="melee", weapon="дубинка",
                       roll=Roll(sides=6, dice=[6, 6]), target=4, target_from="weapon_table", total=12, wounds=2)
    assert fold(EDDIE, hit)["characters"]["Эдди"]["wounds"] == 0


def test_failed_death_check_marks_dead() -> None:
    """A death check recorded as dead leaves the character dead."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=5),
                 ev.DeathChecked(character="Эдди", roll=D6, health_bonus=2, wounds=5, total=4, dead=True))
    assert state["characters"]["Эдди"]["alive"] is False


def test_passed_death_check_keeps_alive() -> None:
    """A survived death check changes nothing."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=2),
                 ev.DeathChecked(character="Эдди", roll=D6, health_bonus=2, wounds=2, total=4, dead=False))
    assert state["characters"]["Эдди"]["alive"] is True


def test_morale_twelve_recovers_a_wound() -> None:
    """A morale 12+ takes one wound off and is remembered as the last result."""
    orc = ev.CharacterCreated(name="К-орк", player="Мастер", morale=1, limit=3)
    state = fold(orc, ev.WoundsTaken(character="К-орк", wounds=3),
                 ev.MoraleRolled(character="К-орк", roll=Roll(sides=6, dice=[6, 5]), morale=1, total=12,
                                 result="recovers", wounds_recovered=1))
    assert (state["characters"]["К-орк"]["wounds"], state["characters"]["К-орк"]["last_morale"]) == (2, "recovers")


def test_weapon_table_replaced_whole() -> None:
    """A second weapon table replaces the first."""
    first = ev.WeaponTableSet(weapons={"дубинка": ev.Weapon(target=7, initiative=4)})
    second = ev.WeaponTableSet(weapons={"копьё": ev.Weapon(target=8, initiative=8, mounted_bonus=1)})
    assert fold(first, second)["weapons"] == {"копьё": {
        "target": 8, "extra_attacks": 0, "initiative": 8, "fires_in_melee": False,
        "mounted_bonus": 1, "follow_up_after_shield": False,
    }}


def test_status_survives_points_falling_to_zero() -> None:
    """A status once gained stays when the points are spent down to 0."""
    state = fold(
        EDDIE,
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=1, items=["date_especially_successful"],
                              change=2),
        ev.StatusGained(character="Эдди", other="Боблин", status="влюблён"),
        ev.PointsSpent(character="Эдди", other="Боблин", bond="relationship", amount=2, purpose="защита"),
    )
    assert state["characters"]["Эдди"]["relationships"] == {"Боблин": {"points": 0, "statuses": ["влюблён"]}}


def test_renounced_status_is_gone() -> None:
    """Renouncing a status removes it from the relationship."""
    state = fold(
        EDDIE,
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=1, items=["saved_life"], change=1),
        ev.StatusGained(character="Эдди", other="Боблин", status="друг"),
        ev.StatusRenounced(character="Эдди", other="Боблин", status="друг"),
    )
    assert state["characters"]["Эдди"]["relationships"]["Боблин"]["statuses"] == []


def test_revenge_renounced_moves_to_past_and_new_starts_at_zero() -> None:
    """A renounced revenge is kept with its standing; the next target starts at 0."""
    state = fold(
        EDDIE,
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["fought", "killed_associates"],
                         change=3),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTargetChosen(avenger="Эдди", target="Питер"),
    )
    eddie = state["characters"]["Эдди"]
    assert (eddie["revenge"], eddie["past_revenges"]) == (
        {"target": "Питер", "points": 0}, [{"target": "Вольтаир", "points": 3}]
    )


def test_relationship_points_are_the_changes_less_the_amounts_spent() -> None:
    """Opened at 0, +2, spent 1, -1, -1: 2 - 1 = 1, then 0, then 0; the recorded points and remainders are not read."""
    state = fold(
        EDDIE,
        ev.RelationshipOpened(character="Эдди", other="Боблин"),
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=1, items=["date_especially_successful"],
                              change=2),
        ev.PointsSpent(character="Эдди", other="Боблин", bond="relationship", amount=1),
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=2, items=["no_interaction"], change=-1),
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=3, items=["no_interaction"], change=-1),
    )
    assert state["characters"]["Эдди"]["relationships"] == {"Боблин": {"points": 0, "statuses": []}}


def test_relationship_opened_at_zero() -> None:
    """A chosen relationship is on the sheet at 0 with no status."""
    state = fold(EDDIE, ev.RelationshipOpened(character="Эдди", other="Боблин"))
    assert state["characters"]["Эдди"]["relationships"] == {"Боблин": {"points": 0, "statuses": []}}


def test_spending_and_statuses_open_no_relationship() -> None:
    """Without an open relationship (its opening voided), a spending or a Status changes nothing."""
    state = fold(
        EDDIE,
        ev.StatusGained(character="Эдди", other="Боблин", status="друг"),
        ev.PointsSpent(character="Эдди", other="Боблин", bond="relationship", amount=1),
        ev.StatusRenounced(character="Эдди", other="Боблин", status="друг"),
    )
    assert state["characters"]["Эдди"]["relationships"] == {}


def test_renounced_revenge_freezes_the_folded_standing() -> None:
    """+2 then renounced (recorded as 7): the past revenge keeps the folded 2."""
    state = fold(
        EDDIE,
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["killed_associates"], change=2),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
    )
    assert (state["characters"]["Эдди"]["past_revenges"], state["characters"]["Эдди"]["revenge"]) == (
        [{"target": "Вольтаир", "points": 2}], None)


def test_revenge_events_without_that_revenge_change_nothing() -> None:
    """No revenge chosen (its choice voided): ticks, spending and renouncing on Вольтаир are ignored."""
    state = fold(
        EDDIE,
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["fought"], change=1),
        ev.PointsSpent(character="Эдди", other="Вольтаир", bond="revenge", amount=1),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир"),
    )
    assert (state["characters"]["Эдди"]["revenge"], state["characters"]["Эдди"]["past_revenges"]) == (None, [])


def test_revenge_points_spent() -> None:
    """Spending revenge points leaves the recorded remainder."""
    state = fold(
        EDDIE,
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["killed_associates"], change=2),
        ev.PointsSpent(character="Эдди", other="Вольтаир", bond="revenge", amount=1),
    )
    assert state["characters"]["Эдди"]["revenge"] == {"target": "Вольтаир", "points": 1}


def test_events_of_other_systems_are_ignored() -> None:
    """An unknown event type leaves the state as it was."""
    state = sheet.initial()
    sheet.apply(state, Event(id="x", campaign="c", version=1, type="wield.geis_sealed", data={}, actor="a",
                             recorded_at="2024-01-01T00:00:00Z"))
    assert state == {"characters": {}, "weapons": {}}


def test_state_is_json_serialisable() -> None:
    """The folded state dumps to JSON and back unchanged."""
    state = fold(EDDIE, ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"))
    assert orjson.loads(orjson.dumps(state)) == state


def test_weapon_row_joins_the_table_folded_so_far() -> None:
    """A whole table of one club, then a spear row (``merge``), then the club row again: both weapons, the club's new."""
    whole = ev.WeaponTableSet(weapons={"дубинка": ev.Weapon(target=7, initiative=4)})
    spear = ev.WeaponTableSet(weapons={"копьё": ev.Weapon(target=8, initiative=8)}, merge=True)
    club = ev.WeaponTableSet(weapons={"дубинка": ev.Weapon(target=6, initiative=5)}, merge=True)
    weapons = fold(whole, spear, club)["weapons"]
    assert {name: (row["target"], row["initiative"]) for name, row in weapons.items()} == {
        "дубинка": (6, 5), "копьё": (8, 8)}
