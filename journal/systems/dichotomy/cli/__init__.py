"""``journal dichotomy ...``: the table verbs of the dichotomy rule system.

CAMPAIGN comes first, then the character.  Attributes, abilities, motives and wealth may be typed in
English or Russian (attributes also by a unique prefix: ``f``, ``tech``, ``изящ``).  ``--dice 6,1``
records the table's dice; without it the journal throws them (an open session is needed).
"""

from __future__ import annotations

from typing import Any

import click

from cli.language import ChoiceWords, HelpText, SpokenChoice, WordsOption
from cli.main import AppContext
from cli.old_forms import old_positional
from cli.output import emit_json, line
from cli.params import CAMPAIGN, CHARACTER, NUMBER, TableGroup, character_group
from cli.queries import as_of_option
from cli.sessions import parse_dice, parse_names
from cli.sheets import carry_over_verb, xp_said
from journal.i18n import CLI, N_

_ = CLI.gettext
ngettext = CLI.ngettext


@click.group("dichotomy", cls=TableGroup, help=N_("Record what happens at a dichotomy table."))
def group() -> None:
    pass


def _ints(text: str | None, option: str) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(part) for part in text.replace("/", ",").replace(" ", "").split(",") if part]
    except ValueError:
        raise click.BadParameter(_("'{text}' is not a comma-separated list of whole numbers").format(text=text),
                                 param_hint=option) from None


def _done(event: Any, as_json: bool, text: str) -> None:
    if as_json:
        emit_json({"id": event.id, "version": event.version, **event.data})
    else:
        line(text)


def _track(data: dict[str, Any]) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**data))


JSON = click.option("--json", "as_json", is_flag=True, help=N_("Print the stored event as JSON."))


@group.command("new", help=N_("Create character NAME: Finesse,Power,Martial,Spiritual,Natural,Technical (each pair "
                              "sums to 11)."))
@old_positional("attributes", metavars=("F,P,M,S,N,T",))  # 0.1: dichotomy new CAMPAIGN NAME F,P,M,S,N,T
@click.argument("campaign", type=CAMPAIGN)
@click.argument("name")
@click.option("--attributes", required=True, metavar="F,P,M,S,N,T", cls=WordsOption,
              help=HelpText(N_("The six attributes in this order: {attributes} (each pair sums to 11)."),
                            attributes=ChoiceWords("dichotomy", "attributes",
                                                   "finesse, power, martial, spiritual, natural, technical")))
@click.option("--abilities", required=True, help=N_("Three starting abilities, one per pair, comma-separated."))
@click.option("--motives", required=True, help=N_("Two motives, comma-separated."))
@click.option("--wealth", required=True, cls=WordsOption,
              help=HelpText(N_("The wealth level: {levels}."),
                            levels=ChoiceWords("dichotomy", "wealth_levels", "destitute | comfortable | affluent")))
