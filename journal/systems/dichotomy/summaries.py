"""Dichotomy: one line for people per event type of the system (journal.service.summaries reads ``LINES``).

Each line is a msgid of the ``journal`` domain in the current language, placeholders named.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import _, ngettext
from journal.service.summaries import Data, dice_text, word
from journal.systems.carrying import carried_line
from journal.systems.dichotomy.words import WORDS


def _track(track: Data) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**track))


def _hits(count: int) -> str:
    return ngettext("{count} Hit", "{count} Hits", count).format(count=count)


def _dichotomy_check(d: Data) -> str:
    parts = []
    for die, value in zip(d["dice"], d["roll"]["dice"]):
        modifier = f"{die['modifier']:+d}" if die.get("modifier") else ""
        line = (_("{attribute} {value}+{die}{modifier} = {total} vs TN {tn} hit") if die["success"]
                else _("{attribute} {value}+{die}{modifier} = {total} vs TN {tn} miss"))
        parts.append(line.format(attribute=word(WORDS, die["attribute"]), value=die["attribute_value"], die=value,
                                 modifier=modifier, total=die["total"], tn=die["tn"]))
    who = (_("{character} vs {defender}").format(character=d["character"], defender=d["defender"]) if d["defender"]
           else d["character"])
    return _("{who}: {dice}: {parts} -> {outcome}").format(who=who, dice=dice_text(d["roll"]), parts="; ".join(parts),
                                                          outcome=word(WORDS, d["outcome"]))


def _dichotomy_xp(d: Data) -> str:
    if d["source"] == "motive":
        return _("{character}: {motive} {outcome} in adventure {adventure}: +{amount} XP").format(
            character=d["character"], motive=word(WORDS, d["motive"]), outcome=word(WORDS, d["outcome"]),
            adventure=d["adventure"],
            amount=d["amount"])
    if d.get("reason"):
        return _("{character}: +{amount} XP renown ({reason})").format(character=d["character"], amount=d["amount"],
                                                                       reason=d["reason"])
    return _("{character}: +{amount} XP renown").format(character=d["character"], amount=d["amount"])


def _dichotomy_damage(d: Data) -> str:
    when = _(", round {round}").format(round=d["round"]) if d.get("round") else ""
    end = f" -> {word(WORDS, d['end'])}" if d.get("end") else ""
    return _("{character}{when}: {damage} damage, {hits} lost, {discarded} discarded -> {track}{end}").format(
        character=d["character"], when=when, damage=d["damage"], hits=_hits(d["hits_lost"]),
        discarded=d["discarded"], track=_track(d["track"]), end=end)


def _adventure_started(d: Data) -> str:
    if d.get("title"):
        return _("adventure {number} started: {title}").format(number=d["number"], title=d["title"])
    return _("adventure {number} started").format(number=d["number"])


def _fight_ended(d: Data) -> str:
    return _("the fight is over: {note}").format(note=d["note"]) if d.get("note") else _("the fight is over")


def _dichotomy_carried(d: Data) -> str:
    """``Мирра carried over from «…»: 25 XP earned, 10 spent; motives: Honor, (betrayed); |●○|○|○|; ties: Cottage``."""
    parts = [_("{earned} XP earned, {spent} spent").format(earned=d["xp"]["earned"], spent=d["xp"]["spent"])]
    if d["motives"]:
        parts.append(_("motives: {motives}").format(motives=", ".join(
            word(WORDS, slot["motive"]) if slot["motive"] else _("(betrayed)") if slot["betrayed"] else _("(empty)")
            for slot in d["motives"])))
    parts.append(_track(d["health"]))
    if d["connections"]:
        parts.append(_("ties: {ties}").format(ties=", ".join(tie["name"] for tie in d["connections"])))
    return carried_line(d, parts, "")


LINES: dict[str, Callable[[Data], str]] = {
    "dichotomy.carried_over": _dichotomy_carried,
    "dichotomy.character_created": lambda d: _("{name} ({player}): motives {motives}; {wealth}").format(
        name=d["name"], player=d["player"], motives=", ".join(word(WORDS, m) for m in d["motives"]), wealth=word(WORDS, d["wealth"])),
    "dichotomy.check_rolled": _dichotomy_check,
    "dichotomy.ability_gained": lambda d: _("{character} learns {ability} ({attribute}): {abilities} abilities").format(
        character=d["character"], ability=word(WORDS, d["ability"]["name"]), attribute=word(WORDS, d["ability"]["attribute"]),
        abilities=d["abilities"]),
    "dichotomy.adventure_started": _adventure_started,
    "dichotomy.adventure_ended": lambda d: _("adventure {number} ended").format(number=d["number"]),
    "dichotomy.xp_awarded": _dichotomy_xp,
    "dichotomy.motive_chosen": lambda d: _("{character} takes the motive {motive} (from adventure {since})").format(
        character=d["character"], motive=word(WORDS, d["motive"]), since=d["since"]),
    "dichotomy.motive_swapped": lambda d: _("{character}: {old} -> {new} (from adventure {since})").format(
        character=d["character"], old=word(WORDS, d["old"]), new=word(WORDS, d["new"]), since=d["since"]),
    "dichotomy.damage_applied": _dichotomy_damage,
    "dichotomy.dive_taken": lambda d: _("{character} takes a dive (no action until the fight ends)").format(
        character=d["character"]),
    "dichotomy.fight_ended": _fight_ended,
    "dichotomy.hits_recovered": lambda d: _("{character} recovers {hits} ({how}) -> {track}").format(
        character=d["character"], hits=_hits(d["hits"]), how=word(WORDS, d["how"]), track=_track(d["track"])),
    "dichotomy.injury_healed": lambda d: _("{character}: {injury} healed -> {track}").format(
        character=d["character"], injury=word(WORDS, d["injury"]), track=_track(d["track"])),
    "dichotomy.wealth_changed": lambda d: f"{d['character']}: {word(WORDS, d['previous'])} -> {word(WORDS, d['level'])}",
    "dichotomy.xp_spent": lambda d: _("{character} spends {amount} XP on {connection}").format(
        character=d["character"], amount=d["amount"], connection=word(WORDS, d["connection"])),
    "dichotomy.equipment_packed": lambda d: _("{character} carries {count}/{capacity}: {items}").format(
        character=d["character"], count=len(d["items"]), capacity=d["capacity"],
        items=", ".join(d["items"]) or _("nothing")),
}
