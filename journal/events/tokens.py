"""Payloads of the access tokens a Master issues to members for the HTTP server (``journal serve``).

Only the SHA-256 of a token's secret is recorded; the token itself is printed once, when issued.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from journal.events import Payload
from journal.events.names import Name

TOKEN_ID = r"^[0-9a-f]{12}$"
SHA256_HEX = r"^[0-9a-f]{64}$"


class TokenIssued(Payload):
    """The Master issues ``member`` a token: ``token_id`` names it, ``token_hash`` is sha256(secret) in hex.

    With ``expires_at`` (an ISO UTC time) it is a one-time link (journal/service/links.py): it opens nothing as a
    bearer, and is traded once, before that time, for a device token.  Without it the field is not stored.
    """

    type: ClassVar[str] = "member.token_issued"

    member: Name
    token_id: str = Field(pattern=TOKEN_ID)
    token_hash: str = Field(pattern=SHA256_HEX)
    expires_at: str | None = Field(None, pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")

    def to_data(self) -> dict[str, Any]:
        data = super().to_data()
        if data.get("expires_at") is None:
            data.pop("expires_at", None)  # a device token's event is as it always was
        return data


class TokenRevoked(Payload):
    """The Master revokes token ``token_id`` of ``member``: it opens nothing from then on."""

    type: ClassVar[str] = "member.token_revoked"

    member: Name
    token_id: str = Field(pattern=TOKEN_ID)
