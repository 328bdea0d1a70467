"""``journal stone-wheel ...``: the table verbs of the stone-wheel rule system (Каменное колесо).

Thin: parse, call ``journal.systems.stone_wheel.commands``, print one or two lines (or ``--json``).
Table dice go with ``--dice 7,3,9``; without them the journal's dice of the open session are thrown.
"""

from __future__ import annotations

from typing import Any

import click

from cli.main import AppContext
from cli.output import emit_json, line
from cli.sessions import parse_dice

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
RESPONSES = click.Choice(["none", "block", "dodge", "counterattack", "resist"])


def parse_numbers(text: str, names: tuple[str, ...], option: str, *, fill: bool) -> dict[str, int]:
    """``5,6,4,...`` in the listed order, or ``strength=6,сила=6,...`` (names left out are 0 when ``fill``)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    try:
        if all("=" not in part for part in parts):
            if len(parts) != len(names):
                raise click.BadParameter(f"give {len(names)} numbers in the order {', '.join(names)}, "
                                         f"or NAME=VALUE pairs", param_hint=option)
            return dict(zip(names, (int(part) for part in parts), strict=True))
        values = dict.fromkeys(names, 0) if fill else {}
        for part in parts:
            key, _, value = part.partition("=")
            key = RUSSIAN.get(key.strip().lower(), key.strip().lower())
            if key not in names:
                raise click.BadParameter(f"'{key}' is not one of {', '.join(names)}", param_hint=option)
            values[key] = int(value)
        return values
    except ValueError:
        raise click.BadParameter(f"'{text}' holds something that is not a whole number", param_hint=option) from None


def pairs(items: tuple[str, ...], option: str, sep: str = "=") -> list[tuple[str, str]]:
    """``NAME=VALUE`` (or ``NAME:VALUE``) items of a repeatable option."""
    out = []
    for item in items:
        name, found, value = item.partition(sep)
        if not found or not name.strip() or not value.strip():
            raise click.BadParameter(f"'{item}' is not NAME{sep}VALUE", param_hint=option)
        out.append((name.strip(), value.strip()))
    return out


def sheets(app: AppContext, campaign: str) -> dict[str, Any]:
    """The campaign's Stone Wheel sheets now (the as-of engine's fold, voids honoured)."""
    from journal.errors import RuleViolation

    folded = app.journal().at(campaign)
    if folded.system != "stone-wheel":
        raise RuleViolation("campaign: one rule system", f"'{campaign}' plays {folded.system}, not stone-wheel")
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
    text = f"Health {cur['health']}/{par['health']}, Survival {cur['survival']}/{par['survival']}"
    return text if found["status"] == "alive" else f"{text}: {found['status']}"


def pool_text(attempt: dict[str, Any]) -> str:
    """``from 7 (Фехтование 2 -> from 5): 3d10 [5, 6, 2] = 2 successes``."""
    skill = ""
    if attempt["skill"]:
        skill = f" ({attempt['skill']} {attempt['skill_levels']} -> from {attempt['threshold']})"
    dice = attempt["roll"]["dice"]
    count = attempt["successes"]
    return f"from {attempt['base_threshold']}{skill}: {len(dice)}d10 {dice} = {count} success{'' if count == 1 else 'es'}"


@click.group("stone-wheel")
def group() -> None:
    """Record what happens at a stone-wheel table (Каменное колесо)."""


@group.command("character")
@click.argument("campaign")
@click.argument("name")
@click.argument("player")
@click.option("--kind", required=True, type=click.Choice(["physical", "mental", "general"]), help="The type.")
@click.option("--race", required=True)
@click.option("--class", "class_", required=True)
@click.option("--chars", required=True, help="10 characteristics in order, or NAME=VALUE pairs (сила=6,...).")
@click.option("--params", required=True, help="19 parameters in order, or NAME=VALUE pairs (others are 0).")
@click.option("--skill", "skills", multiple=True, metavar="NAME=LEVEL", help="A starting skill (repeatable).")
@click.option("--perk", "perks", multiple=True, help="A starting perk (repeatable).")
@click.option("--spell", "spells", multiple=True, metavar="NAME:SCHOOL[+SCHOOL]", help="A starting spell.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def character(app: AppContext, campaign: str, name: str, player: str, kind: str, race: str, class_: str, chars: str,
              params: str, skills: tuple[str, ...], perks: tuple[str, ...], spells: tuple[str, ...],
              as_json: bool) -> None:
    """The Master brings NAME, played by PLAYER, into CAMPAIGN."""
    from journal.systems.stone_wheel.commands import create_character

    try:
        levels = {skill: int(level) for skill, level in pairs(skills, "--skill")}
    except ValueError:
        raise click.BadParameter("a skill level is a whole number", param_hint="--skill") from None
    known = [{"name": spell, "schools": schools.split("+")} for spell, schools in pairs(spells, "--spell", ":")]
    event = create_character(app.journal(), campaign, name, player, kind, race, class_,
                             parse_numbers(chars, CHARACTERISTICS, "--chars", fill=False),
                             parse_numbers(params, PARAMETERS, "--params", fill=True), levels, perks, known, app.actor)
    if as_json:
        return emit(event)
    p = event.data["parameters"]
    line(f"{name} ({player}): {kind} {race} {class_}; Health {p['health']}, Stamina {p['stamina']}, "
         f"Mana {p['mana']}, Survival {p['survival']}")


@group.command("request")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("check")
@click.argument("threshold", type=int)
@click.argument("pool", type=int)
@click.option("--skill", help="The skill used (its level comes from the sheet).")
@click.option("--dice", help="The d10 thrown on the table, comma-separated.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def request(app: AppContext, campaign: str, name: str, check: str, threshold: int, pool: int, skill: str | None,
            dice: str | None, as_json: bool) -> None:
    """CHARACTER rolls CHECK: POOL d10 against THRESHOLD (both set by the Master)."""
    from journal.systems.stone_wheel.commands import record_request

    event = record_request(app.journal(), campaign, name, check, threshold, pool, skill, parse_dice(dice), app.actor)
    if as_json:
        return emit(event)
    line(f"{name}: {check} {pool_text(event.data['attempt'])}")


@group.command("exchange")
@click.argument("campaign")
@click.argument("challenger")
@click.argument("target")
@click.argument("threshold", type=int)
@click.argument("pool", type=int)
@click.option("--action", type=click.Choice(["attack", "grab", "cast", "other"]), default="attack", show_default=True)
@click.option("--skill", help="The challenger's skill.")
@click.option("--dice", help="The challenger's d10 from the table.")
@click.option("--response", type=RESPONSES, default="none", show_default=True)
@click.option("--answer", nargs=2, type=int, metavar="THRESHOLD POOL", help="The response's threshold and pool.")
@click.option("--answer-skill", help="The responder's skill.")
@click.option("--answer-dice", help="The responder's d10 from the table.")
@click.option("--weapon", type=int, help="The challenger's weapon damage: record the damage when the hit lands.")
@click.option("--armour", type=int, default=0, help="The target's armour.")
@click.option("--firearm", is_flag=True, help="A firearm or mechanised weapon: no character damage added.")
@click.option("--counter-weapon", type=int, help="The target's weapon damage, for a landed counterattack.")
@click.option("--counter-armour", type=int, default=0, help="The challenger's armour against a counterattack.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def exchange(app: AppContext, campaign: str, challenger: str, target: str, threshold: int, pool: int, action: str,
             skill: str | None, dice: str | None, response: str, answer: tuple[int, int] | None,
             answer_skill: str | None, answer_dice: str | None, weapon: int | None, armour: int, firearm: bool,
             counter_weapon: int | None, counter_armour: int, as_json: bool) -> None:
    """CHALLENGER challenges TARGET with POOL d10 from THRESHOLD; TARGET responds (--response, --answer)."""
    from journal.systems.stone_wheel.commands import record_exchange

    events = record_exchange(
        app.journal(), campaign, challenger, target, threshold=threshold, pool=pool, action=action, skill=skill,
        response=response, answer_threshold=answer[0] if answer else None, answer_pool=answer[1] if answer else None,
        answer_skill=answer_skill, weapon=weapon, armour=armour, firearm=firearm, counter_weapon=counter_weapon,
        counter_armour=counter_armour, dice=parse_dice(dice), answer_dice=parse_dice(answer_dice), actor=app.actor)
    if as_json:
        return emit(events)
    data = events[0].data
    against = "" if data["answer"] is None else f" vs {data['answer']['successes']}"
    if data["striker"] is None:
        result = "parry!" if data["parry"] else "nothing lands"
    else:
        who = challenger if data["striker"] == "challenger" else target
        result = f"{who} lands with {data['final_margin']}" + (", critical" if data["critical"] else "")
    line(f"{challenger} {action} -> {target} ({response}): {data['challenge']['successes']}{against} successes, "
         f"margin {data['margin']} -> {result}")
    if len(events) > 1:
        hurt = events[1].data
        line(f"{hurt['character']} takes {hurt['amount']} damage ({vitals(app, campaign, hurt['character'])})")


@group.command("damage")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("amount", type=int)
@click.option("--cause", default="damage", show_default=True, help="What dealt it (fall, burn, trap ...).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def damage(app: AppContext, campaign: str, name: str, amount: int, cause: str, as_json: bool) -> None:
    """The Master records AMOUNT damage to CHARACTER (Health first, then Survival; death at 0)."""
    from journal.systems.stone_wheel.commands import record_damage

    events = record_damage(app.journal(), campaign, name, amount, cause, app.actor)
    if as_json:
        return emit(events)
    line(f"{name} takes {amount} damage ({cause}): {vitals(app, campaign, name)}")


@group.group("turn")
def turn() -> None:
    """Turn mode (походовка): start and end."""


@turn.command("start")
@click.argument("campaign")
@click.option("--reason", default="", help="Why (combat began ...).")
@click.pass_obj
def turn_start(app: AppContext, campaign: str, reason: str) -> None:
    """The Master starts turn mode in CAMPAIGN."""
    from journal.systems.stone_wheel.commands import start_turn_mode

    event = start_turn_mode(app.journal(), campaign, reason, app.actor)
    line(f"turn mode on (version {event.version})" + (f": {reason}" if reason else ""))


@turn.command("end")
@click.argument("campaign")
@click.pass_obj
def turn_end(app: AppContext, campaign: str) -> None:
    """The Master ends turn mode in CAMPAIGN."""
    from journal.systems.stone_wheel.commands import end_turn_mode

    event = end_turn_mode(app.journal(), campaign, app.actor)
    line(f"turn mode off (version {event.version})")


@group.command("violation")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def violation(app: AppContext, campaign: str, name: str, as_json: bool) -> None:
    """The Master records CHARACTER breaking turn order (warning, half Health, unconscious)."""
    from journal.systems.stone_wheel.commands import record_violation

    event = record_violation(app.journal(), campaign, name, app.actor)
    if as_json:
        return emit(event)
    data = event.data
    text = {"warning": "warning", "health_penalty": f"{data['damage']} damage", "unconscious": "unconscious"}
    line(f"{name}: turn-order violation {data['violation']} -> {text[data['consequence']]} "
         f"({vitals(app, campaign, name)})")


@group.command("sleep")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.option("--dice", help="The d12 thrown on the table.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def sleep(app: AppContext, campaign: str, name: str, dice: str | None, as_json: bool) -> None:
    """CHARACTER falls asleep: a d12 gives the hours; Health and Mana recover per hour."""
    from journal.systems.stone_wheel.commands import record_sleep

    event = record_sleep(app.journal(), campaign, name, parse_dice(dice), app.actor)
    if as_json:
        return emit(event)
    data = event.data
    line(f"{name} sleeps {data['hours']} h (d12 {data['roll']['dice']}): +{data['health_restored']} Health, "
         f"+{data['mana_restored']} Mana")


@group.command("effect")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("effect")
@click.option("--remove", is_flag=True, help="The effect ends.")
@click.option("--note", default="")
@click.pass_obj
def effect(app: AppContext, campaign: str, name: str, effect: str, remove: bool, note: str) -> None:
    """The Master puts EFFECT (ожог, перелом, усталость ...) on CHARACTER, or takes it off."""
    from journal.systems.stone_wheel.commands import record_effect

    record_effect(app.journal(), campaign, name, effect, remove=remove, note=note, actor=app.actor)
    line(f"{name}: {effect} {'removed' if remove else 'gained'}")


@group.command("recover")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("pool", type=click.Choice(POOLS))
@click.argument("amount", type=int)
@click.option("--reason", default="rest", show_default=True)
@click.pass_obj
def recover(app: AppContext, campaign: str, name: str, pool: str, amount: int, reason: str) -> None:
    """CHARACTER recovers AMOUNT of POOL (never above its maximum)."""
    from journal.systems.stone_wheel.commands import record_recovery

    record_recovery(app.journal(), campaign, name, pool, amount, reason, app.actor)
    found = sheets(app, campaign)["characters"][name]
    line(f"{name}: {pool} {found['current'][pool]}/{found['parameters'][pool]} ({reason})")


@group.command("revive")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.option("--by", required=True, help="Who returns the soul.")
@click.option("--method", required=True, type=click.Choice(["class_request", "ritual", "spell"]))
@click.option("--health", required=True, type=int)
@click.option("--survival", required=True, type=int)
@click.pass_obj
def revive(app: AppContext, campaign: str, name: str, by: str, method: str, health: int, survival: int) -> None:
    """The Master records the soul of CHARACTER returning."""
    from journal.systems.stone_wheel.commands import record_revival

    record_revival(app.journal(), campaign, name, by, method, health, survival, actor=app.actor)
    line(f"{name} revived by {by} ({method}): {vitals(app, campaign, name)}")


@group.group("xp")
def xp() -> None:
    """Experience: session awards, bonuses, spending."""


@xp.command("session")
@click.argument("campaign")
@click.option("--session", "number", required=True, type=int, help="The ended session to award.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def xp_session(app: AppContext, campaign: str, number: int, as_json: bool) -> None:
    """The Master awards session K: XP per hour to present players' characters (50) and the Master (75), or the house rates."""
    from journal.systems.stone_wheel.commands import award_session_xp

    events = award_session_xp(app.journal(), campaign, number, app.actor)
    if as_json:
        return emit(events)
    awards = ", ".join(f"{e.data['character']}{' (Master)' if e.data['master'] else ''} +{e.data['amount']}"
                       for e in events)
    line(f"session {number} ({events[0].data['minutes']} min): {awards}")


