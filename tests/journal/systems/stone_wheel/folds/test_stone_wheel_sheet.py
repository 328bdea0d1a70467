"""The Stone Wheel sheet projection: exact sheets and ledgers folded from events."""

from typing import Any

import orjson
import pytest

from journal.events import Payload
from journal.events.envelope import Event
from journal.events.rolls import Roll
from journal.events.upcasting import needs_upcast, register_all, upcast
from journal.systems.registry import system as registered
from journal.systems.stone_wheel import events as ev
from journal.systems.stone_wheel.folds import sheet

CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}
HERO = "Ратибор"


def event(payload: Payload, version: int = 1, schema: int = 1) -> Event:
    """Wrap a payload in a stored envelope."""
    return Event(id=f"e{version}", campaign="камень", version=version, type=payload.type, data=payload.to_data(),
                 actor="Мастер", recorded_at="2024-05-01T18:00:00Z", schema=schema)


def fold(*payloads: Payload, violations: int = 2) -> dict[str, Any]:
    """Fold a Ратибор creation followed by ``payloads`` (turn-order violations stored under schema ``violations``,
    read through the upcasters as the engine reads them)."""
    state = sheet.initial()
    created = ev.CharacterCreated.model_validate({
        "character": HERO, "player": "Аня", "kind": "physical", "race": "человек", "class": "воин",
        "characteristics": CHARACTERISTICS, "parameters": PARAMETERS, "skills": {"Фехтование": 2},
        "perks": ["Шрам"], "spells": [{"name": "Искра", "schools": ["creation"]}],
    })
    register_all(registered("stone-wheel").upcasters)
    for version, payload in enumerate((created, *payloads), start=1):
        stored = event(payload, version, violations if payload.type == ev.TurnOrderViolated.type else 1)
        sheet.apply(state, upcast(stored) if needs_upcast(stored.type) else stored)
    return state


def test_creation_gives_the_exact_sheet() -> None:
    """Numbers as the Master set them, pools full, XP empty, alive."""
    assert fold()["characters"][HERO] == {
        "player": "Аня", "kind": "physical", "race": "человек", "class": "воин",
        "characteristics": CHARACTERISTICS, "parameters": PARAMETERS,
        "current": {"health": 20, "stamina": 3, "mana": 6, "survival": 10},
        "skills": {"Фехтование": 2},
        "spells": {"Искра": {"schools": ["creation"], "mastery": 1, "efficiency": 1}},
        "perks": ["Шрам"], "effects": [], "xp": {"earned": 0, "spent": 0, "balance": 0},
        "dead": False, "knocked_out": False, "status": "alive",
    }


def test_initial_state_is_empty() -> None:
    """No characters, no ledgers, turn mode off."""
    assert sheet.initial() == {"characters": {}, "masters": {}, "turn_mode": False, "violations": {},
                               "session_awards": {}}


def test_damage_within_health_keeps_the_character_conscious() -> None:
    """20 Health, 6 damage: 14."""
    hero = fold(ev.DamageTaken(character=HERO, amount=6, cause="меч"))["characters"][HERO]
    assert (hero["current"]["health"], hero["current"]["survival"], hero["status"]) == (14, 10, "alive")


def test_damage_beyond_health_eats_survival_and_knocks_out() -> None:
    """20 Health, 10 Survival, 23 damage: 0 and 7, unconscious."""
    hero = fold(ev.DamageTaken(character=HERO, amount=23, cause="падение"))["characters"][HERO]
    assert (hero["current"]["health"], hero["current"]["survival"], hero["status"]) == (0, 7, "unconscious")


def test_recovery_is_capped_at_the_maximum_and_wakes_the_character() -> None:
    """0 Health + 25 healed caps at 20."""
    hero = fold(
        ev.DamageTaken(character=HERO, amount=20, cause="огонь"),
        ev.Recovered(character=HERO, pool="health", amount=25, reason="лечение"),
    )["characters"][HERO]
    assert (hero["current"]["health"], hero["status"]) == (20, "alive")


