"""How an imported Wield event is decided again by the verb that records it (journal.service.importing).

Each entry calls the verb with the arguments the payload holds; the importer's journal decides it on the
file's campaign as it stands at that line and compares what the verb would record with the line.  A seal
names no bargain: the verb takes the hero's newest one not sealed, and the line must name that one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.service.journal import Journal
from journal.systems.wield.commands import carry, geis
from journal.systems.wield.events import CarriedOver, GeisSealed

Rehearsal = Callable[[Journal, str, dict[str, Any], str], object]

REHEARSALS: dict[str, Rehearsal] = {
    CarriedOver.type: lambda journal, campaign, data, actor: carry.carry_over(journal, campaign, data, actor=actor),
    GeisSealed.type: lambda journal, campaign, data, actor: geis.seal_geis(
        journal, campaign, data["hero"], data["rank"], data["promise"], data.get("degree"), actor=actor),
}
