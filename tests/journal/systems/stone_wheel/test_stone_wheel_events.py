"""Stone Wheel payloads: registered types, shapes they accept and shapes they refuse."""

from typing import Any

import pytest
from pydantic import ValidationError

from journal.errors import ValidationFailed
from journal.events import parse_payload, registered_types
from journal.events.rolls import Roll
from journal.systems.stone_wheel import events

CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 8, "mana": 4, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


def creation_data(**changes: Any) -> dict[str, Any]:
    """The data of a character_created event for Ратибор, with ``changes``."""
    data: dict[str, Any] = {
        "character": "Ратибор", "player": "Аня", "kind": "physical", "race": "человек", "class": "воин",
        "characteristics": CHARACTERISTICS, "parameters": PARAMETERS, "skills": {"Фехтование": 2},
        "perks": ["Шрам"], "spells": [],
    }
    data.update(changes)
    return data


def pool(sides: int = 10) -> dict[str, Any]:
    """A one-die pool roll as data."""
    return {"character": "Ратибор", "base_threshold": 5, "pool": 1, "threshold": 5,
            "roll": {"sides": sides, "dice": [5]}, "successes": 1}


def test_all_stone_wheel_types_are_registered() -> None:
    """Eighteen stone_wheel.* payload types."""
    assert sorted(t for t in registered_types() if t.startswith("stone_wheel.")) == [
        "stone_wheel.carried_over", "stone_wheel.character_created", "stone_wheel.combat_exchanged", "stone_wheel.damage_taken",
        "stone_wheel.died", "stone_wheel.effect_gained", "stone_wheel.effect_removed", "stone_wheel.perk_gained",
        "stone_wheel.recovered", "stone_wheel.request_rolled", "stone_wheel.revived", "stone_wheel.sleep_rolled",
        "stone_wheel.stamina_spent", "stone_wheel.turn_mode_ended", "stone_wheel.turn_mode_started",
        "stone_wheel.turn_order_violated", "stone_wheel.xp_awarded", "stone_wheel.xp_spent",
    ]


def test_character_created_round_trips_with_the_class_key() -> None:
    """The class is stored under 'class' and a Russian name survives."""
    data = parse_payload("stone_wheel.character_created", creation_data()).to_data()
    assert (data["character"], data["class"], data["skills"]) == ("Ратибор", "воин", {"Фехтование": 2})


def test_character_missing_a_parameter_is_refused() -> None:
    """The Master sets every parameter."""
    parameters = {k: v for k, v in PARAMETERS.items() if k != "carry"}
    with pytest.raises(ValidationFailed, match="parameters.carry"):
        parse_payload("stone_wheel.character_created", creation_data(parameters=parameters))


def test_starting_skill_at_level_zero_is_refused() -> None:
    """Skill levels start at 1."""
    with pytest.raises(ValidationFailed, match="at least 1"):
        parse_payload("stone_wheel.character_created", creation_data(skills={"Фехтование": 0}))


def test_pool_roll_must_be_d10() -> None:
    """Requests are rolled on d10."""
    with pytest.raises(ValidationFailed, match="d10"):
        parse_payload("stone_wheel.request_rolled", {"check": "perception", "attempt": pool(sides=6)})


def test_answered_exchange_needs_the_answer_pool() -> None:
    """A block without its pool is refused."""
    with pytest.raises(ValidationError, match="needs its pool"):
        events.CombatExchanged(action="attack", challenge=pool(), response="block", margin=1,
                               striker="challenger", final_margin=1, critical=False, parry=False)


def test_unanswered_exchange_is_accepted_without_answer() -> None:
    """Response 'none' carries no answer pool."""
    exchange = events.CombatExchanged(action="attack", challenge=pool(), response="none", margin=1,
                                      striker="challenger", final_margin=1, critical=False, parry=False)
    assert exchange.answer is None


def test_sleep_is_one_d12() -> None:
    """Two dice are refused."""
    with pytest.raises(ValidationError, match="one d12"):
        events.SleepRolled(character="Ратибор", roll=Roll(sides=12, dice=[3, 4]), hours=3,
                           health_restored=0, mana_restored=0)


def test_new_spell_needs_its_schools() -> None:
    """Buying a spell names its schools."""
    with pytest.raises(ValidationError, match="schools"):
        events.XpSpent(character="Ратибор", amount=150, kind="spell", target="Щит")


def test_skill_purchase_has_no_schools() -> None:
    """Schools belong to spells only."""
    with pytest.raises(ValidationError, match="schools"):
        events.XpSpent(character="Ратибор", amount=100, kind="skill", target="Щит", schools=("control",))


def test_xp_award_defaults_to_a_character_ledger() -> None:
    """master is false unless said."""
    award = events.XpAwarded(character="Ратибор", amount=125, source="session", minutes=150)
    assert award.to_data() == {"character": "Ратибор", "amount": 125, "source": "session", "reason": "",
                               "minutes": 150, "master": False, "session": None}
