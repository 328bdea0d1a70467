"""Disputes before the quorum: ``dispute open|vote|rule|list|show``.

A dispute is named by its short number in its campaign (``3`` or ``№3``: the order it was opened in), by its id
(the id of its ``dispute.opened`` event) or a unique prefix of at least 8 hex digits.  A number is of the campaign
``--campaign`` names, else of the campaign ``journal use`` remembered, else of the journal's one campaign; an id
finds its campaign itself (``--campaign`` narrows a prefix to one campaign).  Every text line names a dispute as
people do, «dispute №3 about «…»» (``--json`` keeps the ids).
"""

from __future__ import annotations

from typing import Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, EVENT, POINT, TableGroup
from journal.i18n import CLI, N_

_ = CLI.gettext

json_option = click.option("--json", "as_json", is_flag=True, help=N_("Print JSON for machines."))
campaign_option = click.option("--campaign", default=None,
                               help=N_("The dispute's campaign (for its number, or to resolve a prefix there)."))


def _campaign(app: AppContext, dispute_ref: str, campaign: str | None) -> str | None:
    """The campaign a dispute's number counts in: ``--campaign``, else the one ``journal use`` remembered."""
    from journal.service.naming import dispute_number

    if campaign is None and dispute_number(dispute_ref) is not None:
        return app.campaign
    return campaign
choice_option = click.option("--uphold/--overturn", "uphold", default=None,
                             help=N_("Uphold the event as recorded, or overturn it."))


def _choice(uphold: bool | None) -> str:
    if uphold is None:
        raise click.UsageError(_("give --uphold or --overturn"))
    return "uphold" if uphold else "overturn"


def _tally(dispute: dict[str, Any]) -> str:
    t = dispute["tally"]
    return _("{voted} of {eligible} voted, quorum {required} ({uphold} uphold, {overturn} overturn)").format(
        voted=t["voted"], eligible=t["eligible"], required=t["required"], uphold=t["uphold"], overturn=t["overturn"])


def _choice_word(choice: str) -> str:
    """``uphold`` / ``overturn`` in the current language (the stored choice stays English)."""
    return {"uphold": _("uphold"), "overturn": _("overturn")}.get(choice, choice)


def status_word(status: str) -> str:
    """A dispute's status (``open``, ``upheld``, ``overturned``) in the current language."""
    from cli.reports.audit import status_word as word

    return word(status)


def _events(events: list[Any]) -> list[dict[str, Any]]:
    return [{"id": e.id, "version": e.version, "type": e.type, "causation": e.causation, "data": e.data} for e in events]


@click.group("dispute", cls=TableGroup, help=N_("Contest an event before the quorum: open, vote (players present), "
                                                "rule (the Master)."))
def dispute() -> None:
    pass


