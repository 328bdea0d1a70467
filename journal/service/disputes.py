"""Disputes before the quorum: any member contests an event, the players present vote, the Master rules.

* ``open_dispute``: any member; the event must be of this campaign and may not be a void, a dispute
  record or a campaign, membership or session record, nor already voided, nor under an open dispute.
  The voters are frozen then: the players (not the Master) recorded present at the event's session,
  or every player of the campaign for an event recorded between sessions.
* ``vote``: each voter once; a vote is final (a second one is refused, naming the first).
* ``rule``: the Master only, once, and only after a second-degree quorum of the voters has voted
  (``journal.quorum.second_degree``: ceil(2P/3) of P voters, either way).  The ruling keeps the tally
  and whether it followed the majority.  An overturn appends, in the same batch, one
  ``correction.voided`` naming the dispute for every event of the disputed event's decision (what
  its command appended: a hit and its wounds, an exchange and its damage) and, when given, the
  corrected event (same type as the disputed one) whose causation is the disputed event's void.
  An overturn that later events depend on is refused with their list; so is one after which the
  campaign would break an invariant of its system (journal.service.invariants), naming the first
  event that breaks it: both found in one fold of the campaign with the voids (journal.service.overturns).
  A disputed line of a session's tally is voided alone, not the other awards its commit appended.

A dispute is named by its short number in its campaign (``3``, ``№3``: journal.service.naming), by the id of
its ``dispute.opened`` event, or by a unique prefix of at least 8 hex digits.  Voting and ruling by id need no
campaign: the event's id finds it.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from journal.dice.notation import evaluate, parse
from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events import Payload, parse_payload
from journal.events.corrections import EventVoided
from journal.events.disputes import Choice, DisputeOpened, DisputeRuled, DisputeTally, DisputeVoted
from journal.events.envelope import Event
from journal.events.session import FreeRoll
from journal.events.tallies import TallyCommitted
from journal.i18n import N_, gettext, ngettext
from journal.quorum import second_degree
from journal.service import overturns
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.service.roles import require_role
from journal.understand import event_number
from projections import disputes as disputes_projection
from projections.engine import voids

#: Records that are final: disputing them is refused.
FINAL_TYPES = ("campaign.created", "member.added", "member.token_issued", "member.token_revoked", "session.started",
               "session.ended")
FINAL_PREFIXES = ("dispute.", "correction.")
CHOICES: tuple[Choice, ...] = ("uphold", "overturn")

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_PREFIX = re.compile(r"^[0-9a-f-]+$")
MIN_PREFIX = 8


# -- finding events and disputes ------------------------------------------------------------------


def _prefix(ref: str, what: str) -> str:
    text = ref.strip().lower()
    if not _PREFIX.match(text) or sum(ch != "-" for ch in text) < MIN_PREFIX:
        raise ValidationFailed(gettext("{what}: '{ref}' is not an id or a prefix of at least {min_prefix} hex digits")
                               .format(what=what, ref=ref, min_prefix=MIN_PREFIX))
    return text


def _ids_like(journal: Journal, prefix: str, *, campaign: str | None = None, type_: str | None = None) -> list[tuple[str, str]]:
    """(id, campaign) of the stored events whose id starts with ``prefix`` (at most 6)."""
    return journal.store.ids_with_prefix(prefix, campaign=campaign, type_=type_)


def _ambiguous(what: str, ref: str, ids: list[str]) -> ValidationFailed:
    shown = ", ".join(ids[:5]) + (", …" if len(ids) > 5 else "")
    return ValidationFailed(gettext("{what}: '{ref}' is ambiguous: {shown}").format(what=what, ref=ref, shown=shown))


def resolve_event(journal: Journal, campaign: str, ref: str) -> Event:
    """The event of ``campaign`` that ``ref`` names: its number (``12``, «№12», "#12", ``v12``), an event id or a
    unique id prefix."""
    journal.campaign(campaign)
    text = event_number(str(ref)) or str(ref).strip()
    if text.isascii() and text.isdigit():
        found = list(journal.store.read(campaign, from_version=int(text), to_version=int(text)))
        if not found:
            raise NotFound(gettext("no event at version {text} in campaign '{campaign}'")
                           .format(text=text, campaign=campaign))
        return found[0]
    prefix = _prefix(text, "event")
    if _UUID.match(prefix):
        event = journal.store.get(prefix)
        if event.campaign != campaign:
            raise NotFound(gettext("event {prefix} is not in campaign '{campaign}'")
                           .format(prefix=prefix, campaign=campaign))
        return event
    matches = _ids_like(journal, prefix, campaign=campaign)
    if not matches:
        raise NotFound(gettext("no event with an id starting '{prefix}' in campaign '{campaign}'")
                       .format(prefix=prefix, campaign=campaign))
    if len(matches) > 1:
        raise _ambiguous("event", ref, [m[0] for m in matches])
    return journal.store.get(matches[0][0])


def _numbered(journal: Journal, number: int, campaign: str | None) -> tuple[str, str]:
    """(campaign, dispute id) of dispute №``number`` of ``campaign`` (journal.service.naming.numbers)."""
    from journal.service.naming import numbers

    if campaign is None and len(known := journal.store.campaigns()) == 1:
        campaign = known[0]  # the journal's one campaign
    if campaign is None:
        raise ValidationFailed(gettext("dispute #{number}: name its campaign too (a number counts the disputes of one "
                                       "campaign)").format(number=number))
    found = [d for d, n in numbers(journal.at(campaign)["disputes"]).items() if n == number]
    if not found:
        raise NotFound(gettext("no dispute #{number} in campaign '{campaign}'").format(number=number,
                                                                                     campaign=campaign))
    return campaign, found[0]


def find_dispute(journal: Journal, ref: str, campaign: str | None = None) -> tuple[str, str]:
    """(campaign, dispute id) named by ``ref``: its short number in ``campaign`` (``3``, ``№3``), a dispute id or
    a unique prefix of >= 8 hex digits."""
    from journal.service.naming import dispute_number

    number = dispute_number(ref)
    if number is not None:
        return _numbered(journal, number, campaign)
    prefix = _prefix(ref, "dispute")
    if _UUID.match(prefix):
        event = journal.store.get(prefix)
        if event.type != "dispute.opened" or (campaign is not None and event.campaign != campaign):
            raise NotFound(f"no dispute with id '{prefix}'" + ("" if campaign is None else f" in campaign '{campaign}'"))
        return event.campaign, event.id
    if campaign is not None:
        known = journal.at(campaign)["disputes"]["disputes"]
        matches = [(d, campaign) for d in known if d.startswith(prefix)]
    else:
        matches = _ids_like(journal, prefix, type_="dispute.opened")
    if not matches:
        raise NotFound(f"no dispute with an id starting '{prefix}'" + ("" if campaign is None else f" in campaign '{campaign}'"))
    if len(matches) > 1:
        raise _ambiguous("dispute", ref, [m[0] for m in matches])
    return matches[0][1], matches[0][0]


def _dispute(ctx: Context, dispute_id: str) -> dict[str, Any]:
    found = ctx.states["disputes"]["disputes"].get(dispute_id)
    if found is None:  # its opening was voided
        raise NotFound(gettext("no dispute with id '{dispute_id}' in campaign '{name}'")
                       .format(dispute_id=dispute_id, name=ctx.name))
    return found


def _naming(journal: Journal, ctx: Context) -> Any:
    """The names of the campaign's disputes and events as ``ctx`` sees it (journal.service.naming)."""
    from journal.service.naming import Naming

    return Naming.of(journal, ctx.name, ctx.states)


