"""Stone Wheel character sheets: a pure fold of ``stone_wheel.*`` events (other types are ignored).

State (JSON-serialisable)::

    {"characters": {name: sheet}, "masters": {member: ledger}, "turn_mode": bool, "violations": {name: n},
     "session_awards": {"<session>": {"id": first award's event id, "version": its version}}}

A sheet holds the characteristics and parameters (pool parameters are maxima), the ``current``
Health / Stamina / Mana / Survival, skills and spells with levels, perks, effects, an XP ledger
(earned, spent, balance) and ``status``: "alive", "unconscious" (Health 0, or knocked out for
breaking turn order until turn mode ends) or "dead".

Events are facts, the fold computes every total (so that folding a log with an event voided equals
folding it without that event).  It reads deltas (damage ``amount``, recovery and Stamina ``amount``,
XP ``amount`` and ``levels``), dice (the sleep d12's ``hours``) and the Master's settings (creation,
revival), and never a running total or counter a payload carries for display:

* a turn-order violation's number is the fold's own count in this turn mode; its consequence and damage
  are the penalty the table applied (schema 2: a fact an overturned earlier damage does not reprice; the
  overturn is refused when the number no longer follows, journal.systems.stone_wheel.invariants).  A
  schema 1 violation is priced from the count and the current Health, as it always was;
* sleep restores ``hours`` x the sheet's per-hour recovery, up to the maximum (the payload's
  ``health_restored`` / ``mana_restored`` are ignored);
* a ``stone_wheel.carried_over`` (a running campaign brought in) adds the XP it states to the ledger and
  sets the pools it names (never above their maxima) and its effects, as the starting point of every rule;
* death is Survival reaching 0 (a ``died`` event while Survival is above 0 changes nothing), and a
  revival of the living changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event
from journal.systems.stone_wheel.rules import (
    INITIAL_SPELL_LEVEL,
    POOLS,
    apply_damage,
    rest_recovery,
    violation_penalty,
)

State = dict[str, Any]
Sheet = dict[str, Any]


def initial() -> State:
    """No characters, no Master ledgers, turn mode off."""
    return {"characters": {}, "masters": {}, "turn_mode": False, "violations": {}, "session_awards": {}}


def apply(state: State, event: Event) -> None:
    """Fold one event into ``state`` in place."""
    handler = _HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event.data)
    if event.type == "stone_wheel.xp_awarded" and event.data.get("session") is not None:
        state["session_awards"].setdefault(str(event.data["session"]), {"id": event.id, "version": event.version})


def _ledger() -> dict[str, int]:
    """An empty XP ledger."""
    return {"earned": 0, "spent": 0, "balance": 0}


def _refresh(sheet: Sheet) -> None:
    """Recompute the status from the dead flag, current Health and the turn-order knock-out."""
    if sheet["dead"]:
        sheet["status"] = "dead"
    elif sheet["current"]["health"] == 0 or sheet["knocked_out"]:
        sheet["status"] = "unconscious"
    else:
        sheet["status"] = "alive"


def _restore(sheet: Sheet, pool: str, amount: int) -> None:
    """Raise a pool by ``amount``, never above its maximum."""
    sheet["current"][pool] = min(sheet["parameters"][pool], sheet["current"][pool] + amount)


def _damage(sheet: Sheet, amount: int) -> None:
    """Take ``amount`` off Health, the rest off Survival; death when Survival reaches 0."""
    vitals = apply_damage(sheet["current"]["health"], sheet["current"]["survival"], amount)
    sheet["current"]["health"] = vitals.health
    sheet["current"]["survival"] = vitals.survival
    if vitals.survival == 0:
        sheet["dead"] = True
    _refresh(sheet)


def _created(state: State, data: dict[str, Any]) -> None:
    parameters = dict(data["parameters"])
    sheet: Sheet = {
        "player": data["player"],
        "kind": data["kind"],
        "race": data["race"],
        "class": data["class"],
        "characteristics": dict(data["characteristics"]),
        "parameters": parameters,
        "current": {pool: parameters[pool] for pool in POOLS},
        "skills": dict(data["skills"]),
        "spells": {
            spell["name"]: {
                "schools": list(spell["schools"]),
                "mastery": spell["mastery"],
                "efficiency": spell["efficiency"],
            }
            for spell in data["spells"]
        },
        "perks": list(data["perks"]),
        "effects": [],
        "xp": _ledger(),
        "dead": False,
        "knocked_out": False,
        "status": "alive",
    }
    state["characters"][data["character"]] = sheet


def _damage_taken(state: State, data: dict[str, Any]) -> None:
    _damage(state["characters"][data["character"]], data["amount"])


def _recovered(state: State, data: dict[str, Any]) -> None:
    sheet = state["characters"][data["character"]]
    _restore(sheet, data["pool"], data["amount"])
    _refresh(sheet)


def _turn_mode_started(state: State, data: dict[str, Any]) -> None:
    state["turn_mode"] = True
    state["violations"] = {}


def _turn_mode_ended(state: State, data: dict[str, Any]) -> None:
    state["turn_mode"] = False
    state["violations"] = {}
    for sheet in state["characters"].values():
        sheet["knocked_out"] = False
        _refresh(sheet)


def _turn_order_violated(state: State, data: dict[str, Any]) -> None:
    """The n-th violation of this turn mode, counted here; its penalty as the table applied it (a schema 1
    violation, ``repriced``: from the count and the Health the fold holds now)."""
    name = data["character"]
    sheet = state["characters"][name]
    count = state["violations"].get(name, 0) + 1
    state["violations"][name] = count
    if data.get("repriced"):
        penalty = violation_penalty(count, sheet["current"]["health"])
        consequence, damage = penalty.consequence, penalty.damage
    else:
        consequence, damage = data["consequence"], data["damage"]
    if consequence == "unconscious":
        sheet["knocked_out"] = True
    _damage(sheet, damage)


def _stamina_spent(state: State, data: dict[str, Any]) -> None:
    current = state["characters"][data["character"]]["current"]
    current["stamina"] = max(0, current["stamina"] - data["amount"])


def _effect_gained(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["character"]]["effects"].append(data["effect"])


def _effect_removed(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["character"]]["effects"].remove(data["effect"])


def _perk_gained(state: State, data: dict[str, Any]) -> None:
    state["characters"][data["character"]]["perks"].append(data["perk"])


def _died(state: State, data: dict[str, Any]) -> None:
    """Death is Survival at 0 (the damage that took it there already counted it); otherwise nothing."""
    sheet = state["characters"][data["character"]]
    if sheet["current"]["survival"] == 0:
        sheet["dead"] = True
    _refresh(sheet)


def _revived(state: State, data: dict[str, Any]) -> None:
    """The Health and Survival the Master set, for the dead only (a revival of the living changes nothing)."""
    sheet = state["characters"][data["character"]]
    if not sheet["dead"]:
        return
    sheet["dead"] = False
    for pool in ("health", "survival"):
        sheet["current"][pool] = min(sheet["parameters"][pool], data[pool])
    _refresh(sheet)


def _sleep_rolled(state: State, data: dict[str, Any]) -> None:
    """The d12's hours x the sheet's per-hour Health and Mana recovery, up to the maxima."""
    sheet = state["characters"][data["character"]]
    params = sheet["parameters"]
    back = rest_recovery(data["hours"], params["health_recovery"], params["mana_recovery"])
    _restore(sheet, "health", back.health)
    _restore(sheet, "mana", back.mana)
    _refresh(sheet)


def _xp_awarded(state: State, data: dict[str, Any]) -> None:
    if data["master"]:
        ledger = state["masters"].setdefault(data["character"], _ledger())
    else:
        ledger = state["characters"][data["character"]]["xp"]
    ledger["earned"] += data["amount"]
    ledger["balance"] += data["amount"]


def _xp_spent(state: State, data: dict[str, Any]) -> None:
    sheet = state["characters"][data["character"]]
    sheet["xp"]["spent"] += data["amount"]
    sheet["xp"]["balance"] -= data["amount"]
    kind, target, levels = data["kind"], data["target"], data["levels"]
    if kind == "skill":
        sheet["skills"][target] = sheet["skills"].get(target, 0) + levels
    elif kind == "spell":
        sheet["spells"][target] = {
            "schools": list(data["schools"]),
            "mastery": INITIAL_SPELL_LEVEL,
            "efficiency": INITIAL_SPELL_LEVEL,
        }
    elif kind in ("spell_mastery", "spell_efficiency"):
        sheet["spells"][target][kind.removeprefix("spell_")] += levels
    elif kind == "characteristic":
        sheet["characteristics"][target] += levels
    else:
        sheet["parameters"][target] += levels
        if target in sheet["current"]:
            sheet["current"][target] += levels
            _refresh(sheet)


def _carried_over(state: State, data: dict[str, Any]) -> None:
    """The XP, pools and effects a running campaign left: the starting point of the rules after it."""
    sheet = state["characters"][data["character"]]
    earned, spent = data["xp"]["earned"], data["xp"]["spent"]
    sheet["xp"]["earned"] += earned
    sheet["xp"]["spent"] += spent
    sheet["xp"]["balance"] += earned - spent
    for pool, value in data["current"].items():
        sheet["current"][pool] = min(sheet["parameters"][pool], value)
    sheet["effects"].extend(effect for effect in data["effects"] if effect not in sheet["effects"])
    _refresh(sheet)


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "stone_wheel.carried_over": _carried_over,
    "stone_wheel.character_created": _created,
    "stone_wheel.damage_taken": _damage_taken,
    "stone_wheel.recovered": _recovered,
    "stone_wheel.turn_mode_started": _turn_mode_started,
    "stone_wheel.turn_mode_ended": _turn_mode_ended,
    "stone_wheel.turn_order_violated": _turn_order_violated,
    "stone_wheel.stamina_spent": _stamina_spent,
    "stone_wheel.effect_gained": _effect_gained,
    "stone_wheel.effect_removed": _effect_removed,
    "stone_wheel.perk_gained": _perk_gained,
    "stone_wheel.died": _died,
    "stone_wheel.revived": _revived,
    "stone_wheel.sleep_rolled": _sleep_rolled,
    "stone_wheel.xp_awarded": _xp_awarded,
    "stone_wheel.xp_spent": _xp_spent,
}

#: Event types this projection reads (the engine calls apply only for these).
TYPES = tuple(_HANDLERS)
