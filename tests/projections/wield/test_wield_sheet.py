"""The Wield sheet projection: exact vatcha and hero sheets after folds."""

from __future__ import annotations

from wield_log import WieldLog

from journal.systems.wield import events as wield
from projections.wield import sheet


def bestow(log: WieldLog, rank: int, boxes: int, lost: int, power: str = "Gust", vatcha: str = "Sword") -> None:
    """Record a power the rules have already mapped onto the pyramid."""
    hero = "Ярослава" if vatcha == "Sword" else "Ansel"
    log.record(
        wield.PowerBestowed(
            vatcha=vatcha, hero=hero, power=power, domain="Air", rank=rank, boxes=boxes, control_lost=lost,
            vatcha_dice=10 - lost, wielder_dice=lost,
        )  # fmt: skip
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
        )  # fmt: skip
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
    offer = wield_log.record(wield.GeisOffered(hero="Ярослава", chance="open the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero="Ярослава", negotiation=offer, promise="never drink", rank=2))
    wield_log.record(wield.GeisBreached(hero="Ярослава", geis=sealed, rank=2, how="drank at the wedding"))
    owed_after_breach = wield_log.fold(sheet)["heroes"]["Ярослава"]
    assert (owed_after_breach["owed"], owed_after_breach["geasa"][sealed]["owed"]) == (2, 2)
    wield_log.record(wield.FailureCollected(hero="Ярослава", geis=sealed, success="e99", remaining=1))
    wield_log.record(wield.HeroDied(hero="Ярослава", cause="poison"))
    hero = wield_log.fold(sheet)["heroes"]["Ярослава"]
    assert hero["geasa"] == {
        sealed: {"promise": "never drink", "rank": 2, "degree": None, "broken": True, "owed": 0}
    }
    assert (hero["owed"], hero["alive"], hero["death"]) == (0, False, "poison")


def test_failure_collected_in_combat_changes_wounds(wield_log: WieldLog) -> None:
    """Fate fails the hero's defence: the wounds it saved are taken after all."""
    wield_log.table()
    offer = wield_log.record(wield.GeisOffered(hero="Ansel", chance="the duel", promise="give my cloak away"))
    sealed = wield_log.record(wield.GeisSealed(hero="Ansel", negotiation=offer, promise="give my cloak away", rank=1))
    wield_log.record(wield.GeisBreached(hero="Ansel", geis=sealed, rank=1, how="kept the cloak"))
    wield_log.record(wield.FailureCollected(hero="Ansel", geis=sealed, success="e9", remaining=0, wounds={"Ansel": 2}))
    hero = wield_log.fold(sheet)["heroes"]["Ansel"]
    assert (hero["wounds"], hero["owed"]) == (2, 0)
