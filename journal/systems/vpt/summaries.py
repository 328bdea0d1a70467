"""VPT: one line for people per event type of the system (journal.service.summaries reads ``LINES``).

Each line is a msgid of the ``journal`` domain in the current language, placeholders named.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.i18n import _, ngettext
from journal.service.summaries import Data, dice_text, signed, word
from journal.systems.carrying import carried_line
from journal.systems.vpt.words import WORDS


def _wounds(count: int) -> str:
    return ngettext("{count} wound", "{count} wounds", count).format(count=count)


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _vpt_hit(d: Data) -> str:
    parts = ([_("{bonus} hit").format(bonus=signed(d["hit_bonus"]))] if d["hit_bonus"] else []) + [
        f"{signed(v)} {word(WORDS, k)}" for k, v in d["modifiers"].items()]
    whom = f" {d['defender']}" if d["defender"] else ""
    arms = ", ".join([word(WORDS, d["attack"]), *([d["weapon"]] if d["weapon"] else [])])
    if d["against_shield"]:
        effect = _("shield destroyed") if d["shield_destroyed"] else _("the shield holds")
    else:
        effect = {0: _("miss"), 1: _wounds(1), 2: _wounds(2)}[d["wounds"]]
    mods = f" {' '.join(parts)}" if parts else ""
    return _("{attacker} hits{whom} ({arms}): {dice}{mods} = {total} vs {target} -> {effect}").format(
        attacker=d["attacker"], whom=whom, arms=arms, dice=dice_text(d["roll"]), mods=mods, total=d["total"],
        target=d["target"], effect=effect)


def _vpt_ticked(d: Data, points: dict[str, int]) -> str:
    items = ", ".join(f"{word(WORDS, item)} {signed(points.get(item, 0))}" for item in d["items"])
    return _("{items} = {change} -> {points} (session {session})").format(
        items=items, change=signed(d["change"]), points=_points(d["points"]), session=d["session"])


def _vpt_relationship(d: Data) -> str:
    from journal.systems.vpt.rules import RELATIONSHIP_POINTS

    return f"{d['character']} -> {d['other']}: {_vpt_ticked(d, RELATIONSHIP_POINTS)}"


def _vpt_revenge(d: Data) -> str:
    from journal.systems.vpt.rules import REVENGE_POINTS

    return _("{avenger}'s revenge on {target}: {tick}").format(avenger=d["avenger"], target=d["target"],
                                                               tick=_vpt_ticked(d, REVENGE_POINTS))


def _vpt_initiative(d: Data) -> str:
    values = {s["name"]: s["initiative"] for s in d["enemies"]} | {d["party"]: d["total"]}

    def side(name: str) -> str:  # the default players' side (``players``) in the system's word; a named one as named
        return word(WORDS, name) if name == d["party"] == "players" else name

    order = ", ".join(f"{side(name)} {values[name]}" for name in d["order"])
    return _("{party}: {mode} {dice} = {total} -> {order}; {winner} act first").format(
        party=side(d["party"]), mode=word(WORDS, d["mode"]), dice=dice_text(d["roll"]), total=d["total"], order=order,
        winner=side(d["winner"]))


def _vpt_melee(d: Data) -> str:
    wi = {c["character"]: c["effective_initiative"] for c in d["combatants"]}
    return _("melee: {order}").format(
        order=" -> ".join(" = ".join(f"{name} {wi[name]}" for name in group) for group in d["order"]))


def _vpt_created(d: Data) -> str:
    limit = _(", limit {limit}").format(limit=d["limit"]) if d.get("limit") is not None else ""
    return _("{name} ({player}): hit {hit}, health {health}, morale {morale}, preparation {preparation}{limit}").format(
        name=d["name"], player=d["player"], hit=signed(d["hit_bonus"]), health=signed(d["health_bonus"]),
        morale=signed(d["morale"]), preparation=d["preparation"], limit=limit)


def _vpt_morale(d: Data) -> str:
    extra = _(" {health} group").format(health=signed(d["group_health"])) if d["group_health"] else ""
    back = _(" (1 wound back)") if d["wounds_recovered"] else ""
    return _("{character}: morale {dice} {morale}{extra} = {total} -> {result}{back}").format(
        character=d["character"], dice=dice_text(d["roll"]), morale=signed(d["morale"]), extra=extra,
        total=d["total"], result=word(WORDS, d["result"]), back=back)


def _vpt_death(d: Data) -> str:
    line = (_("{character}: death check {dice} {bonus} health = {total} vs {wounds} -> dies") if d["dead"]
            else _("{character}: death check {dice} {bonus} health = {total} vs {wounds} -> lives"))
    return line.format(character=d["character"], dice=dice_text(d["roll"]), bonus=signed(d["health_bonus"]),
                       total=d["total"], wounds=_wounds(d["wounds"]))


def _vpt_spent(d: Data) -> str:
    amount = d["amount"]
    if d["bond"] == "relationship":
        spent = ngettext("{count} relationship point", "{count} relationship points", amount)
    elif d["bond"] == "revenge":
        spent = ngettext("{count} revenge point", "{count} revenge points", amount)
    else:
        spent = ngettext("{count} {bond} point", "{count} {bond} points", amount)
    spent = spent.format(count=amount, bond=d["bond"])
    if d.get("purpose"):
        return _("{character} spends {spent} towards {other} ({purpose}): {remaining} left").format(
            character=d["character"], spent=spent, other=d["other"], purpose=d["purpose"], remaining=d["remaining"])
    return _("{character} spends {spent} towards {other}: {remaining} left").format(
        character=d["character"], spent=spent, other=d["other"], remaining=d["remaining"])


def _vpt_carried(d: Data) -> str:
    parts = [_("{other} {points}").format(other=r["other"], points=_points(r["points"])) + (
        f" ({', '.join(r['statuses'])})" if r["statuses"] else "") for r in d["relationships"]]
    if d.get("revenge"):
        parts.append(_("revenge on {target} {points}").format(target=d["revenge"]["target"],
                                                             points=_points(d["revenge"]["points"])))
    return carried_line(d, parts, _("no relationships, no revenge"))


LINES: dict[str, Callable[[Data], str]] = {
    "vpt.carried_over": _vpt_carried,
    "vpt.character_created": _vpt_created,
    "vpt.weapon_table_set": lambda d: _("weapon table: {rows}").format(rows=", ".join(
        _("{name} {target}+ WI {initiative}").format(name=name, target=row["target"], initiative=row["initiative"])
        for name, row in d["weapons"].items())),
    "vpt.initiative_rolled": _vpt_initiative,
    "vpt.melee_order_set": _vpt_melee,
    "vpt.hit_rolled": _vpt_hit,
    "vpt.wounds_taken": lambda d: _("{character} takes {wounds}: {total} in all").format(
        character=d["character"], wounds=_wounds(d["wounds"]), total=d["total"]),
    "vpt.death_checked": _vpt_death,
    "vpt.morale_rolled": _vpt_morale,
    "vpt.relationship_opened": lambda d: _("{character} opens a relationship towards {other}").format(
        character=d["character"], other=d["other"]),
    "vpt.relationship_ticked": _vpt_relationship,
    "vpt.status_gained": lambda d: _("{character} gains the Status '{status}' towards {other}").format(
        character=d["character"], status=d["status"], other=d["other"]),
    "vpt.status_renounced": lambda d: _("{character} renounces the Status '{status}' towards {other}").format(
        character=d["character"], status=d["status"], other=d["other"]),
    "vpt.revenge_target_chosen": lambda d: _("{avenger} craves revenge on {target}").format(avenger=d["avenger"],
                                                                                            target=d["target"]),
    "vpt.revenge_renounced": lambda d: _("{avenger} renounces revenge on {target} ({points} kept, frozen)").format(
        avenger=d["avenger"], target=d["target"], points=_points(d["points"])),
    "vpt.revenge_ticked": _vpt_revenge,
    "vpt.points_spent": _vpt_spent,
}
