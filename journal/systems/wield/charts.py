"""What a Wield session report charts (the descriptor's ``charts``) and the names its sheets' raw keys read as.

Each series function reads the system's own folds, ``states -> {series label: number}``; the report walk
calls it after every event of the session (journal.service.reports).  :func:`labels` names the records a hero's
sheet keeps by event id, each in the reader's words.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import _
from journal.service.summaries import word
from journal.systems.wield.summaries import action_line
from journal.systems.wield.words import WORDS


def debts(states: dict[str, Any]) -> dict[str, int]:
    """The failures each hero owes Fate on his sealed geasa (wield.geis), by hero (0 before his first geis)."""
    found = {hero: 0 for hero in states["wield.sheet"]["heroes"]}
    found.update((hero, record["owed"]) for hero, record in states["wield.geis"]["heroes"].items())
    return found


def control(states: dict[str, Any]) -> dict[str, int]:
    """The dice each vatcha keeps in a Control risk against its current wielder (wield.control), by ``vatcha → hero``."""
    found: dict[str, int] = {}
    for vatcha, record in states["wield.control"]["vatcha"].items():
        wielder = record.get("wielder")
        standing = record["wielders"].get(wielder) if wielder else None
        if standing is not None:
            found[f"{vatcha} → {wielder}"] = standing["vatcha_dice"]
    return found


def labels(states: dict[str, Any]) -> dict[str, str]:
    """The event ids a hero's sheet is keyed by, as names: a geis by its promise, a result by its event's number (as
    the page's timeline names it, «№12») and action."""
    found: dict[str, str] = {}
    for hero in states["wield.sheet"]["heroes"].values():
        for geis_id, geis in hero["geasa"].items():
            found[geis_id] = f"«{geis['promise']}»"
        for result_id, result in hero["results"].items():
            found[result_id] = _("#{number} «{what}»").format(number=result["version"], what=_what(result["what"]))
    return found


def _what(what: str | dict[str, Any] | None) -> str:
    """A result's ``what`` in the reader's words: the task or demand as typed, a combat action as the timeline says
    it (:func:`action_line`), a round's check without one by the kind's word («бой»)."""
    if isinstance(what, dict):
        return action_line(what)
    return what if what is not None else word(WORDS, "combat")
