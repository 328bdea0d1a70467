"""The Wield actions projection: which chance used up each sealed geis, and successes Fate turned."""

from __future__ import annotations

from wield_log import WieldLog

from journal.systems.wield import events as wield
from journal.systems.wield.folds import actions

HERO = "Ярослава"


def test_the_chance_a_geis_was_offered_for_uses_it_up_even_when_rolled(wield_log: WieldLog) -> None:
    """A log where the geis's chance was rolled instead (today's release allowed it): that chance used the geis,
    so no later chance may; another hero's chance of that name does not touch it."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="Open the Gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink", rank=1))
    wield_log.chance("Ansel", "open the gate", 14)
    rolled = wield_log.chance(HERO, "open  the gate", 14)
    wield_log.chance(HERO, "open the gate", 18)
    assert wield_log.fold(actions)["geis_used"] == {sealed: rolled}


def test_a_chance_settled_by_a_geis_uses_that_geis(wield_log: WieldLog) -> None:
    """The chance naming the geis uses it up, even under another name (today's release allowed it)."""
    wield_log.table()
    opening = wield_log.record(wield.GeisOffered(hero=HERO, chance="the gate", promise="never drink"))
    sealed = wield_log.record(wield.GeisSealed(hero=HERO, negotiation=opening, promise="never drink", rank=1))
    settled = wield_log.record(wield.ChanceRolled(hero=HERO, task="the wall", difficulty="Epic", target=35,
                                                  success=True, geis=sealed))
    assert wield_log.fold(actions)["geis_used"] == {sealed: settled}


def test_a_collection_turns_the_success_and_names_itself(wield_log: WieldLog) -> None:
    """The success Fate collected on is no longer one; ``collected_by`` names the collection."""
    wield_log.table()
    sealed = wield_log.broken_geis(HERO, 1)
    success = wield_log.chance(HERO, "pick the lock", 15)
    collection = wield_log.record(wield.FailureCollected(hero=HERO, geis=sealed, success=success))
    action = wield_log.fold(actions)["actions"][success]
    assert action == {"kind": "chance", "version": 8, "what": "pick the lock",
                      "heroes": {HERO: {"rolled": True, "success": False}}, "collected": [HERO],
                      "collected_by": {HERO: collection}}
