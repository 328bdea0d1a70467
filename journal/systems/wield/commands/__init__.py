"""Wield commands: one function per table action, each a ``decide(ctx)`` run through ``Journal.execute``.

Every command refuses a campaign of another system, checks who records it (Fate, or the character's player
or Fate), validates with ``journal.systems.wield.rules`` and writes nothing when anything is refused.
"""

from journal.systems.wield.commands.carry import carry_over
from journal.systems.wield.commands.chances import record_chance, record_combat_round
from journal.systems.wield.commands.characters import (
    record_condition,
    record_death,
    record_hero,
    record_power,
    record_vatcha,
    remove_condition,
)
from journal.systems.wield.commands.control import record_control_risk, reroll_control_risk
from journal.systems.wield.commands.geis import (
    breach_geis,
    collect_failure,
    counter_geis,
    offer_geis,
    refuse_geis,
    seal_geis,
)

__all__ = [
    "breach_geis",
    "carry_over",
    "collect_failure",
    "counter_geis",
    "offer_geis",
    "record_chance",
    "record_combat_round",
    "record_condition",
    "record_control_risk",
    "record_death",
    "record_hero",
    "record_power",
    "record_vatcha",
    "refuse_geis",
    "remove_condition",
    "reroll_control_risk",
    "seal_geis",
]