def test_turn_order_penalties_fold_to_damage_then_knock_out() -> None:
    """Warning, then 10 of 20 Health, then unconscious: violations at 3."""
    state = fold(
        ev.TurnModeStarted(reason="бой"),
        ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning"),
        ev.TurnOrderViolated(character=HERO, violation=2, consequence="health_penalty", damage=10),
        ev.TurnOrderViolated(character=HERO, violation=3, consequence="unconscious"),
    )
    hero = state["characters"][HERO]
    assert (state["violations"], hero["current"]["health"], hero["status"]) == ({HERO: 3}, 10, "unconscious")


def test_end_of_turn_mode_wakes_the_knocked_out_and_clears_the_count() -> None:
    """After turn mode ends the character is conscious again with 20 Health."""
    state = fold(
        ev.TurnModeStarted(),
        ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning"),
        ev.TurnOrderViolated(character=HERO, violation=3, consequence="unconscious"),
        ev.TurnModeEnded(),
    )
    hero = state["characters"][HERO]
    assert (state["turn_mode"], state["violations"], hero["knocked_out"], hero["status"]) == (False, {}, False, "alive")


def test_new_turn_mode_starts_with_no_violations() -> None:
    """Violations are counted per combat."""
    state = fold(
        ev.TurnModeStarted(),
        ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning"),
        ev.TurnModeEnded(),
        ev.TurnModeStarted(),
    )
    assert (state["turn_mode"], state["violations"]) == (True, {})


def test_stamina_spent_stops_at_zero() -> None:
    """3 Stamina, 1 then 4 spent: 0."""
    hero = fold(
        ev.StaminaSpent(character=HERO, action="удар"),
        ev.StaminaSpent(character=HERO, amount=4, action="уклонения"),
    )["characters"][HERO]
    assert hero["current"]["stamina"] == 0


def test_effects_are_gained_and_removed() -> None:
    """Burn and fatigue gained, burn removed: fatigue remains."""
    hero = fold(
        ev.EffectGained(character=HERO, effect="burn"),
        ev.EffectGained(character=HERO, effect="fatigue"),
        ev.EffectRemoved(character=HERO, effect="burn"),
    )["characters"][HERO]
    assert hero["effects"] == ["fatigue"]


def test_perk_is_added_to_the_sheet() -> None:
    """A lost limb is a perk."""
    hero = fold(ev.PerkGained(character=HERO, perk="Без левой руки"))["characters"][HERO]
    assert hero["perks"] == ["Шрам", "Без левой руки"]


def test_death_and_revival() -> None:
    """Dead at 0 Survival, revived with the Health and Survival the Master set."""
    dead = fold(
        ev.DamageTaken(character=HERO, amount=30, cause="дракон"),
        ev.Died(character=HERO, cause="дракон"),
    )["characters"][HERO]
    revived = fold(
        ev.DamageTaken(character=HERO, amount=30, cause="дракон"),
        ev.Died(character=HERO, cause="дракон"),
        ev.Revived(character=HERO, by="Велимудр", method="ritual", health=1, survival=5),
    )["characters"][HERO]
    assert (dead["status"], dead["current"]) == ("dead", {"health": 0, "stamina": 3, "mana": 6, "survival": 0})
    assert (revived["status"], revived["current"]["health"], revived["current"]["survival"]) == ("alive", 1, 5)


def test_sleep_restores_health_and_mana_up_to_their_maxima() -> None:
    """8 hours restore 16 Health (14 -> 20 cap) and 8 Mana (2 -> 6 cap)."""
    hero = fold(
        ev.DamageTaken(character=HERO, amount=6, cause="меч"),
        ev.Recovered(character=HERO, pool="mana", amount=1, reason="зелье"),
        ev.SleepRolled(character=HERO, roll=Roll(sides=12, dice=[8]), hours=8, health_restored=16, mana_restored=8),
    )["characters"][HERO]
    assert (hero["current"]["health"], hero["current"]["mana"]) == (20, 6)


