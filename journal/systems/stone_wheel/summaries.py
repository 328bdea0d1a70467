"""Stone Wheel: one line for people per event type of the system (journal.service.summaries reads ``LINES``)."""

from __future__ import annotations

from collections.abc import Callable

from journal.service.summaries import Data, dice_text


def _pool(attempt: Data) -> str:
    """``Ратибор from 7 (Фехтование 2 -> from 5): 3d10 [4, 10, 5] = 2 successes``."""
    skill = ""
    if attempt["skill"]:
        skill = f" ({attempt['skill']} {attempt['skill_levels']} -> from {attempt['threshold']})"
    dice = attempt["roll"]["dice"]
    count = attempt["successes"]
    return (f"from {attempt['base_threshold']}{skill}: {len(dice)}d10 {dice_text(attempt['roll'])} = "
            f"{count} success{'' if count == 1 else 'es'}")


def _sw_exchange(d: Data) -> str:
    challenger = d["challenge"]["character"]
    against = "" if d["answer"] is None else f" vs {d['answer']['successes']}"
    if d["striker"] is None:
        result = "parry!" if d["parry"] else "nothing lands"
    else:
        who = challenger if d["striker"] == "challenger" else (d["target"] or "the responder")
        result = f"{who} lands with {d['final_margin']}" + (", critical" if d["critical"] else "")
    target = f" -> {d['target']}" if d["target"] else ""
    return (f"{challenger} {d['action']}{target} ({d['response']}): {d['challenge']['successes']}{against} successes, "
            f"margin {d['margin']} -> {result}")


def _sw_xp(d: Data) -> str:
    who = f"{d['character']} (Master)" if d["master"] else d["character"]
    if d["source"] == "session":
        minutes = f", {d['minutes']} min" if d.get("minutes") is not None else ""
        return f"{who} +{d['amount']} XP for session {d['session']}{minutes}"
    return f"{who} +{d['amount']} XP bonus" + (f" ({d['reason']})" if d.get("reason") else "")


def _sw_violation(d: Data) -> str:
    text = {"warning": "warning", "health_penalty": f"{d['damage']} damage", "unconscious": "unconscious"}
    return f"{d['character']}: turn-order violation {d['violation']} -> {text[d['consequence']]}"


LINES: dict[str, Callable[[Data], str]] = {
    "stone_wheel.character_created": lambda d: (
        f"{d['character']} ({d['player']}): {d['kind']} {d['race']} {d['class']}; Health {d['parameters']['health']}, "
        f"Stamina {d['parameters']['stamina']}, Mana {d['parameters']['mana']}, "
        f"Survival {d['parameters']['survival']}"),
    "stone_wheel.request_rolled": lambda d: f"{d['attempt']['character']}: {d['check']} {_pool(d['attempt'])}",
    "stone_wheel.combat_exchanged": _sw_exchange,
    "stone_wheel.damage_taken": lambda d: f"{d['character']} takes {d['amount']} damage ({d['cause']})",
    "stone_wheel.recovered": lambda d: f"{d['character']} recovers {d['amount']} {d['pool']} ({d['reason']})",
    "stone_wheel.turn_mode_started": lambda d: "turn mode on" + (f": {d['reason']}" if d.get("reason") else ""),
    "stone_wheel.turn_mode_ended": lambda d: "turn mode off",
    "stone_wheel.turn_order_violated": _sw_violation,
    "stone_wheel.stamina_spent": lambda d: f"{d['character']} spends {d['amount']} Stamina ({d['action']})",
    "stone_wheel.effect_gained": lambda d: f"{d['character']}: {d['effect']} gained",
    "stone_wheel.effect_removed": lambda d: f"{d['character']}: {d['effect']} removed",
    "stone_wheel.perk_gained": lambda d: f"{d['character']} gains the perk '{d['perk']}'",
    "stone_wheel.died": lambda d: f"{d['character']} dies ({d['cause']})",
    "stone_wheel.revived": lambda d: (f"{d['character']} revived by {d['by']} ({d['method']}): Health {d['health']}, "
                                      f"Survival {d['survival']}"),
    "stone_wheel.sleep_rolled": lambda d: (f"{d['character']} sleeps {d['hours']} h (d12 {dice_text(d['roll'])}): "
                                           f"+{d['health_restored']} Health, +{d['mana_restored']} Mana"),
    "stone_wheel.xp_awarded": _sw_xp,
    "stone_wheel.xp_spent": lambda d: f"{d['character']} -{d['amount']} XP: {d['kind']} {d['target']} +{d['levels']}",
}
