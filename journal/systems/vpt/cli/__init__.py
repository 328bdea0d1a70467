"""``journal vpt ...``: the table verbs of the vpt rule system.

Thin: parse, call ``journal.systems.vpt.commands``, print one or two lines (or ``--json``).
Checklist items and hit modifiers take short aliases (``saved``, ``date+``, ``-m engaged``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.language import ChoiceWords, HelpText, SpokenChoice, WordsOption
from cli.main import AppContext
from cli.old_forms import old_positional
from cli.output import emit_json, line, table
from cli.params import CAMPAIGN, CHARACTER, NUMBER, TableGroup, character_group
from cli.sessions import parse_dice, parse_names
from cli.sheets import carry_over_verb
from journal.i18n import CLI, N_

_ = CLI.gettext
ngettext = CLI.ngettext

if TYPE_CHECKING:
    from journal.systems.vpt.rules import Bond

JSON = click.option("--json", "as_json", is_flag=True, help=N_("Print the stored event(s) as JSON."))
DICE = click.option("--dice", help=N_("Dice thrown on the table, comma-separated (default: the journal's dice)."))
BAD = click.BadParameter


def _emit(events: list[Any], as_json: bool, text: str) -> None:
    if as_json:
        rows = [{"id": e.id, "version": e.version, "type": e.type, **e.data} for e in events]
        emit_json(rows[0] if len(rows) == 1 else rows)
    else:
        line(text)


def _shown(app: AppContext, campaign: str, event: Any) -> Any:
    """The event just recorded with the totals the fold gives after it (its payload records no running total)."""
    from journal.service.figures import shown

    return shown(app.journal(), campaign, event)


def _dice(roll: dict[str, Any]) -> str:
    return f"[{', '.join(str(d) for d in roll['dice'])}]" + (_(" (journal dice)") if roll["source"] == "server" else "")


def _wounds(count: int) -> str:
    return ngettext("{count} wound", "{count} wounds", count).format(count=count)


def _points(count: int, bond: str | None = None) -> str:
    """``3 points``; with ``bond``: ``3 relationship points`` / ``3 revenge points``."""
    if bond == "relationship":
        return ngettext("{count} relationship point", "{count} relationship points", count).format(count=count)
    if bond == "revenge":
        return ngettext("{count} revenge point", "{count} revenge points", count).format(count=count)
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _signed(value: int) -> str:
    return f"{value:+d}"


@click.group("vpt", cls=TableGroup, help=N_("Record what happens at a vpt table."))
def group() -> None:
    pass


@group.command("char", help=N_("Create character NAME in CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.option("--player", help=N_("The member who plays it (default: whoever records it)."))
@click.option("--hit", "hit_bonus", type=NUMBER, default=0, help=N_("Hit bonus."))
@click.option("--health", "health_bonus", type=NUMBER, default=0, help=N_("Health bonus."))
@click.option("--morale", type=NUMBER, default=0)
@click.option("--prep", "preparation", type=NUMBER, default=0, help=N_("Preparation."))
@click.option("--speed", "dungeon_speed", type=NUMBER, default=None, help=N_("Dungeon Speed."))
@click.option("--limit", type=NUMBER, default=None, help=N_("Wounds at which a GM character leaves the fight."))
@JSON
@click.pass_obj
def char(app: AppContext, campaign: str, name: str, player: str | None, as_json: bool, **stats: Any) -> None:
    from journal.systems.vpt.commands import create_character

    event = create_character(app.journal(), campaign, name, player, actor=app.actor, **stats)
    d = event.data
    limit = _(", limit {limit}").format(limit=d["limit"]) if d["limit"] is not None else ""
    _emit([event], as_json, _("{name} ({player}): hit {hit}, health {health}, morale {morale}, preparation "
                              "{preparation}").format(name=d["name"], player=d["player"], hit=_signed(d["hit_bonus"]),
                                                      health=_signed(d["health_bonus"]), morale=_signed(d["morale"]),
                                                      preparation=d["preparation"]) + limit)


class Sides(click.ParamType):
    """An enemy side as typed (``Жулики=7:animal``, or a word of the table's text): named in usage by the kinds of
    sides in the reader's words (``SIDE=INITIATIVE[:living|animal|magical]``, ``[:животные|…]``)."""

    name = "side"
    kinds = SpokenChoice.of_system("vpt", "initiative_kinds")

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:  # click 8.1: no ctx
        return "SIDE=INITIATIVE[:{kinds}]".format(kinds="|".join(map(self.kinds.spoken, self.kinds.values())))


SIDES = Sides()


@group.command("initiative", help=N_("The players roll initiative (reckless 2d6, careful 1d6) against the enemy "
                                     "SIDES."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("mode", type=SpokenChoice.of_system("vpt", "initiative_modes"))
@click.argument("sides", nargs=-1, required=True, type=SIDES)
@click.option("--party", default="players", cls=WordsOption,
              help=HelpText(N_("The players' side (default: {players})."),
                            players=ChoiceWords("vpt", "parties", "players")))
@DICE
@JSON
@click.pass_obj
def initiative(app: AppContext, campaign: str, mode: str, sides: tuple[str, ...], party: str, dice: str | None,
               as_json: bool) -> None:
    from journal.systems.vpt.commands import roll_initiative

    # the old SIDE=INITIATIVE words one a side, or the table's text, "Жулики 7; Стража 5" (vpt.words.sides_of)
    enemies = ";".join(sides) if all("=" in spec for spec in sides) else " ".join(sides)
    event = roll_initiative(app.journal(), campaign, mode,  # type: ignore[arg-type]
                            enemies, party, parse_dice(dice), app.actor)
    d = event.data
    values = {s["name"]: s["initiative"] for s in d["enemies"]} | {d["party"]: d["total"]}
    order = ", ".join(f"{name} {values[name]}" for name in d["order"])
    _emit([event], as_json, _("{party}: {mode} {dice} = {total} -> {order}; {winner} act first").format(
        party=d["party"], mode=d["mode"], dice=_dice(d["roll"]), total=d["total"], order=order, winner=d["winner"]))


@group.command("weapon", help=N_("Set weapon NAME's row of the Hit table: --target to hit and --wi, its weapon "
                                 "initiative (the GM only)."))
@old_positional("target", "wi", metavars=("TARGET", "WI"))  # 0.1: vpt weapon CAMPAIGN NAME TARGET WI
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.option("--target", type=NUMBER, required=True, help=N_("The number to reach to hit (the Hit table's column)."))
@click.option("--wi", type=NUMBER, required=True, help=N_("WI: the weapon initiative."))
@click.option("--extra", "extra_attacks", type=NUMBER, default=0, help=N_("Additional attacks (the table's column)."))
@click.option("--fires-in-melee", is_flag=True, help=N_("* a ranged weapon usable in melee."))
@click.option("--mounted", "mounted_bonus", type=click.IntRange(0, 2), default=0, help=N_("* or ** on horseback: 1 or 2."))
@click.option("--follow-up", "follow_up_after_shield", is_flag=True, help=N_("* a new attack after breaking a shield."))
@JSON
@click.pass_obj
def weapon(app: AppContext, campaign: str, name: str, target: int, wi: int, as_json: bool, **marks: Any) -> None:
    from journal.systems.vpt.commands import set_weapon

    journal = app.journal()
    event = set_weapon(journal, campaign, name, target, wi, actor=app.actor, **marks)
    count = len(journal.at(campaign, event.version)["vpt.sheet"]["weapons"])
    _emit([event], as_json, ngettext("weapon {name}: hits on {target}+, WI {wi} ({count} weapon in the table)",
                                     "weapon {name}: hits on {target}+, WI {wi} ({count} weapons in the table)",
                                     count).format(name=name, target=target, wi=wi, count=count))


@group.command("melee", help=N_("Set who is in melee (NAME@WHOM for one who engaged WHOM) and print the attack order "
                                "(the GM only)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("fighters", nargs=-1, required=True, metavar="NAME:WEAPON[@ENGAGED]...")
@click.option("--won", default="", help=N_("Comma-separated fighters of the side that won initiative (+1 WI)."))
@click.option("--mounted", default="", help=N_("Comma-separated fighters on horseback (the weapon's */** bonus)."))
@JSON
@click.pass_obj
def melee(app: AppContext, campaign: str, fighters: tuple[str, ...], won: str, mounted: str, as_json: bool) -> None:
    from dataclasses import replace

    from journal.systems.vpt.commands import set_melee_order
    from journal.systems.vpt.words import fighters_of

    # NAME:WEAPON[@ENGAGED] one a fighter, or the table's text, "Иван меч @Орк; Орк 3" (vpt.words.fighters_of)
    text = ";".join(fighters) if all(":" in spec for spec in fighters) else " ".join(fighters)
    winners, riders = parse_names(won), parse_names(mounted)
    specs = [replace(f, won_initiative=f.won_initiative or f.character in winners,
                     mounted=f.mounted or f.character in riders) for f in fighters_of(text)]
    event = set_melee_order(app.journal(), campaign, specs, app.actor)
    wi = {c["character"]: c["effective_initiative"] for c in event.data["combatants"]}
    order = " -> ".join(" = ".join(f"{name} {wi[name]}" for name in group) for group in event.data["order"])
    _emit([event], as_json, _("melee: {order}").format(order=order))


def _modifiers(specs: tuple[str, ...]) -> dict[str, int]:
    from journal.systems.vpt.rules import HIT_MODIFIERS
    from journal.systems.vpt.words import value_of

    found: dict[str, int] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        name = value_of(name, HIT_MODIFIERS)
        allowed = HIT_MODIFIERS.get(name, frozenset({0}))
        try:
            found[name] = int(value) if sep else min(allowed, key=abs)
        except ValueError:
            raise BAD(_("'{spec}' is not NAME or NAME=VALUE").format(spec=spec), param_hint="--mod") from None
    return found


@group.command("hit", help=N_("ATTACKER rolls to hit DEFENDER; the wounds it deals are recorded with it."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("attacker", type=CHARACTER)
@click.argument("defender", type=CHARACTER, required=False)
@click.option("-w", "--weapon", help=N_("The weapon (its row of the Hit table gives the target)."))
@click.option("-t", "--target", type=NUMBER, help=N_("The number to reach, when not the weapon's."))
@click.option("--ranged", is_flag=True, help=N_("A ranged attack (default: melee)."))
@click.option("--in-melee", is_flag=True, help=N_("The ranged attacker is in melee himself."))
@click.option("-m", "--mod", "mods", multiple=True, metavar="NAME[=VALUE]", cls=WordsOption,
              help=HelpText(N_("A Hit modifier: {modifiers} (repeatable)."),
                            modifiers=ChoiceWords("vpt", "hit_modifiers",
                                                  "engaged, mounted=2, high, outnumber, won, still, cover, rider")))
@click.option("--shield", "against_shield", is_flag=True, help=N_("The defender took cover behind his shield."))
@click.option("-n", "--count", type=NUMBER, default=2, show_default=True, help=N_("d6 thrown (dice split to this target)."))
@DICE
@JSON
@click.pass_obj
def hit(app: AppContext, campaign: str, attacker: str, defender: str | None, weapon: str | None, target: int | None,
        ranged: bool, in_melee: bool, mods: tuple[str, ...], against_shield: bool, count: int, dice: str | None,
        as_json: bool) -> None:
    from journal.systems.vpt.commands import record_hit

    events = record_hit(app.journal(), campaign, attacker, defender, attack="ranged" if ranged else "melee",
                        weapon=weapon, target=target, modifiers=_modifiers(mods), against_shield=against_shield,
                        in_melee=in_melee, count=count, dice=parse_dice(dice), actor=app.actor)
    from journal.service.summaries import summary

    text = summary(events[0])
    if len(events) > 1:
        events = [events[0], _shown(app, campaign, events[1]), *events[2:]]
        text += "\n" + _("{character}: {wounds} in all").format(character=events[1].data["character"],
                                                              wounds=_wounds(events[1].data["total"]))
    _emit(events, as_json, text)


@group.command("wound", help=N_("NAME takes --wounds from anything but a recorded hit (the GM only)."))
@old_positional("wounds", metavars=("N",))  # 0.1: vpt wound CAMPAIGN NAME [N]
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.option("--wounds", type=NUMBER, default=1, show_default=True, help=N_("How many wounds."))
@JSON
@click.pass_obj
def wound(app: AppContext, campaign: str, name: str, wounds: int, as_json: bool) -> None:
    from journal.systems.vpt.commands import record_wounds

    event = _shown(app, campaign, record_wounds(app.journal(), campaign, name, wounds, app.actor))
    _emit([event], as_json, _("{name} takes {wounds}: {total} in all").format(name=name, wounds=_wounds(wounds),
                                                                             total=event.data["total"]))


@group.command("death", help=N_("NAME's death check: 2d6 + Health bonus, dead when below his wounds."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@DICE
@JSON
@click.pass_obj
def death(app: AppContext, campaign: str, name: str, dice: str | None, as_json: bool) -> None:
    from journal.systems.vpt.commands import check_death

    event = check_death(app.journal(), campaign, name, parse_dice(dice), app.actor)
    d = event.data
    _emit([event], as_json, _("{name}: death check {dice} {bonus} health = {total} vs {wounds} -> {verdict}").format(
        name=name, dice=_dice(d["roll"]), bonus=_signed(d["health_bonus"]), total=d["total"],
        wounds=_wounds(d["wounds"]), verdict=_("dies") if d["dead"] else _("lives")))


@group.command("morale", help=N_("NAME leaves the fight: the GM rolls 2d6 + Morale (the GM only)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.option("--group-health", type=NUMBER, default=0, help=N_("Signed group Health a kind GM applies."))
@DICE
@JSON
@click.pass_obj
def morale(app: AppContext, campaign: str, name: str, group_health: int, dice: str | None, as_json: bool) -> None:
    from journal.systems.vpt.commands import check_morale

    event = check_morale(app.journal(), campaign, name, group_health, parse_dice(dice), app.actor)
    d = event.data
    extra = _(" {bonus} group").format(bonus=_signed(d["group_health"])) if d["group_health"] else ""
    back = _(" (1 wound back)") if d["wounds_recovered"] else ""
    results = {"surrenders": _("surrenders"), "flees": _("flees"),
               "retreats_without_attacking": _("retreats without attacking"),
               "retreats_attacking": _("retreats attacking"), "recovers": _("recovers")}
    _emit([event], as_json, _("{name}: morale {dice} {bonus}{extra} = {total} -> {result}").format(
        name=name, dice=_dice(d["roll"]), bonus=_signed(d["morale"]), extra=extra, total=d["total"],
        result=results.get(d["result"], d["result"].replace("_", " "))) + back)


def _ticked(d: dict[str, Any], points: dict[str, int]) -> str:
    items = ", ".join(f"{item} {_signed(points[item])}" for item in d["items"])
    return _("{items} = {change} -> {points} (session {session})").format(
        items=items, change=_signed(d["change"]), points=_points(d["points"]), session=d["session"])


@group.command("relationship", help=N_("NAME's player chooses a relationship towards OTHER: it opens at 0 (at most "
                                       "three; Revenge not counted)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.argument("other", type=CHARACTER)
@JSON
@click.pass_obj
def relationship(app: AppContext, campaign: str, name: str, other: str, as_json: bool) -> None:
    from journal.systems.vpt.commands import open_relationship

    event = open_relationship(app.journal(), campaign, name, other, app.actor)
    _emit([event], as_json, _("{name} -> {other}: relationship chosen (0 points)").format(name=name, other=other))


@group.command("tick", help=HelpText(N_("End-of-session relationship tick of NAME towards OTHER: {items}.\n\nThe "
                                          "first tick opens the relationship; {none} (no interaction, the GM) needs "
                                          "one open and stops at 0."),
                                       items=ChoiceWords("vpt", "tick:items", "saved, gift, date, date+, boring, none"),
                                       none=ChoiceWords("vpt", "tick:items", "'none'", only=("no_interaction",))))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.argument("other", type=CHARACTER)
@click.argument("items", nargs=-1, required=True, metavar="ITEM...")
@JSON
@click.pass_obj
def tick(app: AppContext, campaign: str, name: str, other: str, items: tuple[str, ...], as_json: bool) -> None:
    from journal.systems.vpt.commands import tick_relationship
    from journal.systems.vpt.rules import RELATIONSHIP_POINTS

    chosen = list(items)  # the table's words: the service reads them (journal.systems.vpt.words)
    event = _shown(app, campaign, tick_relationship(app.journal(), campaign, name, other, chosen, app.actor))
    _emit([event], as_json, f"{name} -> {other}: {_ticked(event.data, RELATIONSHIP_POINTS)}")


@group.command("revenge", help=N_("AVENGER now craves revenge on TARGET (one target at a time)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("avenger", type=CHARACTER)
@click.argument("target", type=CHARACTER)
@JSON
@click.pass_obj
def revenge(app: AppContext, campaign: str, avenger: str, target: str, as_json: bool) -> None:
    from journal.systems.vpt.commands import choose_revenge

    event = choose_revenge(app.journal(), campaign, avenger, target, app.actor)
    _emit([event], as_json, _("{avenger} craves revenge on {target} (0 points)").format(avenger=avenger, target=target))


@group.command("revenge-tick", help=HelpText(N_("End-of-session tick of AVENGER's revenge; what the target did: "
                                                  "{items}."),
                                               items=ChoiceWords("vpt", "revenge-tick:items",
                                                                 "fought, killed, item, none")))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("avenger", type=CHARACTER)
@click.argument("items", nargs=-1, required=True, metavar="ITEM...")
@JSON
@click.pass_obj
def revenge_tick(app: AppContext, campaign: str, avenger: str, items: tuple[str, ...], as_json: bool) -> None:
    from journal.systems.vpt.commands import tick_revenge
    from journal.systems.vpt.rules import REVENGE_POINTS

    chosen = list(items)  # the table's words: the service reads them (journal.systems.vpt.words)
    event = _shown(app, campaign, tick_revenge(app.journal(), campaign, avenger, chosen, actor=app.actor))
    _emit([event], as_json, _("{avenger}'s revenge on {target}: {ticked}").format(
        avenger=avenger, target=event.data["target"], ticked=_ticked(event.data, REVENGE_POINTS)))


@group.command("forgive", help=N_("AVENGER renounces his current revenge; its points stay on record, frozen."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("avenger", type=CHARACTER)
@JSON
@click.pass_obj
def forgive(app: AppContext, campaign: str, avenger: str, as_json: bool) -> None:
    from journal.systems.vpt.commands import renounce_revenge

    event = _shown(app, campaign, renounce_revenge(app.journal(), campaign, avenger, actor=app.actor))
    d = event.data
    _emit([event], as_json, _("{avenger} renounces revenge on {target} ({points} kept, frozen)").format(
        avenger=avenger, target=d["target"], points=_points(d["points"])))


@group.command("status", help=N_("NAME gains (or, with --renounce, gives up) STATUS in his relationship towards "
                                 "OTHER."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.argument("other", type=CHARACTER)
@click.argument("status")
@click.option("--renounce", is_flag=True, help=N_("NAME's player admits OTHER no longer interests him."))
@JSON
@click.pass_obj
def status(app: AppContext, campaign: str, name: str, other: str, status: str, renounce: bool, as_json: bool) -> None:
    from journal.systems.vpt.commands import gain_status, renounce_status

    command = renounce_status if renounce else gain_status
    event = command(app.journal(), campaign, name, other, status, app.actor)
    text = (_("{name} renounces the Status '{status}' towards {other}") if renounce
            else _("{name} gains the Status '{status}' towards {other}"))
    _emit([event], as_json, text.format(name=name, status=status, other=other))


@group.command("spend", help=N_("NAME spends --points of his Relationship (Отношения) or Revenge (Месть) points "
                                "towards OTHER."))
@old_positional("amount", metavars=("AMOUNT",))  # 0.1: vpt spend CAMPAIGN NAME OTHER AMOUNT
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name", type=CHARACTER)
@click.argument("other", type=CHARACTER)
@click.option("--points", "amount", type=NUMBER, required=True, help=N_("How many points."))
@click.option("--revenge", "is_revenge", is_flag=True, help=N_("Spend Revenge points (default: Relationship)."))
@click.option("--for", "purpose", default="", help=N_("What the points buy."))
@JSON
@click.pass_obj
def spend(app: AppContext, campaign: str, name: str, other: str, amount: int, is_revenge: bool, purpose: str,
          as_json: bool) -> None:
    from journal.systems.vpt.commands import spend_points

    bond: Bond = "revenge" if is_revenge else "relationship"
    event = _shown(app, campaign, spend_points(app.journal(), campaign, name, other, amount, bond, purpose, app.actor))
    why = f" ({purpose})" if purpose else ""
    _emit([event], as_json, _("{name} spends {points} towards {other}{why}: {remaining} left").format(
        name=name, points=_points(amount, bond), other=other, why=why, remaining=event.data["remaining"]))


@group.command("party", help=N_("Every character of CAMPAIGN on one table: player, stats, wounds, alive, revenge."))
@click.argument("campaign", type=CAMPAIGN)
@JSON
@click.pass_obj
def party(app: AppContext, campaign: str, as_json: bool) -> None:
    state = app.journal().at(campaign)["vpt.sheet"]
    if as_json:
        emit_json(state["characters"])
        return
    table(None, [_("character"), _("player"), _("hit"), _("health"), _("morale"), _("prep"), _("wounds"), _("alive"),
                 _("revenge")],
          [(name, c["player"], c["hit_bonus"], c["health_bonus"], c["morale"], c["preparation"], c["wounds"],
            _("yes") if c["alive"] else _("dead"),
            f"{c['revenge']['target']} {c['revenge']['points']}" if c["revenge"] else "")
           for name, c in state["characters"].items()])


character_group(group, char, N_("персонаж: its hit, health and morale bonuses"))
COMMANDS = [group]



carry_over_verb(group, N_("Bring a character of a running campaign in as he stands today, from the JSON "
                          "sheet FILE (the Master; once per character, before his first tick).\n\n"
                          "FILE holds character, source, relationships (other, points, statuses), "
                          "revenge (target, points) and past_revenges; see docs/table/vpt.md."),
                "journal.systems.vpt.commands:carry_over",
                lambda d: _("{name} carried over ({source}): {count} relationships, revenge: {revenge}").format(
                    name=d["character"], source=d["source"], count=len(d["relationships"]),
                    revenge=d["revenge"]["target"] if d["revenge"] else "-"))
