"""VPT commands: one function per table action, each deciding through :meth:`Journal.execute`.

``combat``: characters, initiative, the weapon table, melee order, hits, wounds, death, morale.
``bonds``: chosen relationships, Relationship and Revenge ticks, statuses, revenge targets, points spent.
``carry``: a character of a running campaign brought in as he stands (``vpt.carried_over``).
"""

from journal.systems.vpt.commands.bonds import (
    choose_revenge,
    gain_status,
    open_relationship,
    renounce_revenge,
    renounce_status,
    spend_points,
    tick_relationship,
    tick_revenge,
)
from journal.systems.vpt.commands.carry import carry_over
from journal.systems.vpt.commands.combat import (
    Fighter,
    check_death,
    check_morale,
    create_character,
    record_hit,
    record_wounds,
    roll_initiative,
    set_melee_order,
    set_weapon,
    set_weapon_table,
)

__all__ = [
    "Fighter", "carry_over", "check_death", "check_morale", "choose_revenge", "create_character", "gain_status",
    "open_relationship", "record_hit", "record_wounds", "renounce_revenge", "renounce_status", "roll_initiative",
    "set_melee_order", "set_weapon", "set_weapon_table", "spend_points", "tick_relationship", "tick_revenge",
]
