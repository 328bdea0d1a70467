"""Wield: one line for people per event type of the system (journal.service.summaries reads ``LINES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.service.summaries import Data, dice_text, plural, plus
from journal.systems.wield.rules import GEIS_SIZES


def _wield_chance(d: Data) -> str:
    against = f" vs {d['target']}" if d["target"] is not None else ""
    if d["geis"] is not None:
        how = "sealed geis -> success without a roll"
    elif d["roll"] is None:
        how = "no roll -> success"
    else:
        how = f"{dice_text(d['roll'])}{plus(d['bonus'])} = {d['total']} -> {'success' if d['success'] else 'failure'}"
    return f"{d['hero']}: {d['task']}{against} ({d['difficulty']}): {how}"


def _wield_round(d: Data) -> str:
    actions = ", ".join(
        f"{a['combatant']} {a['action']}" + (f" {a['wounds']}" if a.get("wounds") else "")
        + (f" {a['power']}" if a.get("power") else "") + (f" @{a['target']}" if a.get("target") else "")
        for a in d["actions"])
    wounds = ", ".join(f"{k} {v}" for k, v in d["wounds"].items()) or "none"
    return f"combat round: {actions}; wounds: {wounds}"


def _wield_risk(d: Data) -> str:
    verdict = {"vatcha": "the vatcha wins", "wielder": "the wielder wins", "reroll": "complete tie, roll again"}
    again = " (re-roll)" if d.get("reroll_of") else ""
    return (f"{d['hero']} vs {d['vatcha']}{again}, '{d['demand']}': vatcha {dice_text(d['vatcha_roll'])} vs "
            f"wielder {dice_text(d['wielder_roll'])} -> {verdict[d['outcome']]}")


def notes(states: dict[str, Any]) -> dict[str, str]:
    """Every rolled success Fate turned into a failure, as the folds say now: it reads as a failure."""
    return {action_id: f"made a failure by Fate ({', '.join(sorted(action['collected_by']))} owed it)"
            for action_id, action in states["wield.actions"]["actions"].items() if action["collected_by"]}


def _wield_collected(d: Data) -> str:
    change = [f"wounds {', '.join(f'{k} {v:+d}' for k, v in d['wounds'].items())}"] * bool(d["wounds"])
    change += [f"the {d['winner']} wins"] * bool(d.get("winner"))
    return (f"Fate collects: {d['hero']}'s success is a failure{''.join(f'; {c}' for c in change)}; "
            f"still owed on that geis: {d['remaining']}")


def _wield_condition(d: Data) -> str:
    adds = ", ".join([f"+{d['extra_dice']} d20"] * bool(d["extra_dice"]) + [f"{d['bonus']:+d}"] * bool(d["bonus"]))
    return f"{d['hero']} gains '{d['condition']}'" + (f" ({adds})" if adds else "")


LINES: dict[str, Callable[[Data], str]] = {
    "wield.vatcha_created": lambda d: (f"vatcha {d['name']} ({d['player']}): {d['item']} of "
                                       f"{', '.join(d['domains'])}; goal: {d['goal']}"),
    "wield.hero_created": lambda d: f"hero {d['name']} ({d['player']}) wields {d['vatcha']}; destiny: {d['destiny']}",
    "wield.chance_rolled": _wield_chance,
    "wield.combat_round": _wield_round,
    "wield.power_bestowed": lambda d: (f"{d['vatcha']} bestows {d['power']} (rank {d['rank']}) on {d['hero']}: "
                                       f"Control lost {d['control_lost']} -> vatcha {d['vatcha_dice']} dice, "
                                       f"wielder {d['wielder_dice']}"),
    "wield.control_risk": _wield_risk,
    "wield.geis_offered": lambda d: f"{d['hero']} offers Fate a geis for '{d['chance']}': {d['promise']}",
    "wield.geis_refused": lambda d: f"{d['hero']}'s geis: " + (
        "Fate refuses the offer" if d["by"] == "fate" else "the player refuses Fate's terms"),
    "wield.geis_counter_offered": lambda d: f"Fate's terms for {d['hero']}: {d['promise']}",
    "wield.geis_sealed": lambda d: (f"geis sealed: {d['hero']} promises '{d['promise']}', rank {d['rank']} "
                                    f"({GEIS_SIZES.get(d['rank'], '?')})"),
    "wield.geis_breached": lambda d: (f"{d['hero']} broke his geis ({d['how']}): owes Fate "
                                      f"{plural(d['rank'], 'failure')}"),
    "wield.failure_collected": _wield_collected,
    "wield.condition_gained": _wield_condition,
    "wield.condition_removed": lambda d: f"{d['hero']} is no longer '{d['condition']}'",
    "wield.hero_died": lambda d: f"{d['hero']} dies ({d['cause']}); failures owed that vanish: {d['debts_vanished']}",
}
