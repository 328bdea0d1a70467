"""The Wield control projection: standings per vatcha and wielder, transfers and Control Risks."""

from __future__ import annotations

from wield_log import WieldLog

from journal.events.rolls import Roll
from journal.systems.wield import events as wield
from journal.systems.wield.folds import control


def d20(*dice: int) -> Roll | None:
    """Table-thrown d20s, or None for an empty pool."""
    return Roll(sides=20, dice=list(dice)) if dice else None


def jill_bestows_one_point(log: WieldLog) -> None:
    """Jill's example: one rank, one box, Control 9 against 1."""
    log.record(
        wield.PowerBestowed(
            vatcha="Кольцо", hero="Ansel", power="Breeze", domain="Air", rank=1,
        )
    )


def test_jill_standing_after_one_point(wield_log: WieldLog) -> None:
    """One transfer: 9 dice for the vatcha, 1 for the wielder."""
    wield_log.table()
    jill_bestows_one_point(wield_log)
    assert wield_log.fold(control)["vatcha"]["Кольцо"] == {
        "wielder": "Ansel",
        "wielders": {
            "Ansel": {
                "alive": True,
                "boxes": 1,
                "control_lost": 1,
                "vatcha_dice": 9,
                "wielder_dice": 1,
                "transfers": [
                    {
                        "event": "e5",
                        "version": 5,
                        "power": "Breeze",
                        "rank": 1,
                        "mapping": "pyramid",
                        "boxes": 1,
                        "control_lost": 1,
                    }
                ],
                "risks": [],
                "wins": {"vatcha": 0, "wielder": 0},
            }
        },
    }


def test_tied_risk_and_its_reroll_are_linked(wield_log: WieldLog) -> None:
    """A complete tie is kept as a re-roll; the new roll names it and counts the win."""
    wield_log.table()
    jill_bestows_one_point(wield_log)
    wield_log.record(
        wield.ControlRisk(
            vatcha="Кольцо", hero="Ansel", demand="abandon the princess", destiny=True, control_lost=1,
            vatcha_dice=9, wielder_dice=2, vatcha_roll=d20(20, 17, 3, 3, 3, 3, 3, 3, 3),
            wielder_roll=d20(17, 20), outcome="reroll",
        )
    )
    wield_log.record(
        wield.ControlRisk(
            vatcha="Кольцо", hero="Ansel", demand="abandon the princess", destiny=True, control_lost=1,
            vatcha_dice=9, wielder_dice=2, vatcha_roll=d20(5, 5, 5, 5, 5, 5, 5, 5, 5), wielder_roll=d20(6, 1),
            outcome="wielder", reroll_of="e6",
        )
    )
    standing = wield_log.fold(control)["vatcha"]["Кольцо"]["wielders"]["Ansel"]
    assert [(risk["event"], risk["outcome"], risk["reroll_of"]) for risk in standing["risks"]] == [
        ("e6", "reroll", None),
        ("e7", "wielder", "e6"),
    ]
    assert standing["risks"][1]["wielder_dice"] == [6, 1]
    assert standing["wins"] == {"vatcha": 0, "wielder": 1}


def test_ro_vatcha_with_no_dice_is_recorded_with_an_empty_pool(wield_log: WieldLog) -> None:
    """Ro rolls no dice: her side of the risk is empty and the wielder wins."""
    wield_log.table()
    wield_log.record(
        wield.PowerBestowed(
            vatcha="Кольцо", hero="Ansel", power="All Air Powers", domain="Air", rank=10,
        )
    )
    wield_log.record(
        wield.ControlRisk(
            vatcha="Кольцо", hero="Ansel", demand="burn the village", control_lost=10, vatcha_dice=0,
            wielder_dice=10, wielder_roll=d20(1, 1, 1, 1, 1, 1, 1, 1, 1, 2), outcome="wielder",
        )
    )
    risk = wield_log.fold(control)["vatcha"]["Кольцо"]["wielders"]["Ansel"]["risks"][0]
    assert (risk["vatcha_dice"], risk["outcome"]) == ([], "wielder")


