"""Payloads of the access tokens a Master issues to members for the HTTP server (``journal serve``).

Only the SHA-256 of a token's secret is recorded; the token itself is printed once, when issued.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from journal.events import Payload
from journal.events.names import Name

TOKEN_ID = r"^[0-9a-f]{12}$"
SHA256_HEX = r"^[0-9a-f]{64}$"


class TokenIssued(Payload):
    """The Master issues ``member`` a token: ``token_id`` names it, ``token_hash`` is sha256(secret) in hex."""

    type: ClassVar[str] = "member.token_issued"

    member: Name
    token_id: str = Field(pattern=TOKEN_ID)
    token_hash: str = Field(pattern=SHA256_HEX)


class TokenRevoked(Payload):
    """The Master revokes token ``token_id`` of ``member``: it opens nothing from then on."""

    type: ClassVar[str] = "member.token_revoked"

    member: Name
    token_id: str = Field(pattern=TOKEN_ID)
