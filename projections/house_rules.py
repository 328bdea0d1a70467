"""Placeholder: the house_rules projection (being written)."""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event


def initial() -> dict[str, Any]:
    return {}


def apply(state: dict[str, Any], event: Event) -> None:
    return None
