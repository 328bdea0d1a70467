"""Commands for campaigns and their members: ``campaign new|list|show``, ``member add|token|revoke|tokens``."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import click

from cli.language import SpokenChoice
from cli.main import AppContext
from cli.output import emit_json, line, local_time, table
from cli.params import CAMPAIGN, TableGroup
from journal.i18n import CLI, N_
from journal.service.labels import title
from journal.systems.registry import names


def _system_titles() -> dict[str, Callable[[], str]]:
    return {system: partial(title, system) for system in names()}


#: The registered rule systems, read when the option is parsed (a system registered later counts), each typed as its
#: id or its name in either language (its id, or its title such as «Каменное колесо»).
SYSTEM_CHOICE = SpokenChoice(names, _system_titles, "systems")
_ = CLI.gettext


@click.group("campaign", cls=TableGroup, help=N_("Start, list and show campaigns."))
def campaign() -> None:
    pass


@campaign.command("new", help=N_("Start campaign NAME with its rule system and Master."))
@click.argument("name")
@click.option("--system", required=True, type=SYSTEM_CHOICE, help=N_("The campaign's rule system."))
@click.option("--master", required=True, help=N_("The Master (Fate, in Wield): the first member."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the stored event as JSON."))
@click.option("--serve", "then_serve", is_flag=True,
              help=N_("Then serve it to the phones on this network ('journal serve --host 0.0.0.0'): a one-time link "
                      "and its QR code sign the Master's phone in."))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help=N_("The port of --serve."))
@click.pass_context
def campaign_new(ctx: click.Context, name: str, system: str, master: str, as_json: bool, then_serve: bool,
                 port: int) -> None:
    app: AppContext = ctx.obj
    event = app.journal().create_campaign(name, system, master)
    if as_json:
        emit_json({"campaign": event.campaign, "version": event.version, "id": event.id})
    else:
        line(_("campaign '{campaign}' started ({system}), Master: {master}").format(
            campaign=event.campaign, system=title(system), master=event.data["master"]))
    if then_serve:
        from cli.serve import serve

        ctx.invoke(serve, host="0.0.0.0", port=port)


@campaign.command("list", help=N_("List every campaign in the journal."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def campaign_list(app: AppContext, as_json: bool) -> None:
    found = app.journal().campaigns()
    if as_json:
        emit_json([{k: c[k] for k in ("name", "system", "master", "version")} | {"members": len(c["members"])} for c in found])
        return
    if not found:
        line(_("no campaigns yet: start one with 'journal campaign new NAME --system SYSTEM --master NAME'"))
        return
    table(None, [_("campaign"), _("system"), _("Master"), _("members"), _("events")],
          [(c["name"], title(c["system"]), c["master"], len(c["members"]), c["version"]) for c in found])


@campaign.command("show", help=N_("Show a campaign: its system, Master, members and number of events."))
@click.argument("name", type=CAMPAIGN)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def campaign_show(app: AppContext, name: str, as_json: bool) -> None:
    state = app.journal().campaign(name)
    if as_json:
        emit_json({k: state[k] for k in ("name", "system", "master", "members", "created_at", "version")})
        return
    line(_("{campaign}  ({system})  started {created}  events: {count}").format(
        campaign=state["name"], system=title(state["system"]), created=local_time(state["created_at"], state["created_at"]), count=state["version"]))
    roles = {"master": _("master"), "player": _("player")}
    table(None, [_("member"), _("role")],
          [(name, roles.get(role, role)) for name, role in sorted(state["members"].items(),
                                                                  key=lambda item: (item[1] != "master", item[0]))])


@click.group("member", cls=TableGroup, help=N_("Manage a campaign's members."))
def member() -> None:
    pass


@member.command("add", help=N_("Add player NAME to CAMPAIGN (the Master only)."))
@click.argument("campaign_name", metavar="CAMPAIGN", type=CAMPAIGN)
@click.argument("name")
@click.pass_obj
def member_add(app: AppContext, campaign_name: str, name: str) -> None:
    event = app.journal().add_member(campaign_name, name, app.actor)
    line(_("'{member}' joined '{campaign}' (version {version})").format(member=event.data["name"],
                                                                       campaign=event.campaign, version=event.version))


@member.command("token", help=N_("Issue member NAME a token for 'journal serve' (the Master only); it is printed "
                                 "once, never stored."))
@click.argument("campaign_name", metavar="CAMPAIGN", type=CAMPAIGN)
@click.argument("name")
@click.pass_obj
def member_token(app: AppContext, campaign_name: str, name: str) -> None:
    from journal.service.tokens import issue

    issued = issue(app.journal(), campaign_name, name, app.actor)
    line(issued.token)
    click.echo(_("a phone's token issued to '{member}'; only its hash is kept: copy it now").format(
        member=issued.member), err=True)


@member.command("revoke", help=N_("Revoke every live token of member NAME, or the token TOKEN_ID (the Master only)."))
@click.argument("campaign_name", metavar="CAMPAIGN", type=CAMPAIGN)
@click.argument("ref", metavar="NAME|TOKEN_ID")
@click.pass_obj
def member_revoke(app: AppContext, campaign_name: str, ref: str) -> None:
    from journal.service.tokens import issued_at, issued_on, revoke

    journal = app.journal()
    issued = issued_at(journal, campaign_name)
    for event in revoke(journal, campaign_name, ref, app.actor):
        line(_("the token of '{member}' issued {day} revoked").format(
            member=event.data["member"], day=issued_on(issued.get(event.data["token_id"]))))


@member.command("tokens", help=N_("List the tokens of CAMPAIGN: member, when issued, live or revoked, and the token's "
                                  "id (never a secret)."))
@click.argument("campaign_name", metavar="CAMPAIGN", type=CAMPAIGN)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def member_tokens(app: AppContext, campaign_name: str, as_json: bool) -> None:
    from journal.service.tokens import tokens

    found = tokens(app.journal(), campaign_name)
    if as_json:
        emit_json(found)
        return
    if not found:
        line(_("no tokens issued in '{campaign}'").format(campaign=campaign_name))
        return
    from journal.service.tokens import issued_on

    def status(token: dict[str, Any]) -> str:
        if token["revoked"]:
            return _("revoked")
        if "expires_at" in token:
            return _("one-time link until {time}").format(time=local_time(token["expires_at"], token["expires_at"],
                                                                          seconds=False))
        return _("live")

    table(None, [_("member"), _("issued"), _("status"), _("token")],
          [(t["member"], issued_on(t["issued_at"]), status(t), t["token_id"]) for t in found])


COMMANDS = [campaign, member]
