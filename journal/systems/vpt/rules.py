"""VPT rules as pure functions: initiative, weapon initiative, hits, death, morale, Relationships and Revenge.

No I/O and no randomness: dice arrive as the values already rolled (lists of ints). Each function
either returns what the rules compute or raises ``RuleViolation("vpt: <rule>", "<reason>")``.
Defaults for the text's gaps follow RULINGS.md; the ones settled here are in docs/rulings.md (VPT).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from journal.errors import RuleViolation
from journal.i18n import N_, gettext
from journal.systems.vpt.hints import OPEN_RELATIONSHIP
from journal.systems.vpt.standings import dies  # the arithmetic the folds share lives in standings
from journal.systems.vpt.words import WORDS

InitiativeMode = Literal["reckless", "careful"]
CreatureKind = Literal["living", "animal", "magical"]
MoraleResult = Literal["surrenders", "flees", "retreats_without_attacking", "retreats_attacking", "recovers"]
RelationshipItem = Literal[
    "saved_life", "gave_magic_item", "date_successful", "date_especially_successful", "date_stopped", "no_interaction"
]
RevengeItem = Literal["fought", "killed_associates", "obtained_magic_item", "no_interaction"]
Bond = Literal["relationship", "revenge"]

MAX_RELATIONSHIPS = 3

RELATIONSHIP_POINTS: dict[str, int] = {
    "saved_life": 1,
    "gave_magic_item": 1,
    "date_successful": 1,
    "date_especially_successful": 2,
    "date_stopped": 0,
    "no_interaction": -1,
}
"""Relationship checklist, scored by the character's player towards one other character."""

REVENGE_POINTS: dict[str, int] = {
    "fought": 1,
    "killed_associates": 2,
    "obtained_magic_item": 1,
    "no_interaction": -1,
}
"""Revenge checklist; each item is something the target did to the avenger."""

_DATE_ITEMS = frozenset({"date_successful", "date_especially_successful", "date_stopped"})

INITIATIVE_RANGES: dict[str, tuple[int, int | None]] = {
    "living": (6, 9),
    "animal": (2, 6),
    "magical": (10, None),
}
"""The initiative ranges the players must know: living intelligent beings, animals, magical creatures."""

HIT_MODIFIERS: dict[str, frozenset[int]] = {
    "preparation": frozenset({1}),
    "fresh": frozenset({1}),
    "engaged": frozenset({1}),
    "mounted": frozenset({1, 2}),
    "high_ground": frozenset({1}),
    "outnumbering": frozenset({1}),
    "won_initiative": frozenset({1}),
    "standing_still": frozenset({1}),
    "enemy_in_cover": frozenset({-1}),
    "unmounted_against_rider": frozenset({-1}),
    "enemy_preparation": frozenset({-1}),
    "exhausted": frozenset({-1}),
}
"""Every named Hit modifier and the values it may take (``mounted``: +1 for a * weapon, +2 for **)."""


def _check_d6(dice: Sequence[int], count: int | None, rule: str) -> None:
    """Refuse dice that are not d6 values, or not ``count`` of them when a count is fixed."""
    if count is not None and len(dice) != count:
        raise RuleViolation(rule, gettext("expected {count}d6, got {count2} dice")
                                  .format(count=count, count2=len(dice)))
    if not dice:
        raise RuleViolation(rule, gettext("at least one d6 is needed"))
    for value in dice:
        if not 1 <= value <= 6:
            raise RuleViolation(rule, gettext("a d6 cannot show {value}").format(value=value))


# --- Initiative ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """An enemy side with its initiative fixed in advance; ``kind`` (if given) is checked against the ranges."""

    name: str
    initiative: int
    kind: CreatureKind | None = None


@dataclass(frozen=True, slots=True)
class InitiativeOutcome:
    """The players' total and every side's name in acting order (the winner first)."""

    total: int
    order: tuple[str, ...]

    @property
    def winner(self) -> str:
        """The side that won initiative."""
        return self.order[0]


def check_initiative_range(side: Side) -> None:
    """Refuse an enemy initiative outside the published range of its creature kind."""
    if side.kind is None:
        return
    low, high = INITIATIVE_RANGES[side.kind]
    if side.initiative < low or (high is not None and side.initiative > high):
        allowed = f"{low} to {high}" if high is not None else f"above {low - 1}"
        raise RuleViolation(
            N_("vpt: initiative ranges"),
            gettext("{name}: a {kind} creature's initiative is {allowed}, not {initiative}")
            .format(name=side.name, kind=side.kind, allowed=allowed, initiative=side.initiative),
        )


