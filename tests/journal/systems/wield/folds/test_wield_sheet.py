"""The Wield sheet projection: exact vatcha and hero sheets after folds."""

from __future__ import annotations

from wield_log import WieldLog

from journal.events.rolls import Roll
from journal.systems.wield import events as wield
from journal.systems.wield.folds import sheet


def bestow(log: WieldLog, rank: int, boxes: int, lost: int, power: str = "Gust", vatcha: str = "Sword") -> None:
    """Record a power the rules have already mapped onto the pyramid."""
    hero = "Ярослава" if vatcha == "Sword" else "Ansel"
    log.record(
        wield.PowerBestowed(
            vatcha=vatcha, hero=hero, power=power, domain="Air", rank=rank,
        )
    )


def test_new_vatcha_sheet(wield_log: WieldLog) -> None:
    """A vatcha created and taken up: everything written at creation, a full Control of 10."""
    wield_log.table()
    assert wield_log.fold(sheet)["vatcha"]["Sword"] == {
        "player": "John",
        "item": "Sword",
        "domains": ["Fire", "Death"],
        "goal": "Rule the kingdom",
        "steps": ["one", "two", "three", "four", "five"],
        "connections": [],
        "destruction": "Drop it in a volcano",
        "wielder": "Ярослава",
        "powers": [],
        "boxes": 0,
        "pyramid": [[False], [False, False], [False, False, False], [False, False, False, False]],
        "control_lost": 0,
        "control": 10,
    }


def test_new_hero_sheet(wield_log: WieldLog) -> None:
    """A new hero: background, destiny, no wounds, no geasa, alive."""
    wield_log.table()
    assert wield_log.fold(sheet)["heroes"]["Ярослава"] == {
        "player": "Jill",
        "vatcha": "Sword",
        "background": "Thief",
        "destiny": "Marry the prince",
        "powers": [],
        "wounds": 0,
        "conditions": {},
        "geasa": {},
        "owed": 0,
        "results": {},
        "alive": True,
        "death": None,
    }


def test_connections_are_kept_on_the_vatcha_sheet(wield_log: WieldLog) -> None:
    """Step 5: what other vatcha wrote on this sheet."""
    wield_log.record(
        wield.VatchaCreated(
            name="Jill's Ring", player="Jill", item="Ring", domains=["Water"], goal="Liberate the slaves",
            steps=["1", "2", "3", "4", "5"], destruction="Melted by a dragon",
            connections=[wield.Connection(vatcha="John's Sword", text="John saved me from the Green Wizard.")],
        )
    )
    assert wield_log.fold(sheet)["vatcha"]["Jill's Ring"]["connections"] == [
        {"vatcha": "John's Sword", "text": "John saved me from the Green Wizard."}
    ]


def test_john_three_rank_one_powers_on_the_sheet(wield_log: WieldLog) -> None:
    """John's example: three boxes marked down to row 2, Control 8."""
    wield_log.table()
    for boxes, lost in ((1, 1), (2, 2), (3, 2)):
        bestow(wield_log, 1, boxes, lost)
    vatcha = wield_log.fold(sheet)["vatcha"]["Sword"]
    assert (vatcha["boxes"], vatcha["control_lost"], vatcha["control"]) == (3, 2, 8)
    assert vatcha["pyramid"] == [[True], [True, True], [False, False, False], [False, False, False, False]]
    assert vatcha["powers"] == [{"power": "Gust", "rank": 1, "domain": "Air"}] * 3


def test_ro_full_pyramid_leaves_no_control(wield_log: WieldLog) -> None:
    """Ro's example: ten points of Air powers, Control 0."""
    wield_log.table()
    bestow(wield_log, 10, 10, 10, power="All Air Powers", vatcha="Кольцо")
    vatcha = wield_log.fold(sheet)["vatcha"]["Кольцо"]
    assert (vatcha["boxes"], vatcha["control_lost"], vatcha["control"]) == (10, 10, 0)


def test_bestowed_power_is_on_the_hero_sheet(wield_log: WieldLog) -> None:
    """The wielder lists the powers he bears."""
    wield_log.table()
    bestow(wield_log, 2, 2, 2, power="Flame")
    assert wield_log.fold(sheet)["heroes"]["Ярослава"]["powers"] == [{"power": "Flame", "rank": 2, "domain": "Air"}]