def test_xp_ledger_counts_awards_and_spending() -> None:
    """125 session + 30 bonus earned, 100 spent: balance 55; the skill rises from 2 to 3."""
    hero = fold(
        ev.XpAwarded(character=HERO, amount=125, source="session", minutes=150),
        ev.XpAwarded(character=HERO, amount=30, source="bonus", reason="разгадал загадку"),
        ev.XpSpent(character=HERO, amount=100, kind="skill", target="Фехтование"),
    )["characters"][HERO]
    assert (hero["xp"], hero["skills"]) == ({"earned": 155, "spent": 100, "balance": 55}, {"Фехтование": 3})


def test_master_award_goes_to_the_master_ledger() -> None:
    """187 XP for a 150-minute session credited to the Master, no character touched."""
    state = fold(ev.XpAwarded(character="Мастер Олег", amount=187, source="session", minutes=150, master=True))
    assert state["masters"] == {"Мастер Олег": {"earned": 187, "spent": 0, "balance": 187}}
    assert state["characters"][HERO]["xp"] == {"earned": 0, "spent": 0, "balance": 0}


def test_xp_buys_a_spell_at_initial_levels_then_develops_it() -> None:
    """A new Control+Alteration spell at 1/1, then +2 mastery and +1 efficiency."""
    hero = fold(
        ev.XpAwarded(character=HERO, amount=500, source="bonus", reason="квест"),
        ev.XpSpent(character=HERO, amount=125, kind="spell", target="Щит", schools=("control", "alteration")),
        ev.XpSpent(character=HERO, amount=60, kind="spell_mastery", target="Щит", levels=2),
        ev.XpSpent(character=HERO, amount=40, kind="spell_efficiency", target="Щит"),
    )["characters"][HERO]
    assert hero["spells"]["Щит"] == {"schools": ["control", "alteration"], "mastery": 3, "efficiency": 2}
    assert hero["xp"] == {"earned": 500, "spent": 225, "balance": 275}


def test_xp_raises_characteristics_and_parameters() -> None:
    """Strength 6 -> 7; Health maximum and current 20 -> 22; a new skill starts at the levels bought."""
    hero = fold(
        ev.XpAwarded(character=HERO, amount=400, source="bonus", reason="квест"),
        ev.XpSpent(character=HERO, amount=100, kind="characteristic", target="strength"),
        ev.XpSpent(character=HERO, amount=100, kind="parameter", target="health", levels=2),
        ev.XpSpent(character=HERO, amount=50, kind="skill", target="Травничество"),
    )["characters"][HERO]
    assert (hero["characteristics"]["strength"], hero["parameters"]["health"], hero["current"]["health"]) == (7, 22, 22)
    assert hero["skills"] == {"Фехтование": 2, "Травничество": 1}


def test_rolls_and_exchanges_leave_the_sheet_unchanged() -> None:
    """Dice alone change nothing: damage is its own event."""
    attempt = ev.PoolRoll(character=HERO, base_threshold=7, pool=2, threshold=7, roll=Roll(sides=10, dice=[7, 2]),
                          successes=1)
    state = fold(
        ev.RequestRolled(check="perception", attempt=attempt),
        ev.CombatExchanged(action="attack", challenge=attempt, response="none", margin=1, striker="challenger",
                           final_margin=1, critical=False, parry=False),
    )
    assert state == fold()


def test_other_systems_events_are_ignored() -> None:
    """A wield event does not touch the Stone Wheel state."""
    state = fold()
    sheet.apply(state, Event(id="x", campaign="камень", version=2, type="wield.geis_sealed", data={}, actor="Fate",
                             recorded_at="2024-05-01T18:00:00Z"))
    assert state == fold()


def test_state_is_json_serialisable() -> None:
    """A snapshot is orjson.dumps(state)."""
    state = fold(ev.EffectGained(character=HERO, effect="burn"), ev.TurnModeStarted())
    assert orjson.loads(orjson.dumps(state)) == state


