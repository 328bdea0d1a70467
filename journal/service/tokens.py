"""Access tokens for the HTTP server: the Master issues and revokes them; the server resolves them.

A token reads ``jt1.<campaign>.<secret>``: the campaign's name in URL-safe base64 (no padding), then 32
random bytes in URL-safe base64 (no padding).  The journal records only ``sha256(secret)`` (of the
secret's text, in hex) with a short random ``token_id`` in ``member.token_issued``; the token itself is
shown once, to whoever issued it.  ``member.token_revoked`` ends a token.  A member may hold several
tokens (one per device); revoking by name revokes every live token of that member.

``resolve`` is what the server calls on every request: it reads the store's head version, and the membership
and token events themselves folded up to it (the campaign's warm state when it is at that head, else
``journal.service.membership``, cached by head version), never a read model anyone with the database could
edit, and refuses a malformed, unknown or revoked token with NotAuthorized and a one-line reason.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Any, NamedTuple

from journal.errors import NotAuthorized, NotFound, RuleViolation
from journal.events.envelope import Event
from journal.events.tokens import TokenIssued, TokenRevoked
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.service.membership import campaign_state
from journal.service.roles import require_role
from journal.store import EventStore

PREFIX = "jt1"
SECRET_BYTES = 32
_B64 = re.compile(r"^[A-Za-z0-9_-]+$")
_TOKEN_ID = re.compile(r"^[0-9a-f]{12}$")
#: The longest token accepted (a 200-character campaign name of 4-byte characters, and the secret).
MAX_LENGTH = 1200


@dataclass(frozen=True)
class Issued:
    """A token just issued: the event that records it and the token string (shown once)."""

    event: Event
    token: str

    @property
    def token_id(self) -> str:
        return self.event.data["token_id"]

    @property
    def member(self) -> str:
        return self.event.data["member"]


class Bearer(NamedTuple):
    """Who a token opens the journal to: the campaign, the member and the member's role (master or player)."""

    campaign: str
    member: str
    role: str
    #: The token's id (``member.token_issued.token_id``): its writes decide only while it is live.
    token_id: str | None = None


