"""How an imported VPT event is decided again by the verb that records it (journal.service.importing).

Each entry calls the verb with the arguments the payload holds; the importer's journal decides it on the
file's campaign as it stands at that line and compares what the verb would record with the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.service.journal import Journal
from journal.systems.vpt import events as ev
from journal.systems.vpt.commands import bonds, carry, combat

Rehearsal = Callable[[Journal, str, dict[str, Any], str], object]

REHEARSALS: dict[str, Rehearsal] = {
    ev.CarriedOver.type: lambda journal, campaign, data, actor: carry.carry_over(journal, campaign, data, actor=actor),
    ev.CharacterCreated.type: lambda journal, campaign, data, actor: combat.create_character(
        journal, campaign, data["name"], data["player"], hit_bonus=data["hit_bonus"],
        health_bonus=data["health_bonus"], morale=data["morale"], preparation=data["preparation"],
        dungeon_speed=data["dungeon_speed"], limit=data["limit"], actor=actor),
    ev.RelationshipOpened.type: lambda journal, campaign, data, actor: bonds.open_relationship(
        journal, campaign, data["character"], data["other"], actor=actor),
    ev.RelationshipTicked.type: lambda journal, campaign, data, actor: bonds.tick_relationship(
        journal, campaign, data["character"], data["other"], data["items"], actor=actor),
    ev.RevengeTicked.type: lambda journal, campaign, data, actor: bonds.tick_revenge(
        journal, campaign, data["avenger"], data["items"], data["target"], actor=actor),
    ev.StatusGained.type: lambda journal, campaign, data, actor: bonds.gain_status(
        journal, campaign, data["character"], data["other"], data["status"], actor=actor),
    ev.PointsSpent.type: lambda journal, campaign, data, actor: bonds.spend_points(
        journal, campaign, data["character"], data["other"], data["amount"], data["bond"], data["purpose"],
        actor=actor),
}
