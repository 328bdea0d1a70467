"""``journal replay CAMPAIGN --session K``: a past session event by event, or its report in Markdown or HTML."""

from __future__ import annotations

import sys

import click

from cli.main import AppContext
from cli.output import emit_json, line, open_output
from cli.params import CAMPAIGN, FORMAT, POSITIVE, TableCommand
from journal.i18n import CLI, N_

_ = CLI.gettext


def _interactive() -> bool:
    """Whether --step may wait for keys: stdin is a terminal."""
    return sys.stdin.isatty()


def _step(result: dict) -> None:
    """Print the replay one event at a time, waiting for a key after each (q stops)."""
    from journal.service.session_report import Names, event_lines, footer_lines, header_lines

    names = Names(result["system"])
    for text in header_lines(result):
        line(text)
    entries = result["events"]
    for index, entry in enumerate(entries):
        if entry["part"] == "after" and (index == 0 or entries[index - 1]["part"] == "session"):
            line(_("after the session:"))
        for text in event_lines(entry, names):
            line(text)
        if index + 1 < len(entries):
            click.echo(_("-- any key: next event, q: stop --"), err=True)
            if click.getchar() in ("q", "Q"):
                return
    for text in footer_lines(result):
        line(text)


@click.command("replay", cls=TableCommand, help=N_("Walk session K of CAMPAIGN: each event, who recorded it, its "
                                                   "outcome and the sheet fields it changed."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--session", "number", required=True, type=POSITIVE, help=N_("The session to replay (its number)."))
@click.option("--step", is_flag=True, help=N_("Wait for a key after each event (only in a terminal)."))
@click.option("--format", "fmt", type=FORMAT, default="text", show_default=True,
              help=N_("text for the terminal; md or html for a session report."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help=N_("File to write (default: stdout)."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the replay as JSON for machines."))
@click.pass_obj
def replay(app: AppContext, campaign: str, number: int, step: bool, fmt: str, output: str | None,
           as_json: bool) -> None:
    from journal.service.reports import report as walk  # the replay, with the charts its system draws

    result = walk(app.journal(), campaign, number)
    if as_json:
        emit_json(result)
        return
    if step and fmt == "text" and output is None and _interactive():
        _step(result)
        return
    from journal.service.session_report import RENDERERS

    rendered = RENDERERS[fmt](result)
    if output is None:
        click.echo(rendered, nl=False)
        return
    with open_output(output) as handle:
        handle.write(rendered)
    line(_("wrote the report of session {number} of '{campaign}' to {path}").format(number=number, campaign=campaign,
                                                                                  path=output))


COMMANDS = [replay]
