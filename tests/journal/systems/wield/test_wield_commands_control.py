"""Wield powers and Control Risks through the service: the three Control Pyramid examples, risks, ties, server dice."""

from __future__ import annotations

from wield_table import CAMPAIGN, control, fold, refused, table

from journal.errors import NotAuthorized, RuleViolation
from journal.service import Journal
from journal.service.figures import after
from journal.service.sessions import end_session, start_session, verify_rolls
from journal.systems.wield import commands
from journal.systems.wield.events import PowerBestowed


def dice_of(journal: Journal, event) -> tuple[int, int, int, int]:
    """What the folds say after a bestowal: boxes marked, Control lost, the vatcha's and the wielder's dice."""
    d = after(journal, CAMPAIGN, event)
    return d["boxes"], d["control_lost"], d["vatcha_dice"], d["wielder_dice"]


def test_john_three_rank_1_powers_lose_two_control(journal: Journal) -> None:
    """John marks three boxes (rows 1-2): his Sword loses 2 Control, rolls 8 dice, its wielder 2."""
    table(journal)
    events = [commands.record_power(journal, CAMPAIGN, "Sword", f"Gust {n}", 1, "Air", actor="John") for n in (1, 2, 3)]
    assert [dice_of(journal, e) for e in events] == [(1, 1, 9, 1), (2, 2, 8, 2), (3, 2, 8, 2)]
    sword = fold(journal)["vatcha"]["Sword"]
    assert (sword["boxes"], sword["control_lost"], sword["control"]) == (3, 2, 8)
    assert sword["pyramid"] == [[True], [True, True], [False] * 3, [False] * 4]
    assert [p["power"] for p in fold(journal)["heroes"]["Ro"]["powers"]] == ["Gust 1", "Gust 2", "Gust 3"]


def test_jill_one_point_of_power_loses_one_control(journal: Journal) -> None:
    """Jill marks one box: her Ring rolls nine dice, its wielder one."""
    table(journal)
    event = commands.record_power(journal, CAMPAIGN, "Ring", "Breeze", 1, actor="Jill")
    assert dice_of(journal, event) == (1, 1, 9, 1)
    assert fold(journal)["vatcha"]["Ring"]["control"] == 9


def test_ro_ten_points_of_air_powers_lose_all_control(journal: Journal) -> None:
    """Ro gives the full list of Air Powers (ranks 1+2+3+4 = 10): her Crown rolls no dice."""
    table(journal)
    for rank in (1, 2, 3, 4):
        last = commands.record_power(journal, CAMPAIGN, "Crown", f"Air {rank}", rank, "Air", actor="Ro")
    assert dice_of(journal, last) == (10, 10, 0, 10)
    crown = fold(journal)["vatcha"]["Crown"]
    assert (crown["boxes"], crown["control_lost"], crown["control"]) == (10, 10, 0)


def test_an_eleventh_rank_is_refused(journal: Journal) -> None:
    """After ten ranks, one more rank-1 power is refused and nothing is written."""
    table(journal)
    commands.record_power(journal, CAMPAIGN, "Crown", "Storm", 10, actor="Ro")
    refused(journal, RuleViolation,
            "refused by rule 'wield: at most ten ranks bestowed': 10 boxes are marked; a rank 1 power needs 11 of "
            "the 10",
            lambda: commands.record_power(journal, CAMPAIGN, "Crown", "Gust", 1, actor="Ro"))


def test_only_the_vatchas_player_or_fate_bestows(journal: Journal) -> None:
    """Jill cannot bestow John's Sword's powers."""
    table(journal)
    refused(journal, NotAuthorized, "only John or Fate may bestow Sword's powers ('Jill' may not)",
            lambda: commands.record_power(journal, CAMPAIGN, "Sword", "Gust", 1, actor="Jill"))


def test_control_risk_with_johns_eight_against_two(journal: Journal) -> None:
    """John's Sword (8 dice) forces Ro's hero (2 dice); the highest die 20 against 19: the wielder wins."""
    table(journal)
    for n in (1, 2, 3):
        commands.record_power(journal, CAMPAIGN, "Sword", f"Gust {n}", 1, actor="John")
    event = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Kill the guard",
                                         dice=[19, 3, 4, 5, 6, 7, 8, 9, 20, 1], actor="John")
    d = event.data
    assert (d["vatcha_dice"], d["wielder_dice"], d["outcome"]) == (8, 2, "wielder")
    assert (d["vatcha_roll"]["dice"], d["wielder_roll"]["dice"]) == ([19, 3, 4, 5, 6, 7, 8, 9], [20, 1])
    assert fold(journal, control)["vatcha"]["Sword"]["wielders"]["Ro"]["wins"] == {"vatcha": 0, "wielder": 1}


