"""One line for people per event: what was recorded and its outcome, for every event type of every system.

Table-driven: ``_LINES`` maps an event type to a function of its payload (``data``) returning one line.
A payload that carries its own ``description`` (a free roll) is described by it.  A type the table does
not know (a newer module, an import from a newer journal) falls back to its fields as ``key=value``, so
every event still prints in one line.  The lines follow what the CLI verbs print when they record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.events.envelope import Event

Data = dict[str, Any]


# -- small pieces ---------------------------------------------------------------------------------


def _n(count: int, word: str) -> str:
    """``1 wound``, ``3 wounds``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _signed(value: int) -> str:
    return f"{value:+d}"


def _dice(roll: Data | None) -> str:
    """``[4, 3]``, with ``(journal dice)`` for the journal's verifiable dice."""
    if roll is None:
        return "[]"
    return f"[{', '.join(str(d) for d in roll['dice'])}]" + (" (journal dice)" if roll["source"] == "server" else "")


def _plus(bonus: int) -> str:
    return f" {bonus:+d}" if bonus else ""


def _short(value: object, width: int = 24) -> str:
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= width else f"{text[:width - 3]}..."


def fields(data: Data) -> str:
    """The fallback line: every non-empty field as ``key=value`` (long values shortened)."""
    return ", ".join(f"{key}={_short(value)}" for key, value in data.items() if value not in (None, [], {}, ""))


# -- shared events --------------------------------------------------------------------------------


def _free_roll(d: Data) -> str:
    purpose = f"  ({d['purpose']})" if d.get("purpose") else ""
    return f"{d['description']}{purpose}"


def _voided(d: Data) -> str:
    dispute = f" (dispute {d['dispute']})" if d.get("dispute") else ""
    return f"voids v{d['target_version']}{dispute}: {d['reason']}"


SHARED: dict[str, Callable[[Data], str]] = {
    "campaign.created": lambda d: f"campaign '{d['name']}' started ({d['system']}), Master: {d['master']}",
    "member.added": lambda d: f"{d['name']} joins as a {d['role']}",
    "member.token_issued": lambda d: f"token {d['token_id']} issued to {d['member']}",
    "member.token_revoked": lambda d: f"token {d['token_id']} of {d['member']} revoked",
    "session.started": lambda d: f"session {d['number']} started; present: {', '.join(d['present'])}",
    "session.ended": lambda d: (f"session {d['number']} ended after {d['minutes']} min; "
                                f"{d['next_counter']} server dice; seed revealed"),
    "roll.made": _free_roll,
    "correction.voided": _voided,
}


# -- Wield ----------------------------------------------------------------------------------------

GEIS_SIZES = {1: "small", 2: "large", 3: "major"}


def _wield_chance(d: Data) -> str:
    against = f" vs {d['target']}" if d["target"] is not None else ""
    if d["geis"] is not None:
        how = "sealed geis -> success without a roll"
    elif d["roll"] is None:
        how = "no roll -> success"
    else:
        how = f"{_dice(d['roll'])}{_plus(d['bonus'])} = {d['total']} -> {'success' if d['success'] else 'failure'}"
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
    return (f"{d['hero']} vs {d['vatcha']}{again}, '{d['demand']}': vatcha {_dice(d['vatcha_roll'])} vs "
            f"wielder {_dice(d['wielder_roll'])} -> {verdict[d['outcome']]}")


def _wield_collected(d: Data) -> str:
    change = [f"wounds {', '.join(f'{k} {v:+d}' for k, v in d['wounds'].items())}"] * bool(d["wounds"])
    change += [f"the {d['winner']} wins"] * bool(d.get("winner"))
    return (f"Fate collects: {d['hero']}'s success is a failure{''.join(f'; {c}' for c in change)}; "
            f"still owed on that geis: {d['remaining']}")


def _wield_condition(d: Data) -> str:
    adds = ", ".join([f"+{d['extra_dice']} d20"] * bool(d["extra_dice"]) + [f"{d['bonus']:+d}"] * bool(d["bonus"]))
    return f"{d['hero']} gains '{d['condition']}'" + (f" ({adds})" if adds else "")