def check_initiative_sides(enemies: Sequence[Side], party: str = "players") -> None:
    """At least one enemy side, every side's name its own, each enemy's initiative in range: known before the roll."""
    if not enemies:
        raise RuleViolation(N_("vpt: initiative sides"), gettext("initiative needs at least one enemy side"))
    names = [party, *(side.name for side in enemies)]
    if len(set(names)) != len(names):
        raise RuleViolation(N_("vpt: initiative sides"), gettext("side names must differ: {names}")
                                                         .format(names=', '.join(names)))
    for side in enemies:
        check_initiative_range(side)


def roll_initiative(
    mode: InitiativeMode, dice: Sequence[int], enemies: Sequence[Side], party: str = "players"
) -> InitiativeOutcome:
    """Order the sides: reckless rolls 2d6, careful 1d6; a side acts before another only with a higher value.

    The players' value is their roll; enemies keep their fixed initiative.  Ties go against the
    players ("if the players' result is higher"); equal enemies keep the order they were given in.
    """
    _check_d6(dice, 2 if mode == "reckless" else 1, "vpt: initiative dice")
    check_initiative_sides(enemies, party)
    total = sum(dice)
    ranked = sorted([*((side.name, side.initiative) for side in enemies), (party, total)], key=lambda s: -s[1])
    return InitiativeOutcome(total=total, order=tuple(name for name, _ in ranked))


# --- Melee: weapon initiative ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Combatant:
    """One character in melee: the weapon's initiative from the table and what changes it."""

    name: str
    weapon_initiative: int
    engaged: bool = False
    won_initiative: bool = False
    mounted_bonus: int = 0


@dataclass(frozen=True, slots=True)
class MeleeOrder:
    """Each combatant's effective weapon initiative, and the attack order as groups striking together."""

    initiatives: dict[str, int]
    order: tuple[tuple[str, ...], ...]


def effective_weapon_initiative(combatant: Combatant) -> int:
    """The weapon's initiative, doubled for one who engaged, then +1 for the winning side and the mount bonus."""
    doubled = combatant.weapon_initiative * (2 if combatant.engaged else 1)
    return doubled + (1 if combatant.won_initiative else 0) + combatant.mounted_bonus


def melee_order(combatants: Sequence[Combatant]) -> MeleeOrder:
    """Highest weapon initiative attacks first; equal initiatives strike simultaneously (input order kept)."""
    names = [c.name for c in combatants]
    if len(set(names)) != len(names):
        raise RuleViolation(N_("vpt: melee order"), gettext("a character is listed twice: {names}")
                                                    .format(names=', '.join(names)))
    for combatant in combatants:
        if not 0 <= combatant.mounted_bonus <= 2:
            raise RuleViolation(
                N_("vpt: mounted bonus"), gettext("{name}: a mount bonus is 0, 1 or 2, not {mounted_bonus}")
                                          .format(name=combatant.name, mounted_bonus=combatant.mounted_bonus)
            )
    initiatives = {c.name: effective_weapon_initiative(c) for c in combatants}
    groups: dict[int, list[str]] = {}
    for name, value in initiatives.items():
        groups.setdefault(value, []).append(name)
    order = tuple(tuple(groups[value]) for value in sorted(groups, reverse=True))
    return MeleeOrder(initiatives=initiatives, order=order)


# --- Hits --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitOutcome:
    """The modified total and its effect: wounds dealt, or (against a raised shield) the shield broken."""

    total: int
    wounds: int
    shield_destroyed: bool


def condition_modifiers(wounds: int) -> dict[str, int]:
    """The attacker's own condition: Fresh (+1) with no wounds, Exhausted (-1) with 3-4 wounds."""
    if wounds == 0:
        return {"fresh": 1}
    if 3 <= wounds <= 4:
        return {"exhausted": -1}
    return {}


def modifier_total(modifiers: Mapping[str, int]) -> int:
    """Sum the named Hit modifiers, refusing unknown names, wrong values and Fresh with Exhausted."""
    for name, value in modifiers.items():
        if name not in HIT_MODIFIERS:
            raise RuleViolation(N_("vpt: hit modifiers"), gettext("unknown modifier '{name}'").format(name=name))
        if value not in HIT_MODIFIERS[name]:
            allowed = " or ".join(f"{v:+d}" for v in sorted(HIT_MODIFIERS[name]))
            raise RuleViolation(N_("vpt: hit modifiers"), gettext("'{name}' is {allowed}, not {value:+d}")
                                                          .format(name=name, allowed=allowed, value=value))
    if "fresh" in modifiers and "exhausted" in modifiers:
        raise RuleViolation(N_("vpt: hit modifiers"), gettext("a character cannot be both Fresh and Exhausted"))
    return sum(modifiers.values())


