"""Queries over the projections, at any point: ``sheet``, ``xp``, ``diff``, ``rebuild`` (a system's own queries come with it).

Every query takes ``--as-of`` (a version, an event id, before:ID, an ISO time, session:K or
session:K:start) and ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, CHARACTER, POINT, POSITIVE, TableCommand
from cli.words import Names
from journal.i18n import CLI, N_
from journal.service.words import id_names, named_field

_ = CLI.gettext
ngettext = CLI.ngettext

as_of_option = click.option(
    "--as-of", "as_of", default=None, metavar="POINT", type=POINT,
    help=N_("N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start | 'start of session K' | 'end of session K' (default: now)."),
)
json_option = click.option("--json", "as_json", is_flag=True, help=N_("Print JSON for machines."))


def query_command(name: str, help_text: str, reference: str, render: Callable[[dict], None]) -> click.Command:
    """A query command ``NAME CAMPAIGN [--as-of] [--json]`` over the service function ``reference`` names."""

    @click.command(name, help=help_text, cls=TableCommand)
    @click.argument("campaign", type=CAMPAIGN)
    @as_of_option
    @json_option
    @click.pass_obj
    def command(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
        from journal.systems.registry import load

        result = load(reference)(app.journal(), campaign, as_of=as_of)
        emit_json(result) if as_json else render(result)

    return command


@click.command("sheet", cls=TableCommand, help=N_("CHARACTER's sheet in CAMPAIGN (whatever kind of sheet its rule "
                                                  "system keeps)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@as_of_option
@json_option
@click.pass_obj
def sheet(app: AppContext, campaign: str, character: str, as_of: str | None, as_json: bool) -> None:
    from journal.service.queries import sheet as query

    result = query(app.journal(), campaign, character, as_of)
    if as_json:
        emit_json(result)
        return
    names = Names(result["system"])
    fields = [(names.field(key), names.cell(value)) for key, value in result["sheet"].items()
              if key != "xp" or not result["xp"]]
    if result["xp"]:
        fields.append((names.field("xp"), xp_text(result["xp"])))
    table(_("{character} at version {version}").format(character=character, version=result["version"]),
          [_("field"), _("value")], fields)


def xp_text(xp: dict[str, Any]) -> str:
    """``earned 10, spent 4, balance 6``: a character's XP in one cell."""
    return _("earned {earned}, spent {spent}, balance {balance}").format(earned=xp["earned"], spent=xp["spent"],
                                                                         balance=xp["balance"])


@click.command("xp", cls=TableCommand, help=N_("The XP ledger: earned by source, spent, balance, per character."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--session", type=POSITIVE, default=None, help=N_("Only what session K earned and spent."))
@as_of_option
@json_option
@click.pass_obj
def xp(app: AppContext, campaign: str, session: int | None, as_of: str | None, as_json: bool) -> None:
    from journal.service.queries import xp as query

    result = query(app.journal(), campaign, session, as_of)
    if as_json:
        emit_json(result)
        return
    if not result["ledgers"]:
        line(_("no experience recorded (version {version})").format(version=result["version"]) if session is None
             else _("no experience recorded in session {session} (version {version})").format(
                 session=session, version=result["version"]))
        return
    names = Names(result["system"])
    if session is None:
        table(_("XP at version {version}").format(version=result["version"]),
              [_("character"), _("earned"), _("by source"), _("spent"), _("balance")],
              [(r["character"], r["earned"], names.cell(r["by_source"]), r["spent"], r["balance"]) for r in result["ledgers"]])
    else:
        table(_("XP of session {session}").format(session=session),
              [_("character"), _("earned"), _("by source"), _("spent")],
              [(r["character"], r["earned"], names.cell(r["by_source"]), r["spent"]) for r in result["ledgers"]])


@click.command("diff", cls=TableCommand, help=N_("Every sheet field that changed between two points."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--from", "start", required=True, metavar="POINT", type=POINT)
@click.option("--to", "end", default="head", show_default=True, metavar="POINT", type=POINT)
@json_option
@click.pass_obj
def diff(app: AppContext, campaign: str, start: str, end: str, as_json: bool) -> None:
    from journal.service.queries import diff as query

    result = query(app.journal(), campaign, start, end)
    if as_json:
        emit_json(result)
        return
    if not result["changes"]:
        line(_("nothing changed between version {start} and version {end}").format(start=result["from"],
                                                                                     end=result["to"]))
        return
    names = Names(result["system"])
    ids = id_names(result["system"], app.journal().at(campaign, result["to"]).states)
    table(_("changes from version {start} to version {end}").format(start=result["from"], end=result["to"]),
          [_("character"), _("field"), _("before"), _("after")],
          [(c["character"], named_field(names, c["field"], ids), names.cell(c["before"]), names.cell(c["after"]))
           for c in result["changes"]])


@click.command("rebuild", cls=TableCommand, help=N_("Rebuild read models and snapshots (of one campaign, or of all) "
                                                    "from the events."))
@click.argument("campaign", type=CAMPAIGN, required=False)
@click.pass_obj
def rebuild(app: AppContext, campaign: str | None) -> None:
    from rich.console import Console
    from rich.progress import Progress, TaskID

    journal = app.journal()
    names = [campaign] if campaign else journal.store.campaigns()
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        for name in names:
            head = journal.store.head(name)
            task = progress.add_task(name, total=head)

            def advance(version: int, task: TaskID = task) -> None:
                progress.update(task, completed=version)

            folded = journal.engine.rebuild(name, progress=advance)
            progress.update(task, completed=head)
            line(ngettext("rebuilt '{campaign}': {count} events", "rebuilt '{campaign}': {count} events",
                          folded.version).format(campaign=name, count=folded.version))


COMMANDS = [sheet, xp, diff, rebuild]
