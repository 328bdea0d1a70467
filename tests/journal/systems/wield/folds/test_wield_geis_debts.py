"""The Wield geis projection: bargains in progress, debts owed, collected and vanished at death."""

from __future__ import annotations

from wield_log import WieldLog

from journal.systems.wield import events as wield
from journal.systems.wield.folds import geis

HERO = "Ярослава"


def test_bargain_steps_are_tracked(wield_log: WieldLog) -> None:
    """Offer, refusal, second offer, counter-offer, seal: the bargain records each step."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="climb the tower", promise="give my cloak away"))
    wield_log.record(wield.GeisRefused(hero=HERO, negotiation=opening, by="fate"))
    wield_log.record(
        wield.GeisOffered(hero=HERO, chance="climb the tower", promise="no wine for two months", negotiation=opening)
    )
    after_second_offer = wield_log.fold(geis)["negotiations"][opening]
    assert (after_second_offer["player_offers"], after_second_offer["last"]) == (2, "offered")
    wield_log.record(wield.GeisCounterOffered(hero=HERO, negotiation=opening, promise="never drink wine"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink wine", rank=3))
    assert wield_log.fold(geis)["negotiations"][opening] == {
        "hero": HERO,
        "chance": "climb the tower",
        "player_offers": 2,
        "last": "sealed",
        "sealed": sealed,
    }


def test_breach_records_debt_and_version(wield_log: WieldLog) -> None:
    """A broken major geis owes three failures, from the version of the breach on."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink", rank=3))
    wield_log.record(wield.GeisBreached(hero=HERO, geis=sealed, rank=3, how="drank"))
    assert wield_log.fold(geis)["geasa"][sealed] == {
        "hero": HERO,
        "promise": "never drink",
        "rank": 3,
        "chance": "the gate",
        "broken": True,
        "breached_at": 7,
        "owed": 3,
        "collected": [],
        "vanished": 0,
    }


def test_collected_failures_and_vanished_debt_at_death(wield_log: WieldLog) -> None:
    """Three owed, one collected, two vanish when the hero dies."""
    wield_log.table()
    sealed = wield_log.broken_geis(HERO, 3)
    success = wield_log.chance(HERO, "pick the lock", 15)
    wield_log.record(wield.FailureCollected(hero=HERO, geis=sealed, success=success))
    wield_log.record(wield.HeroDied(hero=HERO, cause="fell", debts_vanished=2))
    state = wield_log.fold(geis)
    assert state["heroes"][HERO] == {"owed": 0, "collected": 1, "vanished": 2, "alive": False}
    assert (state["geasa"][sealed]["owed"], state["geasa"][sealed]["vanished"]) == (0, 2)
    assert state["geasa"][sealed]["collected"] == [success]
    assert state["collected"] == {success: sealed}


def test_the_debt_is_the_rank_less_the_collections_not_the_payloads_remaining(wield_log: WieldLog) -> None:
    """A rank-3 geis with one failure collected owes 2, though the collection's payload says 0 remain."""
    wield_log.table()
    sealed = wield_log.broken_geis(HERO, 3)
    success = wield_log.chance(HERO, "pick the lock", 15)
    wield_log.record(wield.FailureCollected(hero=HERO, geis=sealed, success=success))
    state = wield_log.fold(geis)
    hero = state["heroes"][HERO]
    assert (state["geasa"][sealed]["owed"], hero["owed"], hero["collected"]) == (2, 2, 1)


def test_a_failure_without_its_grounds_counts_for_nothing(wield_log: WieldLog) -> None:
    """Collections on a success rolled before the breach, on a failed roll and on an event that is not in the log
    (each what is left when the breach or the success is voided) leave the rank-2 debt whole."""
    wield_log.table()
    early = wield_log.chance(HERO, "climb the wall", 18)
    sealed = wield_log.broken_geis(HERO, 2)
    failed = wield_log.chance(HERO, "pick the lock", 3)
    for success in (early, failed, "e99"):
        wield_log.record(wield.FailureCollected(hero=HERO, geis=sealed, success=success))
    state = wield_log.fold(geis)
    assert (state["geasa"][sealed]["owed"], state["geasa"][sealed]["collected"], state["collected"]) == (2, [], {})
    assert state["heroes"][HERO] == {"owed": 2, "collected": 0, "vanished": 0, "alive": True}


def test_a_geis_is_owed_nothing_until_broken(wield_log: WieldLog) -> None:
    """A collection on a sealed geis with no breach in the log does not count: nothing owed, nothing collected."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink", rank=2))
    success = wield_log.chance(HERO, "pick the lock", 15)
    wield_log.record(wield.FailureCollected(hero=HERO, geis=sealed, success=success))
    state = wield_log.fold(geis)
    assert (state["geasa"][sealed]["broken"], state["geasa"][sealed]["owed"], state["geasa"][sealed]["collected"]) == (
        False, 0, [])


def test_debts_of_one_hero_do_not_touch_another(wield_log: WieldLog) -> None:
    """Ansel's death leaves Ярослава's debt standing."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink", rank=1))
    wield_log.record(wield.GeisBreached(hero=HERO, geis=sealed, rank=1, how="drank"))
    wield_log.record(wield.HeroDied(hero="Ansel", cause="arrow"))
    heroes = wield_log.fold(geis)["heroes"]
    assert heroes == {
        HERO: {"owed": 1, "collected": 0, "vanished": 0, "alive": True},
        "Ansel": {"owed": 0, "collected": 0, "vanished": 0, "alive": False},
    }
