"""Wield payloads: registered type strings and the shapes they refuse."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from journal.events import registered_types
from journal.events.rolls import Roll
from journal.systems.wield import events


def test_every_wield_type_is_registered() -> None:
    """All sixteen wield payloads are in the registry."""
    wield = sorted(name for name in registered_types() if name.startswith("wield."))
    assert wield == [
        "wield.carried_over",
        "wield.chance_rolled",
        "wield.combat_round",
        "wield.condition_gained",
        "wield.condition_removed",
        "wield.control_risk",
        "wield.failure_collected",
        "wield.geis_breached",
        "wield.geis_counter_offered",
        "wield.geis_offered",
        "wield.geis_refused",
        "wield.geis_sealed",
        "wield.hero_created",
        "wield.hero_died",
        "wield.power_bestowed",
        "wield.vatcha_created",
    ]


def test_vatcha_with_four_domains_is_invalid() -> None:
    """The payload holds 1-3 domains."""
    with pytest.raises(ValidationError):
        events.VatchaCreated(
            name="Меч-кладенец", player="Добрыня", item="Sword", domains=["Air", "Fire", "Earth", "Water"],
            goal="Kill the king", steps=["a", "b", "c", "d", "e"], destruction="Volcano",
        )  # fmt: skip


def test_chance_roll_on_d6_is_invalid() -> None:
    """Chances are d20s."""
    with pytest.raises(ValidationError, match="d20s, not d6"):
        events.ChanceRolled(
            hero="Ярослава", task="climb", difficulty="Hard", target=10, roll=Roll(sides=6, dice=[6]),
            total=6, success=False,
        )  # fmt: skip


def test_easy_chance_with_a_roll_is_invalid() -> None:
    """Easy tasks are not rolled."""
    with pytest.raises(ValidationError, match="without a roll"):
        events.ChanceRolled(
            hero="Ярослава", task="climb a ladder", difficulty="Easy", roll=Roll(sides=20, dice=[4]),
            total=4, success=True,
        )  # fmt: skip


def test_hard_chance_without_roll_or_geis_is_invalid() -> None:
    """A Hard chance is rolled unless a geis settles it."""
    with pytest.raises(ValidationError, match="rolled and totalled"):
        events.ChanceRolled(hero="Ярослава", task="climb", difficulty="Hard", target=10, success=True)


def test_control_risk_dice_must_match_pools() -> None:
    """The recorded rolls hold as many dice as the pools say."""
    with pytest.raises(ValidationError, match="wielder rolls 2 dice"):
        events.ControlRisk(
            vatcha="Кольцо", hero="Ярослава", demand="flee", control_lost=2, vatcha_dice=8, wielder_dice=2,
            vatcha_roll=Roll(sides=20, dice=[1] * 8), wielder_roll=Roll(sides=20, dice=[5]), outcome="vatcha",
        )  # fmt: skip


def test_geis_rank_four_is_invalid() -> None:
    """A sealed geis has rank 1-3."""
    with pytest.raises(ValidationError):
        events.GeisSealed(hero="Ярослава", negotiation="e1", promise="never drink", rank=4)


def test_payload_round_trips_through_data() -> None:
    """A payload's data validates back into the same payload."""
    sealed = events.GeisSealed(hero="Ярослава", negotiation="e1", promise="отдать плащ нищему", rank=1)
    assert sealed.to_data() == {
        "hero": "Ярослава",
        "negotiation": "e1",
        "promise": "отдать плащ нищему",
        "rank": 1,
        "degree": None,
    }
    assert events.GeisSealed.model_validate(sealed.to_data()) == sealed
