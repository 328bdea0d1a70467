"""VPT's upcasters: older payload shapes raised to the current ones (listed in the descriptor).

Plain functions of the payload dict, in a module that imports nothing heavy: the folds load it only when
an old payload is read.
"""

from __future__ import annotations

from typing import Any


def weapon_table_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (release 0.1) had no ``merge``: every table it recorded was the whole table."""
    return {**data, "merge": data.get("merge", False)}


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in data.items() if name != key}


def without_total(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of ``vpt.wounds_taken`` stored ``total``, the wounds in all as recorded: the fold's to say now."""
    return _without(data, "total")


def without_points(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of a tick stored ``points``, the standing after it as recorded: the fold's to say now."""
    return _without(data, "points")


def without_frozen_points(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of ``vpt.revenge_renounced`` stored ``points``, the standing frozen as recorded: the fold's to say
    now."""
    return _without(data, "points")


def without_remaining(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of ``vpt.points_spent`` stored ``remaining``, what was left as recorded: the fold's to say now."""
    return _without(data, "remaining")