def won_risk(log: WieldLog) -> str:
    """Ansel wins a Control Risk against the Ring, 19 against nine 2s; the risk's id."""
    return log.record(
        wield.ControlRisk(
            vatcha="Кольцо", hero="Ansel", demand="flee", control_lost=1, vatcha_dice=9, wielder_dice=1,
            vatcha_roll=d20(2, 2, 2, 2, 2, 2, 2, 2, 2), wielder_roll=d20(19), outcome="wielder",
        )
    )


def test_failure_collected_turns_the_risk_to_the_vatcha(wield_log: WieldLog) -> None:
    """Fate spends a failure on the wielder's winning roll: the vatcha wins that risk."""
    wield_log.table()
    jill_bestows_one_point(wield_log)
    sealed = wield_log.broken_geis("Ansel", 1)
    risk = won_risk(wield_log)
    wield_log.record(wield.FailureCollected(hero="Ansel", geis=sealed, success=risk, winner="vatcha"))
    standing = wield_log.fold(control)["vatcha"]["Кольцо"]["wielders"]["Ansel"]
    assert (standing["risks"][0]["outcome"], standing["risks"][0]["failure_collected"]) == ("vatcha", "e10")
    assert standing["wins"] == {"vatcha": 1, "wielder": 0}


def test_a_failure_on_a_geis_never_broken_leaves_the_win_to_the_wielder(wield_log: WieldLog) -> None:
    """A collection naming a sealed geis with no breach in the log (its breach voided) counts for nothing."""
    wield_log.table()
    jill_bestows_one_point(wield_log)
    opening = wield_log.record(wield.GeisOffered(hero="Ansel", chance="the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero="Ansel", negotiation=opening, promise="never drink", rank=1))
    risk = won_risk(wield_log)
    wield_log.record(wield.FailureCollected(hero="Ansel", geis=sealed, success=risk, winner="vatcha"))
    standing = wield_log.fold(control)["vatcha"]["Кольцо"]["wielders"]["Ansel"]
    assert (standing["risks"][0]["outcome"], standing["risks"][0]["failure_collected"]) == ("wielder", None)
    assert standing["wins"] == {"vatcha": 0, "wielder": 1}


def test_the_standing_is_computed_from_the_ranks_not_copied_from_the_payload(wield_log: WieldLog) -> None:
    """Ranks 1 then 2 mark 3 boxes (Control lost 2, dice 8/2) whatever totals the payloads carry."""
    wield_log.table()
    for power, rank, boxes, lost in (("Breeze", 1, 5, 3), ("Gale", 2, 9, 4)):
        wield_log.record(
            wield.PowerBestowed(vatcha="Кольцо", hero="Ansel", power=power, domain="Air", rank=rank)
        )
    standing = wield_log.fold(control)["vatcha"]["Кольцо"]["wielders"]["Ansel"]
    assert (standing["boxes"], standing["control_lost"], standing["vatcha_dice"], standing["wielder_dice"]) == (
        3, 2, 8, 2)
    assert [(t["power"], t["boxes"], t["control_lost"]) for t in standing["transfers"]] == [
        ("Breeze", 1, 1), ("Gale", 3, 2)]


def test_wielders_follow_one_another(wield_log: WieldLog) -> None:
    """A dead wielder's standing stays on record beside the new wielder's fresh one."""
    wield_log.table()
    jill_bestows_one_point(wield_log)
    wield_log.record(wield.HeroDied(hero="Ansel", cause="drowned"))
    wield_log.record(
        wield.HeroCreated(name="Миро", player="Ro", vatcha="Кольцо", background="Sailor", destiny="Sail home")
    )
    vatcha = wield_log.fold(control)["vatcha"]["Кольцо"]
    assert vatcha["wielder"] == "Миро"
    assert [(name, s["alive"], s["boxes"], s["vatcha_dice"]) for name, s in vatcha["wielders"].items()] == [
        ("Ansel", False, 1, 9),
        ("Миро", True, 0, 10),
    ]
