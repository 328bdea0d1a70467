"""``POST /api/link/claim``: a phone opens the Master's one-time link and is given its own device token.

The link's token travels in ``Authorization: Bearer <link>`` (never in an address a log could keep); the page finds
it in its address (``#link=…``), claims it, keeps the token it is answered and drops the link from the bar.  The
checks are journal.service.links's: a link claimed once (two phones racing: the second), past its time, guessed or
malformed is refused in one line, 409 for a used or expired link and 401 for one that opens nothing.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from journal.errors import NotAuthorized
from web.errors import JSON, Unauthenticated

router = APIRouter(prefix="/api", tags=["the Master's console"])
#: The one write under /api/ whose bearer is a one-time link, not a device's token (web.edge.Edge lets it by).
CLAIM_PATH = "/api/link/claim"


@router.post("/link/claim", summary="Trade a one-time link (the bearer) for this device's own token")
def link_claim(request: Request) -> JSON:
    """``{token, member, campaign, token_id}``: the device's token, shown once; the link opens nothing from now."""
    from journal.service.links import claim
    from web.auth import MISSING, _header_token

    link = _header_token(request)
    if link is None:
        raise Unauthenticated(MISSING)
    try:
        issued = claim(request.app.state.journal, link)
    except NotAuthorized as exc:
        raise Unauthenticated(str(exc)) from None
    return JSON({"token": issued.token, "member": issued.member, "campaign": issued.event.campaign,
                 "token_id": issued.token_id})
