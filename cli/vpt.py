"""``journal vpt ...``: the table verbs of the vpt rule system.

Thin: parse, call ``journal.systems.vpt.commands``, print one or two lines (or ``--json``).
Checklist items and hit modifiers take short aliases (``saved``, ``date+``, ``-m engaged``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.main import AppContext
from cli.output import emit_json, line, table
from cli.sessions import parse_dice, parse_names

if TYPE_CHECKING:
    from journal.systems.vpt.rules import Bond, CreatureKind, InitiativeMode

RELATIONSHIP_ALIASES = {"saved": "saved_life", "gift": "gave_magic_item", "date": "date_successful",
                        "date+": "date_especially_successful", "boring": "date_stopped", "none": "no_interaction"}
REVENGE_ALIASES = {"killed": "killed_associates", "item": "obtained_magic_item", "none": "no_interaction"}
MODIFIER_ALIASES = {"cover": "enemy_in_cover", "shield": "enemy_in_cover", "still": "standing_still",
                    "won": "won_initiative", "high": "high_ground", "outnumber": "outnumbering",
                    "rider": "unmounted_against_rider"}
MODES: dict[str, InitiativeMode] = {"reckless": "reckless", "careful": "careful", "опрометчиво": "reckless",
                                    "осторожно": "careful"}
#: An enemy side's kind as given after the colon ("" for none).
KINDS: dict[str, CreatureKind | None] = {"": None, "living": "living", "animal": "animal", "magical": "magical"}
JSON = click.option("--json", "as_json", is_flag=True, help="Print the stored event(s) as JSON.")
DICE = click.option("--dice", help="Dice thrown on the table, comma-separated (default: the journal's dice).")
BAD = click.BadParameter


def _emit(events: list[Any], as_json: bool, text: str) -> None:
    if as_json:
        rows = [{"id": e.id, "version": e.version, "type": e.type, **e.data} for e in events]
        emit_json(rows[0] if len(rows) == 1 else rows)
    else:
        line(text)


def _dice(roll: dict[str, Any]) -> str:
    return f"[{', '.join(str(d) for d in roll['dice'])}]" + (" (journal dice)" if roll["source"] == "server" else "")


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _signed(value: int) -> str:
    return f"{value:+d}"


@click.group("vpt")
def group() -> None:
    """Record what happens at a vpt table."""


@group.command("char")
@click.argument("campaign")
@click.argument("name")
@click.option("--player", help="The member who plays it (default: whoever records it).")
@click.option("--hit", "hit_bonus", type=int, default=0, help="Hit bonus.")
@click.option("--health", "health_bonus", type=int, default=0, help="Health bonus.")
@click.option("--morale", type=int, default=0)
@click.option("--prep", "preparation", type=int, default=0, help="Preparation.")
@click.option("--speed", "dungeon_speed", type=int, default=None, help="Dungeon Speed.")
@click.option("--limit", type=int, default=None, help="Wounds at which a GM character leaves the fight.")
@JSON
@click.pass_obj
def char(app: AppContext, campaign: str, name: str, player: str | None, as_json: bool, **stats: Any) -> None:
    """Create character NAME in CAMPAIGN."""
    from journal.systems.vpt.commands import create_character

    event = create_character(app.journal(), campaign, name, player, actor=app.actor, **stats)
    d = event.data
    limit = f", limit {d['limit']}" if d["limit"] is not None else ""
    _emit([event], as_json, f"{d['name']} ({d['player']}): hit {_signed(d['hit_bonus'])}, health "
          f"{_signed(d['health_bonus'])}, morale {_signed(d['morale'])}, preparation {d['preparation']}{limit}")


@group.command("initiative")
@click.argument("campaign")
@click.argument("mode", metavar="reckless|careful")
@click.argument("sides", nargs=-1, required=True, metavar="SIDE=INITIATIVE[:living|animal|magical]...")
@click.option("--party", default="players", show_default=True, help="The players' side.")
@DICE
@JSON
@click.pass_obj
def initiative(app: AppContext, campaign: str, mode: str, sides: tuple[str, ...], party: str, dice: str | None,
               as_json: bool) -> None:
    """The players roll initiative (reckless 2d6, careful 1d6) against the enemy SIDES."""
    from journal.systems.vpt.commands import roll_initiative
    from journal.systems.vpt.rules import Side

    if mode not in MODES:
        raise BAD(f"'{mode}' is not reckless or careful", param_hint="MODE")
    enemies = []
    for spec in sides:
        name, sep, rest = spec.rpartition("=")
        value, _, kind = rest.partition(":")
        if not sep or not name or not value.lstrip("-").isdigit() or kind not in KINDS:
            raise BAD(f"'{spec}' is not SIDE=INITIATIVE[:kind]", param_hint="SIDES")
        enemies.append(Side(name, int(value), KINDS[kind]))
    event = roll_initiative(app.journal(), campaign, MODES[mode], enemies, party, parse_dice(dice), app.actor)
    d = event.data
    values = {s["name"]: s["initiative"] for s in d["enemies"]} | {d["party"]: d["total"]}
    order = ", ".join(f"{name} {values[name]}" for name in d["order"])
    _emit([event], as_json, f"{d['party']}: {d['mode']} {_dice(d['roll'])} = {d['total']} -> {order}; "
          f"{d['winner']} act first")


@group.command("weapon")
@click.argument("campaign")
@click.argument("name")
@click.argument("target", type=int)
@click.argument("wi", type=int)
@click.option("--extra", "extra_attacks", type=int, default=0, help="Additional attacks (the table's column).")
@click.option("--fires-in-melee", is_flag=True, help="* a ranged weapon usable in melee.")
@click.option("--mounted", "mounted_bonus", type=click.IntRange(0, 2), default=0, help="* or ** on horseback: 1 or 2.")
@click.option("--follow-up", "follow_up_after_shield", is_flag=True, help="* a new attack after breaking a shield.")
@JSON
@click.pass_obj
def weapon(app: AppContext, campaign: str, name: str, target: int, wi: int, as_json: bool, **marks: Any) -> None:
    """Set weapon NAME's row of the Hit table: TARGET to hit and WI, its weapon initiative (the GM only)."""
    from journal.systems.vpt.commands import set_weapon

    journal = app.journal()
    event = set_weapon(journal, campaign, name, target, wi, actor=app.actor, **marks)
    count = len(journal.at(campaign, event.version)["vpt.sheet"]["weapons"])
    _emit([event], as_json, f"weapon {name}: hits on {target}+, WI {wi} ({_n(count, 'weapon')} in the table)")


