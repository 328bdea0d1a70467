"""Payloads of the events every campaign has, whatever its rule system: creation and membership."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from journal.events import Payload

SYSTEMS = ("wield", "stone-wheel", "dichotomy", "vpt")
System = Literal["wield", "stone-wheel", "dichotomy", "vpt"]
Name = str


class CampaignCreated(Payload):
    """A campaign begins: its name, rule system and Master (its first member)."""

    type = "campaign.created"

    name: str = Field(min_length=1, max_length=200)
    system: System
    master: str = Field(min_length=1, max_length=200)


class MemberAdded(Payload):
    """A player joins the campaign (recorded by the Master)."""

    type = "member.added"

    name: str = Field(min_length=1, max_length=200)
    role: Literal["player"] = "player"