def _closed(journal: Journal, ctx: Context, dispute: dict[str, Any]) -> RuleViolation:
    """The refusal of a vote or a ruling on a dispute already ruled, naming it «dispute #3 about “…”»."""
    name = _naming(journal, ctx).dispute(dispute["id"])
    text = (gettext("{dispute} is already ruled: the event stands") if dispute["status"] == "upheld"
            else gettext("{dispute} is already ruled: the event is overturned"))
    return RuleViolation(N_("dispute: ruled once"), text.format(dispute=name))


def _who(dispute: dict[str, Any]) -> str:
    return gettext("present players") if dispute["session"] is not None else gettext("players")


def tally(dispute: dict[str, Any]) -> dict[str, Any]:
    """The second-degree tally of a dispute's votes so far: eligible, required, uphold, overturn, reached."""
    counted = second_degree({p: v["choice"] == "overturn" for p, v in dispute["votes"].items()}, dispute["voters"])
    return {"eligible": counted.eligible, "required": counted.required, "uphold": counted.against,
            "overturn": counted.in_favour, "voted": counted.in_favour + counted.against, "reached": counted.reached}


# -- commands ------------------------------------------------------------------------------------


def open_dispute(journal: Journal, campaign: str, event: str, reason: str, actor: str | None = None) -> Event:
    """Any member contests ``event`` (a version, an id or a unique id prefix) for ``reason``."""
    target = resolve_event(journal, campaign, event)
    reason = reason.strip()
    if not reason:
        raise ValidationFailed(gettext("reason: a dispute needs a reason"))

    def decide(ctx: Context) -> list:
        if target.type in FINAL_TYPES or target.type.startswith(FINAL_PREFIXES):
            from journal.service.labels import type_label

            raise RuleViolation(N_("dispute: what may be disputed"),
                                gettext("the event is a “{type}”: voids, disputes and campaign, membership, token "
                                        "and session records are final")
                                .format(type=type_label(str(ctx.campaign["system"]), target.type)))
        for void in voids(journal.store, ctx.name, to_version=ctx.version):
            if void.target == target.id:
                raise RuleViolation(N_("dispute: voided event"),
                                    gettext("{event} is voided already: it counts no more")
                                    .format(event=_naming(journal, ctx).thing(target.id)))
        pending = disputes_projection.open_disputes(ctx.states["disputes"], target.id)
        if pending:
            naming = _naming(journal, ctx)
            raise RuleViolation(N_("dispute: one at a time"),
                                gettext("{event} is already disputed: {dispute} is open")
                                .format(event=naming.thing(target.id), dispute=naming.dispute(pending[0]["id"],
                                                                                              short=True)))
        players = [name for name, role in ctx.campaign["members"].items() if role == "player"]
        if target.session is None:
            voters = players
            if not voters:
                raise RuleViolation(N_("dispute: voters"), gettext("'{name}' has no players: no quorum can be formed")
                                                           .format(name=ctx.name))
        else:
            record = ctx.sessions["sessions"].get(str(target.session))
            voters = [name for name in (record or {}).get("present", []) if name in players]
            if not voters:
                raise RuleViolation(N_("dispute: voters"),
                                    gettext("no player was present at session {session}: no quorum can be formed")
                                    .format(session=target.session))
        return [DisputeOpened(target=target.id, target_version=target.version, target_type=target.type,
                              session=target.session, reason=reason[:2000], voters=voters)]

    return journal.execute(campaign, decide, actor)[0]


