"""``journal demo``: record a short sample session through the real service, then show and verify it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.main import AppContext
from cli.output import line

if TYPE_CHECKING:
    from journal.service import Journal

DEMO_CAMPAIGN = "Пепел Золы (demo)"


def record_demo(journal: "Journal") -> None:
    """A campaign, three players and one session with the journal's dice and the table's."""
    from journal.service.sessions import end_session, free_roll, start_session

    journal.create_campaign(DEMO_CAMPAIGN, "vpt", "Мастер")
    for player in ("Аня", "Борис", "Vera"):
        journal.add_member(DEMO_CAMPAIGN, player)
    start_session(journal, DEMO_CAMPAIGN, ["Аня", "Борис", "Vera"], salts={"Vera": "lucky cat"})
    free_roll(journal, DEMO_CAMPAIGN, "2d6", purpose="side initiative, reckless")
    free_roll(journal, DEMO_CAMPAIGN, "2d6+1", actor="Аня", purpose="Аня strikes the orc")
    free_roll(journal, DEMO_CAMPAIGN, "2d6", table=[6, 6], actor="Борис", purpose="Борис rolls on the real table")
    end_session(journal, DEMO_CAMPAIGN, minutes=150)


@click.command("demo")
@click.pass_context
def demo(ctx: click.Context) -> None:
    """Record a sample campaign (once), print its log, and verify its chain and dice."""
    app: AppContext = ctx.obj
    journal = app.journal()
    if journal.store.exists(DEMO_CAMPAIGN):
        line(f"the sample campaign '{DEMO_CAMPAIGN}' is already recorded in this journal")
    else:
        record_demo(journal)
        line(f"recorded the sample campaign '{DEMO_CAMPAIGN}'")
    from cli.timeline import log, verify

    ctx.invoke(log, campaign=DEMO_CAMPAIGN, types=(), as_json=False)
    ctx.invoke(verify, campaign=DEMO_CAMPAIGN, rolls=True)


COMMANDS = [demo]