def test_new_wielder_starts_a_fresh_pyramid(wield_log: WieldLog) -> None:
    """When a new hero takes up the vatcha, its pyramid starts empty."""
    wield_log.table()
    bestow(wield_log, 4, 4, 3)
    wield_log.record(wield.HeroDied(hero="Ярослава", cause="fell from the wall"))
    wield_log.record(
        wield.HeroCreated(name="Всеслав", player="Ro", vatcha="Sword", background="Hunter", destiny="Find my sister")
    )
    vatcha = wield_log.fold(sheet)["vatcha"]["Sword"]
    assert (vatcha["wielder"], vatcha["boxes"], vatcha["control"], vatcha["powers"]) == ("Всеслав", 0, 10, [])


def test_combat_wounds_are_tallied_for_heroes_only(wield_log: WieldLog) -> None:
    """Wounds from two rounds add up; an NPC gets no sheet."""
    wield_log.table()
    for taken in (1, 2):
        wield_log.record(
            wield.CombatRound(
                declarations=[wield.Declared(combatant="Орк", action="attack", wounds=3, target="Ярослава")],
                actions=[wield.Declared(combatant="Орк", action="attack", wounds=3, target="Ярослава")],
                wounds={"Ярослава": taken, "Орк": 0},
            )
        )
    state = wield_log.fold(sheet)
    assert state["heroes"]["Ярослава"]["wounds"] == 3
    assert "Орк" not in state["heroes"]


def test_conditions_gained_and_removed(wield_log: WieldLog) -> None:
    """A condition stays on the sheet until removed."""
    wield_log.table()
    wield_log.record(wield.ConditionGained(hero="Ansel", condition="blessed", effect="+5 to a roll", bonus=5))
    wield_log.record(wield.ConditionGained(hero="Ansel", condition="on fire"))
    wield_log.record(wield.ConditionRemoved(hero="Ansel", condition="on fire", reason="jumped in the river"))
    assert wield_log.fold(sheet)["heroes"]["Ansel"]["conditions"] == {
        "blessed": {"effect": "+5 to a roll", "extra_dice": 0, "bonus": 5}
    }


def test_geis_breached_collected_then_death_on_the_sheet(wield_log: WieldLog) -> None:
    """A rank 2 geis broken owes 2; one is collected; death wipes the last."""
    wield_log.table()
    sealed = wield_log.broken_geis("Ярослава", 2, chance="open the gate")
    owed_after_breach = wield_log.fold(sheet)["heroes"]["Ярослава"]
    assert (owed_after_breach["owed"], owed_after_breach["geasa"][sealed]["owed"]) == (2, 2)
    success = wield_log.chance("Ярослава", "pick the lock", 15)
    wield_log.record(wield.FailureCollected(hero="Ярослава", geis=sealed, success=success))
    after_collection = wield_log.fold(sheet)["heroes"]["Ярослава"]
    assert (after_collection["owed"], after_collection["geasa"][sealed]["owed"]) == (1, 1)
    wield_log.record(wield.HeroDied(hero="Ярослава", cause="poison"))
    hero = wield_log.fold(sheet)["heroes"]["Ярослава"]
    assert hero["geasa"] == {
        sealed: {"promise": "never drink", "rank": 2, "degree": None, "broken": True, "owed": 0}
    }
    assert (hero["owed"], hero["alive"], hero["death"]) == (0, False, "poison")


def test_a_collected_success_reads_as_a_failure_on_the_sheet(wield_log: WieldLog) -> None:
    """The hero's results keep each chance; the one Fate collected on reads as a failure, naming the geis."""
    wield_log.table()
    sealed = wield_log.broken_geis("Ярослава", 1)
    kept = wield_log.chance("Ярослава", "climb the wall", 12)
    turned = wield_log.chance("Ярослава", "pick the lock", 15)
    wield_log.record(wield.FailureCollected(hero="Ярослава", geis=sealed, success=turned))
    assert wield_log.fold(sheet)["heroes"]["Ярослава"]["results"] == {
        kept: {"version": 8, "kind": "chance", "what": "climb the wall", "success": True, "collected": None},
        turned: {"version": 9, "kind": "chance", "what": "pick the lock", "success": False, "collected": sealed},
    }


