"""Commands over the raw event log: ``log``, ``export``, ``import`` and ``verify``."""

from __future__ import annotations

import sys
from contextlib import nullcontext

import click

from cli.main import AppContext
from cli.output import emit_json, line


@click.command("log")
@click.argument("campaign")
@click.option("--type", "types", multiple=True, help="Only events of this type (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="One stored envelope per line, as JSON.")
@click.pass_obj
def log(app: AppContext, campaign: str, types: tuple[str, ...], as_json: bool) -> None:
    """The campaign's timeline, one line per event."""
    from journal.service.queries import event_notes
    from journal.service.summaries import summary

    journal = app.journal()
    events = journal.log(campaign, list(types))
    notes = event_notes(journal, campaign)
    for event in events:
        note = notes.get(event.id)
        if as_json:
            emit_json({
                "seq": event.seq, "id": event.id, "campaign": event.campaign, "version": event.version,
                "type": event.type, "schema": event.schema, "data": event.data, "actor": event.actor,
                "recorded_at": event.recorded_at, "session": event.session, "causation": event.causation,
                "decision": event.decision, "prev_hash": event.prev_hash, "hash": event.hash, "note": note,
            })
        else:
            session = f"s{event.session}" if event.session is not None else "--"
            shown = f"{summary(event)} ({note})" if note else summary(event)
            line(f"{event.version:>5} {event.recorded_at[:19]} {session:>4} {event.actor}: {shown}  [{event.type}]")


@click.command("export")
@click.argument("campaign")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help="File to write (default: stdout).")
@click.pass_obj
def export(app: AppContext, campaign: str, output: str | None) -> None:
    """Write the campaign as JSONL, one stored envelope per line (ids, versions and hashes kept)."""
    journal = app.journal()
    journal.campaign(campaign)
    with open(output, "wb") if output else nullcontext(sys.stdout.buffer) as stream:
        try:
            for chunk in journal.store.export_lines(campaign):
                stream.write(chunk + b"\n")
        finally:
            stream.flush()


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.pass_obj
def import_(app: AppContext, file: str) -> None:
    """Import an exported JSONL file: all or nothing, every hash checked first."""
    journal = app.journal()
    with click.open_file(file, "rb") as handle:
        counts = journal.store.import_lines(handle)
    if not counts:
        line("nothing to import: the file holds no events")
    for campaign, count in counts.items():
        line(f"imported {count} events of campaign '{campaign}'")


@click.command("verify")
@click.argument("campaign", required=False)
@click.option("--rolls", is_flag=True, help="Also recompute every server die of every closed session.")
@click.pass_obj
def verify(app: AppContext, campaign: str | None, rolls: bool) -> None:
    """Check every hash chain (or one campaign's); exit non-zero naming the first altered event."""
    journal = app.journal()
    report = journal.store.verify(campaign)
    for broken in report.breaks:
        click.echo(f"chain broken: {broken}", err=True)
    failed = not report.ok
    if report.ok:
        line(f"ok: {report.events} events in {report.campaigns} campaigns, every chain holds")
    if rolls:
        from journal.service.sessions import verify_rolls

        checks = verify_rolls(journal, campaign)
        for check in checks:
            for problem in check.problems:
                click.echo(f"dice: campaign '{check.campaign}' session {check.session}: {problem}", err=True)
        failed = failed or not all(check.ok for check in checks)
        if all(check.ok for check in checks):
            line(f"ok: {sum(c.rolls for c in checks)} server rolls in {len(checks)} closed sessions recomputed exactly")
    if failed:
        sys.exit(6)


import_.name = "import"
COMMANDS = [log, export, import_, verify]
