"""The Dichotomy sheet fold: exact sheets after creation, Charlotte's fight, abilities, motives, XP."""

from __future__ import annotations

from typing import Any

import orjson

from journal.events import Payload
from journal.events.envelope import Event
from journal.systems.dichotomy import events as dichotomy
from journal.systems.dichotomy.folds.sheet import fold, initial, motive_slots, track
from journal.systems.dichotomy.rules import MotiveSlot, Track

CHARLOTTE = "Шарлотта"
SUSAN_ATTRIBUTES = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}


def _events(*payloads: Payload) -> list[Event]:
    return [
        Event(
            id=f"e{version}", campaign="dichotomy-test", version=version, type=payload.type,
            data=payload.to_data(), actor="ГМ", recorded_at="2024-05-01T18:00:00Z",
        )
        for version, payload in enumerate(payloads, 1)
    ]


def _created(name: str = CHARLOTTE, first_adventure: int = 1) -> dichotomy.CharacterCreated:
    return dichotomy.CharacterCreated(
        name=name,
        player="Сьюзан",
        attributes=dichotomy.Attributes(**SUSAN_ATTRIBUTES),
        abilities=[
            dichotomy.Ability(name="Deadly Aim", attribute="finesse"),
            dichotomy.Ability(name="Acrobatics", attribute="martial"),
            dichotomy.Ability(name="Tracking", attribute="natural"),
        ],
        motives=["Love", "Faith"],
        wealth="comfortable",
        carrying_capacity=7,
        first_adventure=first_adventure,
    )


def _damage(damage: int, lost: int, discarded: int, shaken: int, injured: bool, serious: bool,
            may_dive: bool = False, end: str | None = None) -> dichotomy.DamageApplied:
    return dichotomy.DamageApplied(
        character=CHARLOTTE, damage=damage, hits_lost=lost, discarded=discarded,
        may_dive=may_dive, end=end,
    )  # schema 2 stores no track (``shaken``, ``injured``, ``serious``: what the table saw, unused by the fold)


CHARLOTTE_FIGHT = (
    _damage(2, 2, 0, 2, False, False),
    _damage(2, 1, 1, 0, True, False),
    _damage(1, 1, 0, 1, True, False),
    _damage(5, 2, 3, 0, True, True, may_dive=True),
    _damage(1, 1, 0, 1, True, True, may_dive=True),
)


def _health_after(*payloads: Payload) -> dict[str, Any]:
    return fold(_events(_created(), *payloads))["characters"][CHARLOTTE]["health"]


def test_initial_state_is_empty_and_serialisable() -> None:
    """No characters, no adventures; the state dumps to JSON."""
    assert orjson.loads(orjson.dumps(initial())) == {"adventures": {"started": 0, "ended": 0}, "characters": {}}


def test_created_sheet_is_exact() -> None:
    """A new character's sheet holds what creation recorded and an empty track and ledger."""
    assert fold(_events(_created()))["characters"][CHARLOTTE] == {
        "player": "Сьюзан",
        "attributes": SUSAN_ATTRIBUTES,
        "abilities": [
            {"name": "Deadly Aim", "attribute": "finesse"},
            {"name": "Acrobatics", "attribute": "martial"},
            {"name": "Tracking", "attribute": "natural"},
        ],
        "monster_slayer_bonus": 0,
        "motives": [
            {"motive": "Love", "since": 1, "last_scored": None, "locked_until": None},
            {"motive": "Faith", "since": 1, "last_scored": None, "locked_until": None},
        ],
        "health": {"shaken": 0, "injured": False, "serious": False, "drawing": "|○○|○|○|"},
        "may_dive": False,
        "diving": False,
        "status": "active",
        "wealth": "comfortable",
        "connections": [],
        "equipment": [],
        "carrying_capacity": 7,
        "xp": {"earned": 0, "spent": 0, "balance": 0},
    }


def test_charlotte_round_1_sheet() -> None:
    """After round 1 both Shaken circles are filled."""
    assert _health_after(*CHARLOTTE_FIGHT[:1]) == {
        "shaken": 2, "injured": False, "serious": False, "drawing": "|●●|○|○|"
    }


def test_charlotte_round_2_sheet() -> None:
    """After round 2 she is Injured and Shaken is reset."""
    assert _health_after(*CHARLOTTE_FIGHT[:2]) == {
        "shaken": 0, "injured": True, "serious": False, "drawing": "|○○|●|○|"
    }


