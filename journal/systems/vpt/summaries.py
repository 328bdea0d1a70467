"""VPT: one line for people per event type of the system (journal.service.summaries reads ``LINES``)."""

from __future__ import annotations

from collections.abc import Callable

from journal.service.summaries import Data, dice_text, plural, signed


def _vpt_hit(d: Data) -> str:
    parts = ([f"{signed(d['hit_bonus'])} hit"] if d["hit_bonus"] else []) + [
        f"{signed(v)} {k}" for k, v in d["modifiers"].items()]
    whom = f" {d['defender']}" if d["defender"] else ""
    arms = ", ".join([d["attack"], *([d["weapon"]] if d["weapon"] else [])])
    if d["against_shield"]:
        effect = "shield destroyed" if d["shield_destroyed"] else "the shield holds"
    else:
        effect = {0: "miss", 1: "1 wound", 2: "2 wounds"}[d["wounds"]]
    mods = f" {' '.join(parts)}" if parts else ""
    return (f"{d['attacker']} hits{whom} ({arms}): {dice_text(d['roll'])}{mods} = {d['total']} vs {d['target']} "
            f"-> {effect}")


def _vpt_ticked(d: Data, points: dict[str, int]) -> str:
    items = ", ".join(f"{item} {signed(points.get(item, 0))}" for item in d["items"])
    return f"{items} = {signed(d['change'])} -> {plural(d['points'], 'point')} (session {d['session']})"


def _vpt_relationship(d: Data) -> str:
    from journal.systems.vpt.rules import RELATIONSHIP_POINTS

    return f"{d['character']} -> {d['other']}: {_vpt_ticked(d, RELATIONSHIP_POINTS)}"


def _vpt_revenge(d: Data) -> str:
    from journal.systems.vpt.rules import REVENGE_POINTS

    return f"{d['avenger']}'s revenge on {d['target']}: {_vpt_ticked(d, REVENGE_POINTS)}"


def _vpt_initiative(d: Data) -> str:
    values = {s["name"]: s["initiative"] for s in d["enemies"]} | {d["party"]: d["total"]}
    order = ", ".join(f"{name} {values[name]}" for name in d["order"])
    return f"{d['party']}: {d['mode']} {dice_text(d['roll'])} = {d['total']} -> {order}; {d['winner']} act first"


def _vpt_melee(d: Data) -> str:
    wi = {c["character"]: c["effective_initiative"] for c in d["combatants"]}
    return "melee: " + " -> ".join(" = ".join(f"{name} {wi[name]}" for name in group) for group in d["order"])


def _vpt_created(d: Data) -> str:
    limit = f", limit {d['limit']}" if d.get("limit") is not None else ""
    return (f"{d['name']} ({d['player']}): hit {signed(d['hit_bonus'])}, health {signed(d['health_bonus'])}, "
            f"morale {signed(d['morale'])}, preparation {d['preparation']}{limit}")


def _vpt_morale(d: Data) -> str:
    extra = f" {signed(d['group_health'])} group" if d["group_health"] else ""
    back = " (1 wound back)" if d["wounds_recovered"] else ""
    return (f"{d['character']}: morale {dice_text(d['roll'])} {signed(d['morale'])}{extra} = {d['total']} -> "
            f"{d['result'].replace('_', ' ')}{back}")


LINES: dict[str, Callable[[Data], str]] = {
    "vpt.character_created": _vpt_created,
    "vpt.weapon_table_set": lambda d: "weapon table: " + ", ".join(
        f"{name} {row['target']}+ WI {row['initiative']}" for name, row in d["weapons"].items()),
    "vpt.initiative_rolled": _vpt_initiative,
    "vpt.melee_order_set": _vpt_melee,
    "vpt.hit_rolled": _vpt_hit,
    "vpt.wounds_taken": lambda d: f"{d['character']} takes {plural(d['wounds'], 'wound')}: {d['total']} in all",
    "vpt.death_checked": lambda d: (f"{d['character']}: death check {dice_text(d['roll'])} {signed(d['health_bonus'])} "
                                    f"health = {d['total']} vs {plural(d['wounds'], 'wound')} -> "
                                    f"{'dies' if d['dead'] else 'lives'}"),
    "vpt.morale_rolled": _vpt_morale,
    "vpt.relationship_opened": lambda d: f"{d['character']} opens a relationship towards {d['other']}",
    "vpt.relationship_ticked": _vpt_relationship,
    "vpt.status_gained": lambda d: f"{d['character']} gains the Status '{d['status']}' towards {d['other']}",
    "vpt.status_renounced": lambda d: f"{d['character']} renounces the Status '{d['status']}' towards {d['other']}",
    "vpt.revenge_target_chosen": lambda d: f"{d['avenger']} craves revenge on {d['target']}",
    "vpt.revenge_renounced": lambda d: (f"{d['avenger']} renounces revenge on {d['target']} "
                                       f"({plural(d['points'], 'point')} kept, frozen)"),
    "vpt.revenge_ticked": _vpt_revenge,
    "vpt.points_spent": lambda d: (f"{d['character']} spends {plural(d['amount'], d['bond'] + ' point')} towards "
                                   f"{d['other']}" + (f" ({d['purpose']})" if d.get("purpose") else "")
                                   + f": {d['remaining']} left"),
}
