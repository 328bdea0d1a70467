"""Wield geasa: offers, refusals, counter-offers, sealing, breaches and Fate collecting her failures."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.wield.rules import (
    Negotiation,
    check_breach,
    check_collect,
    check_counter_offer,
    check_offer,
    check_seal,
    refusal_by,
)


def test_first_offer_is_allowed() -> None:
    """Before rolling, a hero may offer a geis."""
    check_offer(None, conflict_between_players=False)


def test_one_more_offer_after_a_refusal_is_allowed() -> None:
    """If Fate refuses, the player may try one more time."""
    check_offer(Negotiation(player_offers=1, last="refused"), conflict_between_players=False)


def test_third_offer_is_refused() -> None:
    """After the second offer is refused, the player offers no more."""
    with pytest.raises(RuleViolation, match="made 2 offers") as refused:
        check_offer(Negotiation(player_offers=2, last="refused"), conflict_between_players=False)
    assert refused.value.rule == "wield: one more offer after a refusal"


def test_second_offer_before_an_answer_is_refused() -> None:
    """The second offer comes only after a refusal."""
    with pytest.raises(RuleViolation, match="'offered', not a refusal") as refused:
        check_offer(Negotiation(player_offers=1, last="offered"), conflict_between_players=False)
    assert refused.value.rule == "wield: one more offer after a refusal"


def test_offer_in_a_conflict_between_players_is_refused() -> None:
    """Neither player in a conflict may offer a geis: Fate does not play favourites."""
    with pytest.raises(RuleViolation) as refused:
        check_offer(None, conflict_between_players=True)
    assert refused.value.rule == "wield: no geis in a conflict between players"


def test_fate_counter_offers_without_limit() -> None:
    """Fate may offer modified terms again and again."""
    check_counter_offer(Negotiation(player_offers=2, last="refused"), conflict_between_players=False)


def test_counter_offer_without_an_offer_is_refused() -> None:
    """Fate modifies terms the player offered."""
    with pytest.raises(RuleViolation) as refused:
        check_counter_offer(None, conflict_between_players=False)
    assert refused.value.rule == "wield: a counter-offer answers an offer"


def test_counter_offer_in_a_conflict_between_players_is_refused() -> None:
    """No geis at all between players in conflict."""
    with pytest.raises(RuleViolation) as refused:
        check_counter_offer(Negotiation(player_offers=1, last="offered"), conflict_between_players=True)
    assert refused.value.rule == "wield: no geis in a conflict between players"


def test_counter_offer_after_sealing_is_refused() -> None:
    """A sealed bargain is closed."""
    with pytest.raises(RuleViolation) as refused:
        check_counter_offer(Negotiation(player_offers=1, last="sealed"), conflict_between_players=False)
    assert refused.value.rule == "wield: geis already sealed"


def test_offer_after_sealing_is_refused() -> None:
    """A sealed bargain takes no more offers."""
    with pytest.raises(RuleViolation) as refused:
        check_offer(Negotiation(player_offers=1, last="sealed"), conflict_between_players=False)
    assert refused.value.rule == "wield: geis already sealed"


def test_fate_refuses_the_players_offer() -> None:
    """An offer waits for Fate's answer."""
    assert refusal_by(Negotiation(player_offers=1, last="offered")) == "fate"


def test_player_refuses_fates_terms() -> None:
    """A counter-offer waits for the player's answer."""
    assert refusal_by(Negotiation(player_offers=1, last="countered")) == "player"


def test_refusal_with_nothing_pending_is_refused() -> None:
    """A refusal answers an offer or a counter-offer."""
    with pytest.raises(RuleViolation) as refused:
        refusal_by(Negotiation(player_offers=1, last="refused"))
    assert refused.value.rule == "wield: nothing to refuse"


@pytest.mark.parametrize("rank", [1, 2, 3])
def test_sealing_at_rank_one_to_three(rank: int) -> None:
    """Small, large and major geasa are ranks 1, 2 and 3."""
    check_seal(Negotiation(player_offers=1, last="countered"), rank)


def test_rank_four_geis_is_refused() -> None:
    """Ranks run from 1 to 3."""
    with pytest.raises(RuleViolation, match="not rank 4") as refused:
        check_seal(Negotiation(player_offers=1, last="offered"), 4)
    assert refused.value.rule == "wield: geis rank 1 to 3"


def test_sealing_without_terms_is_refused() -> None:
    """Only terms on the table can be agreed."""
    with pytest.raises(RuleViolation) as refused:
        check_seal(Negotiation(player_offers=1, last="refused"), 1)
    assert refused.value.rule == "wield: seal agreed terms"


def test_breaking_a_geis_twice_is_refused() -> None:
    """A geis is broken once."""
    with pytest.raises(RuleViolation) as refused:
        check_breach(broken=True, alive=True)
    assert refused.value.rule == "wield: a geis breaks once"


def test_breaking_a_dead_heros_geis_is_refused() -> None:
    """A dead hero's geasa are gone."""
    with pytest.raises(RuleViolation) as refused:
        check_breach(broken=False, alive=False)
    assert refused.value.rule == "wield: debts vanish at death"


def test_collecting_on_a_later_rolled_success_is_allowed() -> None:
    """Fate may turn a success rolled after the breach into a failure."""
    check_collect(owed=2, rolled=True, success=True, later=True, collected=False, alive=True)


def test_collecting_when_nothing_is_owed_is_refused() -> None:
    """Fate collects only what the hero owes."""
    with pytest.raises(RuleViolation) as refused:
        check_collect(owed=0, rolled=True, success=True, later=True, collected=False, alive=True)
    assert refused.value.rule == "wield: a failure is owed"


def test_collecting_on_an_unrolled_success_is_refused() -> None:
    """A success won by a vatcha power, a geis or an Easy task was not rolled."""
    with pytest.raises(RuleViolation, match="nothing was rolled") as refused:
        check_collect(owed=1, rolled=False, success=True, later=True, collected=False, alive=True)
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_collecting_on_a_failure_is_refused() -> None:
    """Only a success can be turned into a failure."""
    with pytest.raises(RuleViolation, match="not a success") as refused:
        check_collect(owed=1, rolled=True, success=False, later=True, collected=False, alive=True)
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_collecting_on_a_success_before_the_breach_is_refused() -> None:
    """The debt falls on successes rolled after the geis was broken."""
    with pytest.raises(RuleViolation, match="before the geis was broken") as refused:
        check_collect(owed=1, rolled=True, success=True, later=False, collected=False, alive=True)
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_collecting_twice_on_one_success_is_refused() -> None:
    """One owed failure per roll."""
    with pytest.raises(RuleViolation, match="already turned") as refused:
        check_collect(owed=1, rolled=True, success=True, later=True, collected=True, alive=True)
    assert refused.value.rule == "wield: failures only on a rolled success"


def test_collecting_after_death_is_refused() -> None:
    """Failures still owed at death are gone."""
    with pytest.raises(RuleViolation) as refused:
        check_collect(owed=2, rolled=True, success=True, later=True, collected=False, alive=False)
    assert refused.value.rule == "wield: debts vanish at death"
