"""What every VPT command shares: the projections it folds, sheet look-ups, who may act for a character.

Roles: the Master is the GM.  A character belongs to one member (its ``player``); the GM's own
characters belong to the GM.  "The character's player or the Master" is the usual rule for recording
what a character does; refusals are ``NotAuthorized`` (role) or ``RuleViolation`` (game rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.events.refusals import field_refusal
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.vpt.folds import bonds, sheet
from journal.systems.vpt.hints import NEW_CHARACTER

SYSTEM = "vpt"

#: The folds every VPT command reads: ``ctx.states["sheet"]`` and ``ctx.states["bonds"]``.
PROJECTIONS = {"sheet": sheet, "bonds": bonds}


def make(model: type[Any], **fields: Any) -> Any:
    """Build a payload; a field out of range becomes a one-line ValidationFailed, not a traceback."""
    try:
        return model(**fields)
    except ValidationError as exc:
        raise ValidationFailed(field_refusal(getattr(model, "type", "") or model.__name__, exc.errors()[0])) from None


def begin(ctx: Context) -> dict[str, Any]:
    """Check the campaign plays VPT and return the folded sheets (``characters``, ``weapons``)."""
    ctx.require_system(SYSTEM)
    return ctx.states["sheet"]


def character(ctx: Context, name: str) -> dict[str, Any]:
    """The sheet of character ``name``; NotFound when the campaign has none by that name."""
    found = ctx.states["sheet"]["characters"].get(name)
    if found is None:
        raise NotFound(_("no character named '{name}' in '{campaign}'")
                       .format(name=name, campaign=ctx.name), hint=NEW_CHARACTER)
    return found


def require_player_or_master(ctx: Context, name: str, what: str) -> dict[str, Any]:
    """The sheet of ``name``, when the actor is its player or the Master; else NotAuthorized."""
    found = character(ctx, name)
    if not ctx.is_master and found["player"] != ctx.actor:
        raise NotAuthorized(_("only {name}'s player ({player}) or the Master may {what} ('{actor}' is not)")
                            .format(name=name, player=found['player'], what=what, actor=ctx.actor))
    return found


def require_alive(name: str, found: dict[str, Any]) -> None:
    """The dead make no more rolls."""
    if not found["alive"]:
        raise RuleViolation(N_("vpt: the dead do not act"), _("{name} is dead").format(name=name))


def run(journal: Journal, campaign: str, decide: Callable[[Context], list], actor: str | None) -> list[Event]:
    """Execute ``decide`` with the VPT folds (the service refuses a campaign of another system by rule)."""
    return journal.execute(campaign, decide, actor, PROJECTIONS)
