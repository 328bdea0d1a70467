"""The coin game's CLI group: ``journal coin flip CAMPAIGN CHARACTER [--dice N]``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import line


@click.group("coin")
def group() -> None:
    """The coin game."""


@group.command("flip")
@click.argument("campaign")
@click.argument("character")
@click.option("--dice", type=int, default=None, help="The table's d2 (1 heads, 2 tails).")
@click.pass_obj
def flip_command(app: AppContext, campaign: str, character: str, dice: int | None) -> None:
    """Flip a coin for CHARACTER."""
    from coin_system.commands import flip
    from journal.service.summaries import summary

    for event in flip(app.journal(), campaign, character, None if dice is None else [dice], actor=app.actor):
        line(summary(event))
