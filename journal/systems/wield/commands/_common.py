"""What every Wield command shares: the projections it folds, lookups by name or version, roles, dice, payloads."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from journal.errors import NotAuthorized, NotFound, ValidationFailed
from journal.events import Payload
from journal.events.envelope import Event
from journal.events.refusals import field_refusal
from journal.events.rolls import Roll
from journal.i18n import _
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.systems.wield.folds import actions, geis, sheet
from journal.understand import event_number

SYSTEM = "wield"
#: The projections a command reads: ``ctx.states["sheet"]``, ``ctx.states["geis"]``, ``ctx.states["actions"]``.
PROJECTIONS = {"sheet": sheet, "geis": geis, "actions": actions}
P = TypeVar("P", bound=Payload)
Ref = str | int


def execute(journal: Journal, campaign: str, decide: Callable[[Context], list[Payload | Record]],
            actor: str | None) -> list[Event]:
    """Run ``decide`` over the Wield projections (the service refuses a campaign of another system by rule)."""

    def checked(ctx: Context) -> list[Payload | Record]:
        ctx.require_system(SYSTEM)
        return decide(ctx)

    return journal.execute(campaign, checked, actor, PROJECTIONS)


def make(cls: type[P], **fields: Any) -> P:
    """Build a payload; a field of the wrong shape is a one-line ValidationFailed."""
    try:
        return cls(**fields)
    except ValidationError as exc:
        raise ValidationFailed(field_refusal(cls.type, exc.errors()[0])) from None


def hero(ctx: Context, name: str) -> dict[str, Any]:
    found = ctx.states["sheet"]["heroes"].get(name)
    if found is None:
        raise NotFound(_("no hero named '{name}' in '{campaign}'").format(name=name, campaign=ctx.name))
    return found


def vatcha(ctx: Context, name: str) -> dict[str, Any]:
    found = ctx.states["sheet"]["vatcha"].get(name)
    if found is None:
        raise NotFound(_("no vatcha named '{name}' in '{campaign}'").format(name=name, campaign=ctx.name))
    return found


def event_id(ctx: Context, ref: Ref) -> str:
    """An event of this campaign named by its number (``12``, «№12», ``"v12"``: journal.understand.event_number) or its
    id."""
    text = str(ref).strip()
    key = event_number(text) or text
    if key.isdigit() and 1 <= int(key) <= ctx.version:
        return next(ctx.store.read(ctx.name, from_version=int(key), to_version=int(key))).id
    found = None
    if re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", text):
        try:
            found = ctx.store.get(text)
        except NotFound:
            found = None
    if found is None or found.campaign != ctx.name or found.version > ctx.version:
        raise NotFound(_("no event {text} in '{name}'").format(text=text, name=ctx.name))
    return found.id


def require_player_or_fate(ctx: Context, players: Sequence[str], what: str) -> None:
    """Refuse unless the actor is Fate or one of ``players`` (the characters' players)."""
    if ctx.is_master or ctx.actor in players:
        return
    raise NotAuthorized(_("only {fromkeys} or Fate may {what} ('{actor}' may not)")
                        .format(fromkeys=' or '.join(dict.fromkeys(players)), what=what, actor=ctx.actor))


def throw(ctx: Context, count: int, table: list[int] | None) -> Roll | None:
    """``count`` d20 (None for none): the table's when given, else the session's server dice."""
    if count == 0:
        if table:
            raise ValidationFailed(_("dice: nothing is rolled here, {count} given").format(count=len(table)))
        return None
    return ctx.dice(20, count, table)


def split(table: list[int] | None, counts: Sequence[int], what: str) -> list[list[int] | None]:
    """Cut the table's dice into one group per count, in order; None everywhere for server dice.  ``what`` names the
    roll in the reader's language (the caller's gettext: «этот Риск Контроля»)."""
    if table is None:
        return [None] * len(counts)
    if len(table) != sum(counts):
        raise ValidationFailed(_("dice: {what} needs {sum} d20, {count} given")
                               .format(what=what, sum=sum(counts), count=len(table)))
    groups: list[list[int] | None] = []
    start = 0
    for count in counts:
        groups.append(list(table[start : start + count]))
        start += count
    return groups


def bonuses(found: dict[str, Any]) -> tuple[int, int]:
    """(extra dice, flat bonus) the hero's conditions add to every roll."""
    held = found["conditions"].values()
    return sum(c["extra_dice"] for c in held), sum(c["bonus"] for c in held)
