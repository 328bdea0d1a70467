"""Reading a carry-over sheet file (``journal <system> carry-over CAMPAIGN FILE``): one JSON object; the verb itself.

A file that cannot be read, is not JSON, or is not one object is one ValidationFailed line naming the file;
what the object holds is the system's payload schema, checked by its service function.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import orjson

from cli.output import emit_json, line
from cli.params import CAMPAIGN
from journal.errors import ValidationFailed
from journal.i18n import CLI, N_

if TYPE_CHECKING:
    from cli.main import AppContext

_ = CLI.gettext

#: A sheet file larger than this is refused unread (a character's standing is a few hundred bytes).
MAX_BYTES = 1_000_000


def read_sheet(path: str) -> dict[str, Any]:
    """The JSON object in ``path``; ValidationFailed naming the file when it is unreadable, too big or not one object."""
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ValidationFailed(_("sheet file '{path}': {reason}").format(path=path, reason=exc.strerror)) from None
    if len(raw) > MAX_BYTES:
        raise ValidationFailed(_("sheet file '{path}': larger than {limit} bytes").format(path=path, limit=MAX_BYTES))
    try:
        sheet = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ValidationFailed(_("sheet file '{path}': not JSON ({reason})").format(path=path, reason=exc)) from None
    if not isinstance(sheet, dict):
        raise ValidationFailed(_("sheet file '{path}': not one JSON object").format(path=path))
    return sheet


def carry_over_verb(group: click.Group, help_text: str, carry: str, said: Callable[[dict[str, Any]], str]) -> None:
    """Add ``carry-over CAMPAIGN FILE [--json]`` to a system's ``group``.

    ``carry`` is the service function (``module:name``) the sheet is given to; ``said`` the line printed for
    the stored event's data.
    """

    @group.command("carry-over", help=help_text)
    @click.argument("campaign", type=CAMPAIGN)
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--json", "as_json", is_flag=True, help=N_("Print the stored event as JSON."))
    @click.pass_obj
    def carry_over(app: AppContext, campaign: str, file: str, as_json: bool) -> None:
        module, name = carry.split(":")
        command = getattr(importlib.import_module(module), name)
        event = command(app.journal(), campaign, read_sheet(file), app.actor)
        if as_json:
            emit_json({"id": event.id, "version": event.version, "type": event.type, **event.data})
        else:
            line(said(event.data))


def xp_said(data: dict[str, Any]) -> str:
    """The line of a carry-over that states XP: ``Бран carried over (source): 1250 XP earned, 900 spent, balance 350``."""
    earned, spent = data["xp"]["earned"], data["xp"]["spent"]
    return _("{name} carried over ({source}): {earned} XP earned, {spent} spent, balance {balance}").format(
        name=data["character"], source=data["source"], earned=earned, spent=spent, balance=earned - spent)
