"""Bringing a running VPT campaign in: the Master records a character as he stands today (``vpt.carried_over``).

The sheet is one JSON object, the payload's schema (docs/table/vpt.md, "Bringing a running campaign"):
``character``, ``source`` (where the values come from), ``relationships`` (``other``, ``points``, ``statuses``),
``revenge`` (``target``, ``points``) and ``past_revenges``.  Only the Master records it, once per character and
before any bond event of the character's own (a tick, a choice, a spending: the bonds fold's ``begun``); every
value is checked by the rule the verbs check it by (three relationships at most, not with oneself, a Status once,
one revenge target), and a refusal names the field of the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.carrying import at, check_first, sheet_read
from journal.systems.vpt import events as ev
from journal.systems.vpt import rules
from journal.systems.vpt.commands._common import SYSTEM, begin, character, make, run
from journal.systems.vpt.folds import bonds

_RULE = N_("vpt: carried over once, first")


def carry_over(journal: Journal, campaign: str, sheet: Mapping[str, Any], actor: str | None = None) -> Event:
    """The Master brings a character in as he stands today: relationships, Statuses and revenges from a sheet.

    Once per character, before any bond event of his own; the standings after it start from these values.
    """

    sheet = sheet_read(sheet, ev.CarriedOver, SYSTEM)  # its fields named in the table's words too

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("bring a character in ('carry-over')"))
        payload = make(ev.CarriedOver, **dict(sheet))
        name = payload.character
        at("character", character, ctx, name)
        check_first(_RULE, name, bonds.begun(ctx.states["bonds"], name))
        opened: list[str] = []
        for index, carried in enumerate(payload.relationships):
            where = f"relationships[{index}]"
            at(f"{where}.other", character, ctx, carried.other)
            at(f"{where}.other", rules.check_relationship_open, name, carried.other, opened)
            opened.append(carried.other)
            held: list[str] = []
            for number, status in enumerate(carried.statuses):
                at(f"{where}.statuses[{number}]", rules.check_status_gain, name, carried.other, status, opened, held)
                held.append(status)
        for index, old in enumerate(payload.past_revenges):
            at(f"past_revenges[{index}].target", character, ctx, old.target)
            at(f"past_revenges[{index}].target", rules.check_revenge_choice, name, old.target, None)
        if payload.revenge is not None:
            at("revenge.target", character, ctx, payload.revenge.target)
            at("revenge.target", rules.check_revenge_choice, name, payload.revenge.target, None)
        return [payload]

    return run(journal, campaign, decide, actor)[0]