def _fighter(spec: str, won: list[str], mounted: list[str]) -> Any:
    from journal.systems.vpt.commands import Fighter

    head, _, engaged = spec.partition("@")
    name, sep, arm = head.partition(":")
    if not sep or not name or not arm:
        raise BAD(f"'{spec}' is not NAME:WEAPON[@ENGAGED] (or NAME:WI)", param_hint="FIGHTERS")
    explicit = arm.isdigit()
    return Fighter(name, None if explicit else arm, int(arm) if explicit else None, engaged or None,
                   name in won, name in mounted)


@group.command("melee")
@click.argument("campaign")
@click.argument("fighters", nargs=-1, required=True, metavar="NAME:WEAPON[@ENGAGED]...")
@click.option("--won", default="", help="Comma-separated fighters of the side that won initiative (+1 WI).")
@click.option("--mounted", default="", help="Comma-separated fighters on horseback (the weapon's */** bonus).")
@JSON
@click.pass_obj
def melee(app: AppContext, campaign: str, fighters: tuple[str, ...], won: str, mounted: str, as_json: bool) -> None:
    """Set who is in melee (NAME@WHOM for one who engaged WHOM) and print the attack order (the GM only)."""
    from journal.systems.vpt.commands import set_melee_order

    specs = [_fighter(spec, parse_names(won), parse_names(mounted)) for spec in fighters]
    event = set_melee_order(app.journal(), campaign, specs, app.actor)
    wi = {c["character"]: c["effective_initiative"] for c in event.data["combatants"]}
    order = " -> ".join(" = ".join(f"{name} {wi[name]}" for name in group) for group in event.data["order"])
    _emit([event], as_json, f"melee: {order}")


def _modifiers(specs: tuple[str, ...]) -> dict[str, int]:
    from journal.systems.vpt.rules import HIT_MODIFIERS

    found: dict[str, int] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        name = MODIFIER_ALIASES.get(name, name)
        allowed = HIT_MODIFIERS.get(name, frozenset({0}))
        try:
            found[name] = int(value) if sep else min(allowed, key=abs)
        except ValueError:
            raise BAD(f"'{spec}' is not NAME or NAME=VALUE", param_hint="--mod") from None
    return found


@group.command("hit")
@click.argument("campaign")
@click.argument("attacker")
@click.argument("defender", required=False)
@click.option("-w", "--weapon", help="The weapon (its row of the Hit table gives the target).")
@click.option("-t", "--target", type=int, help="The number to reach, when not the weapon's.")
@click.option("--ranged", is_flag=True, help="A ranged attack (default: melee).")
@click.option("--in-melee", is_flag=True, help="The ranged attacker is in melee himself.")
@click.option("-m", "--mod", "mods", multiple=True, metavar="NAME[=VALUE]",
              help="A Hit modifier: engaged, mounted=2, high, outnumber, won, still, cover, rider (repeatable).")
