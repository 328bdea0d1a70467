"""Dichotomy health track (stage reading): Charlotte's fight round by round, death, healing, diving."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.systems.dichotomy.rules import (
    RoundDamage,
    Track,
    apply_round_damage,
    check_dive,
    check_in_play,
    heal_injury,
    recover_hits,
    track_drawing,
)

AFTER_ROUND_1 = Track(2, False, False)
AFTER_ROUND_2 = Track(0, True, False)
AFTER_ROUND_3 = Track(1, True, False)
AFTER_ROUND_4 = Track(0, True, True)
AFTER_ROUND_5 = Track(1, True, True)


def test_charlotte_round_1_two_shaken_hits() -> None:
    """Round 1: 2 damage fills both Shaken circles."""
    assert apply_round_damage(Track(), 2) == RoundDamage(AFTER_ROUND_1, 2, 0, None, False)


def test_charlotte_round_2_injury_loses_one_hit_discards_one() -> None:
    """Round 2: 2 damage with Shaken full is an Injury; 1 Hit lost, 1 damage not counted, Shaken reset."""
    assert apply_round_damage(AFTER_ROUND_1, 2) == RoundDamage(AFTER_ROUND_2, 1, 1, None, False)


def test_charlotte_round_3_one_shaken_hit() -> None:
    """Round 3: 1 Hit lost in the Shaken state."""
    assert apply_round_damage(AFTER_ROUND_2, 1) == RoundDamage(AFTER_ROUND_3, 1, 0, None, False)


def test_charlotte_round_4_five_damage_is_a_serious_injury() -> None:
    """Round 4: 5 damage costs 2 Hits (Shaken, then Serious), resets Shaken, discards 3; she may dive."""
    assert apply_round_damage(AFTER_ROUND_3, 5) == RoundDamage(AFTER_ROUND_4, 2, 3, None, True)


def test_charlotte_round_5_one_shaken_hit_while_serious() -> None:
    """Round 5: 1 Shaken Hit while Seriously Injured; she is alive and may take a dive."""
    assert apply_round_damage(AFTER_ROUND_4, 1) == RoundDamage(AFTER_ROUND_5, 1, 0, None, True)


def test_charlotte_recovers_her_one_shaken_hit_after_the_fight() -> None:
    """After the fight, rest restores her single Shaken Hit; Injury and Serious remain."""
    assert recover_hits(AFTER_ROUND_5, "rest") == (AFTER_ROUND_4, 1)


def test_charlotte_tracks_are_drawn_as_in_the_digest() -> None:
    """The five rounds draw as the digest's table shows them."""
    drawings = [track_drawing(track) for track in (Track(), AFTER_ROUND_1, AFTER_ROUND_2, AFTER_ROUND_3,
                                                    AFTER_ROUND_4, AFTER_ROUND_5)]
    assert drawings == ["|○○|○|○|", "|●●|○|○|", "|○○|●|○|", "|●○|●|○|", "|○○|●|●|", "|●○|●|●|"]


def test_charlotte_injury_heals_apart_from_serious() -> None:
    """After 24 hours the Injury heals; the Serious injury stays for its week."""
    assert heal_injury(AFTER_ROUND_4, "injury") == Track(0, False, True)


def test_serious_injury_heals() -> None:
    """After a week the Serious circle clears."""
    assert heal_injury(Track(0, False, True), "serious") == Track(0, False, False)


def test_six_damage_in_a_round_costs_three_hits() -> None:
    """6 damage on a fresh track: two Shaken, then Injured; 3 Hits lost, 3 discarded."""
    assert apply_round_damage(Track(), 6) == RoundDamage(Track(0, True, False), 3, 3, None, False)


def test_three_hits_while_injured_make_a_serious_injury() -> None:
    """Losing 3 Hits while Injured is a Serious injury, not death."""
    assert apply_round_damage(Track(0, True, False), 3) == RoundDamage(Track(0, True, True), 3, 0, None, True)


