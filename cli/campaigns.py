"""Commands for campaigns and their members: ``campaign new|list|show``, ``member add|token|revoke|tokens``."""

from __future__ import annotations

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from journal.systems.registry import names


class _Systems(click.Choice):
    """The registered rule systems, read when the option is parsed (a system registered later counts)."""

    def __init__(self) -> None:
        super().__init__([])

    @property  # type: ignore[override]  # click.Choice declares ``choices`` an attribute; read live here
    def choices(self) -> list[str]:
        return names()

    @choices.setter
    def choices(self, _value: object) -> None:
        pass


SYSTEM_CHOICE = _Systems()


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


@member.command("token")
@click.argument("campaign_name", metavar="CAMPAIGN")
@click.argument("name")
@click.pass_obj
def member_token(app: AppContext, campaign_name: str, name: str) -> None:
    """Issue member NAME a token for 'journal serve' (the Master only); it is printed once, never stored."""
    from journal.service.tokens import issue

    issued = issue(app.journal(), campaign_name, name, app.actor)
    line(issued.token)
    click.echo(f"token {issued.token_id} issued to '{issued.member}' (version {issued.event.version}); "
               "only its hash is kept: copy it now", err=True)


@member.command("revoke")
@click.argument("campaign_name", metavar="CAMPAIGN")
@click.argument("ref", metavar="TOKEN_ID|NAME")
@click.pass_obj
def member_revoke(app: AppContext, campaign_name: str, ref: str) -> None:
    """Revoke token TOKEN_ID, or every live token of member NAME (the Master only)."""
    from journal.service.tokens import revoke

    for event in revoke(app.journal(), campaign_name, ref, app.actor):
        line(f"token {event.data['token_id']} of '{event.data['member']}' revoked (version {event.version})")


@member.command("tokens")
@click.argument("campaign_name", metavar="CAMPAIGN")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def member_tokens(app: AppContext, campaign_name: str, as_json: bool) -> None:
    """List the tokens of CAMPAIGN: id, member, live or revoked (never a secret)."""
    from journal.service.tokens import tokens

    found = tokens(app.journal(), campaign_name)
    if as_json:
        emit_json(found)
        return
    if not found:
        line(f"no tokens issued in '{campaign_name}'")
        return
    table(None, ["token", "member", "status"], [(t["token_id"], t["member"], "revoked" if t["revoked"] else "live")
                                                 for t in found])


COMMANDS = [campaign, member]
