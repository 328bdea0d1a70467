"""One-time links: the Master's first device signs in by opening a link once, within a bounded time.

A link is a token of the existing mechanism (journal/service/tokens.py, docs/events/tokens.md) whose
``member.token_issued`` carries ``expires_at``: it opens nothing as a bearer (``tokens.resolve`` refuses it), only
its claim.  ``claim`` runs under the campaign's write lock (``Journal.execute``) and records two events in one
append: the link's ``member.token_revoked`` and a new device token's ``member.token_issued``.  So of two phones
racing with the same link, one claims it and the other finds it revoked (``link: used once``); a link past its
time is refused (``link: expired``), and so is a guessed one (``token: unknown``).  The new token is returned once,
to the claiming device; only its hash is recorded.
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from typing import Any

from journal.errors import NEW_LINK, NotAuthorized, RuleViolation
from journal.events.tokens import TokenIssued, TokenRevoked
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.service.membership import campaign_state
from journal.service.roles import require_role
from journal.service.tokens import SECRET_BYTES, Issued, _b64encode, hash_secret, make_token, parse_token

#: How long a one-time link stays open when it is not claimed.
LINK_TTL = dt.timedelta(minutes=30)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _iso(when: dt.datetime) -> str:
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def issue_link(journal: Journal, campaign: str, actor: str | None = None,
               ttl: dt.timedelta = LINK_TTL) -> Issued:
    """A one-time link's token for the campaign's Master (the Master only), open for ``ttl``."""
    secret = _b64encode(secrets.token_bytes(SECRET_BYTES))
    token_id = secrets.token_hex(6)
    expires = _iso(_now() + ttl)

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, TokenIssued.type)
        return [TokenIssued(member=ctx.campaign["master"], token_id=token_id, token_hash=hash_secret(secret),
                            expires_at=expires)]

    event = journal.execute(campaign, decide, actor)[0]
    return Issued(event, make_token(event.campaign, secret))


def claim(journal: Journal, link: str) -> Issued:
    """Trade a live one-time link for a device token of its member: the link is revoked in the same append."""
    campaign, secret = parse_token(link)
    wanted = hash_secret(secret)
    device_secret = _b64encode(secrets.token_bytes(SECRET_BYTES))
    device_id = secrets.token_hex(6)

    def decide(ctx: Context) -> list:
        tokens: dict[str, Any] = ctx.campaign.get("tokens", {})
        found = [(token_id, token) for token_id, token in tokens.items() if hmac.compare_digest(token["hash"], wanted)]
        if not found or not found[0][1].get("expires_at"):
            raise NotAuthorized(_("token: unknown"))
        token_id, token = found[0]
        if token["revoked"]:
            raise RuleViolation(N_("link: used once"), _("this link was opened once already: ask the Master for a "
                                                         "new one"), hint=NEW_LINK)
        if _now() >= dt.datetime.fromisoformat(token["expires_at"]):
            raise RuleViolation(N_("link: expired"), _("this link expired at {when}: ask for a new one")
                                   .format(when=token["expires_at"]), hint=NEW_LINK)
        return [TokenRevoked(member=token["member"], token_id=token_id),
                TokenIssued(member=token["member"], token_id=device_id, token_hash=hash_secret(device_secret))]

    actor = _link_member(journal, campaign, wanted)
    events = journal.execute(campaign, decide, actor)
    return Issued(events[-1], make_token(events[-1].campaign, device_secret))


def _link_member(journal: Journal, campaign: str, wanted: str) -> str:
    """The member a link names (the actor of its claim), read before the write; unknown links open nothing."""
    from journal.errors import NotFound

    try:
        state = campaign_state(journal.store, campaign)
    except NotFound:
        raise NotAuthorized(_("token: unknown (no such campaign)")) from None
    for token in state.get("tokens", {}).values():
        if hmac.compare_digest(token["hash"], wanted) and token.get("expires_at"):
            return str(token["member"])
    raise NotAuthorized(_("token: unknown"))


def needs_link(journal: Journal, campaign: str) -> bool:
    """Whether the campaign has no device token yet (its one-time links aside): the first ``serve`` makes a link."""
    state = campaign_state(journal.store, campaign)
    return not any(not token.get("expires_at") for token in state.get("tokens", {}).values())


__all__ = ["LINK_TTL", "claim", "issue_link", "needs_link"]
