"""``journal tally CAMPAIGN --session K``: the end-of-session awards, proposed as a table, committed by the Master.

Without ``--commit`` nothing is written.  The Master's choices go with the command: ``--bonus
CHAR=AMOUNT:REASON`` (bonus experience, for a system that keeps it), ``--skip LINE`` (drop a proposed line,
named by the first column of the table), ``--set LINE=AMOUNT`` (change a proposed line's amount, in the rules'
range; journal.service.tallies checks it), and one option per tally input a registered system declares
(its descriptor's ``tally_inputs``: Dichotomy's ``--motive CHAR=MOTIVE:OUTCOME``).  All of them repeat.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, POSITIVE, TableCommand
from journal.i18n import CLI, N_
from journal.service.labels import words
from journal.service.words import line_key
from journal.systems.registry import TallyInput, descriptors

if TYPE_CHECKING:
    from journal.service.tallies import Bonus, Choice

_ = CLI.gettext

#: The table's headers (msgids, translated where they are shown).
HEADERS = [N_("line"), N_("kind"), N_("character"), N_("towards"), N_("item"), N_("amount"), N_("status"), N_("reason")]
#: A line's status as the table shows it (the stored value stays English).
STATUSES = {"proposed": N_("proposed"), "recorded": N_("recorded"), "pending": N_("pending"),
            "skipped": N_("skipped"), "committed": N_("committed")}
ngettext = CLI.ngettext


def _headers() -> list[str]:
    return [_(header) for header in HEADERS]


def _bonuses(items: tuple[str, ...]) -> list[Bonus]:
    from journal.service.tallies import Bonus

    out = []
    for item in items:
        name, sep, rest = item.partition("=")
        amount, colon, reason = rest.partition(":")
        if not sep or not colon or not name.strip():
            raise click.BadParameter(_("'{item}' is not CHAR=AMOUNT:REASON").format(item=item), param_hint="--bonus")
        try:
            value = int(amount)
        except ValueError:
            raise click.BadParameter(_("'{amount}' is not a whole number of XP").format(amount=amount),
                                     param_hint="--bonus") from None
        out.append(Bonus(name.strip(), value, reason.strip()))
    return out


def _inputs() -> dict[str, TallyInput]:
    """Every registered system's tally inputs by name (one CLI option each)."""
    return {given.name: given for descriptor in descriptors() for given in descriptor.tally_inputs}


def _choices(given: TallyInput, items: tuple[str, ...]) -> list[Choice]:
    """``CHAR=ITEM:VALUE`` items of one tally input (``--motive Мирра=Truth:betrayed``) as choices."""
    from journal.service.tallies import Choice

    out = []
    for item in items:
        name, sep, rest = item.partition("=")
        thing, colon, value = rest.rpartition(":")
        if not sep or not colon or not name.strip() or not thing.strip() or not value.strip():
            raise click.BadParameter(_("'{item}' is not {form}").format(item=item, form=given.form),
                                     param_hint=f"--{given.option}")
        out.append(Choice(name.strip(), thing.strip(), value.strip()))
    return out


def _input_options(command: click.Command) -> click.Command:
    """Add ``--<option>`` of each declared tally input to ``command`` (before ``--json``)."""
    for given in _inputs().values():
        command.params.insert(-1, click.Option([f"--{given.option}", given.name], multiple=True,
                                               metavar=given.metavar, help=given.help))
    return command


def _amounts(items: tuple[str, ...]) -> dict[str, int]:
    """``LINE=AMOUNT`` pairs as {line: amount}; the service checks the line and the amount's range."""
    out: dict[str, int] = {}
    for item in items:
        key, sep, amount = item.rpartition("=")
        if not sep or not key.strip():
            raise click.BadParameter(_("'{item}' is not LINE=AMOUNT").format(item=item), param_hint="--set")
        if re.fullmatch(r"[+-]?[0-9]+", amount.strip()) is None:
            raise click.BadParameter(_("'{amount}' is not a whole number").format(amount=amount), param_hint="--set")
        if key.strip() in out:
            raise click.BadParameter(_("'{key}' is given twice").format(key=key.strip()), param_hint="--set")
        out[key.strip()] = int(amount)
    return out