@xp.command("bonus")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("amount", type=int)
@click.argument("reason")
@click.pass_obj
def xp_bonus(app: AppContext, campaign: str, name: str, amount: int, reason: str) -> None:
    """The Master awards AMOUNT bonus XP to CHARACTER for REASON."""
    from journal.systems.stone_wheel.commands import award_bonus_xp

    award_bonus_xp(app.journal(), campaign, name, amount, reason, app.actor)
    line(f"{name} +{amount} XP ({reason}): balance {sheets(app, campaign)['characters'][name]['xp']['balance']}")


@xp.command("spend")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER")
@click.argument("kind", type=click.Choice(["skill", "spell", "spell_mastery", "spell_efficiency", "characteristic",
                                           "parameter"]))
@click.argument("target")
@click.argument("cost", type=int)
@click.option("--levels", type=int, default=1, show_default=True)
@click.option("--school", "schools", multiple=True, type=click.Choice(["creation", "control", "alteration"]),
              help="A new spell's school (repeatable).")
@click.option("--reason", default="")
@click.pass_obj
def xp_spend(app: AppContext, campaign: str, name: str, kind: str, target: str, cost: int, levels: int,
             schools: tuple[str, ...], reason: str) -> None:
    """CHARACTER spends COST XP (the agreed cost) on KIND TARGET."""
    from journal.systems.stone_wheel.commands import spend_xp

    spend_xp(app.journal(), campaign, name, kind, RUSSIAN.get(target.lower(), target) if kind in
             ("characteristic", "parameter") else target, cost, levels=levels, schools=schools, reason=reason,
             actor=app.actor)
    line(f"{name} -{cost} XP: {kind} {target} +{levels}; balance "
         f"{sheets(app, campaign)['characters'][name]['xp']['balance']}")