def vote(journal: Journal, dispute: str, choice: str, actor: str | None = None, campaign: str | None = None) -> Event:
    """A voter's vote on ``dispute``: ``uphold`` (the event stands) or ``overturn``; final once cast."""
    if choice not in CHOICES:
        raise ValidationFailed(gettext("choice: '{choice}' is not uphold or overturn").format(choice=choice))
    name, dispute_id = find_dispute(journal, dispute, campaign)

    def decide(ctx: Context) -> list:
        found = _dispute(ctx, dispute_id)
        if found["status"] != "open":
            raise _closed(journal, ctx, found)
        voters = ", ".join(found["voters"])
        if ctx.is_master:
            raise RuleViolation(N_("dispute: who votes"), gettext("the Master rules on the dispute and does not vote (voters: {voters})")
                                                          .format(voters=voters))
        if ctx.actor not in found["voters"]:
            text = (gettext("'{actor}' was not present at session {session} (voters: {voters})")
                    if found["session"] is not None else gettext("'{actor}' is not a voter (voters: {voters})"))
            raise RuleViolation(N_("dispute: who votes"), text.format(actor=ctx.actor, session=found["session"],
                                                                      voters=voters))
        cast = found["votes"].get(ctx.actor)
        if cast is not None:
            text = (gettext("'{actor}' already voted to uphold in dispute #{number} about {event}")
                    if cast["choice"] == "uphold"
                    else gettext("'{actor}' already voted to overturn in dispute #{number} about {event}"))
            number, about = _naming(journal, ctx).parts(dispute_id)
            raise RuleViolation(N_("dispute: one vote each"), text.format(actor=ctx.actor, number=number, event=about))
        return [DisputeVoted(dispute=dispute_id, choice=choice)]

    return journal.execute(name, lambda ctx: [Record(p, dispute_id) for p in decide(ctx)], actor)[0]


