"""``journal dichotomy ...``: the table verbs of the dichotomy rule system.

CAMPAIGN comes first, then the character.  Attributes, abilities, motives and wealth may be typed in
English or Russian (attributes also by a unique prefix: ``f``, ``tech``, ``изящ``).  ``--dice 6,1``
records the table's dice; without it the journal throws them (an open session is needed).
"""

from __future__ import annotations

from typing import Any

import click

from cli.main import AppContext
from cli.output import emit_json, line
from cli.sessions import parse_dice, parse_names


@click.group("dichotomy")
def group() -> None:
    """Record what happens at a dichotomy table."""


def _ints(text: str | None, option: str) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(part) for part in text.replace("/", ",").replace(" ", "").split(",") if part]
    except ValueError:
        raise click.BadParameter(f"'{text}' is not a comma-separated list of whole numbers", param_hint=option) from None


def _done(event: Any, as_json: bool, text: str) -> None:
    if as_json:
        emit_json({"id": event.id, "version": event.version, **event.data})
    else:
        line(text)


def _track(data: dict[str, Any]) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**data))


JSON = click.option("--json", "as_json", is_flag=True, help="Print the stored event as JSON.")


@group.command("new")
@click.argument("campaign")
@click.argument("name")
@click.argument("attributes", metavar="F,P,M,S,N,T")
@click.option("--abilities", required=True, help="Three starting abilities, one per pair, comma-separated.")
@click.option("--motives", required=True, help="Two motives, comma-separated.")
@click.option("--wealth", required=True, help="destitute | comfortable | affluent (нищий | комфортный | богатый).")
@click.option("--player", default=None, help="The member who plays it (default: who records).")
@JSON
@click.pass_obj
def new(app: AppContext, campaign: str, name: str, attributes: str, abilities: str, motives: str, wealth: str,
        player: str | None, as_json: bool) -> None:
    """Create character NAME: Finesse,Power,Martial,Spiritual,Natural,Technical (each pair sums to 11)."""
    from journal.systems.dichotomy.commands import create_character
    from journal.systems.dichotomy.rules import ATTRIBUTES

    values = _ints(attributes, "F,P,M,S,N,T") or []
    if len(values) != len(ATTRIBUTES):
        raise click.BadParameter(f"'{attributes}' must give six attributes, e.g. 7,4,5,6,3,8",
                                 param_hint="F,P,M,S,N,T")
    event = create_character(app.journal(), campaign, name, dict(zip(ATTRIBUTES, values)), parse_names(abilities),
                             parse_names(motives), wealth, player, app.actor)
    d = event.data
    a = d["attributes"]
    _done(event, as_json,
          f"{d['name']} ({d['player']}): finesse {a['finesse']} / power {a['power']}, martial {a['martial']} / "
          f"spiritual {a['spiritual']}, natural {a['natural']} / technical {a['technical']}; carries {d['carrying_capacity']}\n"
          f"abilities: {', '.join(x['name'] for x in d['abilities'])}; motives: {', '.join(d['motives'])}; {d['wealth']}")


@group.command("check")
@click.argument("campaign")
@click.argument("character")
@click.argument("first", metavar="ATTR1")
@click.argument("second", metavar="ATTR2")
@click.option("--tn", default=None, help="TN of both dice, or one per die: 10,15 (default 10).")
@click.option("--mod", default=None, help="Modifier of both dice, or one per die: -4,0.")
@click.option("--vs", "defender", default=None, help="The defending player character (TN = 5 + its attribute).")
@click.option("--against", default=None, help="With --vs: the defender's attribute for each die, e.g. finesse,natural.")
@click.option("--action", default="", help="What the check is for.")
@click.option("--dice", help="The table's two d10, e.g. 6,1 (default: the journal's dice).")
@JSON
@click.pass_obj
def check(app: AppContext, campaign: str, character: str, first: str, second: str, tn: str | None, mod: str | None,
          defender: str | None, against: str | None, action: str, dice: str | None, as_json: bool) -> None:
    """Roll a 2d10 check of CHARACTER: ATTR1 on the first die, ATTR2 on the second."""
    from journal.systems.dichotomy.commands import record_check

    tns = _ints(tn, "--tn")
    mods = _ints(mod, "--mod")
    event = record_check(app.journal(), campaign, character, [first, second],
                         None if tns is None else (tns[0] if len(tns) == 1 else tns),
                         0 if mods is None else (mods[0] if len(mods) == 1 else mods),
                         defender, None if against is None else parse_names(against), action, parse_dice(dice),
                         app.actor)
    d = event.data
    parts = []
    for die, value in zip(d["dice"], d["roll"]["dice"]):
        modifier = f"{die['modifier']:+d}" if die["modifier"] else ""
        parts.append(f"{die['attribute']} {die['attribute_value']}+{value}{modifier} = {die['total']} "
                     f"vs TN {die['tn']} {'hit' if die['success'] else 'miss'}")
    versus = f" vs {d['defender']}" if d["defender"] else ""
    source = " (journal dice)" if d["roll"]["source"] == "server" else ""
    _done(event, as_json,
          f"{d['character']}{versus}: {d['roll']['dice']}{source}: {'; '.join(parts)} -> {d['outcome']}")


