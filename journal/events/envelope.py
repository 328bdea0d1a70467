"""The event envelope: one stored event, as every layer above the store sees it.

A plain frozen dataclass (not a pydantic model) because replay builds one per event on the hot
path; payloads (``data``) are already-decoded JSON dicts.  Field meanings are in docs/events.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One immutable event of a campaign stream, exactly as stored."""

    id: str
    campaign: str
    version: int
    type: str
    data: dict[str, Any]
    actor: str
    recorded_at: str
    session: int | None = None
    causation: str | None = None
    schema: int = 1
    prev_hash: str | None = None
    hash: str = ""
    seq: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event not yet appended: the store assigns version, time (unless given) and hashes."""

    type: str
    data: dict[str, Any]
    actor: str
    id: str | None = None
    session: int | None = None
    causation: str | None = None
    schema: int = 1
    recorded_at: str | None = None
