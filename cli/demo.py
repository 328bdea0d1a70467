"""``journal demo``: record a small sample campaign through the real service and print its log."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import line

DEMO_CAMPAIGN = "Пепел Золы (demo)"


@click.command("demo")
@click.pass_context
def demo(ctx: click.Context) -> None:
    """Create a sample campaign (once) and print its log and chain check."""
    app: AppContext = ctx.obj
    journal = app.journal()
    if not journal.store.exists(DEMO_CAMPAIGN):
        journal.create_campaign(DEMO_CAMPAIGN, "wield", "Судьба")
        for player in ("Аня", "Борис", "Vera"):
            journal.add_member(DEMO_CAMPAIGN, player)
        line(f"recorded the sample campaign '{DEMO_CAMPAIGN}'")
    from cli.timeline import log, verify

    ctx.invoke(log, campaign=DEMO_CAMPAIGN, types=(), as_json=False)
    ctx.invoke(verify, campaign=DEMO_CAMPAIGN)


COMMANDS = [demo]
