"""VPT payloads: registered type strings, d6 rolls, closed shapes, JSON round trip."""

import pytest

from journal.errors import ValidationFailed
from journal.events import parse_payload, registered_types
from journal.events.rolls import Roll
from journal.systems.vpt import events


def test_every_vpt_type_is_registered() -> None:
    """All seventeen VPT payload types are in the registry."""
    names = sorted(name for name in registered_types() if name.startswith("vpt."))
    assert names == [
        "vpt.carried_over",
        "vpt.character_created",
        "vpt.death_checked",
        "vpt.hit_rolled",
        "vpt.initiative_rolled",
        "vpt.melee_order_set",
        "vpt.morale_rolled",
        "vpt.points_spent",
        "vpt.relationship_opened",
        "vpt.relationship_ticked",
        "vpt.revenge_renounced",
        "vpt.revenge_target_chosen",
        "vpt.revenge_ticked",
        "vpt.status_gained",
        "vpt.status_renounced",
        "vpt.weapon_table_set",
        "vpt.wounds_taken",
    ]


def test_character_created_with_russian_name_round_trips() -> None:
    """A character's data survives to_data and parse_payload unchanged."""
    created = events.CharacterCreated(name="Вильгельм", player="Аня", hit_bonus=1, health_bonus=2, morale=1)
    data = created.to_data()
    assert data == {
        "name": "Вильгельм", "player": "Аня", "hit_bonus": 1, "health_bonus": 2, "morale": 1,
        "preparation": 0, "dungeon_speed": None, "limit": None,
    }
    assert parse_payload("vpt.character_created", data) == created


def test_hit_roll_must_be_d6() -> None:
    """A VPT roll of d8 is refused as invalid data."""
    with pytest.raises(ValidationFailed, match="d6"):
        parse_payload("vpt.death_checked", {
            "character": "Эдди", "roll": {"sides": 8, "dice": [3, 4]}, "health_bonus": 0,
            "wounds": 2, "total": 7, "dead": False,
        })


def test_unknown_relationship_item_is_invalid() -> None:
    """The items of a relationship tick come from the checklist."""
    with pytest.raises(ValidationFailed, match="items"):
        parse_payload("vpt.relationship_ticked", {
            "character": "Вильгельм", "other": "Боблин", "session": 1, "items": ["fought"], "change": 1, "points": 1,
        })


def test_extra_field_is_invalid() -> None:
    """Payloads are closed: an unknown field is refused."""
    with pytest.raises(ValidationFailed, match="colour"):
        parse_payload("vpt.revenge_target_chosen", {"avenger": "Эдди", "target": "Вольтаир", "colour": "red"})


def test_weapon_table_marks_are_separate_fields() -> None:
    """A weapon row keeps its three asterisk meanings apart."""
    table = events.WeaponTableSet(weapons={"лук": events.Weapon(target=7, extra_attacks=1, initiative=2,
                                                                 fires_in_melee=True)})
    assert table.to_data() == {"weapons": {"лук": {
        "target": 7, "extra_attacks": 1, "initiative": 2, "fires_in_melee": True,
        "mounted_bonus": 0, "follow_up_after_shield": False,
    }}, "merge": False}


def test_weapon_table_recorded_before_merge_reads_as_a_whole_table() -> None:
    """A payload without ``merge`` (recorded by an older release) parses as a whole table (merge false)."""
    table = parse_payload("vpt.weapon_table_set", {"weapons": {"лук": {"target": 7, "initiative": 2}}})
    assert table.merge is False


def test_initiative_payload_records_order_and_winner() -> None:
    """The three-sides example is stored with its order and winner."""
    rolled = events.InitiativeRolled(
        mode="reckless", roll=Roll(sides=6, dice=[4, 6]),
        enemies=[events.EnemySide(name="Ангелы", initiative=11, kind="magical"),
                 events.EnemySide(name="К-орки", initiative=8)],
        total=10, order=["Ангелы", "players", "К-орки"], winner="Ангелы",
    )
    assert rolled.to_data()["order"] == ["Ангелы", "players", "К-орки"]
