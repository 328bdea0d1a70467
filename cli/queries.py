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

as_of_option = click.option(
    "--as-of", "as_of", default=None, metavar="POINT",
    help="N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start (default: now).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    return "" if value is None else str(value)


def query_command(name: str, help_text: str, reference: str, render: Callable[[dict], None]) -> click.Command:
    """A query command ``NAME CAMPAIGN [--as-of] [--json]`` over the service function ``reference`` names."""

    @click.command(name, help=help_text)
    @click.argument("campaign")
    @as_of_option
    @json_option
    @click.pass_obj
    def command(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
        from journal.systems.registry import load

        result = load(reference)(app.journal(), campaign, as_of=as_of)
        emit_json(result) if as_json else render(result)

    return command


@click.command("sheet")
@click.argument("campaign")
@click.argument("character")
@as_of_option
@json_option
@click.pass_obj
def sheet(app: AppContext, campaign: str, character: str, as_of: str | None, as_json: bool) -> None:
    """CHARACTER's sheet in CAMPAIGN (whatever kind of sheet its rule system keeps)."""
    from journal.service.queries import sheet as query

    result = query(app.journal(), campaign, character, as_of)
    if as_json:
        emit_json(result)
        return
    fields = [(key, _cell(value)) for key, value in result["sheet"].items()]
    if result["xp"]:
        fields.append(("xp", f"earned {result['xp']['earned']}, spent {result['xp']['spent']}, balance {result['xp']['balance']}"))
    table(f"{character} at version {result['version']}", ["field", "value"], fields)


@click.command("xp")
@click.argument("campaign")
@click.option("--session", type=int, default=None, help="Only what session K earned and spent.")
@as_of_option
@json_option
@click.pass_obj
def xp(app: AppContext, campaign: str, session: int | None, as_of: str | None, as_json: bool) -> None:
    """The XP ledger: earned by source, spent, balance, per character."""
    from journal.service.queries import xp as query

    result = query(app.journal(), campaign, session, as_of)
    if as_json:
        emit_json(result)
        return
    if not result["ledgers"]:
        line(f"no experience recorded{'' if session is None else f' in session {session}'} (version {result['version']})")
        return
    if session is None:
        table(f"XP at version {result['version']}", ["character", "earned", "by source", "spent", "balance"],
              [(r["character"], r["earned"], _cell(r["by_source"]), r["spent"], r["balance"]) for r in result["ledgers"]])
    else:
        table(f"XP of session {session}", ["character", "earned", "by source", "spent"],
              [(r["character"], r["earned"], _cell(r["by_source"]), r["spent"]) for r in result["ledgers"]])


@click.command("diff")
@click.argument("campaign")
@click.option("--from", "start", required=True, metavar="POINT")
@click.option("--to", "end", default="head", show_default=True, metavar="POINT")
@json_option
@click.pass_obj
def diff(app: AppContext, campaign: str, start: str, end: str, as_json: bool) -> None:
    """Every sheet field that changed between two points."""
    from journal.service.queries import diff as query

    result = query(app.journal(), campaign, start, end)
    if as_json:
        emit_json(result)
        return
    if not result["changes"]:
        line(f"nothing changed between version {result['from']} and version {result['to']}")
        return
    table(f"changes from version {result['from']} to version {result['to']}", ["character", "field", "before", "after"],
          [(c["character"], c["field"], _cell(c["before"]), _cell(c["after"])) for c in result["changes"]])


@click.command("rebuild")
@click.argument("campaign", required=False)
@click.pass_obj
def rebuild(app: AppContext, campaign: str | None) -> None:
    """Rebuild read models and snapshots (of one campaign, or of all) from the events."""
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
            line(f"rebuilt '{name}': {folded.version} events")


COMMANDS = [sheet, xp, diff, rebuild]