@dispute.command("open", help=N_("Open a dispute about EVENT of CAMPAIGN (any member)."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--event", "event", required=True, metavar="EVENT", type=EVENT, help=N_("A version, an event id or a unique id prefix."))
@click.option("--reason", required=True, help=N_("Why the event is disputed."))
@json_option
@click.pass_obj
def open_(app: AppContext, campaign: str, event: str, reason: str, as_json: bool) -> None:
    from journal.quorum import quorum_size
    from journal.service.disputes import open_dispute

    opened = open_dispute(app.journal(), campaign, event, reason, app.actor)
    if as_json:
        emit_json(_events([opened])[0])
        return
    from journal.service.naming import Naming

    voters = opened.data["voters"]
    line(_("{dispute} opened; voters: {voters} ({required} of {count} must vote)").format(
        dispute=Naming.of(app.journal(), campaign).dispute(opened.id), voters=", ".join(voters),
        required=quorum_size(len(voters)), count=len(voters)))


@dispute.command("vote", help=N_("Vote on DISPUTE (the players present at the disputed event's session; once each)."))
@click.argument("dispute_ref", metavar="DISPUTE")
@choice_option
@campaign_option
@json_option
@click.pass_obj
def vote(app: AppContext, dispute_ref: str, uphold: bool | None, campaign: str | None, as_json: bool) -> None:
    from journal.service.disputes import show_dispute
    from journal.service.disputes import vote as cast

    choice = _choice(uphold)
    event = cast(app.journal(), dispute_ref, choice, app.actor, _campaign(app, dispute_ref, campaign))
    if as_json:
        emit_json(_events([event])[0])
        return
    shown = show_dispute(app.journal(), event.data["dispute"], event.campaign)["dispute"]
    reached = _("quorum reached") if shown["tally"]["reached"] else _("no quorum yet")
    from journal.service.naming import quoted

    line(_("{actor} votes {choice} in dispute #{number} about {event}: {tally}; {reached}").format(
        actor=event.actor, choice=_choice_word(choice), number=shown["number"], event=quoted(shown["about"] or "…"),
        tally=_tally(shown), reached=reached))


@dispute.command("rule", help=N_("Rule on DISPUTE (the Master, once a second-degree quorum has voted); an overturn "
                                 "voids the event."))
@click.argument("dispute_ref", metavar="DISPUTE")
@choice_option
@click.option("--correct-dice", "correct_dice", default=None, metavar="D,D,...",
              help=N_("Overturn a free roll with these (table) dice instead."))
@click.option("--correct-json", "correct_json", default=None, metavar="JSON",
              help=N_("Overturn with this corrected payload (the disputed event's type)."))
@click.option("--reason", default="", help=N_("The Master's reason."))
@campaign_option
@json_option
@click.pass_obj
def rule(app: AppContext, dispute_ref: str, uphold: bool | None, correct_dice: str | None, correct_json: str | None,
         reason: str, campaign: str | None, as_json: bool) -> None:
    import orjson

    from cli.sessions import parse_dice
    from journal.service import disputes as service

    choice = _choice(uphold)
    campaign = _campaign(app, dispute_ref, campaign)
    if correct_dice is not None and correct_json is not None:
        raise click.UsageError(_("give --correct-dice or --correct-json, not both"))
    if (correct_dice is not None or correct_json is not None) and choice != "overturn":
        raise click.UsageError(_("a correction goes with --overturn"))
    journal = app.journal()
    corrected = None
    if correct_dice is not None:
        dice = parse_dice(correct_dice) or []
        corrected = service.corrected_dice(journal, dispute_ref, dice, campaign)
    elif correct_json is not None:
        try:
            data = orjson.loads(correct_json)
        except orjson.JSONDecodeError as exc:
            raise click.BadParameter(_("not JSON: {reason}").format(reason=exc), param_hint="--correct-json") from None
        if not isinstance(data, dict):
            raise click.BadParameter(_("must be a JSON object (the corrected payload)"), param_hint="--correct-json")
        corrected = service.corrected_payload(journal, dispute_ref, data, campaign)
    events = service.rule(journal, dispute_ref, choice, corrected, reason, app.actor, campaign)
    if as_json:
        emit_json(_events(events))
        return
    from journal.service.figures import after
    from journal.service.naming import Naming, quoted
    from journal.service.summaries import summary

    ruled = events[0].data
    t = ruled["tally"]
    naming = Naming.of(journal, events[0].campaign)
    followed = {True: _("following the majority"), False: _("against the majority"), None: _("on a tied vote")}
    line(_("{dispute} ruled: {choice} ({uphold} uphold, {overturn} overturn of {eligible}; {followed})").format(
        dispute=naming.dispute(ruled["dispute"]), choice=_choice_word(choice), uphold=t["uphold"],
        overturn=t["overturn"], eligible=t["eligible"], followed=followed[ruled["followed_majority"]]))
    for event in events[1:]:
        if event.type == "correction.voided":
            target = journal.store.get(event.data["target"])  # its totals as the fold has them now
            line(_("voided: {summary}").format(summary=quoted(summary(
                target, figure=after(journal, target.campaign, target)))))
        elif ruled["corrected"]:
            line(_("corrected and recorded: {summary}").format(summary=quoted(summary(event))))


@dispute.command("list", help=N_("The disputes of CAMPAIGN with their status and tally."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--as-of", "as_of", default=None, metavar="POINT", type=POINT,
              help=N_("N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start | 'start of session K' | 'end of session K' (default: now)."))
@json_option
@click.pass_obj
def list_(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
    from journal.service.disputes import list_disputes

    result = list_disputes(app.journal(), campaign, as_of)
    if as_json:
        emit_json(result)
        return
    when = "" if as_of is None else " " + _point(app, campaign, result["version"])
    if not result["disputes"]:
        line(_("no dispute in '{campaign}'").format(campaign=campaign) + when)
        return
    table(_("disputes in '{campaign}'").format(campaign=campaign) + when,
          [_("dispute"), _("event"), _("opened by"), _("status"), _("votes"), _("reason")],
          [(_("#{number}").format(number=d["number"]), d["about"], d["opened_by"], status_word(d["status"]),
            _tally(d), d["reason"]) for d in result["disputes"]])


def _point(app: AppContext, campaign: str, version: int) -> str:
    """A past point of the timeline as people name it: «after “the summary of the event at that version”»."""
    from journal.service.naming import Naming, quoted

    journal = app.journal()
    event = next(journal.store.read(campaign, from_version=version, to_version=version), None)
    return _("after {event}").format(event=quoted(Naming.of(journal, campaign).event(event.id) if event else "…"))


@dispute.command("show", help=N_("One dispute: the event, the reason, the voters and votes, the tally and the ruling."))
@click.argument("dispute_ref", metavar="DISPUTE")
@campaign_option
@json_option
@click.pass_obj
def show(app: AppContext, dispute_ref: str, campaign: str | None, as_json: bool) -> None:
    from cli.reports.audit import dispute_head, ruling_line, vote_headers, vote_rows
    from journal.service.disputes import show_dispute

    result = show_dispute(app.journal(), dispute_ref, _campaign(app, dispute_ref, campaign))
    if as_json:
        emit_json(result)
        return
    found = result["dispute"]
    line(_("{head} — campaign '{campaign}'").format(head=dispute_head(found), campaign=result["campaign"]))
    line(_("in session {number}").format(number=found["session"]) if found["session"] is not None
          else _("between sessions"))
    table(None, vote_headers(), vote_rows(found))
    line(_("ruling: {ruling}").format(ruling=ruling_line(found)))


list_.name = "list"
open_.name = "open"
COMMANDS = [dispute]