def test_charlotte_round_3_sheet() -> None:
    """After round 3 one Shaken circle is filled again."""
    assert _health_after(*CHARLOTTE_FIGHT[:3]) == {
        "shaken": 1, "injured": True, "serious": False, "drawing": "|●○|●|○|"
    }


def test_charlotte_round_4_sheet() -> None:
    """After round 4 she is Seriously Injured with Shaken reset."""
    assert _health_after(*CHARLOTTE_FIGHT[:4]) == {
        "shaken": 0, "injured": True, "serious": True, "drawing": "|○○|●|●|"
    }


def test_charlotte_round_5_sheet() -> None:
    """After round 5 one Shaken circle is filled on top of both states."""
    assert _health_after(*CHARLOTTE_FIGHT) == {"shaken": 1, "injured": True, "serious": True, "drawing": "|●○|●|●|"}


def test_charlotte_dives_and_the_fight_ends() -> None:
    """Her dive shows until the fight ends; then nobody dives or may dive."""
    diving = fold(_events(_created(), *CHARLOTTE_FIGHT, dichotomy.DiveTaken(character=CHARLOTTE)))
    ended = fold(_events(_created(), *CHARLOTTE_FIGHT, dichotomy.DiveTaken(character=CHARLOTTE),
                         dichotomy.FightEnded()))
    sheet_diving, sheet_ended = diving["characters"][CHARLOTTE], ended["characters"][CHARLOTTE]
    assert (sheet_diving["diving"], sheet_diving["may_dive"]) == (True, False)
    assert (sheet_ended["diving"], sheet_ended["may_dive"]) == (False, False)


def test_charlotte_after_the_fight_and_the_healing() -> None:
    """Rest restores her Shaken Hit; 24 hours heal the Injury; the Serious injury remains."""
    health = _health_after(
        *CHARLOTTE_FIGHT,
        dichotomy.HitsRecovered(character=CHARLOTTE, how="rest", hits=1),
        dichotomy.InjuryHealed(character=CHARLOTTE, injury="injury"),
    )
    assert health == {"shaken": 0, "injured": False, "serious": True, "drawing": "|○○|○|●|"}


def test_third_hit_after_both_states_marks_death() -> None:
    """A damage record naming death puts the character out."""
    state = fold(_events(_created(), *CHARLOTTE_FIGHT, _damage(3, 2, 1, 2, True, True, end="death")))
    assert state["characters"][CHARLOTTE]["status"] == "death"


def test_abilities_fold_with_the_monster_slayer_bonus() -> None:
    """Three more abilities make six; the sheet shows Monster Slayer +1."""
    gains = [
        dichotomy.AbilityGained(character=CHARLOTTE, ability=dichotomy.Ability(name=name, attribute=attribute),
                                abilities=count, monster_slayer_bonus=bonus)
        for name, attribute, count, bonus in (
            ("Bless", "spiritual", 4, 0), ("Survival", "natural", 5, 0), ("Smite", "power", 6, 1)
        )
    ]
    sheet = fold(_events(_created(), *gains))["characters"][CHARLOTTE]
    assert [ability["name"] for ability in sheet["abilities"]] == [
        "Deadly Aim", "Acrobatics", "Tracking", "Bless", "Survival", "Smite"
    ]
    assert sheet["monster_slayer_bonus"] == 1


def _motive_xp(motive: str, outcome: str, slot: int, adventure: int) -> dichotomy.XpAwarded:
    return dichotomy.XpAwarded(character=CHARLOTTE, amount=2 if outcome == "fulfilled" else 3, source="motive",
                               reason=f"{motive} {outcome}", motive=motive, outcome=outcome, slot=slot,
                               adventure=adventure)


ADVENTURE_1 = (
    dichotomy.AdventureStarted(number=1, title="Гробница"),
    _motive_xp("Love", "fulfilled", 0, 1),
    _motive_xp("Faith", "betrayed", 1, 1),
    dichotomy.AdventureEnded(number=1),
)


def test_motive_outcomes_earn_xp_and_lock_the_betrayed_slot() -> None:
    """Love fulfilled (+2) and Faith betrayed (+3) in adventure 1: 5 XP, Faith's slot locked until 2 ends."""
    state = fold(_events(_created(), *ADVENTURE_1))
    sheet = state["characters"][CHARLOTTE]
    assert state["adventures"] == {"started": 1, "ended": 1}
    assert sheet["xp"] == {"earned": 5, "spent": 0, "balance": 5}
    assert sheet["motives"] == [
        {"motive": "Love", "since": 1, "last_scored": 1, "locked_until": None},
        {"motive": None, "since": 1, "last_scored": 1, "locked_until": 2},
    ]


