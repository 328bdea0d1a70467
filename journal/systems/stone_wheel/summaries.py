"""Stone Wheel: one line for people per event type of the system (journal.service.summaries reads ``LINES``).

Each line is a msgid of the ``journal`` domain in the current language, placeholders named.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import _, ngettext
from journal.service.summaries import Data, dice_text, word
from journal.systems.carrying import carried_line
from journal.systems.stone_wheel.words import FIELDS, WORDS


def _pool(attempt: Data) -> str:
    """``Ратибор from 7 (Фехтование 2 -> from 5): 3d10 [4, 10, 5] = 2 successes``."""
    skill = ""
    if attempt["skill"]:
        skill = _(" ({skill} {levels} -> from {threshold})").format(
            skill=attempt["skill"], levels=attempt["skill_levels"], threshold=attempt["threshold"])
    dice = attempt["roll"]["dice"]
    count = attempt["successes"]
    return _("from {base}{skill}: {count}d10 {dice} = {successes}").format(
        base=attempt["base_threshold"], skill=skill, count=len(dice), dice=dice_text(attempt["roll"]),
        successes=ngettext("{count} success", "{count} successes", count).format(count=count))


def _cause(d: Data) -> str:
    """What harmed: ``attack by Ратибор`` (the action in the system's words) when a character struck, else the
    Master's words as recorded (the default, ``damage``, in the system's words: «урон»)."""
    if d.get("by"):
        return _("{action} by {name}").format(action=word(WORDS, d["cause"]), name=d["by"])
    return word(WORDS, str(d["cause"]))


def _sw_exchange(d: Data) -> str:
    challenger = d["challenge"]["character"]
    against = "" if d["answer"] is None else _(" vs {successes}").format(successes=d["answer"]["successes"])
    if d["striker"] is None:
        result = _("parry!") if d["parry"] else _("nothing lands")
    else:
        who = challenger if d["striker"] == "challenger" else (d["target"] or _("the responder"))
        result = (_("{who} lands with {margin}, critical") if d["critical"]
                  else _("{who} lands with {margin}")).format(who=who, margin=d["final_margin"])
    target = f" -> {d['target']}" if d["target"] else ""
    return _("{challenger} {action}{target} ({response}): {successes}{against} successes, "
             "margin {margin} -> {result}").format(
        challenger=challenger, action=word(WORDS, d["action"]), target=target, response=word(WORDS, d["response"]),
        successes=d["challenge"]["successes"], against=against, margin=d["margin"], result=result)


def _sw_xp(d: Data) -> str:
    who = _("{character} (Master)").format(character=d["character"]) if d["master"] else d["character"]
    if d["source"] == "session":
        minutes = _(", {minutes} min").format(minutes=d["minutes"]) if d.get("minutes") is not None else ""
        return _("{who} +{amount} XP for session {session}{minutes}").format(
            who=who, amount=d["amount"], session=d["session"], minutes=minutes)
    if d.get("reason"):
        return _("{who} +{amount} XP bonus ({reason})").format(who=who, amount=d["amount"], reason=d["reason"])
    return _("{who} +{amount} XP bonus").format(who=who, amount=d["amount"])


def _sw_violation(d: Data) -> str:
    text = {"warning": _("warning"), "health_penalty": _("{damage} damage").format(damage=d["damage"]),
            "unconscious": _("unconscious")}
    return _("{character}: turn-order violation {violation} -> {consequence}").format(
        character=d["character"], violation=d["violation"], consequence=text[d["consequence"]])


def _turn_mode_started(d: Data) -> str:
    return _("turn mode on: {reason}").format(reason=d["reason"]) if d.get("reason") else _("turn mode on")


def _sw_carried(d: Data) -> str:
    """``Бран carried over from «…»: 1250 XP earned, 900 spent; Health 7; effects: Отравление``."""
    parts = [_("{earned} XP earned, {spent} spent").format(earned=d["xp"]["earned"], spent=d["xp"]["spent"])]
    if d["current"]:
        parts.append(", ".join(_("{pool} {value}").format(pool=word(FIELDS, pool), value=value)
                               for pool, value in d["current"].items()))
    if d["effects"]:
        parts.append(_("effects: {effects}").format(effects=", ".join(d["effects"])))
    return carried_line(d, parts, "")


LINES: dict[str, Callable[[Data], str]] = {
    "stone_wheel.character_created": lambda d: _(
        "{character} ({player}): {kind} {race} {class_}; Health {health}, Stamina {stamina}, Mana {mana}, "
        "Survival {survival}").format(
        character=d["character"], player=d["player"], kind=word(WORDS, d["kind"]), race=d["race"], class_=d["class"],
        health=d["parameters"]["health"], stamina=d["parameters"]["stamina"], mana=d["parameters"]["mana"],
        survival=d["parameters"]["survival"]),
    "stone_wheel.request_rolled": lambda d: f"{d['attempt']['character']}: {d['check']} {_pool(d['attempt'])}",
    "stone_wheel.combat_exchanged": _sw_exchange,
    "stone_wheel.damage_taken": lambda d: _("{character} takes {amount} damage ({cause})").format(
        character=d["character"], amount=d["amount"], cause=_cause(d)),
    "stone_wheel.recovered": lambda d: _("{character} recovers {amount} {pool} ({reason})").format(
        character=d["character"], amount=d["amount"], pool=word(WORDS, d["pool"]), reason=word(WORDS, d["reason"])),
    "stone_wheel.turn_mode_started": _turn_mode_started,
    "stone_wheel.turn_mode_ended": lambda d: _("turn mode off"),
    "stone_wheel.turn_order_violated": _sw_violation,
    "stone_wheel.stamina_spent": lambda d: _("{character} spends {amount} Stamina ({action})").format(
        character=d["character"], amount=d["amount"], action=d["action"]),
    "stone_wheel.effect_gained": lambda d: _("{character}: {effect} gained").format(character=d["character"],
                                                                                    effect=d["effect"]),
    "stone_wheel.effect_removed": lambda d: _("{character}: {effect} removed").format(character=d["character"],
                                                                                      effect=d["effect"]),
    "stone_wheel.perk_gained": lambda d: _("{character} gains the perk '{perk}'").format(character=d["character"],
                                                                                         perk=d["perk"]),
    "stone_wheel.died": lambda d: _("{character} dies ({cause})").format(character=d["character"], cause=_cause(d)),
    "stone_wheel.revived": lambda d: _("{character} revived by {by} ({method}): Health {health}, "
                                       "Survival {survival}").format(
        character=d["character"], by=d["by"], method=word(WORDS, d["method"]), health=d["health"], survival=d["survival"]),
    "stone_wheel.sleep_rolled": lambda d: _("{character} sleeps {hours} h (d12 {dice}): +{health} Health, "
                                            "+{mana} Mana").format(
        character=d["character"], hours=d["hours"], dice=dice_text(d["roll"]), health=d["health_restored"],
        mana=d["mana_restored"]),
    "stone_wheel.xp_awarded": _sw_xp,
    "stone_wheel.carried_over": _sw_carried,
    "stone_wheel.xp_spent": lambda d: _("{character} -{amount} XP: {kind} {target} +{levels}").format(
        character=d["character"], amount=d["amount"], kind=word(WORDS, d["kind"]), target=d["target"], levels=d["levels"]),
}
