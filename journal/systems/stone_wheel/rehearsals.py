"""How an imported Stone Wheel event is decided again by the verb that records it (journal.service.importing).

Each entry calls the verb with the arguments the payload holds; the importer's journal decides it on the
file's campaign as it stands at that line and compares what the verb would record with the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.service.journal import Journal
from journal.systems.stone_wheel.commands import carry, characters, xp
from journal.systems.stone_wheel.events import CarriedOver, CharacterCreated, XpAwarded, XpSpent

Rehearsal = Callable[[Journal, str, dict[str, Any], str], object]

REHEARSALS: dict[str, Rehearsal] = {
    CarriedOver.type: lambda journal, campaign, data, actor: carry.carry_over(journal, campaign, data, actor=actor),
    CharacterCreated.type: lambda journal, campaign, data, actor: characters.create_character(
        journal, campaign, data["character"], data["player"], data["kind"], data["race"], data["class"],
        data["characteristics"], data["parameters"], data["skills"], data["perks"], data["spells"], actor=actor),
    XpAwarded.type: lambda journal, campaign, data, actor: xp.award_bonus_xp(
        journal, campaign, data["character"], data["amount"], data["reason"], actor=actor)
    if data["source"] == "bonus" else None,  # a session's award is the tally's, decided with the session's
    XpSpent.type: lambda journal, campaign, data, actor: xp.spend_xp(
        journal, campaign, data["character"], data["kind"], data["target"], data["amount"], levels=data["levels"],
        schools=data["schools"], reason=data["reason"], actor=actor),
}
