"""``journal wield ...``: the table verbs of the wield rule system.

Events are named by version (``12`` or ``v12``, as every verb prints them).  Table dice go in ``--dice``
(comma-separated, in the order the verb says); without them the open session's journal dice are thrown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.main import AppContext
from cli.output import emit_json, line
from cli.sessions import parse_dice, parse_names

if TYPE_CHECKING:
    from journal.events.envelope import Event
    from journal.systems.wield.rules import Action, Declaration

DICE = "Dice thrown on the table, comma-separated (default: the journal's dice)."
GEIS_SIZES = {1: "small", 2: "large", 3: "major"}
#: Russian names of the twelve Domains (the source's own tables) -> the names stored.
DOMAINS_RU = {
    "воздух": "Air", "разрушение": "Destruction", "земля": "Earth", "свет": "Light",
    "животное": "Animal", "тьма": "Darkness", "огонь": "Fire", "растение": "Plant",
    "создание": "Creation", "смерть": "Death", "жизнь": "Life", "вода": "Water",
}  # fmt: skip
ACTIONS: dict[str, Action] = {"a": "attack", "а": "attack", "d": "defend", "з": "defend", "p": "power", "с": "power"}


@click.group("wield")
def group() -> None:
    """Record what happens at a wield table (Fate is the Master)."""


def _done(event: Event, text: str, as_json: bool) -> None:
    if as_json:
        emit_json({"id": event.id, "version": event.version, "type": event.type, **event.data})
    else:
        line(f"{text} (v{event.version})")


def _dice(roll: dict[str, Any] | None) -> str:
    return "[]" if roll is None else "[" + ", ".join(str(d) for d in roll["dice"]) + "]"


def _sum(roll: dict[str, Any], bonus: int, total: int) -> str:
    return f"{_dice(roll)}{f' {bonus:+d}' if bonus else ''} = {total}"


def _domain(name: str) -> str:
    return DOMAINS_RU.get(name.strip().casefold(), name.strip().capitalize())


# --- characters -------------------------------------------------------------------------------------------


@group.command("vatcha")
@click.argument("campaign")
@click.argument("name")
@click.argument("item")
@click.option("--domains", required=True, help="1-3 Domains, comma-separated (Air,Fire or Воздух,Огонь).")
@click.option("--goal", required=True, help="The vatcha's Goal.")
@click.option("--step", "steps", multiple=True, required=True, help="A Step toward the Goal (give five).")
@click.option("--destroyed", required=True, help="How the vatcha can be destroyed.")
@click.option("--link", "links", multiple=True, metavar="VATCHA=TEXT", help="A connection another vatcha wrote.")
@click.option("--player", help="Whose vatcha (default: the one recording).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def vatcha(app: AppContext, campaign: str, name: str, item: str, domains: str, goal: str, steps: tuple[str, ...],
           destroyed: str, links: tuple[str, ...], player: str | None, as_json: bool) -> None:
    """Make vatcha NAME, an ITEM (its player or Fate)."""
    from journal.errors import ValidationFailed
    from journal.systems.wield.commands import record_vatcha

    connections: dict[str, str] = {}
    for link in links:
        other, sep, text = link.partition("=")
        if not sep or not other.strip():
            raise ValidationFailed(f"--link: '{link}' is not VATCHA=TEXT")
        connections[other.strip()] = text
    chosen = [_domain(d) for d in parse_names(domains)]
    event = record_vatcha(app.journal(), campaign, name, item, chosen, goal, list(steps), destroyed, connections,
                          player, app.actor)
    data = event.data
    _done(event, f"vatcha {name} ({data['player']}): {item} of {', '.join(data['domains'])}; "
                 f"goal: {goal}; Control 10", as_json)


@group.command("hero")
@click.argument("campaign")
@click.argument("name")
@click.argument("vatcha_name", metavar="VATCHA")
@click.argument("background")
@click.argument("destiny")
@click.option("--player", help="Whose hero (default: the one recording).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def hero(app: AppContext, campaign: str, name: str, vatcha_name: str, background: str, destiny: str,
         player: str | None, as_json: bool) -> None:
    """Make hero NAME to wield another player's VATCHA (his player or Fate)."""
    from journal.systems.wield.commands import record_hero

    event = record_hero(app.journal(), campaign, name, vatcha_name, background, destiny, player, app.actor)
    _done(event, f"hero {name} ({event.data['player']}) wields {vatcha_name}; {background}; destiny: {destiny}",
          as_json)


