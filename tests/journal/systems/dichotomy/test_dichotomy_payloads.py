"""Dichotomy payload shapes: registration, 2d10 checks, motive awards, damage records."""

from __future__ import annotations

import pytest

from journal.errors import ValidationFailed
from journal.events import parse_payload, registered_types
from journal.systems.dichotomy.events import CheckRolled

LOCK_PICK = {
    "character": "Давид",
    "action": "pick the chest's lock",
    "roll": {"sides": 10, "dice": [6, 1], "source": "table"},
    "dice": [
        {"attribute": "finesse", "attribute_value": 7, "tn": 10, "total": 13, "success": True},
        {"attribute": "technical", "attribute_value": 8, "tn": 10, "total": 9, "success": False},
    ],
    "outcome": "partial",
}


def test_every_dichotomy_type_is_registered() -> None:
    """The seventeen dichotomy.* payloads are in the registry."""
    assert [name for name in registered_types() if name.startswith("dichotomy.")] == [
        "dichotomy.ability_gained", "dichotomy.adventure_ended", "dichotomy.adventure_started",
        "dichotomy.carried_over", "dichotomy.character_created", "dichotomy.check_rolled", "dichotomy.damage_applied",
        "dichotomy.dive_taken", "dichotomy.equipment_packed", "dichotomy.fight_ended",
        "dichotomy.hits_recovered", "dichotomy.injury_healed", "dichotomy.motive_chosen",
        "dichotomy.motive_swapped", "dichotomy.wealth_changed", "dichotomy.xp_awarded", "dichotomy.xp_spent",
    ]


def test_lock_pick_check_round_trips() -> None:
    """David's check parses and dumps back to the same data (defaults filled in)."""
    payload = parse_payload("dichotomy.check_rolled", LOCK_PICK)
    assert isinstance(payload, CheckRolled)
    assert payload.to_data()["dice"][1] == {
        "attribute": "technical", "attribute_value": 8, "tn": 10, "modifier": 0,
        "defender_attribute": None, "total": 9, "success": False,
    }


def test_check_with_d6_is_rejected() -> None:
    """A check rolls d10."""
    data = {**LOCK_PICK, "roll": {"sides": 6, "dice": [6, 1], "source": "table"}}
    with pytest.raises(ValidationFailed, match="a check rolls 2d10, not 2d6"):
        parse_payload("dichotomy.check_rolled", data)


def test_defender_attribute_without_defender_is_rejected() -> None:
    """Naming a defender's attribute needs the defender."""
    dice = [{**LOCK_PICK["dice"][0], "defender_attribute": "power"}, LOCK_PICK["dice"][1]]
    with pytest.raises(ValidationFailed, match="a defender attribute needs a defender"):
        parse_payload("dichotomy.check_rolled", {**LOCK_PICK, "dice": dice})


def test_motive_award_without_its_adventure_is_rejected() -> None:
    """A motive XP award names the motive, outcome, slot and adventure."""
    data = {"character": "Шарлотта", "amount": 2, "source": "motive", "motive": "Love",
            "outcome": "fulfilled", "slot": 0}
    with pytest.raises(ValidationFailed, match="names the motive, its outcome, its slot and the adventure"):
        parse_payload("dichotomy.xp_awarded", data)


def test_renown_award_naming_a_motive_is_rejected() -> None:
    """Renown XP is not tied to a motive."""
    data = {"character": "Шарлотта", "amount": 1, "source": "renown", "motive": "Love"}
    with pytest.raises(ValidationFailed, match="a renown award names no motive"):
        parse_payload("dichotomy.xp_awarded", data)


def test_damage_losing_four_hits_is_rejected() -> None:
    """At most 3 Hits are lost in a round."""
    data = {"character": "Шарлотта", "damage": 6, "hits_lost": 4, "discarded": 2,
            "track": {"shaken": 0, "injured": True, "serious": False}, "may_dive": False}
    with pytest.raises(ValidationFailed, match="hits_lost"):
        parse_payload("dichotomy.damage_applied", data)