@click.option("--shield", "against_shield", is_flag=True, help="The defender took cover behind his shield.")
@click.option("-n", "--count", type=int, default=2, show_default=True, help="d6 thrown (dice split to this target).")
@DICE
@JSON
@click.pass_obj
def hit(app: AppContext, campaign: str, attacker: str, defender: str | None, weapon: str | None, target: int | None,
        ranged: bool, in_melee: bool, mods: tuple[str, ...], against_shield: bool, count: int, dice: str | None,
        as_json: bool) -> None:
    """ATTACKER rolls to hit DEFENDER; the wounds it deals are recorded with it."""
    from journal.systems.vpt.commands import record_hit

    events = record_hit(app.journal(), campaign, attacker, defender, attack="ranged" if ranged else "melee",
                        weapon=weapon, target=target, modifiers=_modifiers(mods), against_shield=against_shield,
                        in_melee=in_melee, count=count, dice=parse_dice(dice), actor=app.actor)
    from journal.service.summaries import summary

    text = summary(events[0])
    if len(events) > 1:
        text += f"\n{events[1].data['character']}: {_n(events[1].data['total'], 'wound')} in all"
    _emit(events, as_json, text)


@group.command("wound")
@click.argument("campaign")
@click.argument("name")
@click.argument("wounds", type=int, default=1)
@JSON
@click.pass_obj
def wound(app: AppContext, campaign: str, name: str, wounds: int, as_json: bool) -> None:
    """NAME takes WOUNDS (default 1) from anything but a recorded hit (the GM only)."""
    from journal.systems.vpt.commands import record_wounds

    event = record_wounds(app.journal(), campaign, name, wounds, app.actor)
    _emit([event], as_json, f"{name} takes {_n(wounds, 'wound')}: {event.data['total']} in all")


@group.command("death")
@click.argument("campaign")
@click.argument("name")
@DICE
@JSON
@click.pass_obj
def death(app: AppContext, campaign: str, name: str, dice: str | None, as_json: bool) -> None:
    """NAME's death check: 2d6 + Health bonus, dead when below his wounds."""
    from journal.systems.vpt.commands import check_death

    event = check_death(app.journal(), campaign, name, parse_dice(dice), app.actor)
    d = event.data
    _emit([event], as_json, f"{name}: death check {_dice(d['roll'])} {_signed(d['health_bonus'])} health = "
          f"{d['total']} vs {_n(d['wounds'], 'wound')} -> {'dies' if d['dead'] else 'lives'}")


@group.command("morale")
@click.argument("campaign")
@click.argument("name")
@click.option("--group-health", type=int, default=0, help="Signed group Health a kind GM applies.")
@DICE
@JSON
@click.pass_obj
def morale(app: AppContext, campaign: str, name: str, group_health: int, dice: str | None, as_json: bool) -> None:
    """NAME leaves the fight: the GM rolls 2d6 + Morale (the GM only)."""
    from journal.systems.vpt.commands import check_morale

    event = check_morale(app.journal(), campaign, name, group_health, parse_dice(dice), app.actor)
    d = event.data
    extra = f" {_signed(d['group_health'])} group" if d["group_health"] else ""
    back = " (1 wound back)" if d["wounds_recovered"] else ""
    _emit([event], as_json, f"{name}: morale {_dice(d['roll'])} {_signed(d['morale'])}{extra} = {d['total']} -> "
          f"{d['result'].replace('_', ' ')}{back}")


def _ticked(d: dict[str, Any], points: dict[str, int]) -> str:
    items = ", ".join(f"{item} {_signed(points[item])}" for item in d["items"])
    return f"{items} = {_signed(d['change'])} -> {_n(d['points'], 'point')} (session {d['session']})"


@group.command("relationship")
@click.argument("campaign")
@click.argument("name")
@click.argument("other")
@JSON
@click.pass_obj
def relationship(app: AppContext, campaign: str, name: str, other: str, as_json: bool) -> None:
    """NAME's player chooses a relationship towards OTHER: it opens at 0 (at most three; Revenge not counted)."""
    from journal.systems.vpt.commands import open_relationship

    event = open_relationship(app.journal(), campaign, name, other, app.actor)
    _emit([event], as_json, f"{name} -> {other}: relationship chosen (0 points)")


@group.command("tick")
@click.argument("campaign")
@click.argument("name")
@click.argument("other")
@click.argument("items", nargs=-1, required=True, metavar="ITEM...")
@JSON
@click.pass_obj
def tick(app: AppContext, campaign: str, name: str, other: str, items: tuple[str, ...], as_json: bool) -> None:
    """End-of-session relationship tick of NAME towards OTHER: saved, gift, date, date+, boring, none.

    The first tick opens the relationship; 'none' (no interaction, the GM) needs one open and stops at 0.
    """
    from journal.systems.vpt.commands import tick_relationship
    from journal.systems.vpt.rules import RELATIONSHIP_POINTS

    chosen = [RELATIONSHIP_ALIASES.get(item, item) for item in items]
    event = tick_relationship(app.journal(), campaign, name, other, chosen, app.actor)
    _emit([event], as_json, f"{name} -> {other}: {_ticked(event.data, RELATIONSHIP_POINTS)}")


