"""A Wield table for the command tests: Fate (Судьба), three players and their vatcha and heroes.

Each player's hero bears the player's name and wields the vatcha of the player on his left:
John's hero wields Jill's Ring, Jill's hero wields Ro's Crown, Ro's hero wields John's Sword.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from journal.errors import JournalError
from journal.events.envelope import Event
from journal.service import Journal, disputes
from journal.systems.wield import commands
from journal.systems.wield.folds import control, geis, sheet

CAMPAIGN = "Зола"
FATE = "Судьба"
PLAYERS = ("John", "Jill", "Ro")
VATCHA = {"John": "Sword", "Jill": "Ring", "Ro": "Crown"}
WIELDS = {"John": "Ring", "Jill": "Crown", "Ro": "Sword"}
STEPS = ["Find the heir", "Win the guard", "Take the gate", "Open the vault", "Claim the throne"]


def campaign(journal: Journal, system: str = "wield", name: str = CAMPAIGN) -> None:
    """The campaign with Fate and three players, no characters yet."""
    journal.create_campaign(name, system, FATE)
    for player in PLAYERS:
        journal.add_member(name, player)


def vatcha(journal: Journal, player: str, name: str = CAMPAIGN) -> None:
    commands.record_vatcha(journal, name, VATCHA[player], "Sword", ["Air"], f"Rule the kingdom of {player}",
                           STEPS, "Drop it in a volcano", actor=player)


def table(journal: Journal, name: str = CAMPAIGN) -> None:
    """The campaign, three vatcha and their three heroes."""
    campaign(journal, name=name)
    for player in PLAYERS:
        vatcha(journal, player, name)
    for player in PLAYERS:
        commands.record_hero(journal, name, player, WIELDS[player], "Knight", "Marry the prince", actor=player)


def fold(journal: Journal, projection: Any = sheet) -> dict[str, Any]:
    """Fold the campaign's whole log with ``projection`` (default: the sheets)."""
    state: dict[str, Any] = projection.initial()
    for event in journal.store.read(CAMPAIGN):
        projection.apply(state, event)
    return state


def sealed(journal: Journal, hero: str = "John", rank: int = 2, breached: bool = False, name: str = CAMPAIGN) -> str:
    """Offer, seal (and maybe breach) a geis for ``hero``; return the sealed geis's event id."""
    commands.offer_geis(journal, name, hero, "Give my cloak to the next beggar", chance="Climb the wall")
    event = commands.seal_geis(journal, name, hero, rank)
    if breached:
        commands.breach_geis(journal, name, hero, "Kept the cloak")
    return event.id


def overturn(journal: Journal, event: Event, name: str = CAMPAIGN) -> None:
    """Void ``event`` the real way: Jill disputes it, the three players vote to overturn, Fate rules so."""
    opened = disputes.open_dispute(journal, name, event.id, "the dice fell off the table", actor="Jill")
    for player in PLAYERS:
        disputes.vote(journal, opened.id, "overturn", actor=player)
    disputes.rule(journal, opened.id, "overturn")


#: The Wield projections, as the catalogue names them.
FOLDS = ("wield.sheet", "wield.geis", "wield.control", "wield.actions")
#: Keys whose integer values are event versions.
VERSIONS = ("version", "breached_at")


def facts(journal: Journal, name: str = CAMPAIGN) -> dict[str, Any]:
    """The Wield projections as the engine folds the campaign now, every event id and version renamed by the place
    of its event among the Wield events still counted (``#1``, ``#2``...): two logs that differ only by voided
    events (and the disputes that voided them) fold to equal facts exactly when no fold counts a voided event."""
    events = list(journal.store.read(name))
    voided = {e.data["target"] for e in events if e.type == "correction.voided"}
    kept = [e for e in events if e.type.startswith("wield.") and e.id not in voided]
    ids = {e.id: f"#{place}" for place, e in enumerate(kept, 1)}
    places = {e.version: place for place, e in enumerate(kept, 1)}

    def renamed(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {ids.get(k, k): renamed(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [renamed(v, key) for v in value]
        if isinstance(value, str):
            return ids.get(value, value)
        if key in VERSIONS and isinstance(value, int):
            return places[value]
        return value

    folded = journal.at(name)
    return {fold: renamed(folded[fold]) for fold in FOLDS}


def refused(journal: Journal, error: type[JournalError], message: str, call: Callable[[], Any]) -> None:
    """``call`` raises ``error`` with exactly ``message`` and the campaign's stream does not move."""
    head = journal.store.head(CAMPAIGN)
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == message
    assert journal.store.head(CAMPAIGN) == head


__all__ = ["CAMPAIGN", "FATE", "control", "facts", "fold", "geis", "overturn", "sheet", "table"]
