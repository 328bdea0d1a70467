"""``journal demo``: record a short session in each rule system (once), then show what the journal keeps.

The recording is ``journal.service.demo.record_demo``: the real service, not a fixture dump.  The printout
reuses the commands' own renderers: the tallies of the tallied sessions (``journal tally``), the replay of
the session the demo replays (``journal replay``), the audit of one of its server rolls (``journal
audit``), then the chain and dice check of the demo campaigns (what ``journal verify --rolls`` prints).
Each section starts with the command that prints it on its own.  A second run records nothing and prints
the same sections.
"""

from __future__ import annotations

import shlex
import sys

import click

from cli.language import Command
from cli.main import AppContext
from cli.output import line
from journal.i18n import CLI, N_

_ = CLI.gettext
ngettext = CLI.ngettext


def _heading(*args: str, note: str = "") -> None:
    """A blank line, then the command that prints the next section by itself (and a comment)."""
    line("")
    line("$ journal " + " ".join(shlex.quote(arg) for arg in args) + (("   # " + _(note)) if note else ""))


def _verify(app: AppContext, names: tuple[str, ...]) -> None:
    """``verify --rolls`` over the demo's campaigns only: every chain, then every server die of their sessions."""
    from cli.timeline import chains_hold, dice_problem, rolls_recomputed
    from journal.service.sessions import verify_rolls

    journal = app.journal()
    events, failed = 0, False
    for name in names:
        report = journal.store.verify(name)
        events += report.events
        for broken in report.breaks:
            click.echo(_("chain broken: {problem}").format(problem=broken), err=True)
            failed = True
    if not failed:
        line(chains_hold(events, len(names)))
    checks = [check for name in names for check in verify_rolls(journal, name)]
    for check in checks:
        for problem in check.problems:
            click.echo(dice_problem(check.campaign, check.session, problem), err=True)
    if all(check.ok for check in checks):
        line(rolls_recomputed(sum(c.rolls for c in checks), len(checks)))
    else:
        failed = True
    if failed:
        sys.exit(6)


@click.command("demo", help=N_("Record a short session in each rule system (once); print tallies, a replay, an audit, "
                               "the checks."), cls=Command)
@click.pass_context
def demo(ctx: click.Context) -> None:
    from cli.audit import audit
    from cli.replay import replay
    from cli.tally import tally
    from journal.service.demo import campaigns, record_demo
    from journal.service.labels import title

    app: AppContext = ctx.obj
    app.actor = None  # the demo records and reads as each campaign's Master, whatever --as / JOURNAL_ACTOR say
    journal = app.journal()
    shown = record_demo(journal)
    for name, system in campaigns():
        found = journal.campaign(name)
        players = sum(1 for role in found["members"].values() if role == "player")
        what = _("'{campaign}' ({system}): {master} and {players}, session {session}, {events}").format(
            campaign=name, system=title(system), master=found["master"], session=shown.session,
            players=ngettext("{count} players", "{count} players", players).format(count=players),
            events=ngettext("{count} events", "{count} events", found["version"]).format(count=found["version"]))
        line(_("recorded {what}").format(what=what) if name in shown.recorded
             else _("already recorded {what}").format(what=what))

    for name in shown.tallied:
        _heading("tally", name, "--session", str(shown.session))
        ctx.invoke(tally, campaign=name, number=shown.session, commit=False, bonuses=(), skip=(),
                   as_json=False)

    _heading("replay", shown.replay_campaign, "--session", str(shown.session))
    ctx.invoke(replay, campaign=shown.replay_campaign, number=shown.session, step=False, fmt="text", output=None,
               as_json=False)

    _heading("audit", shown.audit_campaign, str(shown.audit_version))
    ctx.invoke(audit, campaign=shown.audit_campaign, event=shown.audit_event, fmt="text", output=None,
               as_json=False)

    _heading("verify", "--rolls", note=N_("over the demo campaigns"))
    _verify(app, shown.names)


COMMANDS = [demo]