def test_two_more_damage_after_both_states_is_survived() -> None:
    """Injured and Seriously Injured, 2 damage fills the Shaken circles and no more."""
    assert apply_round_damage(Track(0, True, True), 2) == RoundDamage(Track(2, True, True), 2, 0, None, True)


def test_third_hit_after_both_states_kills() -> None:
    """With both state circles and both Shaken circles filled, the next Hit is death."""
    assert apply_round_damage(Track(2, True, True), 4, "death") == RoundDamage(
        Track(2, True, True), 1, 3, "death", False
    )


def test_third_hit_may_end_the_career_instead() -> None:
    """The recorder may name the end of career rather than death."""
    assert apply_round_damage(Track(0, True, True), 3, "career_ended").end == "career_ended"


def test_third_hit_without_naming_the_end_is_refused() -> None:
    """Death or end of career must be named when the third Hit falls."""
    with pytest.raises(RuleViolation) as refused:
        apply_round_damage(Track(2, True, True), 1)
    assert refused.value.rule == "dichotomy: death or end of career"


def test_naming_an_end_while_surviving_is_refused() -> None:
    """An end named for a round the character survives is refused."""
    with pytest.raises(RuleViolation) as refused:
        apply_round_damage(Track(), 1, "death")
    assert refused.value.rule == "dichotomy: death or end of career"


def test_zero_damage_is_refused() -> None:
    """A damage event carries at least 1 damage."""
    with pytest.raises(RuleViolation) as refused:
        apply_round_damage(Track(), 0)
    assert refused.value.rule == "dichotomy: damage is positive"


def test_healed_injury_is_the_next_circle_filled() -> None:
    """With only the Serious circle filled, the state point fills the Injured circle."""
    assert apply_round_damage(Track(2, False, True), 1) == RoundDamage(Track(0, True, True), 1, 0, None, True)


def test_recover_action_restores_one_hit() -> None:
    """The Recover action restores 1 Shaken Hit."""
    assert recover_hits(Track(2, True, False), "recover_action") == (Track(1, True, False), 1)


def test_rest_restores_every_shaken_hit() -> None:
    """Rest after the fight clears both Shaken circles."""
    assert recover_hits(Track(2, False, False), "rest") == (Track(0, False, False), 2)


def test_recovering_without_shaken_hits_is_refused() -> None:
    """Recover cannot heal an Injury."""
    with pytest.raises(RuleViolation) as refused:
        recover_hits(Track(0, True, False), "recover_action")
    assert refused.value.rule == "dichotomy: recover only Shaken Hits"


def test_healing_an_injury_not_taken_is_refused() -> None:
    """No Serious circle, nothing to heal."""
    with pytest.raises(RuleViolation) as refused:
        heal_injury(Track(1, True, False), "serious")
    assert refused.value.rule == "dichotomy: heal only a wound taken"


def test_dive_after_a_serious_injury_is_allowed() -> None:
    """A round that brought a Serious injury allows a dive."""
    assert check_dive(True, False) is None


def test_dive_without_a_serious_injury_is_refused() -> None:
    """Only a Serious injury, or Hits lost while Seriously Injured, allows a dive."""
    with pytest.raises(RuleViolation) as refused:
        check_dive(False, False)
    assert refused.value.rule == "dichotomy: dive after a serious injury"


def test_second_dive_in_a_fight_is_refused() -> None:
    """A character who has taken a dive cannot take another in the same fight."""
    with pytest.raises(RuleViolation) as refused:
        check_dive(True, True)
    assert refused.value.rule == "dichotomy: dive after a serious injury"


def test_dead_character_is_out_of_play() -> None:
    """A dead character can no longer act or be damaged."""
    with pytest.raises(RuleViolation) as refused:
        check_in_play("Шарлотта", "death")
    assert refused.value.rule == "dichotomy: character out of play"
