"""Disputes before the quorum: ``dispute open|vote|rule|list|show``.

A dispute is named by its id (the id of its ``dispute.opened`` event) or a unique prefix of at least
8 hex digits; ``vote``, ``rule`` and ``show`` find its campaign themselves (``--campaign`` narrows a
prefix to one campaign).
"""

from __future__ import annotations

from typing import Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
campaign_option = click.option("--campaign", default=None, help="The dispute's campaign (to resolve a prefix there).")
choice_option = click.option("--uphold/--overturn", "uphold", default=None,
                             help="Uphold the event as recorded, or overturn it.")


def _choice(uphold: bool | None) -> str:
    if uphold is None:
        raise click.UsageError("give --uphold or --overturn")
    return "uphold" if uphold else "overturn"


def _tally(dispute: dict[str, Any]) -> str:
    t = dispute["tally"]
    return f"{t['voted']} of {t['eligible']} voted, quorum {t['required']} ({t['uphold']} uphold, {t['overturn']} overturn)"


def _events(events: list[Any]) -> list[dict[str, Any]]:
    return [{"id": e.id, "version": e.version, "type": e.type, "causation": e.causation, "data": e.data} for e in events]


@click.group("dispute")
def dispute() -> None:
    """Contest an event before the quorum: open, vote (players present), rule (the Master)."""


@dispute.command("open")
@click.argument("campaign")
@click.option("--event", "event", required=True, metavar="EVENT", help="A version, an event id or a unique id prefix.")
@click.option("--reason", required=True, help="Why the event is disputed.")
@json_option
@click.pass_obj
def open_(app: AppContext, campaign: str, event: str, reason: str, as_json: bool) -> None:
    """Open a dispute about EVENT of CAMPAIGN (any member)."""
    from journal.quorum import quorum_size
    from journal.service.disputes import open_dispute

    opened = open_dispute(app.journal(), campaign, event, reason, app.actor)
    if as_json:
        emit_json(_events([opened])[0])
        return
    data = opened.data
    voters = data["voters"]
    line(f"dispute {opened.id} opened on event {data['target_version']} ({data['target_type']}); "
         f"voters: {', '.join(voters)} ({quorum_size(len(voters))} of {len(voters)} must vote)")


@dispute.command("vote")
@click.argument("dispute_ref", metavar="DISPUTE")
@choice_option
@campaign_option
@json_option
@click.pass_obj
def vote(app: AppContext, dispute_ref: str, uphold: bool | None, campaign: str | None, as_json: bool) -> None:
    """Vote on DISPUTE (the players present at the disputed event's session; once each)."""
    from journal.service.disputes import show_dispute
    from journal.service.disputes import vote as cast

    choice = _choice(uphold)
    event = cast(app.journal(), dispute_ref, choice, app.actor, campaign)
    if as_json:
        emit_json(_events([event])[0])
        return
    shown = show_dispute(app.journal(), event.data["dispute"], event.campaign)["dispute"]
    reached = "quorum reached" if shown["tally"]["reached"] else "no quorum yet"
    line(f"{event.actor} votes {choice} on dispute {event.data['dispute']}: {_tally(shown)}; {reached}")


@dispute.command("rule")
@click.argument("dispute_ref", metavar="DISPUTE")
@choice_option
@click.option("--correct-dice", "correct_dice", default=None, metavar="D,D,...",
              help="Overturn a free roll with these (table) dice instead.")
@click.option("--correct-json", "correct_json", default=None, metavar="JSON",
              help="Overturn with this corrected payload (the disputed event's type).")
@click.option("--reason", default="", help="The Master's reason.")
@campaign_option
@json_option
@click.pass_obj
def rule(app: AppContext, dispute_ref: str, uphold: bool | None, correct_dice: str | None, correct_json: str | None,
         reason: str, campaign: str | None, as_json: bool) -> None:
    """Rule on DISPUTE (the Master, once a second-degree quorum has voted); an overturn voids the event."""
    import orjson

    from cli.sessions import parse_dice
    from journal.service import disputes as service

    choice = _choice(uphold)
    if correct_dice is not None and correct_json is not None:
        raise click.UsageError("give --correct-dice or --correct-json, not both")
    if (correct_dice is not None or correct_json is not None) and choice != "overturn":
        raise click.UsageError("a correction goes with --overturn")
    journal = app.journal()
    corrected = None
    if correct_dice is not None:
        dice = parse_dice(correct_dice) or []
        corrected = service.corrected_dice(journal, dispute_ref, dice, campaign)
    elif correct_json is not None:
        try:
            data = orjson.loads(correct_json)
        except orjson.JSONDecodeError as exc:
            raise click.BadParameter(f"not JSON: {exc}", param_hint="--correct-json") from None
        if not isinstance(data, dict):
            raise click.BadParameter("must be a JSON object (the corrected payload)", param_hint="--correct-json")
        corrected = service.corrected_payload(journal, dispute_ref, data, campaign)
    events = service.rule(journal, dispute_ref, choice, corrected, reason, app.actor, campaign)
    if as_json:
        emit_json(_events(events))
        return
    ruled = events[0].data
    t = ruled["tally"]
    followed = {True: "following the majority", False: "against the majority", None: "on a tied vote"}
    line(f"dispute {ruled['dispute']} ruled: {choice} ({t['uphold']} uphold, {t['overturn']} overturn of "
         f"{t['eligible']}; {followed[ruled['followed_majority']]})")
    if len(events) > 1:
        line(f"event {events[1].data['target_version']} voided at version {events[1].version}")
    if len(events) > 2:
        line(f"corrected {events[2].type} recorded at version {events[2].version}")


@dispute.command("list")
@click.argument("campaign")
@click.option("--as-of", "as_of", default=None, metavar="POINT", help="N | EVENT_ID | before:ID | ISO time | session:K.")
@json_option
@click.pass_obj
def list_(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
    """The disputes of CAMPAIGN with their status and tally."""
    from journal.service.disputes import list_disputes

    result = list_disputes(app.journal(), campaign, as_of)
    if as_json:
        emit_json(result)
        return
    if not result["disputes"]:
        line(f"no dispute in '{campaign}' (version {result['version']})")
        return
    table(f"disputes at version {result['version']}", ["dispute", "event", "type", "opened by", "status", "votes", "reason"],
          [(d["id"], d["target_version"], d["target_type"], d["opened_by"], d["status"], _tally(d), d["reason"])
           for d in result["disputes"]])


@dispute.command("show")
@click.argument("dispute_ref", metavar="DISPUTE")
@campaign_option
@json_option
@click.pass_obj
def show(app: AppContext, dispute_ref: str, campaign: str | None, as_json: bool) -> None:
    """One dispute: the event, the reason, the voters and votes, the tally and the ruling."""
    from cli.reports.audit import dispute_head, ruling_line, vote_rows
    from journal.service.disputes import show_dispute

    result = show_dispute(app.journal(), dispute_ref, campaign)
    if as_json:
        emit_json(result)
        return
    found = result["dispute"]
    line(f"{dispute_head(found)} — campaign '{result['campaign']}'")
    line(f"event {found['target_version']} ({found['target_type']}, {found['target']})"
         + (f", session {found['session']}" if found["session"] is not None else ", between sessions"))
    table(None, ["voter", "vote", "version"], vote_rows(found))
    line(f"ruling: {ruling_line(found)}")


list_.name = "list"
open_.name = "open"
COMMANDS = [dispute]