def rule(
    journal: Journal, dispute: str, ruling: str, corrected: Payload | None = None, reason: str = "",
    actor: str | None = None, campaign: str | None = None,
) -> list[Event]:
    """The Master rules on ``dispute`` once a second-degree quorum has voted.

    ``overturn`` appends the ruling, a void of the disputed event naming the dispute, and
    ``corrected`` (when given; the same type as the disputed event) caused by the void.
    """
    if ruling not in CHOICES:
        raise ValidationFailed(gettext("ruling: '{ruling}' is not uphold or overturn").format(ruling=ruling))
    if corrected is not None and ruling != "overturn":
        raise ValidationFailed(gettext("corrected: only an overturn appends a corrected event"))
    name, dispute_id = find_dispute(journal, dispute, campaign)
    target = journal.store.get(journal.store.get(dispute_id).data["target"])
    # What the disputed event's command appended: stored once and for all, so read before the write (a read inside
    # it fetches the rest of the campaign at once).
    decision = journal.store.decision(target) if ruling == "overturn" else []

    def decide(ctx: Context) -> list[Record]:
        require_role(ctx.campaign["members"], ctx.actor, DisputeRuled.type)
        found = _dispute(ctx, dispute_id)
        if found["status"] != "open":
            raise _closed(journal, ctx, found)
        counted = tally(found)
        if not counted["reached"]:
            verb = "has" if counted["voted"] == 1 else "have"
            raise RuleViolation(N_("dispute: quorum"),
                                gettext("second-degree quorum: {required} of {eligible} {who} must vote, {voted} {verb}")
                                .format(required=counted['required'], eligible=counted['eligible'], who=_who(found), voted=counted['voted'], verb=verb))
        if corrected is not None and corrected.type != target.type:
            raise ValidationFailed(gettext("corrected: the disputed event is a {type}; its correction must be one too, not a {type2}")
                                   .format(type=target.type, type2=corrected.type))
        majority: Literal["uphold", "overturn", "tie"] = (
            "tie" if counted["uphold"] == counted["overturn"]
            else "overturn" if counted["overturn"] > counted["uphold"] else "uphold")
        out: list[Record] = [Record(DisputeRuled(
            dispute=dispute_id, ruling=ruling, majority=majority,
            followed_majority=None if majority == "tie" else majority == ruling,
            tally=DisputeTally(eligible=counted["eligible"], required=counted["required"],
                               uphold=counted["uphold"], overturn=counted["overturn"]),
            reason=reason.strip()[:2000], corrected=corrected is not None), dispute_id)]
        if ruling == "overturn":
            why = (reason.strip() or found["reason"])[:2000]
            voided = decision
            if target.type != TallyCommitted.type and any(e.type == TallyCommitted.type for e in decision):
                voided = [target]  # a tally's lines are awards voted on one by one: only the disputed one goes
            voids = [Record(EventVoided(target=event.id, target_version=event.version, reason=why, dispute=dispute_id),
                            event.id, ctx.new_id()) for event in voided]
            out += voids
            if corrected is not None:
                out.append(Record(corrected, next(v.id for v in voids if v.causation == target.id)))
            overturns.refuse_unless_allowed(journal, ctx, target, voided, out)
        return out

    return journal.execute(name, decide, actor)


