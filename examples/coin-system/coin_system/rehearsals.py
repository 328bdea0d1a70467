"""How an imported coin event is decided again by the verb that records it (journal.service.importing)."""

from __future__ import annotations

from typing import Any

from coin_system.commands import flip, trust
from journal.service.journal import Journal


def _flip(journal: Journal, campaign: str, data: dict[str, Any], actor: str | None) -> None:
    flip(journal, campaign, data["character"], [1 if data["face"] == "heads" else 2], actor=actor)


def _trust(journal: Journal, campaign: str, data: dict[str, Any], actor: str | None) -> None:
    trust(journal, campaign, data["character"], data["other"], data["change"], actor=actor)


REHEARSALS = {"coin.flipped": _flip, "coin.trust_changed": _trust}
