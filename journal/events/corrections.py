"""Payloads that answer earlier events: a void takes an event out of every projection from that point on.

Nothing is edited: the voided event stays in the log, and every projection as of a point before the
void still counts it.  A corrected event, when there is one, is a new event whose ``causation`` names
the void.
"""

from __future__ import annotations

from pydantic import Field

from journal.events import Payload


class EventVoided(Payload):
    """``target`` (an event of this campaign, at ``target_version``) no longer counts from here on."""

    type = "correction.voided"

    target: str = Field(min_length=1, max_length=36)
    target_version: int = Field(ge=1)
    reason: str = Field(min_length=1, max_length=2000)
    dispute: str | None = None