# --- the fold computes; payload totals are for display ----------------------------------------------


def test_violation_numbers_are_counted_by_the_fold_and_penalties_are_the_tables() -> None:
    """Three violations all recorded as a 1st warning: counted 3 by the fold, each the warning the table gave."""
    recorded = ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning", damage=0)
    state = fold(ev.TurnModeStarted(), recorded, recorded, recorded)
    hero = state["characters"][HERO]
    assert (state["violations"], hero["current"]["health"], hero["status"]) == ({HERO: 3}, 20, "alive")


def test_schema_1_violations_are_priced_by_the_fold() -> None:
    """The same three stored under schema 1 fold as they always did: warning, 10 of 20 Health, unconscious."""
    recorded = ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning", damage=0)
    state = fold(ev.TurnModeStarted(), recorded, recorded, recorded, violations=1)
    hero = state["characters"][HERO]
    assert (state["violations"], hero["current"]["health"], hero["status"]) == ({HERO: 3}, 10, "unconscious")


@pytest.mark.parametrize(("schema", "health"), [(2, 6), (1, 8)])
def test_a_second_violation_costs_the_damage_applied_or_under_schema_1_half_the_health(schema: int,
                                                                                       health: int) -> None:
    """4 damage then a 2nd violation recorded as 10 damage: the sheet takes the 10 recorded (Health 6); a schema 1
    one is priced by the fold, 16 // 2 = 8 (Health 8)."""
    hero = fold(
        ev.DamageTaken(character=HERO, amount=4, cause="стрела"),
        ev.TurnModeStarted(),
        ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning"),
        ev.TurnOrderViolated(character=HERO, violation=2, consequence="health_penalty", damage=10),
        violations=schema,
    )["characters"][HERO]
    assert (hero["current"]["health"], hero["status"]) == (health, "alive")


def test_violations_past_the_third_fold_as_the_third() -> None:
    """Schema 1, without the turn-mode start between two combats the count reaches 4: unconscious, no damage."""
    recorded = ev.TurnOrderViolated(character=HERO, violation=1, consequence="warning")
    state = fold(ev.TurnModeStarted(), recorded, recorded, recorded, recorded, violations=1)
    hero = state["characters"][HERO]
    assert (state["violations"], hero["current"]["health"], hero["status"]) == ({HERO: 4}, 10, "unconscious")

def test_sleep_restores_its_hours_times_the_sheets_recovery() -> None:
    """12 damage, 3 h recorded as restoring nothing: the fold gives back 3 x 2 = 6 Health (14) and 3 Mana (6)."""
    hero = fold(
        ev.DamageTaken(character=HERO, amount=12, cause="меч"),
        ev.SleepRolled(character=HERO, roll=Roll(sides=12, dice=[3]), hours=3, health_restored=0, mana_restored=0),
    )["characters"][HERO]
    assert (hero["current"]["health"], hero["current"]["mana"]) == (14, 6)


def test_damage_that_empties_survival_is_death() -> None:
    """30 damage off 20 Health and 10 Survival: dead, with or without the died event."""
    hero = fold(ev.DamageTaken(character=HERO, amount=30, cause="дракон"))["characters"][HERO]
    assert (hero["dead"], hero["status"], hero["current"]["survival"]) == (True, "dead", 0)


def test_a_death_while_survival_remains_changes_nothing() -> None:
    """A died event after 5 damage (Survival 10): alive at 15 Health, as without it."""
    assert fold(ev.DamageTaken(character=HERO, amount=5, cause="меч"), ev.Died(character=HERO, cause="меч")) == fold(
        ev.DamageTaken(character=HERO, amount=5, cause="меч"))


def test_a_revival_of_the_living_changes_nothing() -> None:
    """Reviving Ратибор at full Health with 1 Health and 1 Survival leaves 20 and 10."""
    assert fold(ev.Revived(character=HERO, by="Велимудр", method="spell", health=1, survival=1)) == fold()
