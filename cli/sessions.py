"""Commands for sessions at the table and free rolls: ``session start|end|list`` and ``roll``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import emit_json, line, table


def parse_dice(text: str | None) -> list[int] | None:
    """``--dice 3,17`` -> [3, 17] (dice thrown on the real table)."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise click.BadParameter(f"'{text}' is not a comma-separated list of whole numbers", param_hint="--dice") from None


def parse_names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


@click.group("session")
def session() -> None:
    """Open and close sessions (the journal's dice are committed at the start, revealed at the end)."""


@session.command("start")
@click.argument("campaign")
@click.option("--present", required=True, help="Comma-separated members present.")
@click.option("--salt", "salts", multiple=True, metavar="NAME=TEXT", help="A member's salt for the dice (repeatable).")
@click.pass_obj
def session_start(app: AppContext, campaign: str, present: str, salts: tuple[str, ...]) -> None:
    """Start the next session of CAMPAIGN."""
    from journal.service.sessions import start_session

    salt_map: dict[str, str] = {}
    for item in salts:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"'{item}' is not NAME=TEXT", param_hint="--salt")
        salt_map[name.strip()] = text
    event = start_session(app.journal(), campaign, parse_names(present), salt_map, app.actor)
    line(f"session {event.data['number']} started; present: {', '.join(event.data['present'])}; "
         f"dice commitment {event.data['commitment'][:16]}…")


@session.command("end")
@click.argument("campaign")
@click.option("--minutes", type=int, default=None, help="The session's duration (default: measured).")
@click.pass_obj
def session_end(app: AppContext, campaign: str, minutes: int | None) -> None:
    """End the open session of CAMPAIGN, revealing the seed of its dice."""
    from journal.service.sessions import end_session

    event = end_session(app.journal(), campaign, minutes, app.actor)
    line(f"session {event.data['number']} ended after {event.data['minutes']} min; "
         f"{event.data['next_counter']} server dice; seed revealed")


@session.command("list")
@click.argument("campaign")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def session_list(app: AppContext, campaign: str, as_json: bool) -> None:
    """List the sessions of CAMPAIGN with attendance and duration."""
    rows = list(app.journal().at(campaign)["sessions"]["sessions"].values())
    if as_json:
        emit_json(rows)
        return
    table(None, ["#", "started", "ended", "minutes", "present"],
          [(r["number"], r["started_at"][:16], (r["ended_at"] or "open")[:16], r["minutes"], ", ".join(r["present"]))
           for r in rows])


@click.command("roll")
@click.argument("campaign")
@click.argument("notation")
@click.option("--dice", help="Dice thrown on the table, comma-separated (default: the journal's dice).")
@click.option("--for", "purpose", help="What the roll is for.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def roll(app: AppContext, campaign: str, notation: str, dice: str | None, purpose: str | None, as_json: bool) -> None:
    """Roll NOTATION (2d6+1, 4d6kh3, 2d20kl1, 6d10>=7) in CAMPAIGN."""
    from journal.service.sessions import free_roll

    event = free_roll(app.journal(), campaign, notation, parse_dice(dice), purpose, app.actor)
    if as_json:
        emit_json({"id": event.id, "version": event.version, **event.data})
        return
    source = "table" if all(r["source"] == "table" for r in event.data["rolls"]) else "journal dice"
    line(f"{event.data['description']}  ({source}, v{event.version})")


COMMANDS = [session, roll]