@group.command("ability")
@click.argument("campaign")
@click.argument("character")
@click.argument("ability")
@JSON
@click.pass_obj
def ability(app: AppContext, campaign: str, character: str, ability: str, as_json: bool) -> None:
    """CHARACTER learns the special ABILITY."""
    from journal.systems.dichotomy.commands import gain_ability

    event = gain_ability(app.journal(), campaign, character, ability, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']} learns {d['ability']['name']} ({d['ability']['attribute']}): "
                          f"{d['abilities']} abilities, Monster Slayer +{d['monster_slayer_bonus']}")


@group.group("adventure")
def adventure() -> None:
    """Start and end adventures (the GM)."""


@adventure.command("start")
@click.argument("campaign")
@click.argument("title", required=False, default="")
@JSON
@click.pass_obj
def adventure_start(app: AppContext, campaign: str, title: str, as_json: bool) -> None:
    """Start the next adventure of CAMPAIGN."""
    from journal.systems.dichotomy.commands import start_adventure

    event = start_adventure(app.journal(), campaign, title, app.actor)
    _done(event, as_json, f"adventure {event.data['number']} started" + (f": {title}" if title else ""))


@adventure.command("end")
@click.argument("campaign")
@JSON
@click.pass_obj
def adventure_end(app: AppContext, campaign: str, as_json: bool) -> None:
    """End the adventure in progress."""
    from journal.systems.dichotomy.commands import end_adventure

    event = end_adventure(app.journal(), campaign, app.actor)
    _done(event, as_json, f"adventure {event.data['number']} ended")


@group.command("motive")
@click.argument("campaign")
@click.argument("character")
@click.argument("motive")
@click.argument("outcome", metavar="fulfilled|betrayed")
@JSON
@click.pass_obj
def motive(app: AppContext, campaign: str, character: str, motive: str, outcome: str, as_json: bool) -> None:
    """Score MOTIVE of CHARACTER in this adventure: fulfilled +2 XP, betrayed +3 XP (the GM)."""
    from journal.systems.dichotomy.commands import record_motive

    event = record_motive(app.journal(), campaign, character, motive, outcome, app.actor)
    d = event.data
    locked = f"; slot empty until adventure {d['adventure'] + 1} ends" if d["outcome"] == "betrayed" else ""
    _done(event, as_json,
          f"{d['character']}: {d['motive']} {d['outcome']} in adventure {d['adventure']}: +{d['amount']} XP{locked}")