def hit_target(weapon: str | None, table: Mapping[str, int], explicit: int | None = None) -> int:
    """The number to reach: the explicit target if one is given, else the weapon's row of the campaign table."""
    if explicit is not None:
        target = explicit
    elif weapon is None:
        raise RuleViolation(N_("vpt: hit target"), gettext("a hit needs a weapon from the table or an explicit target"))
    elif weapon not in table:
        raise RuleViolation(N_("vpt: hit target"), gettext("weapon '{weapon}' is not in the campaign's weapon table")
                                                   .format(weapon=weapon))
    else:
        target = table[weapon]
    if target < 1:
        raise RuleViolation(N_("vpt: hit target"), gettext("a hit target is at least 1, not {target}")
                                                   .format(target=target))
    return target


def resolve_hit(
    dice: Sequence[int],
    hit_bonus: int,
    modifiers: Mapping[str, int],
    target: int,
    against_shield: bool = False,
) -> HitOutcome:
    """2d6 (or the dice split to this target) + Hit bonus + modifiers: >= target 1 wound, >= twice 2.

    Against a shield raised for cover any success breaks the shield and wounds no one.
    """
    _check_d6(dice, None, "vpt: hit dice")
    total = sum(dice) + hit_bonus + modifier_total(modifiers)
    level = 2 if total >= 2 * target else 1 if total >= target else 0
    if against_shield:
        return HitOutcome(total=total, wounds=0, shield_destroyed=level > 0)
    return HitOutcome(total=total, wounds=level, shield_destroyed=False)


def check_ranged_attack(in_melee: bool, fires_in_melee: bool) -> None:
    """Refuse a ranged attack from melee unless the weapon is marked as usable there."""
    if in_melee and not fires_in_melee:
        raise RuleViolation(
            N_("vpt: no ranged attack in melee"), gettext("a character in melee may shoot only with a weapon marked for it")
        )


# --- Wounds, death and morale ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeathOutcome:
    """The death check's total and whether the character died."""

    total: int
    dead: bool


def death_check(dice: Sequence[int], health_bonus: int, wounds: int) -> DeathOutcome:
    """A wounded character rolls 2d6 + Health bonus at the start of his turn and dies below his wounds."""
    _check_d6(dice, 2, "vpt: death check dice")
    if wounds < 1:
        raise RuleViolation(N_("vpt: death check"), gettext("only a wounded character makes a death check (0 wounds)"))
    total = sum(dice) + health_bonus
    return DeathOutcome(total=total, dead=dies(total, wounds))


@dataclass(frozen=True, slots=True)
class MoraleOutcome:
    """The morale total, its band and the wounds it recovers (1 on 12+)."""

    total: int
    result: MoraleResult
    wounds_recovered: int


def morale_check(dice: Sequence[int], morale: int, group_health: int = 0) -> MoraleOutcome:
    """2d6 + Morale (+ the signed group Health a kind GM applies) against the five bands."""
    _check_d6(dice, 2, "vpt: morale dice")
    total = sum(dice) + morale + group_health
    result: MoraleResult
    if total < 0:
        result = "surrenders"
    elif total <= 1:
        result = "flees"
    elif total <= 6:
        result = "retreats_without_attacking"
    elif total <= 11:
        result = "retreats_attacking"
    else:
        result = "recovers"
    return MoraleOutcome(total=total, result=result, wounds_recovered=1 if result == "recovers" else 0)


# --- Relationships and Revenge -----------------------------------------------------------------


def _slot(item: str) -> str:
    """The checklist line an item scores: the three date outcomes share one line."""
    return "date" if item in _DATE_ITEMS else item


def _score_checklist(items: Sequence[str], points: Mapping[str, int], scored: Collection[str]) -> int:
    """Validate one tick against the items this pair already scored this session; return the change."""
    if not items:
        raise RuleViolation(N_("vpt: checklist item"), gettext("a tick needs at least one checklist item"))
    for item in items:
        if item not in points:
            raise RuleViolation(N_("vpt: checklist item"), gettext("unknown checklist item '{item}'").format(item=item))
    lines = {_slot(item) for item in scored}
    for item in items:
        slot = _slot(item)
        if slot in lines:
            raise RuleViolation(
                N_("vpt: once per pair per session"), gettext("'{slot}' is already scored for this pair this session")
                                                      .format(slot=slot)
            )
        lines.add(slot)
    if "no_interaction" in lines and len(lines) > 1:
        raise RuleViolation(
            N_("vpt: no interaction excludes other items"), gettext("'no_interaction' cannot be scored with other items")
        )
    return sum(points[item] for item in items)


def check_relationship_open(character: str, other: str, relationships: Collection[str]) -> None:
    """The player chooses a relationship, opened at 0: not with oneself, not twice, not a fourth one."""
    if other in relationships:
        raise RuleViolation(N_("vpt: relationship already open"), gettext("{character} already has a relationship with {other}")
                                                                  .format(character=character, other=other))
    check_relationship_room(character, other, relationships)


