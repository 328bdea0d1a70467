"""Wield's upcasters: older payload shapes raised to the current ones (listed in the descriptor).

Plain functions of the payload dict, in a module that imports nothing heavy: the folds load it only when
an old payload is read.
"""

from __future__ import annotations

from typing import Any

#: What schema 1 of ``wield.power_bestowed`` stored besides the facts: the pyramid and Control after it.
_STANDING = ("boxes", "control_lost", "vatcha_dice", "wielder_dice")


def bestowed_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 stored the boxes marked, the Control lost and both pools after the power: the fold's to say now."""
    return {key: value for key, value in data.items() if key not in _STANDING}


def collected_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 stored ``remaining``, what was still owed on the geis as recorded: the fold's to say now."""
    return {key: value for key, value in data.items() if key != "remaining"}