def test_betrayed_slot_unlocks_when_one_more_adventure_ends_and_takes_a_motive() -> None:
    """After adventure 2 ends the slot opens; Revenge fills it for adventure 3."""
    state = fold(_events(
        _created(), *ADVENTURE_1,
        dichotomy.AdventureStarted(number=2), dichotomy.AdventureEnded(number=2),
        dichotomy.MotiveChosen(character=CHARLOTTE, motive="Revenge", slot=1, since=3),
    ))
    assert state["characters"][CHARLOTTE]["motives"][1] == {
        "motive": "Revenge", "since": 3, "last_scored": None, "locked_until": None
    }


def test_swapped_motive_replaces_its_slot() -> None:
    """Love swapped for Truth after adventure 1 starts fresh from adventure 2."""
    state = fold(_events(
        _created(), dichotomy.AdventureStarted(number=1), dichotomy.AdventureEnded(number=1),
        dichotomy.MotiveSwapped(character=CHARLOTTE, old="Love", new="Truth", slot=0, since=2),
    ))
    assert state["characters"][CHARLOTTE]["motives"][0] == {
        "motive": "Truth", "since": 2, "last_scored": None, "locked_until": None
    }


def test_spending_xp_on_a_cottage_and_changing_wealth() -> None:
    """5 XP earned buys a Cottage; between adventures wealth becomes affluent; renown adds 1 XP."""
    sheet = fold(_events(
        _created(), *ADVENTURE_1,
        dichotomy.XpSpent(character=CHARLOTTE, amount=5, connection="Cottage", reason="a flat in town"),
        dichotomy.XpAwarded(character=CHARLOTTE, amount=1, source="renown", reason="saved the mayor"),
        dichotomy.WealthChanged(character=CHARLOTTE, previous="comfortable", level="affluent"),
    ))["characters"][CHARLOTTE]
    assert sheet["xp"] == {"earned": 6, "spent": 5, "balance": 1}
    assert sheet["connections"] == [{"name": "Cottage", "cost": 5}]
    assert sheet["wealth"] == "affluent"


def test_packed_equipment_replaces_the_list() -> None:
    """The latest packing is what the character carries."""
    sheet = fold(_events(
        _created(),
        dichotomy.EquipmentPacked(character=CHARLOTTE, items=["Rope", "Torch"], capacity=7),
        dichotomy.EquipmentPacked(character=CHARLOTTE, items=["Lantern", "Oil", "Rations"], capacity=7),
    ))["characters"][CHARLOTTE]
    assert (sheet["equipment"], sheet["carrying_capacity"]) == (["Lantern", "Oil", "Rations"], 7)


def test_checks_and_other_systems_leave_the_sheet_alone() -> None:
    """A check changes no sheet, and a foreign event is ignored."""
    check = dichotomy.CheckRolled.model_validate({
        "character": CHARLOTTE,
        "roll": {"sides": 10, "dice": [6, 1]},
        "dice": [
            {"attribute": "finesse", "attribute_value": 6, "tn": 10, "total": 12, "success": True},
            {"attribute": "technical", "attribute_value": 1, "tn": 10, "total": 2, "success": False},
        ],
        "outcome": "partial",
    })
    foreign = Event(id="x", campaign="dichotomy-test", version=9, type="wield.geis_sealed", data={},
                    actor="ГМ", recorded_at="2024-05-01T18:00:00Z")
    assert fold([*_events(_created(), check), foreign]) == fold(_events(_created()))


def test_sheet_parts_convert_back_to_rule_values() -> None:
    """track() and motive_slots() hand the sheet to the rules as their dataclasses."""
    sheet = fold(_events(_created(), *CHARLOTTE_FIGHT, *ADVENTURE_1))["characters"][CHARLOTTE]
    assert track(sheet) == Track(1, True, True)
    assert motive_slots(sheet) == (MotiveSlot("Love", 1, 1, None), MotiveSlot(None, 1, 1, 2))


def test_russian_names_survive_a_json_snapshot() -> None:
    """The state with a Cyrillic character round-trips through orjson unchanged."""
    state = fold(_events(_created(), *CHARLOTTE_FIGHT, *ADVENTURE_1))
    assert orjson.loads(orjson.dumps(state)) == state


def test_the_track_is_computed_from_the_damage_not_the_recorded_track() -> None:
    """A round of 1 whose payload recorded |●●|○|○| (after a round since removed) folds to |●○|○|○|."""
    stale = _damage(1, 1, 0, 2, False, False)
    assert _health_after(stale) == {"shaken": 1, "injured": False, "serious": False, "drawing": "|●○|○|○|"}


