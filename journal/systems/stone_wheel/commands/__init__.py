"""Stone Wheel table commands: each builds a ``decide(ctx)`` and runs it through ``Journal.execute``.

Nothing is written when a command is refused.  Table dice are given with ``dice=[...]``; without them
the journal's server dice of the open session are thrown.
"""

from journal.systems.stone_wheel.commands._common import PROJECTIONS, SYSTEM
from journal.systems.stone_wheel.commands.carry import carry_over
from journal.systems.stone_wheel.commands.characters import (
    create_character,
    record_damage,
    record_effect,
    record_perk,
    record_recovery,
    record_revival,
)
from journal.systems.stone_wheel.commands.rolls import record_exchange, record_request, record_sleep
from journal.systems.stone_wheel.commands.turns import end_turn_mode, record_violation, start_turn_mode
from journal.systems.stone_wheel.commands.xp import award_bonus_xp, award_session_xp, spend_xp

__all__ = [
    "PROJECTIONS", "SYSTEM", "award_bonus_xp", "award_session_xp", "carry_over", "create_character", "end_turn_mode",
    "record_damage", "record_effect", "record_exchange", "record_perk", "record_recovery", "record_request",
    "record_revival", "record_sleep", "record_violation", "spend_xp", "start_turn_mode",
]