def _b64encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _b64decode(text: str) -> bytes:
    if not _B64.match(text):
        raise ValueError("not URL-safe base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hash_secret(secret: str) -> str:
    """sha256 of the secret's text (as it appears in the token), in hex: what the journal stores."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def make_token(campaign: str, secret: str) -> str:
    return f"{PREFIX}.{_b64encode(campaign.encode('utf-8'))}.{secret}"


def parse_token(token: str) -> tuple[str, str]:
    """(campaign, secret) of a token string; NotAuthorized naming what is wrong when it is malformed."""
    text = token.strip()
    if not text:
        raise NotAuthorized(_("token: empty"))
    if len(text) > MAX_LENGTH:
        raise NotAuthorized(_("token: malformed (too long)"))
    parts = text.split(".")
    if len(parts) != 3 or parts[0] != PREFIX:
        raise NotAuthorized(_("token: malformed (expected '{prefix}.<campaign>.<secret>')").format(prefix=PREFIX))
    try:
        campaign = _b64decode(parts[1]).decode("utf-8")
        secret = _b64decode(parts[2])
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise NotAuthorized(_("token: malformed (not URL-safe base64)")) from None
    if not campaign or len(secret) != SECRET_BYTES:
        raise NotAuthorized(_("token: malformed (wrong length)"))
    return campaign, parts[2]


def _member(ctx: Context, name: str) -> str:
    name = name.strip()
    if name not in ctx.campaign["members"]:
        raise NotFound(_("no member named '{name}' in campaign '{campaign}'").format(name=name, campaign=ctx.name))
    return name


def issue(journal: Journal, campaign: str, member: str, actor: str | None = None) -> Issued:
    """Issue ``member`` a new token (the Master only); the returned token is the only copy of its secret."""
    secret = _b64encode(secrets.token_bytes(SECRET_BYTES))
    token_id = secrets.token_hex(6)

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, TokenIssued.type)
        name = _member(ctx, member)
        return [TokenIssued(member=name, token_id=token_id, token_hash=hash_secret(secret))]

    event = journal.execute(campaign, decide, actor)[0]
    return Issued(event, make_token(event.campaign, secret))


def issued_at(journal: Journal, campaign: str) -> dict[str, str]:
    """When each token of ``campaign`` was issued (its ``member.token_issued`` event's time), by token id."""
    return _issued(journal.store, campaign)


def _issued(store: EventStore, campaign: str) -> dict[str, str]:
    return {e.data["token_id"]: e.recorded_at for e in store.read(campaign, types=["member.token_issued"])}


def revoked_line(store: EventStore, campaign: str, token_id: str, member: str) -> str:
    """The one line a revoked token is refused with (by the server, a write decided under it): the token named as
    people name it, by its member and when it was issued (:func:`issued_on`), never its id."""
    return _("token: revoked (the token of '{member}' issued {day})").format(
        member=member, day=issued_on(_issued(store, campaign).get(token_id)))


def issued_on(stamp: str | None) -> str:
    """The day and minute a token was issued, as people name it beside its member: ``2026-12-03 14:05`` (UTC) in
    English, else the reader's short date and time (24-hour in Russian: ``03.12.2026 14:05``); ``—`` unknown."""
    if not stamp:
        return "—"
    from journal.service.words import local_time

    return local_time(stamp, stamp[:16].replace("T", " "), seconds=False)


def revoke(journal: Journal, campaign: str, ref: str, actor: str | None = None) -> list[Event]:
    """Revoke every live token of member ``ref``, or token ``ref`` (its id) (the Master only)."""
    ref = ref.strip()

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, TokenRevoked.type)
        tokens: dict[str, Any] = ctx.campaign.get("tokens", {})
        if _TOKEN_ID.match(ref) and ref in tokens:
            token = tokens[ref]
            if token["revoked"]:
                raise RuleViolation(N_("tokens: revoked once"), _("the token of '{member}' issued {day} is already "
                                                                  "revoked").format(
                    member=token["member"], day=issued_on(issued_at(journal, campaign).get(ref))))
            return [TokenRevoked(member=token["member"], token_id=ref)]
        if ref in ctx.campaign["members"]:
            live = [token_id for token_id, token in tokens.items() if token["member"] == ref and not token["revoked"]]
            if not live:
                raise RuleViolation(N_("tokens: revoked once"), _("'{ref}' holds no live token in '{name}'")
                                                                .format(ref=ref, name=ctx.name))
            return [TokenRevoked(member=ref, token_id=token_id) for token_id in live]
        raise NotFound(_("no token with id '{ref}' and no member named '{ref}' in campaign '{name}'")
                       .format(ref=ref, name=ctx.name))

    return journal.execute(campaign, decide, actor)


def tokens(journal: Journal, campaign: str) -> list[dict[str, Any]]:
    """Every token of the campaign: id, member, when it was issued (``issued_at``: people name a token by its member
    and that day) and whether it is revoked (never a hash); a one-time link's also ``expires_at``
    (journal/service/links.py)."""
    state = campaign_state(journal.store, campaign)
    issued = issued_at(journal, campaign)
    return [{"token_id": token_id, "member": t["member"], "revoked": t["revoked"], "issued_at": issued.get(token_id)}
            | ({"expires_at": t["expires_at"]} if t.get("expires_at") else {})
            for token_id, t in state.get("tokens", {}).items()]


def _membership(journal: Journal, campaign: str) -> dict[str, Any]:
    """The campaign's membership and tokens at the store's head version, read now: the warm state's when it is at
    that version (folded from the same events: journal/service/warm.py), else ``campaign_state``'s.  One head
    lookup when the campaign is warm, whoever appended last."""
    head = journal.store.head(campaign)
    if head == 0:
        raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
    entry = journal.warm.peek(campaign)
    if entry is not None and entry.version == head:
        return entry.members
    return campaign_state(journal.store, campaign, head)


def resolve(journal: Journal, token: str) -> Bearer:
    """The campaign, member and role a token opens; NotAuthorized for a malformed, unknown or revoked token."""
    campaign, secret = parse_token(token)
    try:
        state = _membership(journal, campaign)
    except NotFound:
        raise NotAuthorized(_("token: unknown (no such campaign)")) from None
    if state["name"] != campaign:  # a stream whose creation names another campaign opens nothing
        raise NotAuthorized(_("token: unknown (the campaign's record names another campaign)"))
    wanted = hash_secret(secret)
    for token_id, found in state.get("tokens", {}).items():
        if hmac.compare_digest(found["hash"], wanted):
            if found["revoked"]:
                raise NotAuthorized(revoked_line(journal.store, campaign, token_id, found["member"]))
            if found.get("expires_at"):  # journal/service/links.py: it is claimed, never carried
                raise NotAuthorized(_("token: a one-time link opens only its claim, not the journal"))
            role = state["members"].get(found["member"])
            if role is None:
                raise NotAuthorized(_("token: unknown (its member is not in the campaign)"))
            return Bearer(campaign, found["member"], role, token_id)
    raise NotAuthorized(_("token: unknown"))