def corrected_dice(journal: Journal, dispute: str, dice: list[int], campaign: str | None = None) -> Payload:
    """The disputed free roll (``roll.made``) thrown again with ``dice`` (the table's), for an overturn."""
    name, dispute_id = find_dispute(journal, dispute, campaign)
    found = journal.at(name)["disputes"]["disputes"][dispute_id]
    target = journal.store.get(found["target"])
    if target.type != FreeRoll.type:
        raise ValidationFailed(gettext("corrected dice: only a {type} can be corrected by its dice; give the corrected {type2} as JSON")
                               .format(type=FreeRoll.type, type2=target.type))
    expression = parse(target.data["notation"])
    remaining = list(dice)

    def draw(sides: int, count: int) -> Any:
        from journal.events.rolls import Roll

        if len(remaining) < count:
            raise ValidationFailed(gettext("corrected dice: '{expression}' throws more dice than the {count} given")
                                   .format(expression=expression, count=len(dice)))
        taken = [remaining.pop(0) for _ in range(count)]
        for value in taken:
            if not 1 <= value <= sides:
                raise ValidationFailed(gettext("corrected dice: a d{sides} cannot show {value}")
                                       .format(sides=sides, value=value))
        return Roll(sides=sides, dice=taken, source="table")

    result = evaluate(expression, draw)
    if remaining:
        thrown = len(dice) - len(remaining)
        raise ValidationFailed(ngettext("corrected dice: '{expression}' throws {value} die, {count} given",
                                        "corrected dice: '{expression}' throws {value} dice, {count} given", thrown)
                               .format(expression=expression, value=thrown, count=len(dice)))
    return FreeRoll(notation=str(expression), rolls=list(result.rolls), result=result.total, pool=result.is_pool,
                    description=result.describe(), purpose=target.data.get("purpose"))


def corrected_payload(journal: Journal, dispute: str, data: dict[str, Any], campaign: str | None = None) -> Payload:
    """``data`` validated as a payload of the disputed event's type, for an overturn."""
    name, dispute_id = find_dispute(journal, dispute, campaign)
    found = journal.at(name)["disputes"]["disputes"][dispute_id]
    return parse_payload(found["target_type"], data)


# -- reading -------------------------------------------------------------------------------------


def rows(journal: Journal, campaign: str, states: dict[str, Any], ids: list[str]) -> list[dict[str, Any]]:
    """The disputes ``ids`` of ``campaign`` as its folded ``states`` hold them, each with its tally, its short
    ``number``, the summary of the event it is about (``about``) and its ``name`` («dispute №3 about «…»»)."""
    from journal.service.naming import Naming

    naming = Naming.of(journal, campaign, states)
    found = states["disputes"]["disputes"]
    return [{**found[d], "tally": tally(found[d]), "number": naming.number(d), "about": naming.about(d),
             "name": naming.dispute(d)} for d in ids]


def list_disputes(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Every dispute of the campaign as of a point, in the order they were opened, with its tally."""
    folded = journal.at(campaign, as_of)
    ordered = sorted(folded["disputes"]["disputes"].values(), key=lambda d: d["version"])
    return {"campaign": campaign, "version": folded.version,
            "disputes": rows(journal, campaign, folded.states, [d["id"] for d in ordered])}


def show_dispute(journal: Journal, dispute: str, campaign: str | None = None) -> dict[str, Any]:
    """One dispute now: the disputed event, the voters, the votes, the tally and the ruling."""
    name, dispute_id = find_dispute(journal, dispute, campaign)
    folded = journal.at(name)
    found = folded["disputes"]["disputes"].get(dispute_id)
    if found is None:
        raise NotFound(gettext("no dispute with id '{dispute_id}' in campaign '{name}' (its opening was voided)")
                       .format(dispute_id=dispute_id, name=name))
    return {"campaign": name, "version": folded.version, "dispute": rows(journal, name, folded.states, [dispute_id])[0]}
