"""Payloads of the events every campaign has, whatever its rule system: creation and membership."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from journal.events import Payload

Name = str


class CampaignCreated(Payload):
    """A campaign begins: its name, rule system and Master (its first member)."""

    type = "campaign.created"

    name: str = Field(min_length=1, max_length=200)
    system: str
    master: str = Field(min_length=1, max_length=200)

    @field_validator("system")
    @classmethod
    def _registered(cls, value: str) -> str:
        from journal.systems.registry import names

        if value not in names():
            raise ValueError(f"'{value}' is not one of {', '.join(names())}")
        return value


class MemberAdded(Payload):
    """A player joins the campaign (recorded by the Master)."""

    type = "member.added"

    name: str = Field(min_length=1, max_length=200)
    role: Literal["player"] = "player"