@group.command("sheet")
@click.argument("campaign")
@click.argument("name", metavar="CHARACTER", required=False)
@click.option("--json", "as_json", is_flag=True)
@click.pass_obj
def show_sheet(app: AppContext, campaign: str, name: str | None, as_json: bool) -> None:
    """Show the characters of CAMPAIGN (or one CHARACTER's sheet), and the Master's XP."""
    from journal.errors import NotFound

    state = sheets(app, campaign)
    if name is not None and name not in state["characters"]:
        raise NotFound(f"no character named '{name}' in '{campaign}'")
    if as_json:
        return emit_json(state["characters"][name] if name else state)
    chosen = {name: state["characters"][name]} if name else state["characters"]
    for who, found in chosen.items():
        pools = ", ".join(f"{p.capitalize()} {found['current'][p]}/{found['parameters'][p]}" for p in POOLS)
        skills = ", ".join(f"{k} {v}" for k, v in found["skills"].items()) or "-"
        line(f"{who} ({found['player']}, {found['status']}): {pools}; XP {found['xp']['balance']}; "
             f"skills: {skills}; effects: {', '.join(found['effects']) or '-'}")
    if not name:
        for master, ledger in state["masters"].items():
            line(f"{master} (Master): XP {ledger['balance']}")


COMMANDS = [group]
