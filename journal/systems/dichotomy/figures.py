"""Dichotomy: the running totals its summaries show, read from the fold just after each event
(journal.service.figures).

A round's damage, a recovery and a healing record what happened; the health track after it is the fold's.
``TEXTS`` says how a figure reads in the "at the table" mark: the track as its drawing (``|●○|○|○|``), as the
summary draws it.
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


def _drawing(track: Data) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**track))


READERS: dict[str, Callable[[Data, Data], Data]] = {
    "dichotomy.damage_applied": _track,
    "dichotomy.hits_recovered": _track,
    "dichotomy.injury_healed": _track,
}

#: How a figure's value reads in the "at the table" mark, by field (journal.service.figures.note).
TEXTS: dict[str, Callable[[Any], str]] = {"track": _drawing}
