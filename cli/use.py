"""``journal use [CAMPAIGN]``: remember the campaign and the database for the commands typed at the table.

``journal use Лес`` checks that the campaign is in the database in use and remembers both (cli/config.py);
a command's CAMPAIGN may then be left out and ``--db`` need not be typed.  ``journal use`` alone prints what
is remembered; ``journal use --clear`` forgets it.
"""

from __future__ import annotations

import click

from cli import config
from cli.language import Command
from cli.main import AppContext
from cli.output import line
from journal.i18n import CLI, N_

_ = CLI.gettext


@click.command("use", help=N_("Remember CAMPAIGN and the database for the next commands (alone: show what is "
                              "remembered)."), cls=Command)
@click.argument("campaign", required=False)
@click.option("--clear", is_flag=True, help=N_("Forget the remembered campaign and database."))
@click.pass_obj
def use(app: AppContext, campaign: str | None, clear: bool) -> None:
    if clear:
        if campaign is not None:
            raise click.UsageError(_("give CAMPAIGN or --clear, not both"))
        line(_("forgot the campaign and the database ({path})").format(path=config.clear()))
        return
    if campaign is None:
        remembered = config.load()
        if not remembered:
            line(_("nothing remembered: 'journal use CAMPAIGN' remembers one ({path})").format(path=config.path()))
            return
        line(_("campaign: {campaign}").format(campaign=remembered.get("campaign", "-")))
        line(_("database: {db}").format(db=remembered.get("db", "-")))
        return
    from journal.service.names_lookup import refuse_unknown

    journal = app.journal()
    refuse_unknown(journal, "campaign", campaign)
    journal.campaign(campaign)  # NotFound when nothing close is stored either
    where = config.save({"campaign": campaign, "db": app.db})
    line(_("using '{campaign}' in {db} (remembered in {path})").format(campaign=campaign, db=app.db, path=where))


COMMANDS = [use]
