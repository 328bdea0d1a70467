"""How an imported Dichotomy event is decided again by the verb that records it (journal.service.importing).

Each entry calls the verb with the arguments the payload holds; the importer's journal decides it on the
file's campaign as it stands at that line and compares what the verb would record with the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.service.journal import Journal
from journal.systems.dichotomy import events
from journal.systems.dichotomy.commands import carry, characters

Rehearsal = Callable[[Journal, str, dict[str, Any], str], object]

REHEARSALS: dict[str, Rehearsal] = {
    events.CarriedOver.type: lambda journal, campaign, data, actor: carry.carry_over(journal, campaign, data, actor=actor),
    events.CharacterCreated.type: lambda journal, campaign, data, actor: characters.create_character(
        journal, campaign, data["name"], data["attributes"], [a["name"] for a in data["abilities"]], data["motives"],
        data["wealth"], player=data["player"], actor=actor),
    events.XpSpent.type: lambda journal, campaign, data, actor: characters.spend_xp(
        journal, campaign, data["character"], data["connection"], data["amount"], data["reason"], actor=actor),
}
