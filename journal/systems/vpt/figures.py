"""VPT: the running totals its summaries show, read from the folds just after each event (journal.service.figures).

A character's wounds in all after a wound, a bond's points after a tick, the standing a renounced revenge froze
with, what is left after a spending: the events record the wounds, the change and the amount; the standing is
the fold's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = dict[str, Any]


def _wounds(states: Data, d: Data) -> Data:
    sheet = states["vpt.sheet"]["characters"].get(d["character"])
    return {"total": sheet["wounds"] if sheet is not None else d["wounds"]}


def _relationship(states: Data, character: str, other: str) -> int:
    standing = states["vpt.bonds"]["relationships"].get(character, {}).get(other)
    return standing["points"] if standing is not None else 0


def _revenge(states: Data, avenger: str, target: str) -> int:
    standing = states["vpt.bonds"]["revenges"].get(avenger)
    return standing["points"] if standing is not None and standing["target"] == target else 0


def _frozen(states: Data, d: Data) -> Data:
    """The standing a renounced revenge froze with: the avenger's latest frozen revenge on that target."""
    frozen = [old["points"] for old in states["vpt.bonds"]["frozen"]
              if old["avenger"] == d["avenger"] and old["target"] == d["target"]]
    return {"points": frozen[-1] if frozen else 0}


def _spent(states: Data, d: Data) -> Data:
    held = (_relationship if d["bond"] == "relationship" else _revenge)(states, d["character"], d["other"])
    return {"remaining": held}


READERS: dict[str, Callable[[Data, Data], Data]] = {
    "vpt.wounds_taken": _wounds,
    "vpt.relationship_ticked": lambda states, d: {"points": _relationship(states, d["character"], d["other"])},
    "vpt.revenge_ticked": lambda states, d: {"points": _revenge(states, d["avenger"], d["target"])},
    "vpt.revenge_renounced": _frozen,
    "vpt.points_spent": _spent,
}
