"""Commands for campaigns and their members: ``campaign new|list|show`` and ``member add``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import emit_json, line, table

SYSTEM_CHOICE = click.Choice(["wield", "stone-wheel", "dichotomy", "vpt"])


@click.group("campaign")
def campaign() -> None:
    """Start, list and show campaigns."""


@campaign.command("new")
@click.argument("name")
@click.option("--system", required=True, type=SYSTEM_CHOICE, help="The campaign's rule system.")
@click.option("--master", required=True, help="The Master (Fate, in Wield): the first member.")
@click.option("--json", "as_json", is_flag=True, help="Print the stored event as JSON.")
@click.pass_obj
def campaign_new(app: AppContext, name: str, system: str, master: str, as_json: bool) -> None:
    """Start campaign NAME with its rule system and Master."""
    event = app.journal().create_campaign(name, system, master)
    if as_json:
        emit_json({"campaign": event.campaign, "version": event.version, "id": event.id})
    else:
        line(f"campaign '{event.campaign}' started ({system}), Master: {event.data['master']}")


@campaign.command("list")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def campaign_list(app: AppContext, as_json: bool) -> None:
    """List every campaign in the journal."""
    found = app.journal().campaigns()
    if as_json:
        emit_json([{k: c[k] for k in ("name", "system", "master", "version")} | {"members": len(c["members"])} for c in found])
        return
    if not found:
        line("no campaigns yet: start one with 'journal campaign new NAME --system SYSTEM --master NAME'")
        return
    table(None, ["campaign", "system", "Master", "members", "events"],
          [(c["name"], c["system"], c["master"], len(c["members"]), c["version"]) for c in found])


@campaign.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def campaign_show(app: AppContext, name: str, as_json: bool) -> None:
    """Show a campaign: its system, Master, members and number of events."""
    state = app.journal().campaign(name)
    if as_json:
        emit_json({k: state[k] for k in ("name", "system", "master", "members", "created_at", "version")})
        return
    line(f"{state['name']}  ({state['system']})  started {state['created_at']}  events: {state['version']}")
    table(None, ["member", "role"], sorted(state["members"].items(), key=lambda item: (item[1] != "master", item[0])))


@click.group("member")
def member() -> None:
    """Manage a campaign's members."""


@member.command("add")
@click.argument("campaign_name", metavar="CAMPAIGN")
@click.argument("name")
@click.pass_obj
def member_add(app: AppContext, campaign_name: str, name: str) -> None:
    """Add player NAME to CAMPAIGN (the Master only)."""
    event = app.journal().add_member(campaign_name, name, app.actor)
    line(f"'{event.data['name']}' joined '{event.campaign}' (version {event.version})")


COMMANDS = [campaign, member]