def test_failure_collected_in_combat_changes_wounds(wield_log: WieldLog) -> None:
    """Fate fails the hero's defence: the wounds it saved are taken after all (1 becomes 3)."""
    wield_log.table()
    sealed = wield_log.broken_geis("Ansel", 1, chance="the duel")
    fight = wield_log.record(round_defended_against_the_orc())
    assert wield_log.fold(sheet)["heroes"]["Ansel"]["wounds"] == 1
    wield_log.record(wield.FailureCollected(hero="Ansel", geis=sealed, success=fight, wounds={"Ansel": 2}))
    hero = wield_log.fold(sheet)["heroes"]["Ansel"]
    assert (hero["wounds"], hero["owed"], hero["results"][fight]["success"]) == (3, 0, False)


def test_wounds_after_a_collection_are_resolved_from_the_dice_not_copied(wield_log: WieldLog) -> None:
    """The round is resolved again with the hero failed: 3 wounds, whatever change the payload carries."""
    wield_log.table()
    sealed = wield_log.broken_geis("Ansel", 1, chance="the duel")
    fight = wield_log.record(round_defended_against_the_orc())
    wield_log.record(wield.FailureCollected(hero="Ansel", geis=sealed, success=fight, wounds={"Ansel": 4}))
    assert wield_log.fold(sheet)["heroes"]["Ansel"]["wounds"] == 3


def test_a_combat_round_keeps_each_heros_action_as_recorded_not_as_text(wield_log: WieldLog) -> None:
    """Ansel's result of the round is his action's fields (defend 2, nobody named: no target), never an English line
    («defend 2»): the reader's words are chosen where the sheet is shown."""
    wield_log.table()
    fight = wield_log.record(round_defended_against_the_orc())
    assert wield_log.fold(sheet)["heroes"]["Ansel"]["results"] == {
        fight: {"version": 5, "kind": "combat", "what": {"action": "defend", "wounds": 2}, "success": True,
                "collected": None}}


def test_a_heros_attack_keeps_its_wounds_and_target(wield_log: WieldLog) -> None:
    """Ярослава attacks the orc for 2: her result's ``what`` is ``{action: attack, wounds: 2, target: Орк}``."""
    wield_log.table()
    attack = wield.Declared(combatant="Ярослава", action="attack", wounds=2, target="Орк")
    fight = wield_log.record(wield.CombatRound(
        declarations=[attack], actions=[attack],
        checks=[wield.CombatCheck(combatant="Ярослава", target=10, roll=Roll(sides=20, dice=[4]), total=4,
                                  success=False)],
        wounds={"Орк": 0}))
    assert wield_log.fold(sheet)["heroes"]["Ярослава"]["results"][fight]["what"] == {
        "action": "attack", "wounds": 2, "target": "Орк"}


def test_the_pyramid_is_computed_from_the_ranks_not_copied_from_the_payload(wield_log: WieldLog) -> None:
    """Ranks 1 and 2 mark 3 boxes: Control lost 2, Control 8, though the payloads say otherwise."""
    wield_log.table()
    bestow(wield_log, 1, 4, 3)
    bestow(wield_log, 2, 9, 4, power="Flame")
    vatcha = wield_log.fold(sheet)["vatcha"]["Sword"]
    assert (vatcha["boxes"], vatcha["control_lost"], vatcha["control"]) == (3, 2, 8)
    assert vatcha["pyramid"] == [[True], [True, True], [False, False, False], [False, False, False, False]]


def round_defended_against_the_orc() -> wield.CombatRound:
    """Ansel defends 2 (12 against 10) while the orc attacks him for 3 (20 against 20): he takes 1 wound."""
    defend = wield.Declared(combatant="Ansel", action="defend", wounds=2)
    attack = wield.Declared(combatant="Орк", action="attack", wounds=3, target="Ansel")
    return wield.CombatRound(
        declarations=[defend, attack], actions=[defend, attack],
        checks=[wield.CombatCheck(combatant="Ansel", target=10, roll=Roll(sides=20, dice=[12]), total=12, success=True),
                wield.CombatCheck(combatant="Орк", target=20, roll=Roll(sides=20, dice=[20]), total=20, success=True)],
        hits=[wield.Hit(attacker="Орк", defender="Ansel", inflicted=3, protected=2, wounds=1)],
        wounds={"Ansel": 1},
    )  # fmt: skip
