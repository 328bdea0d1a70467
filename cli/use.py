"""``journal use [CAMPAIGN]``: remember the campaign and the database for the commands typed at the table.

``journal use Лес`` checks that the campaign is in the database in use and remembers both (cli/config.py);
a command's CAMPAIGN may then be left out and ``--db`` need not be typed.  ``journal use`` alone prints what
is remembered; ``journal use --forget`` forgets it (``--clear`` is its older name).  The database is remembered
by its absolute path (a SQLite file) or its URL, so a command run from any folder opens the same one.
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
@click.option("--forget", "--clear", "forget", is_flag=True, help=N_("Forget the remembered campaign and database."))
@click.pass_obj
def use(app: AppContext, campaign: str | None, forget: bool) -> None:
    if forget:
        if campaign is not None:
            raise click.UsageError(_("give CAMPAIGN or --forget, not both"))
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
    db = config.absolute(app.db)
    where = config.save({"campaign": campaign, "db": db})
    line(_("using '{campaign}' in {db} (remembered in {path})").format(campaign=campaign, db=db, path=where))


COMMANDS = [use]