@group.command("new-motive")
@click.argument("campaign")
@click.argument("character")
@click.argument("motive")
@JSON
@click.pass_obj
def new_motive(app: AppContext, campaign: str, character: str, motive: str, as_json: bool) -> None:
    """Fill CHARACTER's empty motive slot with MOTIVE."""
    from journal.systems.dichotomy.commands import choose_motive

    event = choose_motive(app.journal(), campaign, character, motive, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']} takes the motive {d['motive']} (from adventure {d['since']})")


@group.command("swap")
@click.argument("campaign")
@click.argument("character")
@click.argument("old")
@click.argument("new_motive_name", metavar="NEW")
@JSON
@click.pass_obj
def swap(app: AppContext, campaign: str, character: str, old: str, new_motive_name: str, as_json: bool) -> None:
    """Between adventures, exchange CHARACTER's untouched motive OLD for NEW."""
    from journal.systems.dichotomy.commands import swap_motive

    event = swap_motive(app.journal(), campaign, character, old, new_motive_name, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']}: {d['old']} -> {d['new']} (from adventure {d['since']})")


@group.command("renown")
@click.argument("campaign")
@click.argument("character")
@click.argument("amount", type=int)
@click.argument("reason", required=False, default="")
@JSON
@click.pass_obj
def renown(app: AppContext, campaign: str, character: str, amount: int, reason: str, as_json: bool) -> None:
    """Award CHARACTER AMOUNT XP for fame, respect and authority (the GM)."""
    from journal.systems.dichotomy.commands import record_renown

    event = record_renown(app.journal(), campaign, character, amount, reason, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']}: +{d['amount']} XP renown" + (f" ({reason})" if reason else ""))


@group.command("damage")
@click.argument("campaign")
@click.argument("character")
@click.argument("damage", type=int)
@click.option("--round", "round_", type=int, default=None, help="The round's number.")
@click.option("--end", type=click.Choice(["death", "career_ended"]), default=None,
              help="When the third Hit after both state circles falls: death or career_ended.")
@JSON
@click.pass_obj
def damage(app: AppContext, campaign: str, character: str, damage: int, round_: int | None, end: str | None,
           as_json: bool) -> None:
    """Apply a round's DAMAGE to CHARACTER at the end of the round (the GM)."""
    from journal.systems.dichotomy.commands import apply_damage

    event = apply_damage(app.journal(), campaign, character, damage, round_, end, app.actor)
    d = event.data
    when = f", round {d['round']}" if d["round"] else ""
    hits = f"{d['hits_lost']} Hit{'s' if d['hits_lost'] > 1 else ''} lost"
    after = f" -> {_track(d['track'])}"
    if d["end"]:
        after += f" -> {d['end'].replace('_', ' ')}"
    elif d["may_dive"]:
        after += " (may take a dive)"
    _done(event, as_json, f"{d['character']}{when}: {d['damage']} damage, {hits}, {d['discarded']} discarded{after}")


@group.command("dive")
@click.argument("campaign")
@click.argument("character")
@JSON
@click.pass_obj
def dive(app: AppContext, campaign: str, character: str, as_json: bool) -> None:
    """CHARACTER takes a dive: plays dead until the fight ends."""
    from journal.systems.dichotomy.commands import take_dive

    event = take_dive(app.journal(), campaign, character, app.actor)
    _done(event, as_json, f"{character} takes a dive (no action until the fight ends)")


@group.command("fight-end")
@click.argument("campaign")
@click.argument("note", required=False, default="")
@JSON
@click.pass_obj
def fight_end(app: AppContext, campaign: str, note: str, as_json: bool) -> None:
    """The fight is over (the GM): dives end."""
    from journal.systems.dichotomy.commands import end_fight

    event = end_fight(app.journal(), campaign, note, app.actor)
    _done(event, as_json, "the fight is over" + (f": {note}" if note else ""))


@group.command("recover")
@click.argument("campaign")
@click.argument("character")
@click.option("--rest", is_flag=True, help="Rest after the fight: every Shaken Hit (default: the Recover action, 1 Hit).")
@JSON
@click.pass_obj
def recover(app: AppContext, campaign: str, character: str, rest: bool, as_json: bool) -> None:
    """CHARACTER recovers Shaken Hits."""
    from journal.systems.dichotomy.commands import recover_hits

    event = recover_hits(app.journal(), campaign, character, "rest" if rest else "recover_action", app.actor)
    d = event.data
    how = "rest" if rest else "Recover"
    _done(event, as_json, f"{character} recovers {d['hits']} Hit{'s' if d['hits'] > 1 else ''} ({how}) -> {_track(d['track'])}")


@group.command("heal")
@click.argument("campaign")
@click.argument("character")
@click.argument("injury", type=click.Choice(["injury", "serious"]))
@JSON
@click.pass_obj
def heal(app: AppContext, campaign: str, character: str, injury: str, as_json: bool) -> None:
    """CHARACTER's injury (a full rest) or serious injury (a week) is healed (the GM)."""
    from journal.systems.dichotomy.commands import heal_injury

    event = heal_injury(app.journal(), campaign, character, injury, app.actor)
    _done(event, as_json, f"{character}: {injury} healed -> {_track(event.data['track'])}")


@group.command("wealth")
@click.argument("campaign")
@click.argument("character")
@click.argument("level")
@JSON
@click.pass_obj
def wealth(app: AppContext, campaign: str, character: str, level: str, as_json: bool) -> None:
    """Between adventures, CHARACTER's wealth becomes LEVEL (destitute | comfortable | affluent)."""
    from journal.systems.dichotomy.commands import change_wealth

    event = change_wealth(app.journal(), campaign, character, level, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']}: {d['previous']} -> {d['level']}")


@group.command("spend")
@click.argument("campaign")
@click.argument("character")
@click.argument("connection")
@click.option("--cost", type=int, default=None, help="The agreed cost of a tie not in the table.")
@click.option("--reason", default="", help="What the tie is.")
@JSON
@click.pass_obj
def spend(app: AppContext, campaign: str, character: str, connection: str, cost: int | None, reason: str,
          as_json: bool) -> None:
    """CHARACTER spends XP on CONNECTION (Cottage, Assistant, Notability: 5 XP; others --cost)."""
    from journal.systems.dichotomy.commands import spend_xp

    event = spend_xp(app.journal(), campaign, character, connection, cost, reason, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']} spends {d['amount']} XP on {d['connection']}")


@group.command("pack")
@click.argument("campaign")
@click.argument("character")
@click.argument("items", nargs=-1)
@JSON
@click.pass_obj
def pack(app: AppContext, campaign: str, character: str, items: tuple[str, ...], as_json: bool) -> None:
    """CHARACTER now carries ITEMS (adventuring equipment; clothing, weapons and armour do not count)."""
    from journal.systems.dichotomy.commands import pack_equipment

    event = pack_equipment(app.journal(), campaign, character, list(items), app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']} carries {len(d['items'])}/{d['capacity']}: {', '.join(d['items']) or 'nothing'}")


@group.command("sheet")
@click.argument("campaign")
@click.argument("character")
@click.option("--as-of", "as_of", default=None, metavar="POINT",
              help="N | EVENT_ID | before:EVENT_ID | ISO time | session:K | session:K:start (default: now).")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
@click.pass_obj
def sheet(app: AppContext, campaign: str, character: str, as_of: str | None, as_json: bool) -> None:
    """Show CHARACTER's sheet now, or as of a point: the state ``journal sheet`` shows (voids honoured)."""
    from journal.errors import NotFound, RuleViolation

    folded = app.journal().at(campaign, as_of)
    if folded.system != "dichotomy":
        raise RuleViolation("campaign: one rule system", f"'{campaign}' plays {folded.system}, not dichotomy")
    found = folded["dichotomy.sheet"]["characters"].get(character)
    if found is None:
        raise NotFound(f"no character named '{character}' in campaign '{campaign}'"
                       + ("" if as_of is None else f" at version {folded.version}"))
    if as_json:
        emit_json(found)
        return
    a, xp = found["attributes"], found["xp"]
    motives = ", ".join(slot["motive"] or "(empty)" for slot in found["motives"])
    line(f"{character} ({found['player']}, {found['status']}): F{a['finesse']}/P{a['power']} "
         f"M{a['martial']}/S{a['spiritual']} N{a['natural']}/T{a['technical']}  {found['health']['drawing']}  "
         f"XP {xp['balance']} ({xp['earned']} earned, {xp['spent']} spent)  {found['wealth']}")
    line(f"abilities: {', '.join(x['name'] for x in found['abilities'])} (Monster Slayer +{found['monster_slayer_bonus']}); "
         f"motives: {motives}; carries {len(found['equipment'])}/{found['carrying_capacity']}")


COMMANDS = [group]
