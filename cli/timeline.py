"""Commands over the raw event log: ``log``, ``export``, ``import`` and ``verify``."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING

import click
import orjson

from cli.main import AppContext
from cli.output import emit_json, english_type, line, local_time, open_output
from cli.params import CAMPAIGN, TableCommand
from cli.words import Names
from journal.i18n import CLI, N_

if TYPE_CHECKING:
    from journal.service import Journal

_ = CLI.gettext
ngettext = CLI.ngettext


def chains_hold(events: int, campaigns: int) -> str:
    """``ok: 5 events in 1 campaigns, every chain holds`` in the current language (``verify``, ``demo``).

    The English keeps its plural words for every count, as it always printed them; Russian picks each form.
    """
    counted = ngettext("{count} events", "{count} events", events).format(count=events)
    return ngettext("ok: {events} in {count} campaigns, every chain holds",
                    "ok: {events} in {count} campaigns, every chain holds", campaigns).format(events=counted,
                                                                                             count=campaigns)


def rolls_recomputed(rolls: int, sessions: int) -> str:
    """``ok: 3 server rolls in 1 closed sessions recomputed exactly`` in the current language (English as always)."""
    counted = ngettext("{count} server rolls", "{count} server rolls", rolls).format(count=rolls)
    return ngettext("ok: {rolls} in {count} closed sessions recomputed exactly",
                    "ok: {rolls} in {count} closed sessions recomputed exactly", sessions).format(rolls=counted,
                                                                                                  count=sessions)


def dice_problem(campaign: str, session: int, problem: str) -> str:
    """A server die that does not recompute, as ``verify --rolls`` prints it on stderr."""
    return _("dice: campaign '{campaign}' session {session}: {problem}").format(campaign=campaign, session=session,
                                                                              problem=problem)


@click.command("log", cls=TableCommand, help=N_("The campaign's timeline, one line per event."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--type", "types", multiple=True, help=N_("Only events of this type (repeatable)."))
@click.option("--json", "as_json", is_flag=True, help=N_("One stored envelope per line, as JSON."))
@click.pass_obj
def log(app: AppContext, campaign: str, types: tuple[str, ...], as_json: bool) -> None:
    from journal.service.figures import note as changed
    from journal.service.figures import walk
    from journal.service.naming import Naming
    from journal.service.queries import event_notes
    from journal.service.summaries import summary

    journal = app.journal()
    events = journal.log(campaign, list(types))
    notes = event_notes(journal, campaign)
    naming = Naming.of(journal, campaign)
    figures = {} if as_json else walk(journal, campaign)  # the totals as they stand: one fold of the campaign
    names = Names(journal.campaign(campaign)["system"])
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
            session = _("s{number}").format(number=event.session) if event.session is not None else "--"
            figure = figures.get(event.id)
            note = "; ".join(part for part in (note, changed(figure)) if part)
            said = summary(event, naming, figure=figure)
            shown = f"{said} ({note})" if note else said
            when = local_time(event.recorded_at, event.recorded_at[:19])
            kind = english_type(event.type, names.type(event.type))
            line(f"{event.version:>5} {when} {session:>4} {event.actor}: {shown}  [{kind}]")


@click.command("export", cls=TableCommand, help=N_("Write the campaign as JSONL, one stored envelope per line (ids, "
                                                   "versions and hashes kept).\n\nWith ``--signed`` a last line "
                                                   "``{\"receipt\": ...}`` carries the receipt of the last event "
                                                   "(when it is signed)."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), help=N_("File to write (default: stdout)."))
@click.option("--signed", is_flag=True, help=N_("End with the receipt of the last event, for 'import --public-key'."))
@click.pass_obj
def export(app: AppContext, campaign: str, output: str | None, signed: bool) -> None:
    from journal.store.receipts import export_receipt

    journal = app.journal()
    journal.campaign(campaign)
    with open_output(output, "wb") if output else nullcontext(sys.stdout.buffer) as stream:
        try:
            chunk = b""
            for chunk in journal.store.export_lines(campaign):
                stream.write(chunk + b"\n")
            tail = export_receipt(journal.store, campaign, orjson.loads(chunk)["version"]) if chunk and signed else None
            if tail is not None:
                stream.write(tail + b"\n")
        finally:
            stream.flush()


@click.command("import", cls=TableCommand, help=N_("Import an exported JSONL file: all or nothing, every hash checked "
                                                   "first."))
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--public-key", "public_key", default=None, metavar="HEX",
              help=N_("The file must end with a receipt signed by this key, and its chain must hold it."))
@click.pass_obj
def import_(app: AppContext, file: str, public_key: str | None) -> None:
    from cli.receipts import public_key_option
    from journal.service.importing import import_file

    public_key = public_key_option(public_key)
    journal = app.journal()
    with click.open_file(file, "rb") as handle:
        counts = import_file(journal, handle, public_key=public_key)
    if not counts:
        line(_("nothing to import: the file holds no events"))
    for campaign, count in counts.items():
        # TRANSLATORS: the English says "events" for every count (as it always has); Russian picks its form.
        line(ngettext("imported {count} events of campaign '{campaign}'",
                      "imported {count} events of campaign '{campaign}'", count).format(count=count, campaign=campaign))


@click.command("verify", cls=TableCommand, help=N_("Check every hash chain (or one campaign's); exit non-zero naming "
                                                   "the first altered event."))
@click.argument("campaign", type=CAMPAIGN, required=False)
@click.option("--rolls", is_flag=True, help=N_("Also recompute every server die of every closed session."))
@click.option("--receipt", "receipt_files", multiple=True, type=click.Path(dir_okay=False),
              help=N_("A receipt file (journal receipt, the page's download) the chain must still hold (repeatable)."))
@click.option("--public-key", "public_key", default=None, metavar="HEX",
              help=N_("Every campaign head must be signed by this key (default: the journal's own key, when it has one)."))
@click.pass_obj
def verify(app: AppContext, campaign: str | None, rolls: bool, receipt_files: tuple[str, ...],
           public_key: str | None) -> None:
    from cli.receipts import public_key_option
    from journal.store.backups import unsaved_wal

    public_key = public_key_option(public_key)
    wal = unsaved_wal(app.db)  # looked at before the journal opens it (an open database has a -wal of its own)
    if wal is not None:
        click.echo(_("note: {wal} holds writes its database file does not have yet: a copy of the file alone is not a "
                     "backup ('journal backup' makes one)").format(wal=wal.name), err=True)
    if not check_journal(app.journal(), campaign, rolls=rolls, receipt_files=receipt_files, public_key=public_key):
        sys.exit(6)


def check_journal(journal: Journal, campaign: str | None, *, rolls: bool = False, receipt_files: tuple[str, ...] = (),
                  public_key: str | None = None, witness: bool = True) -> bool:
    """``journal verify``'s checks of ``journal`` (every chain, the derived tables, the heads' signatures, the witness
    unless ``witness`` is False, the receipt files, with ``rolls`` every server die): print what holds on stdout and
    what broke on stderr; True when all hold.  ``journal restore`` runs the same on the backup it stages."""
    from cli.receipts import verify_signatures

    report = journal.store.verify(campaign)
    for broken in report.breaks:
        click.echo(_("chain broken: {problem}").format(problem=broken), err=True)
    failed = not report.ok
    if report.ok:
        line(chains_hold(report.events, report.campaigns))
    from journal.service.derived import verify_derived

    derived = verify_derived(journal, campaign, skip=[broken.campaign for broken in report.breaks])
    for problem in derived:
        click.echo(problem, err=True)
    failed = failed or bool(derived)  # the derived tables agreeing is what 'ok' already claims: no line of its own
    failed = not verify_signatures(journal.store, campaign, receipt_files, public_key, witness=witness) or failed
    if rolls:
        from journal.service.sessions import verify_rolls

        checks = verify_rolls(journal, campaign)
        for check in checks:
            for problem in check.problems:
                click.echo(dice_problem(check.campaign, check.session, problem), err=True)
        failed = failed or not all(check.ok for check in checks)
        if all(check.ok for check in checks):
            line(rolls_recomputed(sum(c.rolls for c in checks), len(checks)))
    return not failed


import_.name = "import"
COMMANDS = [log, export, import_, verify]