@group.command("revenge")
@click.argument("campaign")
@click.argument("avenger")
@click.argument("target")
@JSON
@click.pass_obj
def revenge(app: AppContext, campaign: str, avenger: str, target: str, as_json: bool) -> None:
    """AVENGER now craves revenge on TARGET (one target at a time)."""
    from journal.systems.vpt.commands import choose_revenge

    event = choose_revenge(app.journal(), campaign, avenger, target, app.actor)
    _emit([event], as_json, f"{avenger} craves revenge on {target} (0 points)")


@group.command("revenge-tick")
@click.argument("campaign")
@click.argument("avenger")
@click.argument("items", nargs=-1, required=True, metavar="ITEM...")
@JSON
@click.pass_obj
def revenge_tick(app: AppContext, campaign: str, avenger: str, items: tuple[str, ...], as_json: bool) -> None:
    """End-of-session tick of AVENGER's revenge; what the target did: fought, killed, item, none."""
    from journal.systems.vpt.commands import tick_revenge
    from journal.systems.vpt.rules import REVENGE_POINTS

    chosen = [REVENGE_ALIASES.get(item, item) for item in items]
    event = tick_revenge(app.journal(), campaign, avenger, chosen, actor=app.actor)
    _emit([event], as_json, f"{avenger}'s revenge on {event.data['target']}: {_ticked(event.data, REVENGE_POINTS)}")


@group.command("forgive")
@click.argument("campaign")
@click.argument("avenger")
@JSON
@click.pass_obj
def forgive(app: AppContext, campaign: str, avenger: str, as_json: bool) -> None:
    """AVENGER renounces his current revenge; its points stay on record, frozen."""
    from journal.systems.vpt.commands import renounce_revenge

    event = renounce_revenge(app.journal(), campaign, avenger, actor=app.actor)
    d = event.data
    _emit([event], as_json, f"{avenger} renounces revenge on {d['target']} ({_n(d['points'], 'point')} kept, frozen)")


@group.command("status")
@click.argument("campaign")
@click.argument("name")
@click.argument("other")
@click.argument("status")
@click.option("--renounce", is_flag=True, help="NAME's player admits OTHER no longer interests him.")
@JSON
@click.pass_obj
def status(app: AppContext, campaign: str, name: str, other: str, status: str, renounce: bool, as_json: bool) -> None:
    """NAME gains (or, with --renounce, gives up) STATUS in his relationship towards OTHER."""
    from journal.systems.vpt.commands import gain_status, renounce_status

    command = renounce_status if renounce else gain_status
    event = command(app.journal(), campaign, name, other, status, app.actor)
    verb = "renounces" if renounce else "gains"
    _emit([event], as_json, f"{name} {verb} the Status '{status}' towards {other}")


@group.command("spend")
@click.argument("campaign")
@click.argument("name")
@click.argument("other")
@click.argument("amount", type=int)
@click.option("--revenge", "is_revenge", is_flag=True, help="Spend Revenge points (default: Relationship).")
@click.option("--for", "purpose", default="", help="What the points buy.")
@JSON
@click.pass_obj
def spend(app: AppContext, campaign: str, name: str, other: str, amount: int, is_revenge: bool, purpose: str,
          as_json: bool) -> None:
    """NAME spends AMOUNT of his points towards OTHER."""
    from journal.systems.vpt.commands import spend_points

    bond: Bond = "revenge" if is_revenge else "relationship"
    event = spend_points(app.journal(), campaign, name, other, amount, bond, purpose, app.actor)
    why = f" ({purpose})" if purpose else ""
    _emit([event], as_json, f"{name} spends {_n(amount, bond + ' point')} towards {other}{why}: "
          f"{event.data['remaining']} left")


@group.command("party")
@click.argument("campaign")
@JSON
@click.pass_obj
def party(app: AppContext, campaign: str, as_json: bool) -> None:
    """Every character of CAMPAIGN on one table: player, stats, wounds, alive, revenge."""
    state = app.journal().at(campaign)["vpt.sheet"]
    if as_json:
        emit_json(state["characters"])
        return
    table(None, ["character", "player", "hit", "health", "morale", "prep", "wounds", "alive", "revenge"],
          [(name, c["player"], c["hit_bonus"], c["health_bonus"], c["morale"], c["preparation"], c["wounds"],
            "yes" if c["alive"] else "dead",
            f"{c['revenge']['target']} {c['revenge']['points']}" if c["revenge"] else "")
           for name, c in state["characters"].items()])


COMMANDS = [group]
