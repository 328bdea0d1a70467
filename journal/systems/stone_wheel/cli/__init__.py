"""``journal stone-wheel ...``: the table verbs of the stone-wheel rule system (Каменное колесо).

Thin: parse, call ``journal.systems.stone_wheel.commands``, print one or two lines (or ``--json``).
Table dice go with ``--dice 7,3,9``; without them the journal's dice of the open session are thrown.
"""

from __future__ import annotations

from typing import Any

import click

from cli.language import ChoiceWords, HelpText, SpokenChoice, WordsOption
from cli.main import AppContext
from cli.old_forms import old_positional, say_old_form
from cli.output import emit_json, line
from cli.params import CAMPAIGN, CHARACTER, NUMBER, POSITIVE, TableGroup, character_group
from cli.sessions import parse_dice
from cli.sheets import carry_over_verb, xp_said
from cli.words import Names
from journal.i18n import CLI, N_
from journal.systems.stone_wheel.words import DAMAGE

_ = CLI.gettext
ngettext = CLI.ngettext

CHARACTERISTICS = ("constitution", "strength", "dexterity", "perception", "intelligence", "wisdom", "charisma",
                   "will", "magic", "luck")
PARAMETERS = ("health", "stamina", "mana", "survival", "attack", "damage", "dodge", "block", "casting", "search",
              "health_recovery", "stamina_recovery", "mana_recovery", "disease_resistance", "toxin_resistance",
              "magic_resistance", "reaction", "movement", "carry")
#: Russian names accepted for characteristics and parameters.
RUSSIAN = {
    "телосложение": "constitution", "сила": "strength", "ловкость": "dexterity", "восприятие": "perception",
    "интеллект": "intelligence", "мудрость": "wisdom", "харизма": "charisma", "воля": "will", "магия": "magic",
    "удача": "luck", "здоровье": "health", "выносливость": "stamina", "мана": "mana", "выживание": "survival",
    "атака": "attack", "урон": "damage", "уклонение": "dodge", "блок": "block", "блокирование": "block",
    "сотворение": "casting", "поиск": "search", "реакция": "reaction", "передвижение": "movement",
    "перенос": "carry",
}
POOLS = ("health", "stamina", "mana", "survival")
#: The pools as a sheet line names them (msgids, translated where they are shown).
POOL_LABELS = {"health": N_("Health"), "stamina": N_("Stamina"), "mana": N_("Mana"), "survival": N_("Survival")}
#: The pools as ``recover`` names them.
POOL_WORDS = {"health": N_("health"), "stamina": N_("stamina"), "mana": N_("mana"), "survival": N_("survival")}
RESPONSES = SpokenChoice.of_system("stone-wheel", "responses")


