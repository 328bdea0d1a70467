"""The coin game's invariant, checked after every overturn (journal.service.invariants)."""

from __future__ import annotations

from typing import Any

from coin_system.trust import HIGH, LOW
from journal.i18n import N_
from journal.systems.registry import Invariant


def _trust(states: dict[str, Any]) -> list[str]:
    return [f"{character} → {other}: {points}" for character, others in states["coin.trust"]["trust"].items()
            for other, points in others.items() if not LOW <= points <= HIGH]


INVARIANTS = (Invariant(N_("coin: trust from -3 to 3"), _trust, ("coin.trust",)),)
