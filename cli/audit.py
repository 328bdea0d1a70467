"""``journal audit CAMPAIGN EVENT``: the evidence about one event, as text, JSON, Markdown or one HTML file.

EVENT is a version number, an event id or a unique prefix of one (at least 8 hex digits).  The
command exits 6 (integrity) after printing the report when the chain is broken at or before the
event, or when one of its server rolls does not recompute.
"""

from __future__ import annotations

import sys

import click

from cli.main import AppContext
from cli.output import emit_json, line, open_output, table
from cli.params import CAMPAIGN, EVENT, FORMAT, TableCommand
from journal.i18n import CLI, N_

_ = CLI.gettext


@click.command("audit", cls=TableCommand, help=N_("The evidence about EVENT of CAMPAIGN: envelope, recorder, roll "
                                                  "proofs, sheets, chain, disputes."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("event", type=EVENT)
@click.option("--format", "fmt", type=FORMAT, default="text", show_default=True,
              help=N_("Text for the terminal, or a Markdown or self-contained HTML report."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help=N_("File to write (default: stdout)."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the evidence as JSON for machines."))
@click.pass_obj
def audit(app: AppContext, campaign: str, event: str, fmt: str, output: str | None, as_json: bool) -> None:
    from cli.reports import audit as render
    from journal.service.audit import audit as gather

    report = gather(app.journal(), campaign, event)
    if as_json:
        emit_json(report)
    elif fmt == "text" and output is None:
        for text in render.text_lines(report):
            line(text)
        sheets = report["sheets"]
        if sheets["changes"]:
            table(_("sheet fields changed (version {before} -> {after})").format(
                      before=sheets["before_version"], after=sheets["after_version"]),
                  render.change_headers(), render.change_rows(report))
        else:
            line(_("sheets: no field changed (version {before} -> {after})").format(
                before=sheets["before_version"], after=sheets["after_version"]))
    else:
        document = {"md": render.markdown, "html": render.html}.get(fmt, lambda r: "\n".join(render.text_lines(r)) + "\n")(report)
        if output is None:
            click.echo(document, nl=False)
        else:
            with open_output(output) as handle:
                handle.write(document)
            line(_("wrote the audit of event {version} to {path}").format(version=report["envelope"]["version"],
                                                                         path=output))
    chain = report["chain"]
    if chain["status"] in ("broken at this event", "broken before this event"):
        click.echo(_("integrity: {summary}").format(summary=chain["summary"]), err=True)
        sys.exit(6)
    if any(proof["status"] == "mismatch" for proof in report["rolls"]):
        click.echo(_("integrity: a server roll of this event does not recompute from its session's seed"), err=True)
        sys.exit(6)


COMMANDS = [audit]
