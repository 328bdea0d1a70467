"""The coin game's CLI: ``journal coin flip CAMPAIGN CHARACTER [--dice N]``, ``journal coin trust ...`` and its query
command ``journal coins CAMPAIGN``."""

from __future__ import annotations

import click

from cli.language import Group
from cli.main import AppContext
from cli.output import line, table
from cli.queries import query_command
from journal.i18n import N_, _


@click.group("coin", cls=Group, help=N_("The coin game."))
def group() -> None:
    pass


@group.command("flip", help=N_("Flip a coin for CHARACTER."))
@click.argument("campaign")
@click.argument("character")
@click.option("--dice", type=int, default=None, help=N_("The table's d2 (1 heads, 2 tails)."))
@click.pass_obj
def flip_command(app: AppContext, campaign: str, character: str, dice: int | None) -> None:
    from coin_system.commands import flip
    from journal.service.summaries import summary

    for event in flip(app.journal(), campaign, character, None if dice is None else [dice], actor=app.actor):
        line(summary(event))


@group.command("trust", help=N_("CHARACTER trusts OTHER one more (--less: one less)."))
@click.argument("campaign")
@click.argument("character")
@click.argument("other")
@click.option("--less", is_flag=True, help=N_("One less."))
@click.pass_obj
def trust_command(app: AppContext, campaign: str, character: str, other: str, less: bool) -> None:
    from coin_system.commands import trust
    from journal.service.summaries import summary

    for event in trust(app.journal(), campaign, character, other, -1 if less else 1, actor=app.actor):
        line(summary(event))


def _render(result: dict) -> None:
    table(_("coins at version {version}").format(version=result["version"]),
          [_("character"), _("heads"), _("tails")], [(r["character"], r["heads"], r["tails"]) for r in result["coins"]])


coins_command = query_command("coins", N_("Every character's heads and tails."), "coin_system.queries:coins", _render)