def test_destiny_adds_a_die_to_the_wielder(journal: Journal) -> None:
    """Jill's Ring (9 dice) against John's hero with his Destiny at stake: 1 + 1 dice; equal top dice, the vatcha's
    next die wins because the wielder's second die is lower."""
    table(journal)
    commands.record_power(journal, CAMPAIGN, "Ring", "Breeze", 1, actor="Jill")
    event = commands.record_control_risk(journal, CAMPAIGN, "John", "Abandon the prince", destiny=True,
                                         dice=[15, 14, 1, 1, 1, 1, 1, 1, 1, 15, 2], actor="John")
    assert (event.data["vatcha_dice"], event.data["wielder_dice"], event.data["outcome"]) == (9, 2, "vatcha")


def test_ros_vatcha_rolls_no_dice_and_loses(journal: Journal) -> None:
    """Ro's Crown lost all Control: it rolls nothing and its wielder wins."""
    table(journal)
    commands.record_power(journal, CAMPAIGN, "Crown", "All of Air", 10, actor="Ro")
    event = commands.record_control_risk(journal, CAMPAIGN, "Jill", "Burn the village", dice=[1] * 10)
    assert (event.data["vatcha_roll"], event.data["wielder_roll"]["dice"], event.data["outcome"]) == (
        None, [1] * 10, "wielder")


def linear_five(journal: Journal) -> None:
    """Five boxes under the house rule control_mapping = linear (5 lost: 5 dice a side), as an amended campaign
    would have recorded them."""
    journal.record(CAMPAIGN, PowerBestowed(vatcha="Sword", hero="Ro", power="Gale", rank=5, mapping="linear"))


def test_a_complete_tie_is_rolled_again_as_a_new_event_linked_to_the_risk(journal: Journal) -> None:
    """Five dice a side, all equal: a tie; the re-roll names the first roll in reroll_of and causation."""
    table(journal)
    linear_five(journal)
    tied = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[9, 8, 7, 6, 5, 5, 6, 7, 8, 9])
    again = commands.reroll_control_risk(journal, CAMPAIGN, dice=[9, 8, 7, 6, 5, 5, 6, 7, 8, 10])
    assert tied.data["outcome"] == "reroll"
    assert (again.data["outcome"], again.data["reroll_of"], again.causation) == ("wielder", tied.id, tied.id)
    assert (again.data["demand"], again.data["control_lost"]) == ("Flee", 5)


def test_a_second_tie_is_rolled_again_still_linked_to_the_first_roll(journal: Journal) -> None:
    """A re-roll that ties again is re-rolled by naming it; every roll links to the risk's first roll."""
    table(journal)
    linear_five(journal)
    tied = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[1, 2, 3, 4, 5] * 2)
    second = commands.reroll_control_risk(journal, CAMPAIGN, tied.version, dice=[6] * 10)
    third = commands.reroll_control_risk(journal, CAMPAIGN, f"v{second.version}", dice=[7] * 5 + [6] * 5)
    assert (second.data["outcome"], third.data["outcome"]) == ("reroll", "vatcha")
    assert (third.data["reroll_of"], third.causation) == (tied.id, tied.id)


def test_a_won_risk_is_not_rolled_again(journal: Journal) -> None:
    """Only a complete tie is re-rolled."""
    table(journal)
    risk = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[5] * 10)
    refused(journal, RuleViolation,
            "refused by rule 'wield: only a complete tie is re-rolled': this Control Risk was won by the vatcha",
            lambda: commands.reroll_control_risk(journal, CAMPAIGN, risk.version, dice=[5] * 10))


def test_a_stranger_to_the_bond_records_no_control_risk(journal: Journal) -> None:
    """Jill neither plays the Sword nor its wielder: she may not record its Control Risk."""
    table(journal)
    refused(journal, NotAuthorized, "only John or Ro or Fate may record a Control Risk of Ro ('Jill' may not)",
            lambda: commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee", dice=[5] * 10, actor="Jill"))


def test_server_dice_of_a_risk_verify_after_the_session(journal: Journal) -> None:
    """With no table dice the open session's dice are thrown, recorded as server rolls, and verify afterwards."""
    table(journal)
    commands.record_power(journal, CAMPAIGN, "Sword", "Gust", 1, actor="John")
    start_session(journal, CAMPAIGN, ["John", "Jill", "Ro"])
    event = commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee")
    end_session(journal, CAMPAIGN)
    rolls = (event.data["vatcha_roll"], event.data["wielder_roll"])
    assert [(r["source"], r["counter"], len(r["dice"])) for r in rolls] == [("server", 0, 9), ("server", 9, 1)]
    assert [(c.session, c.rolls, c.ok) for c in verify_rolls(journal, CAMPAIGN)] == [(1, 2, True)]


def test_server_dice_need_an_open_session(journal: Journal) -> None:
    """Without table dice and with no session open, the risk is refused."""
    table(journal)
    refused(journal, RuleViolation,
            "refused by rule 'dice: server rolls need an open session': start a session for the journal's dice, or "
            "give the table's dice with --dice",
            lambda: commands.record_control_risk(journal, CAMPAIGN, "Ro", "Flee"))