@group.command("power")
@click.argument("campaign")
@click.argument("vatcha_name", metavar="VATCHA")
@click.argument("power")
@click.argument("rank", type=int)
@click.option("--domain", help="The power's Domain.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def power(app: AppContext, campaign: str, vatcha_name: str, power: str, rank: int, domain: str | None,
          as_json: bool) -> None:
    """VATCHA bestows POWER of RANK on its wielder (its player or Fate)."""
    from journal.systems.wield.commands import record_power

    event = record_power(app.journal(), campaign, vatcha_name, power, rank, domain and _domain(domain), app.actor)
    d = event.data
    _done(event, f"{vatcha_name} bestows {power} (rank {rank}) on {d['hero']}: boxes marked {d['boxes']}, "
                 f"Control lost {d['control_lost']} -> vatcha {d['vatcha_dice']} dice, wielder {d['wielder_dice']}",
          as_json)


@group.command("condition")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("condition")
@click.option("--effect", default="", help="What it does, in words.")
@click.option("--extra-dice", type=int, default=0, help="d20s it adds to every roll.")
@click.option("--bonus", type=int, default=0, help="Flat bonus it adds to every roll (negative: a penalty).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def condition(app: AppContext, campaign: str, hero_name: str, condition: str, effect: str, extra_dice: int,
              bonus: int, as_json: bool) -> None:
    """HERO gains CONDITION (his player or Fate)."""
    from journal.systems.wield.commands import record_condition

    event = record_condition(app.journal(), campaign, hero_name, condition, effect, extra_dice, bonus, app.actor)
    adds = ", ".join([f"+{extra_dice} d20"] * bool(extra_dice) + [f"{bonus:+d}"] * bool(bonus))
    _done(event, f"{hero_name} gains '{condition}'" + (f" ({adds})" if adds else ""), as_json)


@group.command("lift")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("condition")
@click.option("--reason", default="")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def lift(app: AppContext, campaign: str, hero_name: str, condition: str, reason: str, as_json: bool) -> None:
    """HERO's CONDITION ends (his player or Fate)."""
    from journal.systems.wield.commands import remove_condition

    event = remove_condition(app.journal(), campaign, hero_name, condition, reason, app.actor)
    _done(event, f"{hero_name} is no longer '{condition}'", as_json)


@group.command("death")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("cause")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def death(app: AppContext, campaign: str, hero_name: str, cause: str, as_json: bool) -> None:
    """HERO dies of CAUSE (Fate only); his debts to Fate vanish."""
    from journal.systems.wield.commands import record_death

    event = record_death(app.journal(), campaign, hero_name, cause, app.actor)
    _done(event, f"{hero_name} dies ({cause}); failures owed that vanish: {event.data['debts_vanished']}", as_json)


# --- chances, combat, Control ------------------------------------------------------------------------------


@group.command("chance")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("difficulty")
@click.argument("task")
@click.option("--prof", is_flag=True, help="The profession applies (+1 d20; Fate decides).")
@click.option("--geis", "by_geis", is_flag=True, help="Settled by the hero's newest sealed geis: no roll.")
@click.option("--dice", help=DICE)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def chance(app: AppContext, campaign: str, hero_name: str, difficulty: str, task: str, prof: bool, by_geis: bool,
           dice: str | None, as_json: bool) -> None:
    """HERO takes a chance at TASK: DIFFICULTY is Easy/Hard/Heroic/Epic/Impossible or a target number."""
    from journal.systems.wield.commands import record_chance

    event = record_chance(app.journal(), campaign, hero_name, task, difficulty, None, prof, True if by_geis else None,
                          parse_dice(dice), app.actor)
    d = event.data
    against = f" vs {d['target']}" if d["target"] is not None else ""
    if d["geis"] is not None:
        how = "sealed geis -> success without a roll"
    elif d["roll"] is None:
        how = "no roll -> success"
    else:
        how = f"{_sum(d['roll'], d['bonus'], d['total'])} -> {'success' if d['success'] else 'failure'}"
    _done(event, f"{hero_name}: {task}{against} ({d['difficulty']}): {how}", as_json)