def check_relationship_room(character: str, other: str, relationships: Collection[str]) -> None:
    """Refuse a relationship with oneself, or a fourth one (Revenge does not count)."""
    if character == other:
        raise RuleViolation(N_("vpt: relationship with oneself"), gettext("{character} cannot have a relationship with himself")
                                                                  .format(character=character))
    if other not in relationships and len(relationships) >= MAX_RELATIONSHIPS:
        raise RuleViolation(
            N_("vpt: at most three relationships"),
            gettext("{character} already has {count} ({relationships}); {other} would be one more")
            .format(character=character, count=len(relationships), relationships=', '.join(sorted(relationships)), other=other),
        )


def score_relationship_tick(
    character: str, other: str, items: Sequence[str], relationships: Collection[str], scored: Collection[str]
) -> int:
    """The change one end-of-session tick makes to ``character``'s relationship towards ``other``.

    ``relationships`` are the others the character already has a relationship with; ``scored`` the
    items already scored for this pair this session.  A first tick opens the relationship; "no
    interaction" needs one already open (opened at 0 by the player's choice, or by an earlier tick),
    and on a standing of 0 it leaves 0 (:func:`journal.systems.vpt.standings.new_standing`).
    """
    check_relationship_room(character, other, relationships)
    change = _score_checklist(items, RELATIONSHIP_POINTS, scored)
    if other not in relationships and list(items) == ["no_interaction"]:
        raise RuleViolation(
            N_("vpt: no interaction needs a relationship"),
            gettext("{character} has no relationship with {other} to lower").format(character=character, other=other),
            hint=OPEN_RELATIONSHIP,
        )
    return change


def check_status_gain(
    character: str, other: str, status: str, relationships: Collection[str], held: Collection[str]
) -> None:
    """A status is gained within an existing relationship, and only once while held."""
    if other not in relationships:
        raise RuleViolation(N_("vpt: status needs a relationship"), gettext("{character} has no relationship with {other}")
                                                                    .format(character=character, other=other))
    if status in held:
        raise RuleViolation(N_("vpt: status already held"), gettext("{character} already holds '{status}' towards {other}")
                                                            .format(character=character, status=status, other=other))


def check_status_renounce(character: str, other: str, status: str, held: Collection[str]) -> None:
    """Only a status the character holds can be renounced."""
    if status not in held:
        raise RuleViolation(N_("vpt: status not held"), gettext("{character} holds no '{status}' towards {other}")
                                                        .format(character=character, status=status, other=other))


def check_revenge_choice(avenger: str, target: str, current: str | None) -> None:
    """One revenge target at a time: a new one only after the current revenge is renounced."""
    if avenger == target:
        raise RuleViolation(N_("vpt: revenge on oneself"), gettext("{avenger} cannot crave revenge on himself")
                                                           .format(avenger=avenger))
    if current is not None:
        raise RuleViolation(
            N_("vpt: one revenge target at a time"), gettext("{avenger} already craves revenge on {current}; renounce it first")
                                                     .format(avenger=avenger, current=current)
        )


def check_revenge_renounce(avenger: str, target: str, current: str | None) -> None:
    """Only the current revenge can be renounced."""
    if current != target:
        raise RuleViolation(N_("vpt: no such revenge"), gettext("{avenger} does not currently crave revenge on {target}")
                                                        .format(avenger=avenger, target=target))


def score_revenge_tick(
    avenger: str, target: str, current: str | None, items: Sequence[str], scored: Collection[str]
) -> int:
    """The change one end-of-session tick makes to the avenger's current revenge; items are the target's deeds."""
    if current != target:
        raise RuleViolation(
            N_("vpt: revenge tick needs the current target"), gettext("{avenger}'s revenge target is {current}, not {target}")
                                                              .format(avenger=avenger, current=current, target=target)
        )
    return _score_checklist(items, REVENGE_POINTS, scored)


def check_spend(character: str, other: str, bond: Bond, points: int, amount: int) -> None:
    """Points are spent per character, a positive amount no larger than the standing."""
    if amount < 1:
        raise RuleViolation(N_("vpt: points spent"), gettext("an amount spent is at least 1, not {amount}")
                                                     .format(amount=amount))
    if amount > points:
        raise RuleViolation(
            N_("vpt: not enough points"), gettext("{character} has {points} {bond} points towards {other}, cannot spend {amount}")
                                          .format(character=character, points=points, bond=WORDS[bond](), other=other, amount=amount)
        )


def no_interaction_candidates(
    bonds: Iterable[tuple[str, str]], linked: Collection[frozenset[str]]
) -> list[tuple[str, str]]:
    """The (character, other) bonds the tally proposes for "no interaction": no session event linked the pair."""
    return [(a, b) for a, b in bonds if frozenset((a, b)) not in linked]