def test_charlottes_fight_without_round_one_equals_the_fight_that_never_had_it() -> None:
    """Rounds 2-5 as recorded in the full fight fold exactly like rounds of 2, 1, 5, 1 on a fresh track."""
    assert _health_after(*CHARLOTTE_FIGHT[1:]) == {"shaken": 1, "injured": True, "serious": True,
                                                   "drawing": "|●○|●|●|"}
    state = fold(_events(_created(), *CHARLOTTE_FIGHT[1:]))
    assert state["characters"][CHARLOTTE]["may_dive"] is True


def test_a_dive_is_open_only_when_the_recomputed_round_brings_a_serious_injury() -> None:
    """Round 4 (5 damage, recorded with may_dive) on a fresh track only fills Shaken and Injured: no dive."""
    sheet = fold(_events(_created(), CHARLOTTE_FIGHT[3]))["characters"][CHARLOTTE]
    assert (sheet["health"]["drawing"], sheet["may_dive"]) == ("|○○|●|○|", False)


def test_a_named_death_stands_only_on_the_third_hit_after_both_states() -> None:
    """A round of 3 naming death folded on a fresh track is an Injury; the character stays active."""
    sheet = fold(_events(_created(), _damage(3, 2, 1, 2, True, True, end="death")))["characters"][CHARLOTTE]
    assert (sheet["status"], sheet["health"]["drawing"]) == ("active", "|○○|●|○|")


def test_recovery_and_healing_follow_the_track_not_the_recorded_one() -> None:
    """Recover with no Hit lost restores nothing; a heal of an Injury not taken changes nothing."""
    health = _health_after(
        _damage(1, 1, 0, 1, False, False),
        dichotomy.HitsRecovered(character=CHARLOTTE, how="recover_action", hits=1),
        dichotomy.HitsRecovered(character=CHARLOTTE, how="recover_action", hits=1),
        dichotomy.InjuryHealed(character=CHARLOTTE, injury="serious"),
    )
    assert health == {"shaken": 0, "injured": False, "serious": False, "drawing": "|○○|○|○|"}


def test_the_monster_slayer_bonus_is_counted_from_the_abilities_held() -> None:
    """Three gains recorded with the counts and bonuses of a character with one more ability: 6 held, +1."""
    gains = [
        dichotomy.AbilityGained(character=CHARLOTTE, ability=dichotomy.Ability(name=name, attribute=attribute),
                                abilities=count, monster_slayer_bonus=bonus)
        for name, attribute, count, bonus in (
            ("Bless", "spiritual", 5, 0), ("Survival", "natural", 6, 1), ("Smite", "power", 7, 2)
        )
    ]
    sheet = fold(_events(_created(), *gains))["characters"][CHARLOTTE]
    assert (len(sheet["abilities"]), sheet["monster_slayer_bonus"]) == (6, 1)


def test_a_motive_award_scores_the_slot_holding_the_motive() -> None:
    """An award recorded for slot 1 scores Love where it is held (slot 0); one for a motive not held scores no slot."""
    state = fold(_events(
        _created(), dichotomy.AdventureStarted(number=1),
        _motive_xp("Love", "fulfilled", 1, 1), _motive_xp("Honor", "betrayed", 0, 1),
    ))
    sheet = state["characters"][CHARLOTTE]
    assert sheet["motives"] == [
        {"motive": "Love", "since": 1, "last_scored": 1, "locked_until": None},
        {"motive": "Faith", "since": 1, "last_scored": None, "locked_until": None},
    ]
    assert sheet["xp"] == {"earned": 5, "spent": 0, "balance": 5}


def test_a_new_motive_needs_an_empty_slot_and_takes_the_adventure_it_is_chosen_in() -> None:
    """With both slots held a chosen motive fills nothing; recorded for slot 0 and since 7, it fills the empty
    slot 1 and counts from adventure 2, the next after adventure 1 ended."""
    full = fold(_events(_created(), dichotomy.MotiveChosen(character=CHARLOTTE, motive="Revenge", slot=1, since=3)))
    assert [slot["motive"] for slot in full["characters"][CHARLOTTE]["motives"]] == ["Love", "Faith"]
    state = fold(_events(
        _created(), *ADVENTURE_1,
        dichotomy.MotiveChosen(character=CHARLOTTE, motive="Revenge", slot=0, since=7),
    ))
    assert state["characters"][CHARLOTTE]["motives"][1] == {
        "motive": "Revenge", "since": 2, "last_scored": None, "locked_until": None
    }
