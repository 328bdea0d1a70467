"""Stone Wheel's upcasters: older payload shapes raised to the current ones (listed in the descriptor).

Plain functions of the payload dict, in a module that imports nothing heavy: the folds load it only when
an old payload is read.
"""

from __future__ import annotations

import re
from typing import Any

#: How a combat exchange's harm was written before ``by`` was kept: ``<action> by <character>``.
_STRUCK = re.compile(r"^(attack|grab|cast|other|counterattack) by (.+)$", re.DOTALL)


def _struck(data: dict[str, Any], *, combat: bool) -> dict[str, Any]:
    found = _STRUCK.match(data["cause"]) if combat else None
    if found is None:
        return {**data, "by": data.get("by")}
    return {**data, "cause": found.group(1), "by": found.group(2)}


def damage_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 wrote a combat hit's cause as ``attack by Ратибор``: now ``cause`` ``attack``, ``by`` Ратибор.

    Only a damage with attack terms came from a combat exchange; the Master's own words stay as written."""
    return _struck(data, combat=data.get("attack") is not None)


def died_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 wrote a death in combat with the damage's cause (``attack by Ратибор``): split as the damage's."""
    return _struck(data, combat=True)


def violation_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 violations were priced by the fold, from its own count and the Health it held (the payload's
    consequence and damage shown only): ``repriced`` keeps them so, and the sheets of their campaigns as they were."""
    return {**data, "repriced": True}
