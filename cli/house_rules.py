"""``journal rules propose|vote|adopt|show``: house rules backed by a first-degree quorum, adopted by the Master.

A proposal is named by its id (the ``rules.proposed`` event's id, as ``propose`` and ``show`` print it)
or by a unique prefix of it; ``--campaign`` narrows the search when a prefix is shared across campaigns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.language import HelpText, RuleWords, WordsOption
from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, POINT, TableGroup
from journal.i18n import CLI, N_

if TYPE_CHECKING:
    from journal.events.envelope import Event

_ = CLI.gettext
ngettext = CLI.ngettext
json_option = click.option("--json", "as_json", is_flag=True, help=N_("Print JSON for machines."))
campaign_option = click.option("--campaign", default=None, help=N_("The proposal's campaign (to tell shared prefixes apart)."))


@click.group("rules", cls=TableGroup, help=N_("House rules: propose a switch of a ruling, vote on it (players), adopt "
                                              "it (the Master)."))
def group() -> None:
    pass


def _recorded(event: Event) -> dict[str, Any]:
    return {"id": event.id, "campaign": event.campaign, "version": event.version, "type": event.type, **event.data}


def _proposal(app: AppContext, campaign: str, proposal_id: str) -> dict[str, Any]:
    from journal.service.house_rules import show_rules

    shown = show_rules(app.journal(), campaign)
    return next(p for p in shown["proposals"] if p["id"] == proposal_id)


def _of_players(players: int) -> str:
    """«of 3 players», «из 3 игроков»: the count with its noun in the count's plural form."""
    return ngettext("of {players} player", "of {players} players", players).format(players=players)


def _need(proposal: dict[str, Any]) -> str:
    if proposal["required"] is None:
        return _("the campaign has no players yet")
    required = proposal["required"]
    return ngettext("{required} {of_players} in favour needed", "{required} {of_players} in favour needed",
                    required).format(required=required, of_players=_of_players(proposal["players"]))


@group.command("propose", help=N_("Propose a house rule for CAMPAIGN (any member); the players then vote on it."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--set", "setting", required=True, metavar="KEY=VALUE", cls=WordsOption,
              help=HelpText(N_("The rule and its value: {rules}."),
                            rules=RuleWords("control_mapping=linear, xp_per_hour_player=60, xp_per_hour_master=90")))
@json_option
@click.pass_obj
def propose(app: AppContext, campaign: str, setting: str, as_json: bool) -> None:
    from journal.service.house_rules import propose_rule, spec

    key, sep, value = setting.partition("=")
    if not sep or not key.strip():
        raise click.BadParameter(_("'{setting}' is not KEY=VALUE").format(setting=setting), param_hint="--set")
    event = propose_rule(app.journal(), campaign, key.strip(), value.strip(), app.actor)
    if as_json:
        emit_json(_recorded(event))
        return
    shown = _proposal(app, campaign, event.id)
    d, known = event.data, spec(event.data["key"])
    line(_("proposal {proposal}: {key} = {value} (in force: {previous}); {need} (#{version})").format(
        proposal=event.id, key=known.name(), value=known.word(d["value"]), previous=known.word(d["previous"]),
        need=_need(shown), version=event.version))


@group.command("vote", help=N_("Vote on PROPOSAL (each player of its campaign, once)."))
@click.argument("proposal")
@click.option("--in-favour/--against", "in_favour", default=None, help=N_("Vote in favour of the proposal, or against it."))
@campaign_option
@json_option
@click.pass_obj
def vote(app: AppContext, proposal: str, in_favour: bool | None, campaign: str | None, as_json: bool) -> None:
    from journal.service.house_rules import spec, vote_rule

    if in_favour is None:
        raise click.UsageError(_("give --in-favour or --against"))
    event = vote_rule(app.journal(), proposal, in_favour, app.actor, campaign)
    if as_json:
        emit_json(_recorded(event))
        return
    shown = _proposal(app, event.campaign, event.data["proposal"])
    side = _("in favour of") if in_favour else _("against")
    line(_("{actor} votes {side} {key} = {value}: {in_favour} in favour, {against} against; {need} (#{version})").format(
        actor=event.actor, side=side, key=spec(shown["key"]).name(), value=spec(shown["key"]).word(shown["value"]),
        in_favour=shown["in_favour"],
        against=shown["against"], need=_need(shown), version=event.version))


@group.command("adopt", help=N_("Adopt PROPOSAL (the Master, once a first-degree quorum of all players is in favour)."))
@click.argument("proposal")
@campaign_option
@json_option
@click.pass_obj
def adopt(app: AppContext, proposal: str, campaign: str | None, as_json: bool) -> None:
    from journal.service.house_rules import adopt_rule, spec

    event = adopt_rule(app.journal(), proposal, app.actor, campaign)
    if as_json:
        emit_json(_recorded(event))
        return
    d, known = event.data, spec(event.data["key"])
    line(_("{key} = {value} in force from version {version} (was {previous}; {in_favour} {of_players} in "
           "favour, {required} needed)").format(key=known.name(), value=known.word(d["value"]), version=event.version,
                                                previous=known.word(d["previous"]), in_favour=d["in_favour"],
                                                of_players=_of_players(d["players"]), required=d["required"]))


@group.command("show", help=N_("The rules in force in CAMPAIGN at a point, and the proposals with their votes."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--as-of", "as_of", default=None, metavar="POINT", type=POINT,
              help=N_("N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start (default: now)."))
@json_option
@click.pass_obj
def show(app: AppContext, campaign: str, as_of: str | None, as_json: bool) -> None:
    from journal.service.house_rules import show_rules, spec
    from journal.service.labels import title

    result = show_rules(app.journal(), campaign, as_of)
    if as_json:
        emit_json(result)
        return
    # each rule by its meaning and each value in the table's words, as the page shows them (the service's specs)
    if not result["rules"]:
        line(_("{system} has no rulings a campaign may switch (version {version})").format(system=title(result["system"]),
                                                                                         version=result["version"]))
    else:
        table(_("rules in force at version {version}").format(version=result["version"]),
              [_("rule"), _("value"), _("since"), _("allowed")],
              [(spec(r["key"]).label(), spec(r["key"]).word(r["value"]),
                _("house rule, adopted at version {version}").format(version=r["adopted_version"]) if r["house_rule"]
                else _("default"), r["allowed"]) for r in result["rules"]])
    if result["proposals"]:
        table(_("proposals"), [_("id"), _("rule"), _("value"), _("proposed by"), _("in favour"), _("against"),
                               _("needed"), _("status")],
              [(p["id"], spec(p["key"]).label(), spec(p["key"]).word(p["value"]), p["proposed_by"], p["in_favour"],
                p["against"],
                "" if p["required"] is None else _("{required} of {players}").format(required=p["required"],
                                                                                     players=p["players"]),
                _("adopted at version {version}").format(version=p["adopted_version"])
                if p["adopted_version"] is not None
                else _("quorum reached") if p["quorum_reached"] else _("open"))
               for p in result["proposals"]])


COMMANDS = [group]