def _amount(value: int, proposed: int | None = None) -> str:
    shown = f"{value:+d}" if value else "0"
    return shown if proposed is None else _("{amount} (proposed {proposed})").format(
        amount=shown, proposed=_amount(proposed))


def _rows(lines: list[dict[str, Any]], system: str) -> list[tuple[Any, ...]]:
    """The table's rows: each line's kind read as its system's word for it (``session_xp``: опыт за сессию)."""
    kinds = words(system)
    return [(line_key(system, r["key"]), kinds.get(r["kind"], r["kind"]), r["character"], r["other"] or "", r["item"],
             _amount(r["amount"], r.get("proposed")), _status(r.get("status", "committed")), r["reason"])
            for r in lines]


def _status(status: str) -> str:
    return _(STATUSES[status]) if status in STATUSES else status


@click.command("tally", cls=TableCommand, help=N_("Propose the end-of-session awards of session K of CAMPAIGN; "
                                                  "--commit records them."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--session", "number", required=True, type=POSITIVE, help=N_("The ended session to tally."))
@click.option("--commit", is_flag=True, help=N_("Append the proposed lines (the Master; once per session)."))
@click.option("--bonus", "bonuses", multiple=True, metavar="CHAR=AMOUNT:REASON", help=N_("A bonus award (repeatable)."))
@click.option("--skip", "skip", multiple=True, metavar="LINE", help=N_("Drop a proposed line (repeatable)."))
@click.option("--set", "amounts", multiple=True, metavar="LINE=AMOUNT",
              help=N_("Change a proposed line's amount, within the rules' range (repeatable)."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print JSON for machines."))
@click.pass_obj
def tally(app: AppContext, campaign: str, number: int, commit: bool, bonuses: tuple[str, ...],
          skip: tuple[str, ...], amounts: tuple[str, ...], as_json: bool, **inputs: tuple[str, ...]) -> None:
    from journal.service.tallies import commit_tally, propose_tally

    chosen_bonuses, chosen_amounts = _bonuses(bonuses), _amounts(amounts)
    declared = _inputs()
    chosen_inputs = {name: _choices(declared[name], items) for name, items in inputs.items() if items}
    if commit:
        events = commit_tally(app.journal(), campaign, number, bonuses=chosen_bonuses, choices=chosen_inputs,
                              skip=list(skip), amounts=chosen_amounts, actor=app.actor)
        done = events[-1]
        if as_json:
            emit_json({"campaign": campaign, "session": number, "tally": {"id": done.id, "version": done.version},
                       "events": [{"id": e.id, "version": e.version, "type": e.type, **e.data} for e in events]})
            return
        system = app.journal().campaign(campaign)["system"]
        if done.data["summary"]:
            table(_("session {number} tally committed").format(number=number), _headers(),
                  _rows(done.data["summary"], system))
        skipped = _("; skipped: {lines}").format(lines=", ".join(line_key(system, key) for key in done.data["skipped"])) if done.data["skipped"] else ""
        line(ngettext("session {number} tallied at version {version} (event {event}): {count} line(s) appended",
                      "session {number} tallied at version {version} (event {event}): {count} line(s) appended",
                      done.data["lines"]).format(number=number, version=done.version, event=done.id,
                                                 count=done.data["lines"]) + skipped)
        return
    result = propose_tally(app.journal(), campaign, number, bonuses=chosen_bonuses, choices=chosen_inputs,
                           skip=list(skip), amounts=chosen_amounts, actor=app.actor)
    if as_json:
        emit_json(result)
        return
    present = ", ".join(result["present"])
    if result["lines"]:
        table(_("session {number} tally ({minutes} min; present: {present})").format(
            number=number, minutes=result["minutes"], present=present), _headers(), _rows(result["lines"], result["system"]))
    else:
        line(_("session {number} ({minutes} min; present: {present}): nothing to tally").format(
            number=number, minutes=result["minutes"], present=present))
    if result["tallied"] is not None:
        line(_("session {number} was tallied at version {version} (event {event})").format(
            number=number, version=result["tallied"]["version"], event=result["tallied"]["id"]))
    else:
        proposed = sum(1 for r in result["lines"] if r["status"] == "proposed")
        line(ngettext("{count} line(s) proposed; the Master records them with --commit",
                      "{count} line(s) proposed; the Master records them with --commit", proposed).format(count=proposed))


_input_options(tally)

COMMANDS = [tally]
