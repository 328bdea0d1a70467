"""VPT sheet projection: stats, wounds, death, morale, relationships, revenge, weapon table."""

from typing import Any

import orjson

from journal.events import Payload
from journal.events.envelope import Event
from journal.events.rolls import Roll
from journal.systems.vpt import events as ev
from projections.vpt import sheet


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


def test_wounds_taken_set_recorded_total() -> None:
    """Two wound events leave the last recorded total."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=1, total=1),
                 ev.WoundsTaken(character="Эдди", wounds=2, total=3))
    assert state["characters"]["Эдди"]["wounds"] == 3


def test_hit_alone_does_not_wound() -> None:
    """A hit records its outcome; only wounds_taken changes the sheet."""
    hit = ev.HitRolled(attacker="Вольтаир", defender="Эдди", attack="melee", weapon="дубинка",
                       roll=Roll(sides=6, dice=[6, 6]), target=4, target_from="weapon_table", total=12, wounds=2)
    assert fold(EDDIE, hit)["characters"]["Эдди"]["wounds"] == 0


def test_failed_death_check_marks_dead() -> None:
    """A death check recorded as dead leaves the character dead."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=5, total=5),
                 ev.DeathChecked(character="Эдди", roll=D6, health_bonus=2, wounds=5, total=4, dead=True))
    assert state["characters"]["Эдди"]["alive"] is False


def test_passed_death_check_keeps_alive() -> None:
    """A survived death check changes nothing."""
    state = fold(EDDIE, ev.WoundsTaken(character="Эдди", wounds=2, total=2),
                 ev.DeathChecked(character="Эдди", roll=D6, health_bonus=2, wounds=2, total=4, dead=False))
    assert state["characters"]["Эдди"]["alive"] is True


def test_morale_twelve_recovers_a_wound() -> None:
    """A morale 12+ takes one wound off and is remembered as the last result."""
    orc = ev.CharacterCreated(name="К-орк", player="Мастер", morale=1, limit=3)
    state = fold(orc, ev.WoundsTaken(character="К-орк", wounds=3, total=3),
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
                              change=2, points=2),
        ev.StatusGained(character="Эдди", other="Боблин", status="влюблён"),
        ev.PointsSpent(character="Эдди", other="Боблин", bond="relationship", amount=2, purpose="защита",
                       remaining=0),
    )
    assert state["characters"]["Эдди"]["relationships"] == {"Боблин": {"points": 0, "statuses": ["влюблён"]}}


def test_renounced_status_is_gone() -> None:
    """Renouncing a status removes it from the relationship."""
    state = fold(
        EDDIE,
        ev.RelationshipTicked(character="Эдди", other="Боблин", session=1, items=["saved_life"], change=1, points=1),
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
                         change=3, points=3),
        ev.RevengeRenounced(avenger="Эдди", target="Вольтаир", points=3),
        ev.RevengeTargetChosen(avenger="Эдди", target="Питер"),
    )
    eddie = state["characters"]["Эдди"]
    assert (eddie["revenge"], eddie["past_revenges"]) == (
        {"target": "Питер", "points": 0}, [{"target": "Вольтаир", "points": 3}]
    )


def test_revenge_points_spent() -> None:
    """Spending revenge points leaves the recorded remainder."""
    state = fold(
        EDDIE,
        ev.RevengeTargetChosen(avenger="Эдди", target="Вольтаир"),
        ev.RevengeTicked(avenger="Эдди", target="Вольтаир", session=1, items=["killed_associates"], change=2, points=2),
        ev.PointsSpent(character="Эдди", other="Вольтаир", bond="revenge", amount=1, remaining=1),
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
