"""A Wield table for the command tests: Fate (Судьба), three players and their vatcha and heroes.

Each player's hero bears the player's name and wields the vatcha of the player on his left:
John's hero wields Jill's Ring, Jill's hero wields Ro's Crown, Ro's hero wields John's Sword.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from journal.errors import JournalError
from journal.service import Journal
from journal.systems.wield import commands
from projections.wield import control, geis, sheet

CAMPAIGN = "Зола"
FATE = "Судьба"
PLAYERS = ("John", "Jill", "Ro")
VATCHA = {"John": "Sword", "Jill": "Ring", "Ro": "Crown"}
WIELDS = {"John": "Ring", "Jill": "Crown", "Ro": "Sword"}
STEPS = ["Find the heir", "Win the guard", "Take the gate", "Open the vault", "Claim the throne"]


def campaign(journal: Journal, system: str = "wield") -> None:
    """The campaign with Fate and three players, no characters yet."""
    journal.create_campaign(CAMPAIGN, system, FATE)
    for player in PLAYERS:
        journal.add_member(CAMPAIGN, player)


def vatcha(journal: Journal, player: str) -> None:
    commands.record_vatcha(journal, CAMPAIGN, VATCHA[player], "Sword", ["Air"], f"Rule the kingdom of {player}",
                           STEPS, "Drop it in a volcano", actor=player)


def table(journal: Journal) -> None:
    """The campaign, three vatcha and their three heroes."""
    campaign(journal)
    for player in PLAYERS:
        vatcha(journal, player)
    for player in PLAYERS:
        commands.record_hero(journal, CAMPAIGN, player, WIELDS[player], "Knight", "Marry the prince", actor=player)


def fold(journal: Journal, projection: Any = sheet) -> dict[str, Any]:
    """Fold the campaign's whole log with ``projection`` (default: the sheets)."""
    state: dict[str, Any] = projection.initial()
    for event in journal.store.read(CAMPAIGN):
        projection.apply(state, event)
    return state


def sealed(journal: Journal, hero: str = "John", rank: int = 2, breached: bool = False) -> str:
    """Offer, seal (and maybe breach) a geis for ``hero``; return the sealed geis's event id."""
    commands.offer_geis(journal, CAMPAIGN, hero, "Give my cloak to the next beggar", chance="Climb the wall")
    event = commands.seal_geis(journal, CAMPAIGN, hero, rank)
    if breached:
        commands.breach_geis(journal, CAMPAIGN, hero, "Kept the cloak")
    return event.id


def refused(journal: Journal, error: type[JournalError], message: str, call: Callable[[], Any]) -> None:
    """``call`` raises ``error`` with exactly ``message`` and the campaign's stream does not move."""
    head = journal.store.head(CAMPAIGN)
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == message
    assert journal.store.head(CAMPAIGN) == head


__all__ = ["CAMPAIGN", "FATE", "control", "fold", "geis", "sheet", "table"]
