"""Commands for sessions at the table and free rolls: ``session start|salt|end|list`` and ``roll``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, POSITIVE, SIGNED_TEXT, TableCommand, TableGroup
from journal.i18n import CLI, N_

_ = CLI.gettext


def parse_dice(text: str | None) -> list[int] | None:
    """``--dice 3,17`` -> [3, 17] (dice thrown on the real table)."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise click.BadParameter(_("'{text}' is not a comma-separated list of whole numbers").format(text=text),
                                 param_hint="--dice") from None


def parse_names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


@click.group("session", cls=TableGroup, help=N_("Open and close sessions (the journal's dice are committed at the "
                                                "start, revealed at the end)."))
def session() -> None:
    pass


@session.command("start", help=N_("Start the next session of CAMPAIGN (each player then adds a salt: 'journal --as "
                                  "NAME session salt')."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--present", required=True, help=N_("Comma-separated members present."))
@click.pass_obj
def session_start(app: AppContext, campaign: str, present: str) -> None:
    from journal.service.sessions import start_session

    event = start_session(app.journal(), campaign, parse_names(present), app.actor)
    line(_("session {number} started; present: {present}; dice commitment {commitment}").format(
        number=event.data["number"], present=", ".join(event.data["present"]), commitment=event.data["commitment"]))


@session.command("salt", help=N_("Add your own salt (--as NAME) to the open session's dice, after the commitment, "
                                 "before the first roll."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--salt", default=None, help=N_("The salt's text (default: 32 random hex digits drawn here)."))
@click.pass_obj
def session_salt(app: AppContext, campaign: str, salt: str | None) -> None:
    from journal.service.sessions import add_salt

    event = add_salt(app.journal(), campaign, salt, app.actor)
    line(_("{actor} salted session {number}'s dice with '{salt}' (#{version})").format(
        actor=event.actor, number=event.data["number"], salt=event.data["salt"], version=event.version))


@session.command("end", help=N_("End the open session of CAMPAIGN, revealing the seed of its dice."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--minutes", type=POSITIVE, default=None, help=N_("The session's duration (default: measured)."))
@click.pass_obj
def session_end(app: AppContext, campaign: str, minutes: int | None) -> None:
    from journal.service.sessions import end_session

    event = end_session(app.journal(), campaign, minutes, app.actor)
    line(CLI.ngettext("session {number} ended after {minutes} min; {count} server dice; seed revealed",
                      "session {number} ended after {minutes} min; {count} server dice; seed revealed",
                      event.data["next_counter"]).format(number=event.data["number"], minutes=event.data["minutes"],
                                                        count=event.data["next_counter"]))


@session.command("list", help=N_("List the sessions of CAMPAIGN with attendance and duration."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def session_list(app: AppContext, campaign: str, as_json: bool) -> None:
    rows = list(app.journal().at(campaign)["sessions"]["sessions"].values())
    if as_json:
        emit_json(rows)
        return
    table(None, ["#", _("started"), _("ended"), _("minutes"), _("present")],
          [(r["number"], r["started_at"][:16], (r["ended_at"] or _("open"))[:16], r["minutes"], ", ".join(r["present"]))
           for r in rows])


@click.command("roll", cls=TableCommand, help=N_("Roll NOTATION (2d6+1, 4d6kh3, 2d20kl1, 6d10>=7) in CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("notation", type=SIGNED_TEXT)
@click.option("--dice", help=N_("Dice thrown on the table, comma-separated (default: the journal's dice)."))
@click.option("--for", "purpose", help=N_("What the roll is for."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def roll(app: AppContext, campaign: str, notation: str, dice: str | None, purpose: str | None, as_json: bool) -> None:
    from journal.service.sessions import free_roll

    event = free_roll(app.journal(), campaign, notation, parse_dice(dice), purpose, app.actor)
    if as_json:
        emit_json({"id": event.id, "version": event.version, **event.data})
        return
    source = _("table") if all(r["source"] == "table" for r in event.data["rolls"]) else _("journal dice")
    line(f"{event.data['description']}  " + _("({source}, #{version})").format(source=source, version=event.version))


COMMANDS = [session, roll]
