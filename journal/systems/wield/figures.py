"""Wield: the running totals its summaries show, read from the folds just after each event (journal.service.figures).

A bestowal records the power and its rank, a collection the success it turns; the boxes marked, the Control
lost, each side's dice and what is still owed on the geis are the folds'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = dict[str, Any]


def _bestowed(states: Data, d: Data) -> Data:
    wielders = states["wield.control"]["vatcha"].get(d["vatcha"], {}).get("wielders", {})
    standing = wielders.get(d["hero"])
    if standing is None:
        return {}
    return {key: standing[key] for key in ("boxes", "control_lost", "vatcha_dice", "wielder_dice")}


def _collected(states: Data, d: Data) -> Data:
    geis = states["wield.geis"]["geasa"].get(d["geis"])
    return {"remaining": geis["owed"]} if geis is not None else {}


READERS: dict[str, Callable[[Data, Data], Data]] = {
    "wield.power_bestowed": _bestowed,
    "wield.failure_collected": _collected,
}