WIELD: dict[str, Callable[[Data], str]] = {
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
    "wield.geis_breached": lambda d: f"{d['hero']} broke his geis ({d['how']}): owes Fate {_n(d['rank'], 'failure')}",
    "wield.failure_collected": _wield_collected,
    "wield.condition_gained": _wield_condition,
    "wield.condition_removed": lambda d: f"{d['hero']} is no longer '{d['condition']}'",
    "wield.hero_died": lambda d: f"{d['hero']} dies ({d['cause']}); failures owed that vanish: {d['debts_vanished']}",
}


# -- Stone Wheel ----------------------------------------------------------------------------------


def _pool(attempt: Data) -> str:
    """``Ратибор from 7 (Фехтование 2 -> from 5): 3d10 [4, 10, 5] = 2 successes``."""
    skill = ""
    if attempt["skill"]:
        skill = f" ({attempt['skill']} {attempt['skill_levels']} -> from {attempt['threshold']})"
    dice = attempt["roll"]["dice"]
    count = attempt["successes"]
    return (f"from {attempt['base_threshold']}{skill}: {len(dice)}d10 {_dice(attempt['roll'])} = "
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


STONE_WHEEL: dict[str, Callable[[Data], str]] = {
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
    "stone_wheel.sleep_rolled": lambda d: (f"{d['character']} sleeps {d['hours']} h (d12 {_dice(d['roll'])}): "
                                           f"+{d['health_restored']} Health, +{d['mana_restored']} Mana"),
    "stone_wheel.xp_awarded": _sw_xp,
    "stone_wheel.xp_spent": lambda d: f"{d['character']} -{d['amount']} XP: {d['kind']} {d['target']} +{d['levels']}",
}


# -- Dichotomy ------------------------------------------------------------------------------------


def _track(track: Data) -> str:
    from journal.systems.dichotomy.rules import Track, track_drawing

    return track_drawing(Track(**track))


def _dichotomy_check(d: Data) -> str:
    parts = []
    for die, value in zip(d["dice"], d["roll"]["dice"]):
        modifier = f"{die['modifier']:+d}" if die.get("modifier") else ""
        parts.append(f"{die['attribute']} {die['attribute_value']}+{value}{modifier} = {die['total']} "
                     f"vs TN {die['tn']} {'hit' if die['success'] else 'miss'}")
    versus = f" vs {d['defender']}" if d["defender"] else ""
    return f"{d['character']}{versus}: {_dice(d['roll'])}: {'; '.join(parts)} -> {d['outcome']}"


def _dichotomy_xp(d: Data) -> str:
    if d["source"] == "motive":
        return f"{d['character']}: {d['motive']} {d['outcome']} in adventure {d['adventure']}: +{d['amount']} XP"
    return f"{d['character']}: +{d['amount']} XP renown" + (f" ({d['reason']})" if d.get("reason") else "")


def _dichotomy_damage(d: Data) -> str:
    when = f", round {d['round']}" if d.get("round") else ""
    end = f" -> {d['end'].replace('_', ' ')}" if d.get("end") else ""
    return (f"{d['character']}{when}: {d['damage']} damage, {_n(d['hits_lost'], 'Hit')} lost, "
            f"{d['discarded']} discarded -> {_track(d['track'])}{end}")


DICHOTOMY: dict[str, Callable[[Data], str]] = {
    "dichotomy.character_created": lambda d: (f"{d['name']} ({d['player']}): motives {', '.join(d['motives'])}; "
                                              f"{d['wealth']}"),
    "dichotomy.check_rolled": _dichotomy_check,
    "dichotomy.ability_gained": lambda d: (f"{d['character']} learns {d['ability']['name']} "
                                           f"({d['ability']['attribute']}): {d['abilities']} abilities"),
    "dichotomy.adventure_started": lambda d: (f"adventure {d['number']} started"
                                              + (f": {d['title']}" if d.get("title") else "")),
    "dichotomy.adventure_ended": lambda d: f"adventure {d['number']} ended",
    "dichotomy.xp_awarded": _dichotomy_xp,
    "dichotomy.motive_chosen": lambda d: (f"{d['character']} takes the motive {d['motive']} "
                                          f"(from adventure {d['since']})"),
    "dichotomy.motive_swapped": lambda d: f"{d['character']}: {d['old']} -> {d['new']} (from adventure {d['since']})",
    "dichotomy.damage_applied": _dichotomy_damage,
    "dichotomy.dive_taken": lambda d: f"{d['character']} takes a dive (no action until the fight ends)",
    "dichotomy.fight_ended": lambda d: "the fight is over" + (f": {d['note']}" if d.get("note") else ""),
    "dichotomy.hits_recovered": lambda d: (f"{d['character']} recovers {_n(d['hits'], 'Hit')} ({d['how']}) -> "
                                           f"{_track(d['track'])}"),
    "dichotomy.injury_healed": lambda d: f"{d['character']}: {d['injury']} healed -> {_track(d['track'])}",
    "dichotomy.wealth_changed": lambda d: f"{d['character']}: {d['previous']} -> {d['level']}",
    "dichotomy.xp_spent": lambda d: f"{d['character']} spends {d['amount']} XP on {d['connection']}",
    "dichotomy.equipment_packed": lambda d: (f"{d['character']} carries {len(d['items'])}/{d['capacity']}: "
                                             f"{', '.join(d['items']) or 'nothing'}"),
}


# -- VPT ------------------------------------------------------------------------------------------


def _vpt_hit(d: Data) -> str:
    parts = ([f"{_signed(d['hit_bonus'])} hit"] if d["hit_bonus"] else []) + [
        f"{_signed(v)} {k}" for k, v in d["modifiers"].items()]
    whom = f" {d['defender']}" if d["defender"] else ""
    arms = ", ".join([d["attack"], *([d["weapon"]] if d["weapon"] else [])])
    if d["against_shield"]:
        effect = "shield destroyed" if d["shield_destroyed"] else "the shield holds"
    else:
        effect = {0: "miss", 1: "1 wound", 2: "2 wounds"}[d["wounds"]]
    mods = f" {' '.join(parts)}" if parts else ""
    return f"{d['attacker']} hits{whom} ({arms}): {_dice(d['roll'])}{mods} = {d['total']} vs {d['target']} -> {effect}"


def _vpt_ticked(d: Data, points: dict[str, int]) -> str:
    items = ", ".join(f"{item} {_signed(points.get(item, 0))}" for item in d["items"])
    return f"{items} = {_signed(d['change'])} -> {_n(d['points'], 'point')} (session {d['session']})"


def _vpt_relationship(d: Data) -> str:
    from journal.systems.vpt.rules import RELATIONSHIP_POINTS

    return f"{d['character']} -> {d['other']}: {_vpt_ticked(d, RELATIONSHIP_POINTS)}"


def _vpt_revenge(d: Data) -> str:
    from journal.systems.vpt.rules import REVENGE_POINTS

    return f"{d['avenger']}'s revenge on {d['target']}: {_vpt_ticked(d, REVENGE_POINTS)}"


def _vpt_initiative(d: Data) -> str:
    values = {s["name"]: s["initiative"] for s in d["enemies"]} | {d["party"]: d["total"]}
    order = ", ".join(f"{name} {values[name]}" for name in d["order"])
    return f"{d['party']}: {d['mode']} {_dice(d['roll'])} = {d['total']} -> {order}; {d['winner']} act first"


def _vpt_melee(d: Data) -> str:
    wi = {c["character"]: c["effective_initiative"] for c in d["combatants"]}
    return "melee: " + " -> ".join(" = ".join(f"{name} {wi[name]}" for name in group) for group in d["order"])


def _vpt_created(d: Data) -> str:
    limit = f", limit {d['limit']}" if d.get("limit") is not None else ""
    return (f"{d['name']} ({d['player']}): hit {_signed(d['hit_bonus'])}, health {_signed(d['health_bonus'])}, "
            f"morale {_signed(d['morale'])}, preparation {d['preparation']}{limit}")


def _vpt_morale(d: Data) -> str:
    extra = f" {_signed(d['group_health'])} group" if d["group_health"] else ""
    back = " (1 wound back)" if d["wounds_recovered"] else ""
    return (f"{d['character']}: morale {_dice(d['roll'])} {_signed(d['morale'])}{extra} = {d['total']} -> "
            f"{d['result'].replace('_', ' ')}{back}")


VPT: dict[str, Callable[[Data], str]] = {
    "vpt.character_created": _vpt_created,
    "vpt.weapon_table_set": lambda d: "weapon table: " + ", ".join(
        f"{name} {row['target']}+ WI {row['initiative']}" for name, row in d["weapons"].items()),
    "vpt.initiative_rolled": _vpt_initiative,
    "vpt.melee_order_set": _vpt_melee,
    "vpt.hit_rolled": _vpt_hit,
    "vpt.wounds_taken": lambda d: f"{d['character']} takes {_n(d['wounds'], 'wound')}: {d['total']} in all",
    "vpt.death_checked": lambda d: (f"{d['character']}: death check {_dice(d['roll'])} {_signed(d['health_bonus'])} "
                                    f"health = {d['total']} vs {_n(d['wounds'], 'wound')} -> "
                                    f"{'dies' if d['dead'] else 'lives'}"),
    "vpt.morale_rolled": _vpt_morale,
    "vpt.relationship_ticked": _vpt_relationship,
    "vpt.status_gained": lambda d: f"{d['character']} gains the Status '{d['status']}' towards {d['other']}",
    "vpt.status_renounced": lambda d: f"{d['character']} renounces the Status '{d['status']}' towards {d['other']}",
    "vpt.revenge_target_chosen": lambda d: f"{d['avenger']} craves revenge on {d['target']}",
    "vpt.revenge_renounced": lambda d: (f"{d['avenger']} renounces revenge on {d['target']} "
                                       f"({_n(d['points'], 'point')} kept, frozen)"),
    "vpt.revenge_ticked": _vpt_revenge,
    "vpt.points_spent": lambda d: (f"{d['character']} spends {_n(d['amount'], d['bond'] + ' point')} towards "
                                   f"{d['other']}" + (f" ({d['purpose']})" if d.get("purpose") else "")
                                   + f": {d['remaining']} left"),
}


# -- disputes, house rules, tallies (shared by every system) ----------------------------------------


def _dispute_ruled(d: Data) -> str:
    t = d["tally"]
    return (f"rules to {d['ruling']} dispute {d['dispute']}: {t['uphold']} uphold, {t['overturn']} overturn "
            f"({t['required']} of {t['eligible']} needed)")


RULINGS: dict[str, Callable[[Data], str]] = {
    "dispute.opened": lambda d: f"disputes v{d['target_version']} ({d['target_type']}): {d['reason']}",
    "dispute.voted": lambda d: f"votes to {d['choice']} dispute {d['dispute']}",
    "dispute.ruled": _dispute_ruled,
    "rules.proposed": lambda d: f"proposes the house rule {d['key']} = {value_text(d['value'])} "
                                f"(now {value_text(d['previous'])})",
    "rules.voted": lambda d: f"votes {'for' if d['in_favour'] else 'against'} proposal {d['proposal']}",
    "rules.adopted": lambda d: (f"adopts the house rule {d['key']} = {value_text(d['value'])} ({d['in_favour']} for, "
                                f"{d['against']} against; {d['required']} of {d['players']} players needed)"),
    "tally.committed": lambda d: f"session {d['session']} tallied: {_n(d['lines'], 'award')}",
}


def value_text(item: object) -> str:
    """A house rule's value in one line (JSON-like, not escaped)."""
    if item is None:
        return "default"
    if isinstance(item, dict):
        return "{" + ", ".join(f"{k}: {value_text(v)}" for k, v in item.items()) + "}"
    if isinstance(item, list):
        return "[" + ", ".join(value_text(v) for v in item) + "]"
    return str(item)


_LINES: dict[str, Callable[[Data], str]] = {**SHARED, **RULINGS, **WIELD, **STONE_WHEEL, **DICHOTOMY, **VPT}


def describe(event_type: str, data: Data) -> str:
    """One line for people describing a payload of ``event_type``.

    The table's line when the type is known, the payload's own ``description`` when it carries one,
    else its fields.  A payload that does not have the fields its line expects (an older schema)
    falls back to its fields rather than failing.
    """
    line = _LINES.get(event_type)
    if line is not None:
        try:
            return line(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    if "description" in data:
        return _free_roll({"description": data["description"], "purpose": data.get("purpose")})
    return fields(data)


def summary(event: Event) -> str:
    """One line describing a stored event (its type and payload)."""
    return describe(event.type, event.data)


def known_types() -> set[str]:
    """Every type the table describes in its own words."""
    return set(_LINES)
