"""Dichotomy: the running totals its summaries show, read from the fold just after each event
(journal.service.figures).

A round's damage records the damage and what the rules made of it; the health track after it is the fold's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = dict[str, Any]


def _track(states: Data, d: Data) -> Data:
    sheet = states["dichotomy.sheet"]["characters"].get(d["character"])
    if sheet is None:
        return {}
    health = sheet["health"]
    return {"track": {"shaken": health["shaken"], "injured": health["injured"], "serious": health["serious"]}}


READERS: dict[str, Callable[[Data, Data], Data]] = {
    "dichotomy.damage_applied": _track,
}