def parse_declaration(token: str) -> Declaration:
    """``John:a3@Jill`` attack, ``John:d2`` defend self, ``John:d2@Ro`` defend Ro, ``Ro:p3=Gust[@Jill]`` power.

    ``>`` may stand for ``@`` (quote it in a shell).
    """
    from journal.errors import ValidationFailed
    from journal.systems.wield.rules import Declaration

    head, _, target = token.replace(">", "@").partition("@")
    name, sep, spec = head.rpartition(":")
    action = ACTIONS.get(spec[:1].casefold())
    number, _, power_name = spec[1:].partition("=")
    if not sep or not name or action is None or not number.isdigit() or (action == "power") != bool(power_name):
        raise ValidationFailed(
            f"declaration: '{token}' is not NAME:aN@TARGET, NAME:dN[@WHOM] or NAME:pRANK=POWER[@TARGET]"
        )
    if action == "power":
        return Declaration(name, "power", None, target or None, power_name, int(number))
    return Declaration(name, action, int(number), target or None)


def _check_line(check: dict[str, Any]) -> str:
    if check["target"] is None:
        return f"{check['combatant']} no roll ok"
    verdict = "ok" if check["success"] else "failed"
    return f"{check['combatant']} vs {check['target']}: {_sum(check['roll'], check['bonus'], check['total'])} {verdict}"


@group.command("round")
@click.argument("campaign")
@click.argument("declared", nargs=-1, required=True)
@click.option("--switch", "switches", multiple=True, metavar="NAME[@WHOM]",
              help="NAME reconsiders: attack -> defend, one lower, himself or his attack's target (repeatable).")
@click.option("--prof", help="Combatants whose profession applies, comma-separated.")
@click.option("--dice", help="Table dice, in declaration order, each roller's dice together.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def combat_round(app: AppContext, campaign: str, declared: tuple[str, ...], switches: tuple[str, ...],
                 prof: str | None, dice: str | None, as_json: bool) -> None:
    """A combat round (Fate): DECLARED actions like John:a3@Jill, Jill:d2, Ro:d2@John, Ro:p3=Gust."""
    from journal.systems.wield.commands import record_combat_round

    split = (s.replace(">", "@").partition("@") for s in switches)
    switch_map = {name.strip(): (whom.strip() or None) for name, _, whom in split}
    event = record_combat_round(app.journal(), campaign, [parse_declaration(t) for t in declared], switch_map,
                                parse_names(prof or ""), parse_dice(dice), app.actor)
    d = event.data
    if as_json:
        _done(event, "", True)
        return
    parts = [f"{s['combatant']} reconsiders: defends {'himself' if s['defends'] is None else s['defends']}"
             for s in d["reconsidered"]]
    parts += ["powers first: " + "; then ".join(", ".join(group) for group in d["powers"])] * bool(d["powers"])
    if not d["hits"]:
        line(f"round (v{event.version}): {'; '.join(parts + ['no one attacks, the round is over'])}")
        return
    parts += [_check_line(check) for check in d["checks"]]
    line(f"round (v{event.version}): {'; '.join(parts)}")
    hits = "; ".join(f"{h['attacker']}->{h['defender']} {h['inflicted']}-{h['protected']} = {h['wounds']}"
                     for h in d["hits"])
    line(f"hits: {hits}; wounds: {', '.join(f'{k} {v}' for k, v in d['wounds'].items())}")


def _risk_line(event: Event, as_json: bool) -> None:
    d = event.data
    verdict = {"vatcha": "the vatcha wins", "wielder": "the wielder wins",
               "reroll": "complete tie: roll again with 'journal wield reroll'"}[d["outcome"]]
    again = " (re-roll)" if d["reroll_of"] else ""
    _done(event, f"{d['hero']} vs {d['vatcha']}{again}, '{d['demand']}': vatcha {_dice(d['vatcha_roll'])} vs "
                 f"wielder {_dice(d['wielder_roll'])} -> {verdict}", as_json)


@group.command("risk")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("demand")
@click.option("--destiny", is_flag=True, help="The conflict touches the hero's Destiny (+1 d20 for him).")
@click.option("--dice", help="Table dice: the vatcha's first, then the wielder's.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def risk(app: AppContext, campaign: str, hero_name: str, demand: str, destiny: bool, dice: str | None,
         as_json: bool) -> None:
    """A Control Risk: HERO's vatcha forces DEMAND on him and he fights it."""
    from journal.systems.wield.commands import record_control_risk

    _risk_line(record_control_risk(app.journal(), campaign, hero_name, demand, destiny, parse_dice(dice), app.actor),
               as_json)


