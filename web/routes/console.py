"""The Master's console: tokens (issue, list, revoke, a phone's link as a QR code) and a tally's preview.

Tokens are the Master's alone: a player's token is refused (403) by the same role table the commands
consult (``journal.service.roles``).  A token's secret is kept nowhere (only its hash is recorded), so a
device's link ``<page>#token=<token>`` exists only in the answer to the request that issued it; its QR
code is drawn from that token (``POST /api/tokens/qr.svg``, the token in the body, never in an address
a log could keep), and only for a live token of the Master's own campaign.

``POST /api/tally/{session}/preview`` answers what ``GET /api/tally/{session}`` does, with the Master's
changes applied (lines skipped, bonuses, motive outcomes, lines' amounts changed): the tally the
commit would record.  It writes
nothing.
"""

from __future__ import annotations

import io
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from journal.errors import NotAuthorized, RuleViolation
from journal.service.tokens import MAX_LENGTH, Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json
from web.routes import MAX_INT, Once, once
from web.routes.table import TallyChoices, _choices
from web.writes import WriteRoute

router = APIRouter(prefix="/api", tags=["the Master's console"], route_class=WriteRoute)
Me = Annotated[Bearer, Depends(member)]
#: A token id or a member's name.
Ref = Annotated[str, Path(min_length=1, max_length=200, description="A token id, or a member (every live token).")]


class TokenIssue(BaseModel):
    member: str = Field(min_length=1, max_length=200, description="The member the token opens the journal to.")


class TokenLink(BaseModel):
    token: str = Field(min_length=1, max_length=MAX_LENGTH, description="A live token of this campaign.")


def _master(who: Bearer, event_type: str) -> None:
    """Refuse a player (403) as the commands do for ``event_type`` (journal.service.roles)."""
    from journal.service.roles import role_refusal

    refusal = role_refusal({who.member: who.role}, who.member, event_type)
    if refusal is not None:
        raise refusal


def link(request: Request, token: str) -> str:
    """The page's address that signs a device in with ``token`` (the page drops it from the bar): at the public
    address ``serve --public-url`` named, else at the one the Master's request used."""
    base = getattr(request.app.state, "public_url", None) or str(request.base_url)
    return f"{base}#token={token}"


@router.get("/tokens", summary="Every token of the campaign: id, member, live or revoked (the Master)")
def tokens(request: Request, who: Me) -> JSON:
    from journal.service.tokens import tokens as listed

    _master(who, "member.token_issued")
    return JSON(listed(journal_of(request), who.campaign))


@router.post("/tokens", summary="Issue a member a token (the Master); the answer is the only copy of its secret")
def token_issue(request: Request, who: Me, key: Once, body: TokenIssue) -> JSON:
    """``{token_id, member, token, link, loopback, events}``: the token and the page's link that signs a device in
    with it; ``loopback`` is true when the link names this machine only (127.0.0.1, localhost: no phone opens it)."""
    from journal.service.tokens import hash_secret, issue, parse_token

    with once(request, key, who):
        issued = issue(journal_of(request), who.campaign, body.member, who.member)
    if issued.event.data["token_hash"] != hash_secret(parse_token(issued.token)[1]):
        # A retry of a request already answered: the stored token's secret was shown once, to that answer.
        raise RuleViolation("tokens: shown once", f"token {issued.token_id} of '{issued.member}' was issued by the "
                            "first try of this request; revoke it and issue another")
    from web.hosting import loopback

    shown = link(request, issued.token)
    return JSON({"token_id": issued.token_id, "member": issued.member, "token": issued.token,
                 "link": shown, "loopback": loopback(shown), **events_json([issued.event])})


@router.post("/tokens/{ref}/revoke", summary="Revoke a token, or every live token of a member (the Master)")
def token_revoke(request: Request, who: Me, key: Once, ref: Ref) -> JSON:
    from journal.service.tokens import revoke

    with once(request, key, who):
        return JSON(events_json(revoke(journal_of(request), who.campaign, ref, who.member)))


@router.post("/tokens/qr.svg", summary="The QR code of a live token's link, as SVG (the Master)",
             response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
def token_qr(request: Request, who: Me, body: TokenLink) -> Response:
    """An SVG QR code (segno) of the page's link with ``token``: a phone's camera opens the journal as its member."""
    import segno

    from journal.service.tokens import parse_token, resolve

    _master(who, "member.token_issued")
    campaign, _secret = parse_token(body.token)
    if campaign != who.campaign:  # asked before the token is looked up: no answer about another campaign's tokens
        raise NotAuthorized("token: not of this campaign")
    holder = resolve(journal_of(request), body.token)  # a revoked or unknown token draws nothing
    out = io.BytesIO()
    segno.make(link(request, body.token), error="m").save(
        out, kind="svg", scale=4, border=4, xmldecl=False, title=f"{holder.member}: {holder.campaign}")
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


@router.post("/tally/{session}/preview", summary="The tally with the Master's changes applied (writes nothing)")
def tally_preview(request: Request, who: Me, session: Annotated[int, Path(ge=1, le=MAX_INT)],
                  body: Annotated[TallyChoices | None, Body()] = None) -> JSON:  # type: ignore[valid-type]
    from journal.service.tallies import propose_tally

    return JSON(propose_tally(journal_of(request), who.campaign, session, **_choices(body), actor=who.member))
