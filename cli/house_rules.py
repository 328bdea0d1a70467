"""``journal rules propose|vote|adopt|show``: house rules backed by a first-degree quorum, adopted by the Master.

A proposal is named by its id (the ``rules.proposed`` event's id, as ``propose`` and ``show`` print it)
or by a unique prefix of it; ``--campaign`` narrows the search when a prefix is shared across campaigns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table

if TYPE_CHECKING:
    from journal.events.envelope import Event

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
campaign_option = click.option("--campaign", default=None, help="The proposal's campaign (to tell shared prefixes apart).")


@click.group("rules")
def group() -> None:
    """House rules: propose a switch of a ruling, vote on it (players), adopt it (the Master)."""


def _recorded(event: Event) -> dict[str, Any]:
    return {"id": event.id, "campaign": event.campaign, "version": event.version, "type": event.type, **event.data}


def _proposal(app: AppContext, campaign: str, proposal_id: str) -> dict[str, Any]:
    from journal.service.house_rules import show_rules

    shown = show_rules(app.journal(), campaign)
    return next(p for p in shown["proposals"] if p["id"] == proposal_id)


def _need(proposal: dict[str, Any]) -> str:
    if proposal["required"] is None:
        return "the campaign has no players yet"
    return f"{proposal['required']} of {proposal['players']} players in favour needed"


@group.command("propose")
@click.argument("campaign")
@click.option("--set", "setting", required=True, metavar="KEY=VALUE",
              help="The rule and its value: control_mapping=linear, xp_per_hour_player=60, xp_per_hour_master=90.")
@json_option
@click.pass_obj
def propose(app: AppContext, campaign: str, setting: str, as_json: bool) -> None:
    """Propose a house rule for CAMPAIGN (any member); the players then vote on it."""
    from journal.service.house_rules import propose_rule

    key, sep, value = setting.partition("=")
    if not sep or not key.strip():
        raise click.BadParameter(f"'{setting}' is not KEY=VALUE", param_hint="--set")
    event = propose_rule(app.journal(), campaign, key.strip(), value.strip(), app.actor)
    if as_json:
        emit_json(_recorded(event))
        return
    shown = _proposal(app, campaign, event.id)
    d = event.data
    line(f"proposal {event.id}: {d['key']} = {d['value']} (in force: {d['previous']}); {_need(shown)} (v{event.version})")


@group.command("vote")
@click.argument("proposal")
@click.option("--in-favour/--against", "in_favour", default=None, help="Vote in favour of the proposal, or against it.")
@campaign_option
@json_option
@click.pass_obj
def vote(app: AppContext, proposal: str, in_favour: bool | None, campaign: str | None, as_json: bool) -> None:
    """Vote on PROPOSAL (each player of its campaign, once)."""
    from journal.service.house_rules import vote_rule

    if in_favour is None:
        raise click.UsageError("give --in-favour or --against")
    event = vote_rule(app.journal(), proposal, in_favour, app.actor, campaign)
    if as_json:
        emit_json(_recorded(event))
        return
    shown = _proposal(app, event.campaign, event.data["proposal"])
    side = "in favour of" if in_favour else "against"
    line(f"{event.actor} votes {side} {shown['key']} = {shown['value']}: {shown['in_favour']} in favour, "
         f"{shown['against']} against; {_need(shown)} (v{event.version})")


@group.command("adopt")
@click.argument("proposal")
@campaign_option
@json_option
@click.pass_obj
def adopt(app: AppContext, proposal: str, campaign: str | None, as_json: bool) -> None:
    """Adopt PROPOSAL (the Master, once a first-degree quorum of all players is in favour)."""
    from journal.service.house_rules import adopt_rule

    event = adopt_rule(app.journal(), proposal, app.actor, campaign)
    if as_json:
        emit_json(_recorded(event))
        return
    d = event.data
    line(f"{d['key']} = {d['value']} in force from version {event.version} (was {d['previous']}; "
         f"{d['in_favour']} of {d['players']} players in favour, {d['required']} needed)")


@group.command("show")
@click.argument("campaign")
@click.option("--as-of", "as_of", default=None, metavar="POINT",
              help="N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start (default: now).")
@json_option
@click.pass_obj
def show(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
    """The rules in force in CAMPAIGN at a point, and the proposals with their votes."""
    from journal.service.house_rules import show_rules

    result = show_rules(app.journal(), campaign, as_of)
    if as_json:
        emit_json(result)
        return
    if not result["rules"]:
        line(f"{result['system']} has no rulings a campaign may switch (version {result['version']})")
    else:
        table(f"rules in force at version {result['version']}", ["rule", "value", "since", "allowed"],
              [(r["key"], r["value"],
                f"house rule, adopted at version {r['adopted_version']}" if r["house_rule"] else "default",
                r["allowed"]) for r in result["rules"]])
    if result["proposals"]:
        table("proposals", ["id", "rule", "value", "proposed by", "in favour", "against", "needed", "status"],
              [(p["id"], p["key"], p["value"], p["proposed_by"], p["in_favour"], p["against"],
                "" if p["required"] is None else f"{p['required']} of {p['players']}",
                f"adopted at version {p['adopted_version']}" if p["adopted_version"] is not None
                else "quorum reached" if p["quorum_reached"] else "open")
               for p in result["proposals"]])


COMMANDS = [group]