@group.command("reroll")
@click.argument("campaign")
@click.argument("tied", required=False)
@click.option("--dice", help="Table dice: the vatcha's first, then the wielder's.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def reroll(app: AppContext, campaign: str, tied: str | None, dice: str | None, as_json: bool) -> None:
    """Roll a completely tied Control Risk again (default: the newest tie)."""
    from journal.systems.wield.commands import reroll_control_risk

    _risk_line(reroll_control_risk(app.journal(), campaign, tied, parse_dice(dice), app.actor), as_json)


# --- geasa ------------------------------------------------------------------------------------------------


@group.command("offer")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("promise")
@click.option("--chance", "for_chance", help="The chance it is offered for (default: the open bargain's).")
@click.option("--against", help="Whom the chance opposes (another player's hero: no geis).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def offer(app: AppContext, campaign: str, hero_name: str, promise: str, for_chance: str | None,
          against: str | None, as_json: bool) -> None:
    """HERO offers Fate a geis, PROMISE, before a chance (his player or Fate)."""
    from journal.systems.wield.commands import offer_geis

    event = offer_geis(app.journal(), campaign, hero_name, promise, for_chance, against, app.actor)
    which = "a second offer" if event.data["negotiation"] else "an offer"
    _done(event, f"{hero_name} makes Fate {which} for '{event.data['chance']}': {promise}", as_json)


@group.command("refuse")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def refuse(app: AppContext, campaign: str, hero_name: str, as_json: bool) -> None:
    """Refuse the terms on the table: Fate an offer, the player Fate's counter-offer."""
    from journal.systems.wield.commands import refuse_geis

    event = refuse_geis(app.journal(), campaign, hero_name, None, app.actor)
    who = "Fate refuses the offer" if event.data["by"] == "fate" else "the player refuses Fate's terms"
    _done(event, f"{hero_name}'s geis: {who}", as_json)


@group.command("counter")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("promise")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def counter(app: AppContext, campaign: str, hero_name: str, promise: str, as_json: bool) -> None:
    """Fate offers HERO modified terms, PROMISE."""
    from journal.systems.wield.commands import counter_geis

    event = counter_geis(app.journal(), campaign, hero_name, promise, None, app.actor)
    _done(event, f"Fate's terms for {hero_name}: {promise}", as_json)


@group.command("seal")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("rank", type=int)
@click.option("--degree", help="The degree of success agreed.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def seal(app: AppContext, campaign: str, hero_name: str, rank: int, degree: str | None, as_json: bool) -> None:
    """Fate seals HERO's geis at RANK 1 (small), 2 (large) or 3 (major)."""
    from journal.systems.wield.commands import seal_geis

    event = seal_geis(app.journal(), campaign, hero_name, rank, None, degree, None, app.actor)
    _done(event, f"geis sealed: {hero_name} promises '{event.data['promise']}', rank {rank} "
                 f"({GEIS_SIZES.get(rank, '?')}); the chance succeeds without a roll", as_json)


@group.command("breach")
@click.argument("campaign")
@click.argument("hero_name", metavar="HERO")
@click.argument("how")
@click.option("--geis", "which", help="The sealed geis (its version) when the hero holds several.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def breach(app: AppContext, campaign: str, hero_name: str, how: str, which: str | None, as_json: bool) -> None:
    """Fate declares HERO's geis broken (HOW): he owes failures equal to its rank."""
    from journal.systems.wield.commands import breach_geis

    event = breach_geis(app.journal(), campaign, hero_name, how, which, app.actor)
    _done(event, f"{hero_name} broke his geis ({how}): he owes Fate {event.data['rank']} failure(s)", as_json)


@group.command("collect")
@click.argument("campaign")
@click.argument("success")
@click.option("--hero", "hero_name", help="Whose success (needed in a round with several heroes).")
@click.option("--geis", "which", help="The broken geis (its version) paying for it (default: the oldest owed).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def collect(app: AppContext, campaign: str, success: str, hero_name: str | None, which: str | None,
            as_json: bool) -> None:
    """Fate turns the rolled SUCCESS (an event's version) into a failure the hero owes her."""
    from journal.systems.wield.commands import collect_failure

    event = collect_failure(app.journal(), campaign, success, hero_name, which, app.actor)
    d = event.data
    change = [f"wounds {', '.join(f'{k} {v:+d}' for k, v in d['wounds'].items())}"] * bool(d["wounds"])
    change += [f"the {d['winner']} wins"] * bool(d["winner"])
    named = f"v{success.lstrip('vV')}" if success.lstrip("vV").isdigit() else success
    text = f"Fate collects: {d['hero']}'s success in {named} is a failure"
    _done(event, f"{text}{''.join(f'; {c}' for c in change)}; still owed on that geis: {d['remaining']}", as_json)


COMMANDS = [group]
