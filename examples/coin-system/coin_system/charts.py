"""The coin game's session chart: each character's heads, sampled after every event (journal.service.reports)."""

from __future__ import annotations

from typing import Any


def heads(states: dict[str, Any]) -> dict[str, int]:
    return {name: sheet["heads"] for name, sheet in states["coin.sheet"]["characters"].items()}
