"""Wield: one line for people per event type of the system (journal.service.summaries reads ``LINES``).

Each line is a msgid of the ``journal`` domain in the current language, placeholders named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.i18n import N_, _, ngettext
from journal.service.summaries import Data, dice_text, plus, word
from journal.systems.carrying import carried_line
from journal.systems.wield.words import WORDS, geis_size

#: Who wins a Control Risk, by its ``outcome``.
VERDICTS: dict[str, str] = {"vatcha": N_("the vatcha wins"), "wielder": N_("the wielder wins"),
                            "reroll": N_("complete tie, roll again")}


def _wield_chance(d: Data) -> str:
    against = _(" vs {target}").format(target=d["target"]) if d["target"] is not None else ""
    if d["geis"] is not None:
        how = _("sealed geis -> success without a roll")
    elif d["roll"] is None:
        how = _("no roll -> success")
    else:
        how = (_("{dice}{bonus} = {total} -> success") if d["success"]
               else _("{dice}{bonus} = {total} -> failure")).format(
            dice=dice_text(d["roll"]), bonus=plus(d["bonus"]), total=d["total"])
    return f"{d['hero']}: {d['task']}{against} ({word(WORDS, d['difficulty'])}): {how}"


def action_line(action: Data) -> str:
    """A combatant's action in the reader's words: ``атакует 2 @Разбойник``, ``применяет силу Порыв ветра``."""
    return (word(WORDS, action["action"]) + (f" {action['wounds']}" if action.get("wounds") else "")
            + (f" {action['power']}" if action.get("power") else "")
            + (f" @{action['target']}" if action.get("target") else ""))


def _wield_round(d: Data) -> str:
    actions = ", ".join(f"{a['combatant']} {action_line(a)}" for a in d["actions"])
    wounds = ", ".join(f"{k} {v}" for k, v in d["wounds"].items()) or _("none")
    return _("combat round: {actions}; wounds: {wounds}").format(actions=actions, wounds=wounds)


def _wield_risk(d: Data) -> str:
    line = (_("{hero} vs {vatcha} (re-roll), '{demand}': vatcha {vatcha_dice} vs wielder {wielder_dice} -> {verdict}")
            if d.get("reroll_of") else
            _("{hero} vs {vatcha}, '{demand}': vatcha {vatcha_dice} vs wielder {wielder_dice} -> {verdict}"))
    return line.format(hero=d["hero"], vatcha=d["vatcha"], demand=d["demand"], vatcha_dice=dice_text(d["vatcha_roll"]),
                       wielder_dice=dice_text(d["wielder_roll"]), verdict=_(VERDICTS[d["outcome"]]))


def notes(states: dict[str, Any]) -> dict[str, str]:
    """Every rolled success Fate turned into a failure, as the folds say now: it reads as a failure."""
    return {action_id: _("made a failure by Fate ({owers} owed it)").format(owers=", ".join(sorted(action["collected_by"])))
            for action_id, action in states["wield.actions"]["actions"].items() if action["collected_by"]}


def _wield_collected(d: Data) -> str:
    change = [_("wounds {wounds}").format(wounds=", ".join(f"{k} {v:+d}" for k, v in d["wounds"].items()))] * bool(
        d["wounds"])
    change += [_("the {winner} wins").format(winner=word(WORDS, d["winner"]))] * bool(d.get("winner"))
    return _("Fate collects: {hero}'s success is a failure{changes}; still owed on that geis: {remaining}").format(
        hero=d["hero"], changes="".join(f"; {c}" for c in change), remaining=d["remaining"])


def _wield_condition(d: Data) -> str:
    adds = ", ".join([f"+{d['extra_dice']} d20"] * bool(d["extra_dice"]) + [f"{d['bonus']:+d}"] * bool(d["bonus"]))
    if adds:
        return _("{hero} gains '{condition}' ({adds})").format(hero=d["hero"], condition=d["condition"], adds=adds)
    return _("{hero} gains '{condition}'").format(hero=d["hero"], condition=d["condition"])


def _geis_refused(d: Data) -> str:
    if d["by"] == "fate":
        return _("{hero}'s geis: Fate refuses the offer").format(hero=d["hero"])
    return _("{hero}'s geis: the player refuses Fate's terms").format(hero=d["hero"])


def _geis_sealed(d: Data) -> str:
    return _("geis sealed: {hero} promises '{promise}', rank {rank} ({size})").format(
        hero=d["hero"], promise=d["promise"], rank=d["rank"], size=geis_size(d["rank"]))


def _wield_carried(d: Data) -> str:
    """``Ярослав carried over from «…»: powers Полёт 2 (Air); 1 wound; geis «…» broken, 1 owed``."""
    parts = []
    if d["powers"]:
        parts.append(_("powers: {powers}").format(powers=", ".join(
            f"{p['power']} {p['rank']}" + (f" ({word(WORDS, p['domain'])})" if p["domain"] else "") for p in d["powers"])))
    if d["wounds"]:
        parts.append(ngettext("{count} wound", "{count} wounds", d["wounds"]).format(count=d["wounds"]))
    if d["conditions"]:
        parts.append(_("conditions: {conditions}").format(conditions=", ".join(c["condition"] for c in d["conditions"])))
    for geis in d["geasa"]:
        parts.append(_("geis «{promise}» broken, {owed} owed").format(promise=geis["promise"], owed=geis["owed"])
                     if geis["broken"] else _("geis «{promise}»").format(promise=geis["promise"]))
    return carried_line(d, parts, _("nothing carried"), who="hero")


LINES: dict[str, Callable[[Data], str]] = {
    "wield.carried_over": _wield_carried,
    "wield.vatcha_created": lambda d: _("vatcha {name} ({player}): {item} of {domains}; goal: {goal}").format(
        name=d["name"], player=d["player"], item=d["item"], domains=", ".join(word(WORDS, domain) for domain in d["domains"]), goal=d["goal"]),
    "wield.hero_created": lambda d: _("hero {name} ({player}) wields {vatcha}; destiny: {destiny}").format(
        name=d["name"], player=d["player"], vatcha=d["vatcha"], destiny=d["destiny"]),
    "wield.chance_rolled": _wield_chance,
    "wield.combat_round": _wield_round,
    "wield.power_bestowed": lambda d: _("{vatcha} bestows {power} (rank {rank}) on {hero}: Control lost {lost} -> "
                                        "vatcha {vatcha_dice} dice, wielder {wielder_dice}").format(
        vatcha=d["vatcha"], power=d["power"], rank=d["rank"], hero=d["hero"], lost=d["control_lost"],
        vatcha_dice=d["vatcha_dice"], wielder_dice=d["wielder_dice"]),
    "wield.control_risk": _wield_risk,
    "wield.geis_offered": lambda d: _("{hero} offers Fate a geis for '{chance}': {promise}").format(
        hero=d["hero"], chance=d["chance"], promise=d["promise"]),
    "wield.geis_refused": _geis_refused,
    "wield.geis_counter_offered": lambda d: _("Fate's terms for {hero}: {promise}").format(hero=d["hero"],
                                                                                           promise=d["promise"]),
    "wield.geis_sealed": _geis_sealed,
    "wield.geis_breached": lambda d: _("{hero} broke his geis ({how}): owes Fate {failures}").format(
        hero=d["hero"], how=d["how"],
        failures=ngettext("{count} failure", "{count} failures", d["rank"]).format(count=d["rank"])),
    "wield.failure_collected": _wield_collected,
    "wield.condition_gained": _wield_condition,
    "wield.condition_removed": lambda d: _("{hero} is no longer '{condition}'").format(hero=d["hero"],
                                                                                       condition=d["condition"]),
    "wield.hero_died": lambda d: _("{hero} dies ({cause}); failures owed that vanish: {debts}").format(
        hero=d["hero"], cause=d["cause"], debts=d["debts_vanished"]),
}
