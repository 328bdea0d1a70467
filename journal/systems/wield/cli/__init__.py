"""``journal wield ...``: the table verbs of the wield rule system.

Events are named by version (``12`` or ``v12``, as every verb prints them).  Table dice go in ``--dice``
(comma-separated, in the order the verb says); without them the open session's journal dice are thrown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.language import ChoiceWords, HelpText
from cli.main import AppContext
from cli.old_forms import old_positional
from cli.output import emit_json, line
from cli.params import CAMPAIGN, CHARACTER, EVENT, NUMBER, TableCommand, TableGroup, event_id
from cli.sessions import parse_dice, parse_names
from cli.sheets import carry_over_verb
from cli.words import Names
from journal.i18n import CLI, N_

_ = CLI.gettext
ngettext = CLI.ngettext

if TYPE_CHECKING:
    from journal.events.envelope import Event
    from journal.systems.wield.rules import Action, Declaration

DICE = N_("Dice thrown on the table, comma-separated (default: the journal's dice).")
#: Russian names of the twelve Domains (the source's own tables) -> the names stored.
ACTIONS: dict[str, Action] = {"a": "attack", "а": "attack", "d": "defend", "з": "defend", "p": "power", "с": "power"}


@click.group("wield", cls=TableGroup, help=N_("Record what happens at a wield table (Fate is the Master)."))
def group() -> None:
    pass


def _done(event: Event, text: str, as_json: bool) -> None:
    if as_json:
        emit_json({"id": event.id, "version": event.version, "type": event.type, **event.data})
    else:
        line(_("{text} (#{version})").format(text=text, version=event.version))


def _shown(app: AppContext, campaign: str, event: Event) -> Event:
    """The event just recorded with the totals the fold gives after it (its payload records no running total)."""
    from journal.service.figures import shown

    return shown(app.journal(), campaign, event)


def _dice(roll: dict[str, Any] | None) -> str:
    return "[]" if roll is None else "[" + ", ".join(str(d) for d in roll["dice"]) + "]"


def _sum(roll: dict[str, Any], bonus: int, total: int) -> str:
    return f"{_dice(roll)}{f' {bonus:+d}' if bonus else ''} = {total}"


def _domain(name: str) -> str:
    return name.strip()  # the table's word: the service reads it (journal.systems.wield.words)


# --- characters -------------------------------------------------------------------------------------------


@group.command("vatcha", help=N_("Make vatcha NAME, an ITEM (its player or Fate)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.argument("item")
@click.option("--domains", required=True, help=N_("1-3 Domains, comma-separated (Air,Fire or Воздух,Огонь)."))
@click.option("--goal", required=True, help=N_("The vatcha's Goal."))
@click.option("--step", "steps", multiple=True, required=True, help=N_("A Step toward the Goal (give five)."))
@click.option("--destroyed", required=True, help=N_("How the vatcha can be destroyed."))
@click.option("--link", "links", multiple=True, metavar="VATCHA=TEXT", help=N_("A connection another vatcha wrote."))
@click.option("--player", help=N_("Whose vatcha (default: the one recording)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def vatcha(app: AppContext, campaign: str, name: str, item: str, domains: str, goal: str, steps: tuple[str, ...],
           destroyed: str, links: tuple[str, ...], player: str | None, as_json: bool) -> None:
    from journal.errors import ValidationFailed
    from journal.systems.wield.commands import record_vatcha

    connections: dict[str, str] = {}
    for link in links:
        other, sep, text = link.partition("=")
        if not sep or not other.strip():
            raise ValidationFailed(_("--link: '{link}' is not VATCHA=TEXT").format(link=link))
        connections[other.strip()] = text
    chosen = [_domain(d) for d in parse_names(domains)]
    event = record_vatcha(app.journal(), campaign, name, item, chosen, goal, list(steps), destroyed, connections,
                          player, app.actor)
    data = event.data
    _done(event, _("vatcha {name} ({player}): {item} of {domains}; goal: {goal}; Control 10").format(
        name=name, player=data["player"], item=item, domains=", ".join(Names("wield").word(d) for d in data["domains"]),
        goal=goal), as_json)


@group.command("hero", help=N_("Make hero NAME to wield another player's VATCHA (his player or Fate)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.argument("vatcha_name", metavar="VATCHA", type=CHARACTER)
@click.argument("background")
@click.argument("destiny")
@click.option("--player", help=N_("Whose hero (default: the one recording)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def hero(app: AppContext, campaign: str, name: str, vatcha_name: str, background: str, destiny: str,
         player: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import record_hero

    event = record_hero(app.journal(), campaign, name, vatcha_name, background, destiny, player, app.actor)
    _done(event, _("hero {name} ({player}) wields {vatcha}; {background}; destiny: {destiny}").format(
        name=name, player=event.data["player"], vatcha=vatcha_name, background=background, destiny=destiny),
          as_json)


@group.command("power", help=N_("VATCHA bestows POWER of --rank on its wielder (its player or Fate)."))
@old_positional("rank", metavars=("RANK",))  # 0.1: wield power CAMPAIGN VATCHA POWER RANK
@click.argument("campaign", type=CAMPAIGN)
@click.argument("vatcha_name", metavar="VATCHA", type=CHARACTER)
@click.argument("power")
@click.option("--rank", type=NUMBER, required=True, help=N_("The power's rank: boxes marked on the vatcha."))
@click.option("--domain", help=N_("The power's Domain."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def power(app: AppContext, campaign: str, vatcha_name: str, power: str, rank: int, domain: str | None,
          as_json: bool) -> None:
    from journal.systems.wield.commands import record_power

    event = _shown(app, campaign, record_power(app.journal(), campaign, vatcha_name, power, rank,
                                               domain and _domain(domain), app.actor))
    d = event.data
    _done(event, _("{vatcha} bestows {power} (rank {rank}) on {hero}: boxes marked {boxes}, Control lost {lost} -> "
                   "vatcha {vatcha_dice} dice, wielder {wielder_dice}").format(
        vatcha=vatcha_name, power=power, rank=rank, hero=d["hero"], boxes=d["boxes"], lost=d["control_lost"],
        vatcha_dice=d["vatcha_dice"], wielder_dice=d["wielder_dice"]),
          as_json)


@group.command("condition", help=N_("HERO gains CONDITION (his player or Fate)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("condition")
@click.option("--effect", default="", help=N_("What it does, in words."))
@click.option("--extra-dice", type=NUMBER, default=0, help=N_("d20s it adds to every roll."))
@click.option("--bonus", type=NUMBER, default=0, help=N_("Flat bonus it adds to every roll (negative: a penalty)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def condition(app: AppContext, campaign: str, hero_name: str, condition: str, effect: str, extra_dice: int,
              bonus: int, as_json: bool) -> None:
    from journal.systems.wield.commands import record_condition

    event = record_condition(app.journal(), campaign, hero_name, condition, effect, extra_dice, bonus, app.actor)
    adds = ", ".join([f"+{extra_dice} d20"] * bool(extra_dice) + [f"{bonus:+d}"] * bool(bonus))
    _done(event, _("{hero} gains '{condition}'").format(hero=hero_name, condition=condition)
          + (f" ({adds})" if adds else ""), as_json)


@group.command("lift", help=N_("HERO's CONDITION ends (his player or Fate)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("condition")
@click.option("--reason", default="")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def lift(app: AppContext, campaign: str, hero_name: str, condition: str, reason: str, as_json: bool) -> None:
    from journal.systems.wield.commands import remove_condition

    event = remove_condition(app.journal(), campaign, hero_name, condition, reason, app.actor)
    _done(event, _("{hero} is no longer '{condition}'").format(hero=hero_name, condition=condition), as_json)


@group.command("death", help=N_("HERO dies of CAUSE (Fate only); his debts to Fate vanish."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("cause")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def death(app: AppContext, campaign: str, hero_name: str, cause: str, as_json: bool) -> None:
    from journal.systems.wield.commands import record_death

    event = record_death(app.journal(), campaign, hero_name, cause, app.actor)
    _done(event, _("{hero} dies ({cause}); failures owed that vanish: {vanished}").format(
        hero=hero_name, cause=cause, vanished=event.data["debts_vanished"]), as_json)


@click.command("new", cls=TableCommand, help=N_("Create a vatcha (--item, --domains, --goal, five --step, "
                                                "--destroyed) or a hero (--wields, --background, --destiny)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.option("--item", help=N_("A vatcha (ватча): the ITEM it is (Ring, Sword ...)."))
@click.option("--domains", help=N_("The vatcha's 1-3 Domains, comma-separated (Air,Fire or Воздух,Огонь)."))
@click.option("--goal", help=N_("The vatcha's Goal."))
@click.option("--step", "steps", multiple=True, help=N_("A Step toward the vatcha's Goal (give five)."))
@click.option("--destroyed", help=N_("How the vatcha can be destroyed."))
@click.option("--link", "links", multiple=True, metavar="VATCHA=TEXT", help=N_("A connection another vatcha wrote."))
@click.option("--wields", "vatcha_name", type=CHARACTER, help=N_("A hero (герой): the other player's VATCHA he wields."))
@click.option("--background", help=N_("The hero's background."))
@click.option("--destiny", help=N_("The hero's Destiny."))
@click.option("--player", help=N_("Whose character (default: the one recording)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def character_new(ctx: click.Context, campaign: str, name: str, item: str | None, domains: str | None,
                  goal: str | None, steps: tuple[str, ...], destroyed: str | None, links: tuple[str, ...],
                  vatcha_name: str | None, background: str | None, destiny: str | None, player: str | None,
                  as_json: bool) -> None:
    from journal.errors import ValidationFailed

    if (item is None) == (vatcha_name is None):
        raise ValidationFailed(_("character new: give --item (a vatcha) or --wields VATCHA (a hero), one of them"))
    if item is not None:
        missing = [o for o, v in (("--domains", domains), ("--goal", goal), ("--step", steps), ("--destroyed", destroyed))
                   if not v]
        if missing:
            raise ValidationFailed(_("character new: a vatcha needs {options}").format(options=", ".join(missing)))
        ctx.invoke(vatcha, campaign=campaign, name=name, item=item, domains=domains, goal=goal, steps=steps,
                   destroyed=destroyed, links=links, player=player, as_json=as_json)
        return
    missing = [o for o, v in (("--background", background), ("--destiny", destiny)) if not v]
    if missing:
        raise ValidationFailed(_("character new: a hero needs {options}").format(options=", ".join(missing)))
    ctx.invoke(hero, campaign=campaign, name=name, vatcha_name=vatcha_name, background=background, destiny=destiny,
               player=player, as_json=as_json)


@group.group("character", help=N_("Characters of the campaign: 'new' creates a vatcha (ватча) or the hero (герой) who "
                                  "wields one."))
def characters() -> None:
    pass


characters.add_command(character_new)
vatcha.hidden = True
hero.hidden = True


# --- chances, combat, Control ------------------------------------------------------------------------------


@group.command("chance", help=HelpText(N_("HERO takes a chance at TASK: DIFFICULTY is {difficulties} or a target "
                                            "number."),
                                         difficulties=ChoiceWords("wield", "difficulty",
                                                                  "Easy/Hard/Heroic/Epic/Impossible")))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("difficulty")
@click.argument("task")
@click.option("--prof", is_flag=True, help=N_("The profession applies (+1 d20; Fate decides)."))
@click.option("--geis", "by_geis", is_flag=True, help=N_("Settled by the hero's newest sealed geis: no roll."))
@click.option("--dice", help=DICE)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def chance(app: AppContext, campaign: str, hero_name: str, difficulty: str, task: str, prof: bool, by_geis: bool,
           dice: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import record_chance

    event = record_chance(app.journal(), campaign, hero_name, task, difficulty, None, prof, True if by_geis else None,
                          parse_dice(dice), app.actor)
    d = event.data
    against = _(" vs {target}").format(target=d["target"]) if d["target"] is not None else ""
    if d["geis"] is not None:
        how = _("sealed geis -> success without a roll")
    elif d["roll"] is None:
        how = _("no roll -> success")
    else:
        how = f"{_sum(d['roll'], d['bonus'], d['total'])} -> " + (_("success") if d["success"] else _("failure"))
    _done(event, f"{hero_name}: {task}{against} ({d['difficulty']}): {how}", as_json)


def parse_declaration(token: str) -> Declaration:
    """``John:a3@Jill`` attack, ``John:d2`` defend self, ``John:d2@Ro`` defend Ro, ``Ro:p3=Gust[@Jill]`` power.

    ``>`` may stand for ``@`` (quote it in a shell).
    """
    from journal.errors import ValidationFailed
    from journal.systems.wield.rules import Declaration

    head, _at, target = token.replace(">", "@").partition("@")
    name, sep, spec = head.rpartition(":")
    action = ACTIONS.get(spec[:1].casefold())
    number, _eq, power_name = spec[1:].partition("=")
    if not sep or not name or action is None or not number.isdigit() or (action == "power") != bool(power_name):
        raise ValidationFailed(
            _("declaration: '{token}' is not NAME:aN@TARGET, NAME:dN[@WHOM] or NAME:pRANK=POWER[@TARGET]").format(
                token=token)
        )
    if action == "power":
        return Declaration(name, "power", None, target or None, power_name, int(number))
    return Declaration(name, action, int(number), target or None)


def _check_line(check: dict[str, Any]) -> str:
    if check["target"] is None:
        return _("{combatant} no roll ok").format(combatant=check["combatant"])
    verdict = _("ok") if check["success"] else _("failed")
    return _("{combatant} vs {target}: {roll} {verdict}").format(
        combatant=check["combatant"], target=check["target"], roll=_sum(check["roll"], check["bonus"], check["total"]),
        verdict=verdict)


@group.command("round", help=N_("A combat round (Fate): DECLARED actions like John:a3@Jill, Jill:d2, Ro:d2@John, "
                                "Ro:p3=Gust."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("declared", nargs=-1, required=True)
@click.option("--switch", "switches", multiple=True, metavar="NAME[@WHOM]",
              help=N_("NAME reconsiders: attack -> defend, one lower, himself or his attack's target (repeatable)."))
@click.option("--prof", help=N_("Combatants whose profession applies, comma-separated."))
@click.option("--dice", help=N_("Table dice, in declaration order, each roller's dice together."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def combat_round(app: AppContext, campaign: str, declared: tuple[str, ...], switches: tuple[str, ...],
                 prof: str | None, dice: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import record_combat_round

    split = (s.replace(">", "@").partition("@") for s in switches)
    switch_map = {name.strip(): (whom.strip() or None) for name, _at, whom in split}
    event = record_combat_round(app.journal(), campaign, [parse_declaration(t) for t in declared], switch_map,
                                parse_names(prof or ""), parse_dice(dice), app.actor)
    d = event.data
    if as_json:
        _done(event, "", True)
        return
    parts = [(_("{combatant} reconsiders: defends himself") if s["defends"] is None
              else _("{combatant} reconsiders: defends {whom}")).format(combatant=s["combatant"], whom=s["defends"])
             for s in d["reconsidered"]]
    parts += [_("powers first: {powers}").format(powers=_("; then ").join(", ".join(group) for group in d["powers"]))
              ] * bool(d["powers"])
    if not d["hits"]:
        line(_("round (#{version}): {parts}").format(
            version=event.version, parts="; ".join(parts + [_("no one attacks, the round is over")])))
        return
    parts += [_check_line(check) for check in d["checks"]]
    line(_("round (#{version}): {parts}").format(version=event.version, parts="; ".join(parts)))
    hits = "; ".join(f"{h['attacker']}->{h['defender']} {h['inflicted']}-{h['protected']} = {h['wounds']}"
                     for h in d["hits"])
    line(_("hits: {hits}; wounds: {wounds}").format(hits=hits, wounds=", ".join(f"{k} {v}" for k, v in d["wounds"].items())))


def _risk_line(event: Event, as_json: bool) -> None:
    d = event.data
    verdict = {"vatcha": _("the vatcha wins"), "wielder": _("the wielder wins"),
               "reroll": _("complete tie: roll again with 'journal wield reroll'")}[d["outcome"]]
    again = _(" (re-roll)") if d["reroll_of"] else ""
    _done(event, _("{hero} vs {vatcha}{again}, '{demand}': vatcha {vatcha_dice} vs wielder {wielder_dice} -> "
                   "{verdict}").format(hero=d["hero"], vatcha=d["vatcha"], again=again, demand=d["demand"],
                                       vatcha_dice=_dice(d["vatcha_roll"]), wielder_dice=_dice(d["wielder_roll"]),
                                       verdict=verdict), as_json)


@group.command("risk", help=N_("A Control Risk: HERO's vatcha forces DEMAND on him and he fights it."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("demand")
@click.option("--destiny", is_flag=True, help=N_("The conflict touches the hero's Destiny (+1 d20 for him)."))
@click.option("--dice", help=N_("Table dice: the vatcha's first, then the wielder's."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def risk(app: AppContext, campaign: str, hero_name: str, demand: str, destiny: bool, dice: str | None,
         as_json: bool) -> None:
    from journal.systems.wield.commands import record_control_risk

    _risk_line(record_control_risk(app.journal(), campaign, hero_name, demand, destiny, parse_dice(dice), app.actor),
               as_json)


@group.command("reroll", help=N_("Roll a completely tied Control Risk again (default: the newest tie)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("tied", type=EVENT, required=False)
@click.option("--dice", help=N_("Table dice: the vatcha's first, then the wielder's."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def reroll(app: AppContext, campaign: str, tied: str | None, dice: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import reroll_control_risk

    journal = app.journal()
    tied = None if tied is None else event_id(journal, campaign, tied)
    _risk_line(reroll_control_risk(journal, campaign, tied, parse_dice(dice), app.actor), as_json)


# --- geasa ------------------------------------------------------------------------------------------------


@group.command("offer", help=N_("HERO offers Fate a geis, PROMISE, before a chance (his player or Fate)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("promise")
@click.option("--chance", "for_chance", help=N_("The chance it is offered for (default: the open bargain's)."))
@click.option("--against", help=N_("Whom the chance opposes (another player's hero: no geis)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def offer(app: AppContext, campaign: str, hero_name: str, promise: str, for_chance: str | None,
          against: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import offer_geis

    event = offer_geis(app.journal(), campaign, hero_name, promise, for_chance, against, app.actor)
    text = (_("{hero} makes Fate a second offer for '{chance}': {promise}") if event.data["negotiation"]
            else _("{hero} makes Fate an offer for '{chance}': {promise}"))
    _done(event, text.format(hero=hero_name, chance=event.data["chance"], promise=promise), as_json)


@group.command("refuse", help=N_("Refuse the terms on the table: Fate an offer, the player Fate's counter-offer."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def refuse(app: AppContext, campaign: str, hero_name: str, as_json: bool) -> None:
    from journal.systems.wield.commands import refuse_geis

    event = refuse_geis(app.journal(), campaign, hero_name, None, app.actor)
    who = _("Fate refuses the offer") if event.data["by"] == "fate" else _("the player refuses Fate's terms")
    _done(event, _("{hero}'s geis: {who}").format(hero=hero_name, who=who), as_json)


@group.command("counter", help=N_("Fate offers HERO modified terms, PROMISE."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("promise")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def counter(app: AppContext, campaign: str, hero_name: str, promise: str, as_json: bool) -> None:
    from journal.systems.wield.commands import counter_geis

    event = counter_geis(app.journal(), campaign, hero_name, promise, None, app.actor)
    _done(event, _("Fate's terms for {hero}: {promise}").format(hero=hero_name, promise=promise), as_json)


@group.command("seal", help=N_("Fate seals HERO's geis (гейс) at --rank 1 (small), 2 (large) or 3 (major)."))
@old_positional("rank", metavars=("RANK",))  # 0.1: wield seal CAMPAIGN HERO RANK
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.option("--rank", type=NUMBER, required=True, help=N_("The geis's rank: 1 small, 2 large, 3 major."))
@click.option("--degree", help=N_("The degree of success agreed."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def seal(app: AppContext, campaign: str, hero_name: str, rank: int, degree: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import seal_geis
    from journal.systems.wield.words import geis_size

    event = seal_geis(app.journal(), campaign, hero_name, rank, None, degree, None, app.actor)
    _done(event, _("geis sealed: {hero} promises '{promise}', rank {rank} ({size}); the chance succeeds without a "
                   "roll").format(hero=hero_name, promise=event.data["promise"], rank=rank, size=geis_size(rank)),
          as_json)


@group.command("breach", help=N_("Fate declares HERO's geis broken (HOW): he owes failures equal to its rank."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("hero_name", metavar="HERO", type=CHARACTER)
@click.argument("how")
@click.option("--geis", "which", type=EVENT, help=N_("The sealed geis (a version, id or id prefix) when the hero holds several."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def breach(app: AppContext, campaign: str, hero_name: str, how: str, which: str | None, as_json: bool) -> None:
    from journal.systems.wield.commands import breach_geis

    journal = app.journal()
    which = None if which is None else event_id(journal, campaign, which)
    event = breach_geis(journal, campaign, hero_name, how, which, app.actor)
    _done(event, ngettext("{hero} broke his geis ({how}): he owes Fate {count} failure(s)",
                          "{hero} broke his geis ({how}): he owes Fate {count} failure(s)", event.data["rank"]).format(
        hero=hero_name, how=how, count=event.data["rank"]), as_json)


@group.command("collect", help=N_("Fate turns the rolled SUCCESS into a failure the hero owes her: SUCCESS as the "
                                  "page offers it ('Ёжик: Перепрыгнуть пропасть'), what was rolled, 'last' for the "
                                  "newest one whose hero owes her a failure, or its event's version."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("success", type=EVENT)
@click.option("--hero", "hero_name", help=N_("Whose success (needed in a round with several heroes)."))
@click.option("--geis", "which", help=N_("The broken geis paying for it, by its promise (or a version, id or id prefix; "
                                         "default: the oldest owed)."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def collect(app: AppContext, campaign: str, success: str, hero_name: str | None, which: str | None,
            as_json: bool) -> None:
    from journal.systems.wield.commands import collect_failure

    journal = app.journal()
    found = _success(journal, campaign, success, hero_name)
    if which is not None:
        from journal.systems.wield.choices import geis_said

        which = geis_said(journal.at(campaign), which, hero_name or found.hero) or event_id(journal, campaign, which)
    event = _shown(app, campaign, collect_failure(journal, campaign, found.event_id, hero_name or found.hero or None,
                                                  which, app.actor))
    d = event.data
    change = [_("wounds {wounds}").format(wounds=", ".join(f"{k} {v:+d}" for k, v in d["wounds"].items()))
              ] * bool(d["wounds"])
    winners = {"vatcha": _("the vatcha wins"), "wielder": _("the wielder wins")}
    change += [winners.get(d["winner"], f"the {d['winner']} wins")] * bool(d["winner"])
    from journal.service.naming import quoted

    text = _("Fate collects: {hero}'s success in {event} is a failure").format(hero=d["hero"], event=quoted(found.what))
    _done(event, text + "".join(f"; {c}" for c in change)
          + _("; still owed on that geis: {remaining}").format(remaining=d["remaining"]), as_json)


def _success(journal: Any, campaign: str, said: str, hero_name: str | None) -> Any:
    """The rolled success ``said`` names (journal.systems.wield.choices: as the page's picker names it, what was
    rolled, «последний»), or the event a version, id or id prefix names (the old form): a ``Success`` (its hero
    empty when the event is no success to collect; the command refuses it by its rule)."""
    from journal.errors import NotFound, ValidationFailed
    from journal.systems.wield.choices import Success, collectible, success_said

    folded = journal.at(campaign)
    text = str(said).strip()
    if not text.isdigit():
        spoken = success_said(folded, text, hero_name)
        if spoken is not None:
            return spoken
    try:
        event = event_id(journal, campaign, text)
    except (NotFound, ValidationFailed):
        offered = [success.text for success in collectible(folded)[:3]]
        raise NotFound(_("no success '{said}' to collect in '{campaign}'; say 'last', what was rolled or as the page "
                         "offers it: {offered}").format(said=text, campaign=campaign,
                                                        offered=", ".join(offered) or _("(none yet)"))) from None
    mine = [s for s in collectible(folded) if s.event_id == event and hero_name in (None, s.hero)]
    if len(mine) == 1:
        return mine[0]
    return Success(0, event, "", f"#{text}" if text.isdigit() else text)


COMMANDS = [group]


def _carried(data: dict[str, Any]) -> str:
    owed = sum(geis["owed"] for geis in data["geasa"])
    return _("{name} carried over ({source}): {powers} powers, {wounds} wounds, {owed} failures owed").format(
        name=data["hero"], source=data["source"], powers=len(data["powers"]), wounds=data["wounds"], owed=owed)


carry_over_verb(group, N_("Bring a hero of a running campaign in as he stands today, from the JSON sheet FILE "
                          "(Fate; once per hero, before any event of his own).\n\n"
                          "FILE holds hero, source, powers (power, rank, domain), wounds, conditions (condition, "
                          "effect, extra_dice, bonus) and geasa (promise, rank, degree, broken, owed); see "
                          "docs/table/wield.md."),
                "journal.systems.wield.commands:carry_over", _carried)
