"""``Payload.check_fields``: a command checks the words its event will carry before it throws the journal's dice."""

from __future__ import annotations

import pytest

from journal.errors import ValidationFailed
from journal.events.session import FreeRoll
from journal.systems.stone_wheel.events import CombatExchanged


def test_a_field_checked_alone_is_refused_as_the_whole_payload_would_be() -> None:
    """A 501-character purpose: the one line names the event type, the field and the limit."""
    with pytest.raises(ValidationFailed) as refused:
        FreeRoll.check_fields(purpose="x" * 501)
    assert str(refused.value) == "roll.made: field 'purpose': String should have at most 500 characters"


def test_a_field_of_a_literal_type_is_refused_outside_its_values() -> None:
    """An exchange's action 'kick' is none of attack, grab, cast, other."""
    with pytest.raises(ValidationFailed) as refused:
        CombatExchanged.check_fields(action="kick", response="none")
    assert str(refused.value) == ("stone_wheel.combat_exchanged: field 'action': "
                                  "Input should be 'attack', 'grab', 'cast' or 'other'")


def test_legal_fields_pass() -> None:
    """No purpose, and an attack answered by a block: nothing raised."""
    FreeRoll.check_fields(purpose=None)
    CombatExchanged.check_fields(action="attack", response="block")