def parse_numbers(text: str, names: tuple[str, ...], option: str, *, fill: bool) -> dict[str, int]:
    """``5,6,4,...`` in the listed order, or ``strength=6,сила=6,...`` (names left out are 0 when ``fill``)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        if all("=" not in part for part in parts):
            if len(parts) != len(names):
                raise click.BadParameter(_("give {count} numbers in the order {names}, or NAME=VALUE pairs").format(
                    count=len(names), names=", ".join(names)), param_hint=option)
            return dict(zip(names, (int(part) for part in parts), strict=True))
        values = dict.fromkeys(names, 0) if fill else {}
        for part in parts:
            key, _sep, value = part.partition("=")
            key = RUSSIAN.get(key.strip().lower(), key.strip().lower())
            if key not in names:
                raise click.BadParameter(_("'{key}' is not one of {names}").format(key=key, names=", ".join(names)),
                                         param_hint=option)
            values[key] = int(value)
        return values
    except ValueError:
        raise click.BadParameter(_("'{text}' holds something that is not a whole number").format(text=text),
                                 param_hint=option) from None


def pairs(items: tuple[str, ...], option: str, sep: str = "=") -> list[tuple[str, str]]:
    """``NAME=VALUE`` (or ``NAME:VALUE``) items of a repeatable option."""
    out = []
    for item in items:
        name, found, value = item.partition(sep)
        if not found or not name.strip() or not value.strip():
            raise click.BadParameter(_("'{item}' is not NAME{sep}VALUE").format(item=item, sep=sep), param_hint=option)
        out.append((name.strip(), value.strip()))
    return out


def sheets(app: AppContext, campaign: str) -> dict[str, Any]:
    """The campaign's Stone Wheel sheets now (the as-of engine's fold, voids honoured)."""
    from journal.errors import RuleViolation

    folded = app.journal().at(campaign)
    if folded.system != "stone-wheel":
        raise RuleViolation("campaign: one rule system", _("'{campaign}' plays {system}, not {expected}").format(
            campaign=campaign, system=folded.system, expected="stone-wheel"))
    return folded["stone_wheel.sheet"]


def emit(events: Any) -> None:
    """The stored event(s) as JSON: one object, or a list of them."""
    def one(event: Any) -> dict[str, Any]:
        return {"id": event.id, "version": event.version, "type": event.type, **event.data}
    emit_json([one(e) for e in events] if isinstance(events, list) else one(events))


def vitals(app: AppContext, campaign: str, name: str) -> str:
    """``Health 3/8, Survival 4/4`` (and the status unless alive), after the append."""
    found = sheets(app, campaign)["characters"][name]
    cur, par = found["current"], found["parameters"]
    text = _("Health {health}/{max_health}, Survival {survival}/{max_survival}").format(
        health=cur["health"], max_health=par["health"], survival=cur["survival"], max_survival=par["survival"])
    return text if found["status"] == "alive" else f"{text}: {Names('stone-wheel').word(found['status'])}"


def pool_text(attempt: dict[str, Any]) -> str:
    """``from 7 (Фехтование 2 -> from 5): 3d10 [5, 6, 2] = 2 successes``."""
    skill = ""
    if attempt["skill"]:
        skill = _(" ({skill} {levels} -> from {threshold})").format(skill=attempt["skill"],
                                                                  levels=attempt["skill_levels"],
                                                                  threshold=attempt["threshold"])
    dice = attempt["roll"]["dice"]
    count = attempt["successes"]
    return ngettext("from {threshold}{skill}: {pool}d10 {dice} = {count} success",
                    "from {threshold}{skill}: {pool}d10 {dice} = {count} successes", count).format(
        threshold=attempt["base_threshold"], skill=skill, pool=len(dice), dice=dice, count=count)


@click.group("stone-wheel", cls=TableGroup, help=N_("Record what happens at a stone-wheel table (Каменное колесо)."))
def group() -> None:
    pass


@group.command("character", help=N_("The Master brings NAME, played by PLAYER, into CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.argument("player")
@click.option("--kind", required=True, type=SpokenChoice.of_system("stone-wheel", "kinds"), help=N_("The type."))
@click.option("--race", required=True)
@click.option("--class", "class_", required=True)
@click.option("--chars", required=True, help=N_("The 10 characteristics, NAME=VALUE pairs (сила=6,...) or in this order: constitution, "
                      "strength, dexterity, perception, intelligence, wisdom, charisma, will, magic, luck."))
@click.option("--params", required=True, help=N_("The 19 parameters, NAME=VALUE pairs (здоровье=20,...; others are 0) or in this order: "
                      "health, stamina, mana, survival, attack, damage, dodge, block, casting, search, "
                      "health_recovery, stamina_recovery, mana_recovery, disease_resistance, toxin_resistance, "
                      "magic_resistance, reaction, movement, carry."))
@click.option("--skill", "skills", multiple=True, metavar="NAME=LEVEL", help=N_("A starting skill (repeatable)."))
@click.option("--perk", "perks", multiple=True, help=N_("A starting perk (repeatable)."))
@click.option("--spell", "spells", multiple=True, metavar="NAME:SCHOOL[+SCHOOL]", help=N_("A starting spell."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def character(app: AppContext, campaign: str, name: str, player: str, kind: str, race: str, class_: str, chars: str,
              params: str, skills: tuple[str, ...], perks: tuple[str, ...], spells: tuple[str, ...],
              as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import create_character

    try:
        levels = {skill: int(level) for skill, level in pairs(skills, "--skill")}
    except ValueError:
        raise click.BadParameter(_("a skill level is a whole number"), param_hint="--skill") from None
    known = [{"name": spell, "schools": schools.split("+")} for spell, schools in pairs(spells, "--spell", ":")]
    event = create_character(app.journal(), campaign, name, player, kind, race, class_,
                             parse_numbers(chars, CHARACTERISTICS, "--chars", fill=False),
                             parse_numbers(params, PARAMETERS, "--params", fill=True), levels, perks, known, app.actor)
    if as_json:
        return emit(event)
    p = event.data["parameters"]
    line(_("{name} ({player}): {kind} {race} {class_}; Health {health}, Stamina {stamina}, Mana {mana}, "
           "Survival {survival}").format(name=name, player=player, kind=kind, race=race, class_=class_,
                                         health=p["health"], stamina=p["stamina"], mana=p["mana"],
                                         survival=p["survival"]))


@group.command("request", help=N_("CHARACTER makes a request (заявка) on CHECK: --pool d10 against --threshold (both "
                                  "set by the Master)."))
@old_positional("threshold", "pool", metavars=("THRESHOLD", "POOL"))  # 0.1: request C CHARACTER CHECK T P
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.argument("check")
@click.option("--threshold", type=NUMBER, required=True, help=N_("Threshold (порог): the die value a d10 must reach, set by the Master."))
@click.option("--pool", type=NUMBER, required=True, help=N_("Pool: how many d10 are rolled, set by the Master."))
@click.option("--skill", help=N_("The skill used (its level comes from the sheet)."))
@click.option("--dice", help=N_("The d10 thrown on the table, comma-separated."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def request(app: AppContext, campaign: str, name: str, check: str, threshold: int, pool: int, skill: str | None,
            dice: str | None, as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import record_request

    event = record_request(app.journal(), campaign, name, check, threshold, pool, skill, parse_dice(dice), app.actor)
    if as_json:
        return emit(event)
    line(f"{name}: {check} {pool_text(event.data['attempt'])}")


@group.command("exchange", help=N_("CHALLENGER challenges TARGET (вызов): --pool d10 from --threshold; TARGET "
                                   "responds (--response, --answer-*)."))
@old_positional("threshold", "pool", metavars=("THRESHOLD", "POOL"))  # 0.1: exchange C A B T P
@click.argument("campaign", type=CAMPAIGN)
@click.argument("challenger", type=CHARACTER)
@click.argument("target", type=CHARACTER)
@click.option("--threshold", type=NUMBER, required=True, help=N_("Threshold (порог): the die value a d10 must reach, the challenger's."))
@click.option("--pool", type=NUMBER, required=True, help=N_("Pool: how many d10 the challenger rolls, set by the Master."))
@click.option("--action", type=SpokenChoice.of_system("stone-wheel", "actions"), default="attack", show_default=True)
@click.option("--skill", help=N_("The challenger's skill."))
@click.option("--dice", help=N_("The challenger's d10 from the table."))
@click.option("--response", type=RESPONSES, default="none", show_default=True)
@click.option("--answer-threshold", type=NUMBER, help=N_("The response's threshold (порог)."))
@click.option("--answer-pool", type=NUMBER, help=N_("The response's pool of d10."))
@click.option("--answer", nargs=2, type=NUMBER, hidden=True, help=N_("Old form of --answer-threshold T --answer-pool P."))
@click.option("--answer-skill", help=N_("The responder's skill."))
@click.option("--answer-dice", help=N_("The responder's d10 from the table."))
@click.option("--weapon", type=NUMBER, help=N_("The challenger's weapon damage: record the damage when the hit lands."))
@click.option("--armour", type=NUMBER, default=0, help=N_("The target's armour."))
@click.option("--firearm", is_flag=True, help=N_("A firearm or mechanised weapon: no character damage added."))
@click.option("--counter-weapon", type=NUMBER, help=N_("The target's weapon damage, for a landed counterattack."))
@click.option("--counter-armour", type=NUMBER, default=0, help=N_("The challenger's armour against a counterattack."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def exchange(app: AppContext, campaign: str, challenger: str, target: str, threshold: int, pool: int, action: str,
             skill: str | None, dice: str | None, response: str, answer_threshold: int | None,
             answer_pool: int | None, answer: tuple[int, int] | None,
             answer_skill: str | None, answer_dice: str | None, weapon: int | None, armour: int, firearm: bool,
             counter_weapon: int | None, counter_armour: int, as_json: bool) -> None:
    if answer is not None:
        answer_threshold, answer_pool = answer
        say_old_form(f"--answer {answer[0]} {answer[1]}", f"--answer-threshold {answer[0]} --answer-pool {answer[1]}")
    from journal.systems.stone_wheel.commands import record_exchange

    events = record_exchange(
        app.journal(), campaign, challenger, target, threshold=threshold, pool=pool, action=action, skill=skill,
        response=response, answer_threshold=answer_threshold, answer_pool=answer_pool,
        answer_skill=answer_skill, weapon=weapon, armour=armour, firearm=firearm, counter_weapon=counter_weapon,
        counter_armour=counter_armour, dice=parse_dice(dice), answer_dice=parse_dice(answer_dice), actor=app.actor)
    if as_json:
        return emit(events)
    data = events[0].data
    against = "" if data["answer"] is None else _(" vs {successes}").format(successes=data["answer"]["successes"])
    if data["striker"] is None:
        result = _("parry!") if data["parry"] else _("nothing lands")
    else:
        who = challenger if data["striker"] == "challenger" else target
        result = _("{who} lands with {margin}").format(who=who, margin=data["final_margin"]) + (
            _(", critical") if data["critical"] else "")
    line(_("{challenger} {action} -> {target} ({response}): {successes}{against} successes, margin {margin} -> "
           "{result}").format(challenger=challenger, action=action, target=target, response=response,
                              successes=data["challenge"]["successes"], against=against, margin=data["margin"],
                              result=result))
    if len(events) > 1:
        hurt = events[1].data
        line(_("{character} takes {amount} damage ({vitals})").format(
            character=hurt["character"], amount=hurt["amount"], vitals=vitals(app, campaign, hurt["character"])))


@group.command("damage", help=N_("The Master records --amount damage to CHARACTER (Health first, then Survival; death "
                                 "at 0)."))
@old_positional("amount", metavars=("AMOUNT",))  # 0.1: stone-wheel damage CAMPAIGN CHARACTER AMOUNT
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.option("--amount", type=NUMBER, required=True, help=N_("The damage (урон)."))
@click.option("--cause", default=DAMAGE, cls=WordsOption,
              help=HelpText(N_("What dealt it (fall, burn, trap ...; default: {damage})."),
                            damage=ChoiceWords("stone-wheel", "damage_causes", DAMAGE)))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def damage(app: AppContext, campaign: str, name: str, amount: int, cause: str, as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import record_damage

    events = record_damage(app.journal(), campaign, name, amount, cause, app.actor)
    if as_json:
        return emit(events)
    line(_("{character} takes {amount} damage ({cause}): {vitals}").format(
        character=name, amount=amount, cause=Names("stone-wheel").word(cause), vitals=vitals(app, campaign, name)))


@group.group("turn", help=N_("Turn mode (походовка): start and end."))
def turn() -> None:
    pass


@turn.command("start", help=N_("The Master starts turn mode in CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--reason", default="", help=N_("Why (combat began ...)."))
@click.pass_obj
def turn_start(app: AppContext, campaign: str, reason: str) -> None:
    from journal.systems.stone_wheel.commands import start_turn_mode

    event = start_turn_mode(app.journal(), campaign, reason, app.actor)
    line(_("turn mode on (version {version})").format(version=event.version) + (f": {reason}" if reason else ""))


@turn.command("end", help=N_("The Master ends turn mode in CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.pass_obj
def turn_end(app: AppContext, campaign: str) -> None:
    from journal.systems.stone_wheel.commands import end_turn_mode

    event = end_turn_mode(app.journal(), campaign, app.actor)
    line(_("turn mode off (version {version})").format(version=event.version))


@group.command("violation", help=N_("The Master records CHARACTER breaking turn order (warning, half Health, "
                                    "unconscious)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def violation(app: AppContext, campaign: str, name: str, as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import record_violation

    event = record_violation(app.journal(), campaign, name, app.actor)
    if as_json:
        return emit(event)
    data = event.data
    text = {"warning": _("warning"), "health_penalty": _("{amount} damage").format(amount=data["damage"]),
            "unconscious": _("unconscious")}
    line(_("{character}: turn-order violation {number} -> {consequence} ({vitals})").format(
        character=name, number=data["violation"], consequence=text[data["consequence"]],
        vitals=vitals(app, campaign, name)))


@group.command("sleep", help=N_("CHARACTER falls asleep: a d12 gives the hours; Health and Mana recover per hour."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.option("--dice", help=N_("The d12 thrown on the table."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def sleep(app: AppContext, campaign: str, name: str, dice: str | None, as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import record_sleep

    event = record_sleep(app.journal(), campaign, name, parse_dice(dice), app.actor)
    if as_json:
        return emit(event)
    data = event.data
    line(_("{character} sleeps {hours} h (d12 {dice}): +{health} Health, +{mana} Mana").format(
        character=name, hours=data["hours"], dice=data["roll"]["dice"], health=data["health_restored"],
        mana=data["mana_restored"]))


@group.command("effect", help=N_("The Master puts EFFECT (ожог, перелом, усталость ...) on CHARACTER, or takes it "
                                 "off."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.argument("effect")
@click.option("--remove", is_flag=True, help=N_("The effect ends."))
@click.option("--note", default="")
@click.pass_obj
def effect(app: AppContext, campaign: str, name: str, effect: str, remove: bool, note: str) -> None:
    from journal.systems.stone_wheel.commands import record_effect

    record_effect(app.journal(), campaign, name, effect, remove=remove, note=note, actor=app.actor)
    line((_("{character}: {effect} removed") if remove else _("{character}: {effect} gained")).format(
        character=name, effect=effect))


@group.command("recover", help=N_("CHARACTER recovers --amount of POOL (never above its maximum)."))
@old_positional("amount", metavars=("AMOUNT",))  # 0.1: stone-wheel recover C CHARACTER POOL AMOUNT
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.argument("pool", type=SpokenChoice.of_system("stone-wheel", "pools", fields=True))
@click.option("--amount", type=NUMBER, required=True, help=N_("How much of POOL comes back."))
@click.option("--reason", default="rest", cls=WordsOption,
              help=HelpText(N_("Why it comes back (default: {rest})."),
                            rest=ChoiceWords("stone-wheel", "recovery_reasons", "rest")))
@click.pass_obj
def recover(app: AppContext, campaign: str, name: str, pool: str, amount: int, reason: str) -> None:
    from journal.systems.stone_wheel.commands import record_recovery

    record_recovery(app.journal(), campaign, name, pool, amount, reason, app.actor)
    found = sheets(app, campaign)["characters"][name]
    line(_("{character}: {pool} {current}/{maximum} ({reason})").format(
        character=name, pool=_(POOL_WORDS[pool]), current=found["current"][pool], maximum=found["parameters"][pool],
        reason=Names("stone-wheel").word(reason)))


@group.command("revive", help=N_("The Master records the soul of CHARACTER returning."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.option("--by", required=True, help=N_("Who returns the soul."))
@click.option("--method", required=True, type=SpokenChoice.of_system("stone-wheel", "methods"))
@click.option("--health", required=True, type=NUMBER)
@click.option("--survival", required=True, type=NUMBER)
@click.pass_obj
def revive(app: AppContext, campaign: str, name: str, by: str, method: str, health: int, survival: int) -> None:
    from journal.systems.stone_wheel.commands import record_revival

    record_revival(app.journal(), campaign, name, by, method, health, survival, actor=app.actor)
    line(_("{character} revived by {by} ({method}): {vitals}").format(character=name, by=by,
                                                                     method=Names("stone-wheel").word(method),
                                                                     vitals=vitals(app, campaign, name)))


@group.group("xp", help=N_("Experience: session awards, bonuses, spending."))
def xp() -> None:
    pass


@xp.command("session", help=N_("The Master awards session K: XP per hour to present players' characters (50) and the "
                               "Master (75), or the house rates."))
@click.argument("campaign", type=CAMPAIGN)
@click.option("--session", "number", required=True, type=POSITIVE, help=N_("The ended session to award."))
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def xp_session(app: AppContext, campaign: str, number: int, as_json: bool) -> None:
    from journal.systems.stone_wheel.commands import award_session_xp

    events = award_session_xp(app.journal(), campaign, number, app.actor)
    if as_json:
        return emit(events)
    master = _(" (Master)")
    awards = ", ".join(f"{e.data['character']}{master if e.data['master'] else ''} +{e.data['amount']}"
                       for e in events)
    line(_("session {number} ({minutes} min): {awards}").format(number=number, minutes=events[0].data["minutes"],
                                                               awards=awards))


@xp.command("bonus", help=N_("The Master awards --amount bonus XP to CHARACTER for REASON."))
@old_positional("amount", metavars=("REASON",), before="reason")  # 0.1: xp bonus C CHARACTER AMOUNT REASON
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.argument("reason")
@click.option("--amount", type=NUMBER, required=True, help=N_("The bonus XP (опыт)."))
@click.pass_obj
def xp_bonus(app: AppContext, campaign: str, name: str, reason: str, amount: int) -> None:
    from journal.systems.stone_wheel.commands import award_bonus_xp

    award_bonus_xp(app.journal(), campaign, name, amount, reason, app.actor)
    line(_("{character} +{amount} XP ({reason}): balance {balance}").format(
        character=name, amount=amount, reason=reason, balance=sheets(app, campaign)["characters"][name]["xp"]["balance"]))


@xp.command("spend", help=N_("CHARACTER spends --cost XP (the agreed cost) on KIND TARGET."))
@old_positional("cost", metavars=("COST",))  # 0.1: xp spend CAMPAIGN CHARACTER KIND TARGET COST
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER)
@click.argument("kind", type=SpokenChoice.of_system("stone-wheel", "improvements"))
@click.argument("target")
@click.option("--cost", type=NUMBER, required=True, help=N_("The XP cost agreed with the Master."))
@click.option("--levels", type=NUMBER, default=1, show_default=True)
@click.option("--school", "schools", multiple=True, type=SpokenChoice.of_system("stone-wheel", "schools"),
              help=N_("A new spell's school (repeatable)."))
@click.option("--reason", default="")
@click.pass_obj
def xp_spend(app: AppContext, campaign: str, name: str, kind: str, target: str, cost: int, levels: int,
             schools: tuple[str, ...], reason: str) -> None:
    from journal.systems.stone_wheel.commands import spend_xp

    spend_xp(app.journal(), campaign, name, kind, RUSSIAN.get(target.lower(), target) if kind in
             ("characteristic", "parameter") else target, cost, levels=levels, schools=schools, reason=reason,
             actor=app.actor)
    line(_("{character} -{cost} XP: {kind} {target} +{levels}; balance {balance}").format(
        character=name, cost=cost, kind=kind, target=target, levels=levels,
        balance=sheets(app, campaign)["characters"][name]["xp"]["balance"]))


@group.command("sheet", help=N_("Show the characters of CAMPAIGN (or one CHARACTER's sheet), and the Master's XP."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", metavar="CHARACTER", type=CHARACTER, required=False)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def show_sheet(app: AppContext, campaign: str, name: str | None, as_json: bool) -> None:
    from journal.errors import NotFound

    state = sheets(app, campaign)
    if name is not None and name not in state["characters"]:
        raise NotFound(_("no character named '{character}' in '{campaign}'").format(character=name, campaign=campaign))
    if as_json:
        return emit_json(state["characters"][name] if name else state)
    chosen = {name: state["characters"][name]} if name else state["characters"]
    names = Names("stone-wheel")
    for who, found in chosen.items():
        pools = ", ".join(_(POOL_LABELS[p]) + f" {found['current'][p]}/{found['parameters'][p]}" for p in POOLS)
        skills = ", ".join(f"{k} {v}" for k, v in found["skills"].items()) or "-"
        line(_("{character} ({player}, {status}): {pools}; XP {balance}; skills: {skills}; effects: {effects}").format(
            character=who, player=found["player"], status=names.word(found["status"]), pools=pools,
            balance=found["xp"]["balance"], skills=skills, effects=", ".join(found["effects"]) or "-"))
    if not name:
        for master, ledger in state["masters"].items():
            line(_("{master} (Master): XP {balance}").format(master=master, balance=ledger["balance"]))


character_group(group, character, N_("персонаж: the Master brings one in, played by PLAYER"))
COMMANDS = [group]


carry_over_verb(group, N_("Bring a character of a running campaign in as he stands today, from the JSON sheet "
                          "FILE (the Master; once per character, before any event of his own).\n\n"
                          "FILE holds character, source, xp (earned, spent), current (the pools by name: "
                          "Здоровье, Мана, ...) and effects; see docs/table/stone-wheel.md."),
                "journal.systems.stone_wheel.commands:carry_over",
                xp_said)
