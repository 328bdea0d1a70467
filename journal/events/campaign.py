"""Payloads of the events every campaign has, whatever its rule system: creation and membership."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from journal.events import Payload
from journal.events.names import Name
from journal.i18n import _


class CampaignCreated(Payload):
    """A campaign begins: its name, rule system and Master (its first member)."""

    type = "campaign.created"

    name: Name
    system: str
    master: Name
    #: The public key of the journal that created the campaign (64 hex digits; absent before signing, or without
    #: a key): a fact in the chain, so that a re-chained history cannot pass as one recorded before signing.
    public_key: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")

    def to_data(self) -> dict[str, Any]:
        """The payload's dict; ``public_key`` only when set (the campaigns created without one keep their bytes)."""
        data = super().to_data()
        if data["public_key"] is None:
            del data["public_key"]
        return data

    @field_validator("system")
    @classmethod
    def _registered(cls, value: str) -> str:
        from journal.systems.registry import names

        if value not in names():
            raise ValueError(_("'{value}' is not one of {systems}").format(value=value, systems=", ".join(names())))
        return value


class MemberAdded(Payload):
    """A player joins the campaign (recorded by the Master)."""

    type = "member.added"

    name: Name
    role: Literal["player"] = "player"
