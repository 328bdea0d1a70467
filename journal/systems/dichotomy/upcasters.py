"""Dichotomy's upcasters: older payload shapes raised to the current ones (listed in the descriptor).

Plain functions of the payload dict, in a module that imports nothing heavy: the folds load it only when
an old payload is read.
"""

from __future__ import annotations

from typing import Any


def damage_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of ``dichotomy.damage_applied`` stored ``track``, the health track after the round as recorded: the
    fold's to say now."""
    return {key: value for key, value in data.items() if key != "track"}


def without_track(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 of ``dichotomy.hits_recovered`` and ``dichotomy.injury_healed`` stored ``track``, the health track
    after as recorded: the fold's to say now."""
    return damage_v1_to_v2(data)