@click.option("--player", default=None, help=N_("The member who plays it (default: who records)."))
@JSON
@click.pass_obj
def new(app: AppContext, campaign: str, name: str, attributes: str, abilities: str, motives: str, wealth: str,
        player: str | None, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import create_character
    from journal.systems.dichotomy.rules import ATTRIBUTES

    values = _ints(attributes, "--attributes") or []
    if len(values) != len(ATTRIBUTES):
        raise click.BadParameter(_("'{attributes}' must give six attributes, e.g. 7,4,5,6,3,8").format(
            attributes=attributes), param_hint="--attributes")
    event = create_character(app.journal(), campaign, name, dict(zip(ATTRIBUTES, values)), parse_names(abilities),
                             parse_names(motives), wealth, player, app.actor)
    d = event.data
    a = d["attributes"]
    _done(event, as_json,
          _("{name} ({player}): finesse {finesse} / power {power}, martial {martial} / spiritual {spiritual}, "
            "natural {natural} / technical {technical}; carries {capacity}").format(
              name=d["name"], player=d["player"], capacity=d["carrying_capacity"], **a) + "\n"
          + _("abilities: {abilities}; motives: {motives}; {wealth}").format(
              abilities=", ".join(x["name"] for x in d["abilities"]), motives=", ".join(d["motives"]),
              wealth=d["wealth"]))


@group.command("check", help=N_("Roll a 2d10 check of CHARACTER: ATTR1 on the first die, ATTR2 on the second."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("first", metavar="ATTR1")
@click.argument("second", metavar="ATTR2")
@click.option("--tn", default=None, help=N_("TN of both dice, or one per die: 10,15 (default 10)."))
@click.option("--mod", default=None, help=N_("Modifier of both dice, or one per die: -4,0."))
@click.option("--vs", "defender", default=None, help=N_("The defending player character (TN = 5 + its attribute)."))
@click.option("--against", default=None, help=N_("With --vs: the defender's attribute for each die, e.g. finesse,natural."))
@click.option("--action", default="", help=N_("What the check is for."))
@click.option("--dice", help=N_("The table's two d10, e.g. 6,1 (default: the journal's dice)."))
@JSON
@click.pass_obj
def check(app: AppContext, campaign: str, character: str, first: str, second: str, tn: str | None, mod: str | None,
          defender: str | None, against: str | None, action: str, dice: str | None, as_json: bool) -> None:
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
        parts.append(_("{attribute} {value}+{die}{modifier} = {total} vs TN {tn} {verdict}").format(
            attribute=die["attribute"], value=die["attribute_value"], die=value, modifier=modifier, total=die["total"],
            tn=die["tn"], verdict=_("hit") if die["success"] else _("miss")))
    versus = _(" vs {defender}").format(defender=d["defender"]) if d["defender"] else ""
    source = _(" (journal dice)") if d["roll"]["source"] == "server" else ""
    _done(event, as_json,
          f"{d['character']}{versus}: {d['roll']['dice']}{source}: {'; '.join(parts)} -> {d['outcome']}")


@group.command("ability", help=N_("CHARACTER learns the special ABILITY."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("ability")
@JSON
@click.pass_obj
def ability(app: AppContext, campaign: str, character: str, ability: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import gain_ability

    event = gain_ability(app.journal(), campaign, character, ability, app.actor)
    d = event.data
    _done(event, as_json, ngettext("{character} learns {ability} ({attribute}): {count} abilities, Monster Slayer "
                                   "+{bonus}", "{character} learns {ability} ({attribute}): {count} abilities, "
                                   "Monster Slayer +{bonus}", d["abilities"]).format(
        character=d["character"], ability=d["ability"]["name"], attribute=d["ability"]["attribute"],
        count=d["abilities"], bonus=d["monster_slayer_bonus"]))


@group.group("adventure", help=N_("Start and end adventures (the GM)."))
def adventure() -> None:
    pass


@adventure.command("start", help=N_("Start the next adventure of CAMPAIGN."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("title", required=False, default="")
@JSON
@click.pass_obj
def adventure_start(app: AppContext, campaign: str, title: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import start_adventure

    event = start_adventure(app.journal(), campaign, title, app.actor)
    _done(event, as_json, _("adventure {number} started: {title}").format(number=event.data["number"], title=title)
          if title else _("adventure {number} started").format(number=event.data["number"]))


@adventure.command("end", help=N_("End the adventure in progress."))
@click.argument("campaign", type=CAMPAIGN)
@JSON
@click.pass_obj
def adventure_end(app: AppContext, campaign: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import end_adventure

    event = end_adventure(app.journal(), campaign, app.actor)
    _done(event, as_json, _("adventure {number} ended").format(number=event.data["number"]))


@group.command("motive", help=N_("Score MOTIVE of CHARACTER in this adventure: fulfilled +2 XP, betrayed +3 XP (the "
                                 "GM)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("motive")
@click.argument("outcome", metavar="fulfilled|betrayed")
@JSON
@click.pass_obj
def motive(app: AppContext, campaign: str, character: str, motive: str, outcome: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import record_motive

    event = record_motive(app.journal(), campaign, character, motive, outcome, app.actor)
    d = event.data
    locked = (_("; slot empty until adventure {number} ends").format(number=d["adventure"] + 1)
              if d["outcome"] == "betrayed" else "")
    outcome = {"fulfilled": _("fulfilled"), "betrayed": _("betrayed")}.get(d["outcome"], d["outcome"])
    _done(event, as_json, _("{character}: {motive} {outcome} in adventure {adventure}: +{amount} XP").format(
        character=d["character"], motive=d["motive"], outcome=outcome, adventure=d["adventure"],
        amount=d["amount"]) + locked)


@group.command("new-motive", help=N_("Fill CHARACTER's empty motive slot with MOTIVE."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("motive")
@JSON
@click.pass_obj
def new_motive(app: AppContext, campaign: str, character: str, motive: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import choose_motive

    event = choose_motive(app.journal(), campaign, character, motive, app.actor)
    d = event.data
    _done(event, as_json, _("{character} takes the motive {motive} (from adventure {since})").format(
        character=d["character"], motive=d["motive"], since=d["since"]))


@group.command("swap", help=N_("Between adventures, exchange CHARACTER's untouched motive OLD for NEW."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("old")
@click.argument("new_motive_name", metavar="NEW")
@JSON
@click.pass_obj
def swap(app: AppContext, campaign: str, character: str, old: str, new_motive_name: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import swap_motive

    event = swap_motive(app.journal(), campaign, character, old, new_motive_name, app.actor)
    d = event.data
    _done(event, as_json, _("{character}: {old} -> {new} (from adventure {since})").format(
        character=d["character"], old=d["old"], new=d["new"], since=d["since"]))


@group.command("renown", help=N_("Award CHARACTER --xp XP for fame, respect and authority (the GM)."))
@old_positional("amount", metavars=("REASON",), before="reason")  # 0.1: renown C CHARACTER AMOUNT REASON
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("reason", required=False, default="")
@click.option("--xp", "amount", type=NUMBER, required=True, help=N_("The XP awarded."))
@JSON
@click.pass_obj
def renown(app: AppContext, campaign: str, character: str, reason: str, amount: int, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import record_renown

    event = record_renown(app.journal(), campaign, character, amount, reason, app.actor)
    d = event.data
    _done(event, as_json, _("{character}: +{amount} XP renown").format(character=d["character"], amount=d["amount"])
          + (f" ({reason})" if reason else ""))


@group.command("damage", help=N_("Apply a round's --damage to CHARACTER at the end of the round (the GM)."))
@old_positional("damage", metavars=("DAMAGE",))  # 0.1: dichotomy damage CAMPAIGN CHARACTER DAMAGE
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.option("--damage", type=NUMBER, required=True, help=N_("The round's damage."))
@click.option("--round", "round_", type=NUMBER, default=None, help=N_("The round's number."))
@click.option("--end", type=SpokenChoice.of_system("dichotomy", "endings"), default=None, cls=WordsOption,
              help=HelpText(N_("When the third Hit after both state circles falls: {ends}."),
                            ends=ChoiceWords("dichotomy", "endings", "death or career_ended")))
@JSON
@click.pass_obj
def damage(app: AppContext, campaign: str, character: str, damage: int, round_: int | None, end: str | None,
           as_json: bool) -> None:
    from journal.service.figures import shown
    from journal.systems.dichotomy.commands import apply_damage

    journal = app.journal()
    event = shown(journal, campaign, apply_damage(journal, campaign, character, damage, round_, end, app.actor))
    d = event.data
    when = _(", round {number}").format(number=d["round"]) if d["round"] else ""
    hits = ngettext("{count} Hit lost", "{count} Hits lost", d["hits_lost"]).format(count=d["hits_lost"])
    after = f" -> {_track(d['track'])}"
    if d["end"]:
        after += " -> " + {"death": _("death"), "career_ended": _("career ended")}.get(d["end"],
                                                                                     d["end"].replace("_", " "))
    elif d["may_dive"]:
        after += _(" (may take a dive)")
    _done(event, as_json, _("{character}{when}: {damage} damage, {hits}, {discarded} discarded").format(
        character=d["character"], when=when, damage=d["damage"], hits=hits, discarded=d["discarded"]) + after)


@group.command("dive", help=N_("CHARACTER takes a dive: plays dead until the fight ends."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@JSON
@click.pass_obj
def dive(app: AppContext, campaign: str, character: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import take_dive

    event = take_dive(app.journal(), campaign, character, app.actor)
    _done(event, as_json, _("{character} takes a dive (no action until the fight ends)").format(character=character))


@group.command("fight-end", help=N_("The fight is over (the GM): dives end."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("note", required=False, default="")
@JSON
@click.pass_obj
def fight_end(app: AppContext, campaign: str, note: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import end_fight

    event = end_fight(app.journal(), campaign, note, app.actor)
    _done(event, as_json, _("the fight is over: {note}").format(note=note) if note else _("the fight is over"))


@group.command("recover", help=N_("CHARACTER recovers Shaken Hits."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.option("--rest", is_flag=True, help=N_("Rest after the fight: every Shaken Hit (default: the Recover action, 1 Hit)."))
@JSON
@click.pass_obj
def recover(app: AppContext, campaign: str, character: str, rest: bool, as_json: bool) -> None:
    from journal.service.figures import shown
    from journal.systems.dichotomy.commands import recover_hits

    journal = app.journal()
    event = shown(journal, campaign, recover_hits(journal, campaign, character, "rest" if rest else "recover_action",
                                                  app.actor))
    d = event.data
    how = _("rest") if rest else _("Recover")
    _done(event, as_json, ngettext("{character} recovers {count} Hit ({how}) -> {track}",
                                   "{character} recovers {count} Hits ({how}) -> {track}", d["hits"]).format(
        character=character, count=d["hits"], how=how, track=_track(d["track"])))


@group.command("heal", help=N_("CHARACTER's injury (a full rest) or serious injury (a week) is healed (the GM)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("injury", type=SpokenChoice.of_system("dichotomy", "injuries"))
@JSON
@click.pass_obj
def heal(app: AppContext, campaign: str, character: str, injury: str, as_json: bool) -> None:
    from journal.service.figures import shown
    from journal.systems.dichotomy.commands import heal_injury

    journal = app.journal()
    event = shown(journal, campaign, heal_injury(journal, campaign, character, injury, app.actor))
    healed = _("injury healed") if injury == "injury" else _("serious healed")
    _done(event, as_json, _("{character}: {healed} -> {track}").format(character=character, healed=healed,
                                                                      track=_track(event.data["track"])))


@group.command("wealth", help=HelpText(N_("Between adventures, CHARACTER's wealth becomes LEVEL ({levels})."),
                                      levels=ChoiceWords("dichotomy", "wealth_levels",
                                                         "destitute | comfortable | affluent")))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("level")
@JSON
@click.pass_obj
def wealth(app: AppContext, campaign: str, character: str, level: str, as_json: bool) -> None:
    from journal.systems.dichotomy.commands import change_wealth

    event = change_wealth(app.journal(), campaign, character, level, app.actor)
    d = event.data
    _done(event, as_json, f"{d['character']}: {d['previous']} -> {d['level']}")


@group.command("spend", help=N_("CHARACTER spends XP on CONNECTION (Cottage, Assistant, Notability: 5 XP; others "
                                "--cost)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("connection")
@click.option("--cost", type=NUMBER, default=None, help=N_("The agreed cost of a tie not in the table."))
@click.option("--reason", default="", help=N_("What the tie is."))
@JSON
@click.pass_obj
def spend(app: AppContext, campaign: str, character: str, connection: str, cost: int | None, reason: str,
          as_json: bool) -> None:
    from journal.systems.dichotomy.commands import spend_xp

    event = spend_xp(app.journal(), campaign, character, connection, cost, reason, app.actor)
    d = event.data
    _done(event, as_json, _("{character} spends {amount} XP on {connection}").format(
        character=d["character"], amount=d["amount"], connection=d["connection"]))


@group.command("pack", help=N_("CHARACTER now carries ITEMS (adventuring equipment; clothing, weapons and armour do "
                               "not count)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@click.argument("items", nargs=-1)
@JSON
@click.pass_obj
def pack(app: AppContext, campaign: str, character: str, items: tuple[str, ...], as_json: bool) -> None:
    from journal.systems.dichotomy.commands import pack_equipment

    event = pack_equipment(app.journal(), campaign, character, list(items), app.actor)
    d = event.data
    _done(event, as_json, _("{character} carries {count}/{capacity}: {items}").format(
        character=d["character"], count=len(d["items"]), capacity=d["capacity"],
        items=", ".join(d["items"]) or _("nothing")))


@group.command("sheet", help=N_("Show CHARACTER's sheet now, or as of a point: the state ``journal sheet`` shows "
                                "(voids honoured)."))
@click.argument("campaign", type=CAMPAIGN)
@click.argument("character", type=CHARACTER)
@as_of_option  # journal sheet's own: the same points, named in the same words
@click.option("--json", "as_json", is_flag=True, help=N_("Print the sheet as JSON."))
@click.pass_obj
def sheet(app: AppContext, campaign: str, character: str, as_of: str | None, as_json: bool) -> None:
    from journal.errors import NotFound, RuleViolation

    folded = app.journal().at(campaign, as_of)
    if folded.system != "dichotomy":
        raise RuleViolation("campaign: one rule system", _("'{campaign}' plays {system}, not {expected}").format(
            campaign=campaign, system=folded.system, expected="dichotomy"))
    found = folded["dichotomy.sheet"]["characters"].get(character)
    if found is None:
        raise NotFound(_("no character named '{character}' in campaign '{campaign}'").format(
            character=character, campaign=campaign)
            + ("" if as_of is None else _(" at version {version}").format(version=folded.version)))
    if as_json:
        emit_json(found)
        return
    from journal.service.words import Names

    named = Names("dichotomy").word
    a, xp = found["attributes"], found["xp"]
    motives = ", ".join(named(slot["motive"]) if slot["motive"] else _("(empty)") for slot in found["motives"])
    line(_("{character} ({player}, {status}): F{finesse}/P{power} M{martial}/S{spiritual} N{natural}/T{technical}  "
           "{health}  XP {balance} ({earned} earned, {spent} spent)  {wealth}").format(
        character=character, player=found["player"], status=named(found["status"]), health=found["health"]["drawing"],
        balance=xp["balance"], earned=xp["earned"], spent=xp["spent"], wealth=named(found["wealth"]), **a))
    line(_("abilities: {abilities} (Monster Slayer +{bonus}); motives: {motives}; carries {count}/{capacity}").format(
        abilities=", ".join(named(x["name"]) for x in found["abilities"]), bonus=found["monster_slayer_bonus"],
        motives=motives, count=len(found["equipment"]), capacity=found["carrying_capacity"]))


character_group(group, new, N_("персонаж: six attributes in pairs summing to 11"))
COMMANDS = [group]


carry_over_verb(group, N_("Bring a character of a running campaign in as he stands today, from the JSON sheet "
                          "FILE (the GM; once per character, before any event of his own).\n\n"
                          "FILE holds character, source, xp (earned, spent), connections (name, cost), motives "
                          "(motive, betrayed), health (shaken, injured, serious), abilities, wealth and equipment; "
                          "see docs/table/dichotomy.md."),
                "journal.systems.dichotomy.commands:carry_over",
                xp_said)
