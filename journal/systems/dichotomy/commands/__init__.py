"""Dichotomy commands: one function per table action, each deciding through ``Journal.execute``.

Every command checks the campaign plays Dichotomy, the actor's role, the rules (``rules.py``) against
the folded sheet (``journal.systems.dichotomy.folds.sheet``), throws its dice (server dice of the open session,
or the table's ``dice``) and records one event.  Nothing is written when anything is refused.
"""

from journal.systems.dichotomy.commands.adventures import (
    choose_motive,
    end_adventure,
    record_motive,
    record_renown,
    start_adventure,
    swap_motive,
)
from journal.systems.dichotomy.commands.carry import carry_over
from journal.systems.dichotomy.commands.characters import (
    change_wealth,
    create_character,
    gain_ability,
    pack_equipment,
    spend_xp,
)
from journal.systems.dichotomy.commands.checks import record_check
from journal.systems.dichotomy.commands.health import (
    apply_damage,
    end_fight,
    heal_injury,
    recover_hits,
    take_dive,
)

__all__ = [
    "apply_damage", "carry_over", "change_wealth", "choose_motive", "create_character", "end_adventure", "end_fight",
    "gain_ability", "heal_injury", "pack_equipment", "record_check", "record_motive", "record_renown",
    "recover_hits", "spend_xp", "start_adventure", "swap_motive", "take_dive",
]
