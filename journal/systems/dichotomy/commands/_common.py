"""What every Dichotomy command shares: the system check, the sheet it folds, the character it names.

Roles: the Master of the campaign is the GM.  A character's own actions may be recorded by the
member who plays it or by the GM; GM-only actions call ``ctx.require_master``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.errors import NotAuthorized, NotFound
from journal.events import Payload
from journal.events.envelope import Event
from journal.events.names import check_name
from journal.i18n import _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.dichotomy.folds import sheet as sheet_projection

SYSTEM = "dichotomy"
PROJECTIONS = {"dichotomy": sheet_projection}


def run(journal: Journal, campaign: str, decide: Callable[[Context], list[Payload]], actor: str | None) -> Event:
    """Execute ``decide`` with the Dichotomy sheet folded; the one event it records.

    A payload that does not validate (an amount below 1, a name too long) is a one-line ValidationFailed,
    and a campaign of another system is refused by rule (both by the service).
    """
    return journal.execute(campaign, decide, actor, projections=PROJECTIONS)[0]


def name(kind: str, text: str) -> str:
    """A name as typed, trimmed, under the journal's one name rule (journal/events/names.py)."""
    return check_name(kind, text)


def state(ctx: Context) -> dict[str, Any]:
    """The folded Dichotomy state, after checking the campaign plays Dichotomy."""
    ctx.require_system(SYSTEM)
    return ctx.states["dichotomy"]


def character(ctx: Context, name: str) -> dict[str, Any]:
    """The sheet of character ``name``; NotFound when the campaign has none of that name."""
    sheet = state(ctx)["characters"].get(name)
    if sheet is None:
        raise NotFound(_("no character named '{name}' in campaign '{campaign}'").format(name=name, campaign=ctx.name))
    return sheet


def own(ctx: Context, name: str, what: str) -> dict[str, Any]:
    """The sheet of ``name``, refusing anyone but its player and the GM."""
    sheet = character(ctx, name)
    if not ctx.is_master and sheet["player"] != ctx.actor:
        raise NotAuthorized(_("only the GM or {player}, who plays {name}, may {what} ('{actor}' may not)")
                            .format(player=sheet['player'], name=name, what=what, actor=ctx.actor))
    return sheet
