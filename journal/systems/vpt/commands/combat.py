"""VPT table actions of a fight: characters, side initiative, the weapon table, melee order, hits,
wounds, the death check and morale.

Each function builds a ``decide(ctx)`` closure and hands it to :meth:`Journal.execute`: nothing is
written when any check raises.  Dice come from ``ctx.dice``: the table's values when ``dice`` is given,
else the journal's server dice of the open session.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, get_args

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.systems.vpt import events as ev
from journal.systems.vpt import rules, words
from journal.systems.vpt.commands._common import (
    begin,
    character,
    make,
    require_alive,
    require_player_or_master,
    run,
)

#: Hit modifiers the journal reads from the sheets instead of taking them from the recorder.
SHEET_MODIFIERS = ("fresh", "exhausted", "preparation")


def _run(journal: Journal, campaign: str, decide: Any, actor: str | None) -> list[Event]:
    return run(journal, campaign, decide, actor)


# --- Characters ---------------------------------------------------------------------------------


def create_character(
    journal: Journal,
    campaign: str,
    name: str,
    player: str | None = None,
    *,
    hit_bonus: int = 0,
    health_bonus: int = 0,
    morale: int = 0,
    preparation: int = 0,
    dungeon_speed: int | None = None,
    limit: int | None = None,
    actor: str | None = None,
) -> Event:
    """A character enters the campaign; a player creates his own, the GM any (his own by default)."""

    def decide(ctx: Context) -> list:
        state = begin(ctx)
        owner = player or ctx.actor
        if owner != ctx.actor:
            ctx.require_master(N_("create a character for another member"))
        if owner not in ctx.campaign["members"]:
            raise RuleViolation(N_("vpt: characters belong to members"), _("'{owner}' is not a member of '{name}'")
                                                                         .format(owner=owner, name=ctx.name))
        if name.strip() in state["characters"]:
            raise RuleViolation(N_("vpt: characters are unique"), _("'{strip}' already exists in '{name}'")
                                                                  .format(strip=name.strip(), name=ctx.name))
        if limit is not None and ctx.campaign["members"][owner] != "master":
            raise RuleViolation(N_("vpt: a limit is for GM characters"), _("{strip} is {owner}'s character")
                                                                         .format(strip=name.strip(), owner=owner))
        return [make(ev.CharacterCreated, name=name.strip(), player=owner, hit_bonus=hit_bonus,
                     health_bonus=health_bonus, morale=morale, preparation=preparation,
                     dungeon_speed=dungeon_speed, limit=limit)]

    return _run(journal, campaign, decide, actor)[0]


# --- Initiative ---------------------------------------------------------------------------------


def roll_initiative(
    journal: Journal,
    campaign: str,
    mode: rules.InitiativeMode,
    enemies: Sequence[rules.Side] | str,
    party: str = "players",
    dice: list[int] | None = None,
    actor: str | None = None,
) -> Event:
    """The players' initiative (reckless 2d6, careful 1d6) against enemy sides fixed in advance (any member).

    ``enemies`` may be the table's text, ``Жулики 7; Стража 5`` (journal.systems.vpt.words.sides_of).
    """
    if isinstance(enemies, str):
        enemies = words.sides_of(enemies)
    mode = words.chosen(mode, get_args(rules.InitiativeMode), "mode")  # type: ignore[assignment]

    ev.InitiativeRolled.check_fields(party=party)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        begin(ctx)
        if mode not in ("reckless", "careful"):
            raise RuleViolation(N_("vpt: initiative mode"), _("initiative is 'reckless' or 'careful', not '{mode}'")
                                                            .format(mode=mode))
        rules.check_initiative_sides(enemies, party)  # before the dice: nothing they show changes it
        roll = ctx.dice(6, 2 if mode == "reckless" else 1, dice)
        outcome = rules.roll_initiative(mode, roll.dice, enemies, party)
        sides = [ev.EnemySide(name=s.name, initiative=s.initiative, kind=s.kind) for s in enemies]
        return [make(ev.InitiativeRolled, mode=mode, roll=roll, party=party, enemies=sides, total=outcome.total,
                     order=list(outcome.order), winner=outcome.winner)]

    return _run(journal, campaign, decide, actor)[0]


# --- The weapon table ----------------------------------------------------------------------------


def set_weapon_table(
    journal: Journal, campaign: str, weapons: Mapping[str, ev.Weapon | Mapping[str, Any]], actor: str | None = None
) -> Event:
    """Replace the campaign's whole Hit table (the GM only)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("set the weapon table"))
        return [make(ev.WeaponTableSet, weapons=dict(weapons))]

    return _run(journal, campaign, decide, actor)[0]


def set_weapon(
    journal: Journal,
    campaign: str,
    name: str,
    target: int,
    initiative: int,
    *,
    extra_attacks: int = 0,
    fires_in_melee: bool = False,
    mounted_bonus: int = 0,
    follow_up_after_shield: bool = False,
    actor: str | None = None,
) -> Event:
    """Add or replace one row of the Hit table; the event records that row only (``merge``; the GM only)."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("set the weapon table"))
        return [make(ev.WeaponTableSet, merge=True, weapons={name: {
            "target": target, "initiative": initiative, "extra_attacks": extra_attacks,
            "fires_in_melee": fires_in_melee, "mounted_bonus": mounted_bonus,
            "follow_up_after_shield": follow_up_after_shield}})]

    return _run(journal, campaign, decide, actor)[0]


# --- Melee order ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fighter:
    """One character in melee: his weapon (from the table) or an explicit weapon initiative, whom he engaged."""

    character: str
    weapon: str | None = None
    initiative: int | None = None
    engaged: str | None = None
    won_initiative: bool = False
    mounted: bool = False


def _combatant(ctx: Context, fighter: Fighter, names: Collection[str]) -> ev.MeleeEntry:
    require_alive(fighter.character, character(ctx, fighter.character))
    weapons = ctx.states["sheet"]["weapons"]
    row = weapons.get(fighter.weapon) if fighter.weapon is not None else None
    if fighter.initiative is not None:
        base = fighter.initiative
    elif fighter.weapon is None:
        raise RuleViolation(N_("vpt: weapon initiative"), _("{character}: name a weapon or give its initiative")
                                                          .format(character=fighter.character))
    elif row is None:
        raise RuleViolation(N_("vpt: weapon initiative"),
                            _("weapon '{weapon}' is not in the campaign's weapon table").format(weapon=fighter.weapon))
    else:
        base = row["initiative"]
    if fighter.engaged is not None and fighter.engaged not in names:
        raise RuleViolation(N_("vpt: melee order"),
                            _("{character} engaged {engaged}, who is not in this melee")
                            .format(character=fighter.character, engaged=fighter.engaged))
    if fighter.engaged == fighter.character:
        raise RuleViolation(N_("vpt: melee order"), _("{character} cannot engage himself")
                                                    .format(character=fighter.character))
    mounted_bonus = 0
    if fighter.mounted:
        mounted_bonus = row["mounted_bonus"] if row is not None else 0
        if mounted_bonus == 0:
            raise RuleViolation(N_("vpt: mounted bonus"), _("{character}'s weapon is not marked for mounted combat")
                                                          .format(character=fighter.character))
    combatant = rules.Combatant(fighter.character, base, fighter.engaged is not None, fighter.won_initiative,
                                mounted_bonus)
    return make(ev.MeleeEntry, character=fighter.character, weapon=fighter.weapon, weapon_initiative=base,
                engaged=fighter.engaged, won_initiative=fighter.won_initiative, mounted_bonus=mounted_bonus,
                effective_initiative=rules.effective_weapon_initiative(combatant))


def set_melee_order(journal: Journal, campaign: str, fighters: Sequence[Fighter] | str,
                    actor: str | None = None) -> Event:
    """Who is in melee and the attack order by weapon initiative, equal values together (the GM only).

    ``fighters`` may be the table's text, ``Иван меч @Орк; Орк 3`` (journal.systems.vpt.words.fighters_of).
    """
    if isinstance(fighters, str):
        fighters = words.fighters_of(fighters)

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("set the melee order"))
        if not fighters:
            raise RuleViolation(N_("vpt: melee order"), _("a melee needs at least one character"))
        names = [f.character for f in fighters]
        entries = [_combatant(ctx, fighter, names) for fighter in fighters]
        outcome = rules.melee_order([rules.Combatant(e.character, e.effective_initiative) for e in entries])
        return [make(ev.MeleeOrderSet, combatants=entries, order=[list(group) for group in outcome.order])]

    return _run(journal, campaign, decide, actor)[0]


# --- Hits and wounds --------------------------------------------------------------------------------


def _sheet_modifiers(ctx: Context, attacker: dict[str, Any], defender: dict[str, Any] | None,
                     given: Mapping[str, int]) -> dict[str, int]:
    """The recorder's modifiers plus those the sheets decide (Fresh / Exhausted, both Preparations)."""
    read = [*SHEET_MODIFIERS, *(["enemy_preparation"] if defender is not None else [])]
    for name in given:
        if name in read:
            raise RuleViolation(N_("vpt: hit modifiers"), _("'{name}' is read from the sheets; do not give it")
                                                          .format(name=name))
    modifiers = dict(given)
    modifiers.update(rules.condition_modifiers(attacker["wounds"]))
    if attacker["preparation"] > 4:
        modifiers["preparation"] = 1
    if defender is not None and defender["preparation"] > 4:
        modifiers["enemy_preparation"] = -1
    return modifiers


def record_hit(
    journal: Journal,
    campaign: str,
    attacker: str,
    defender: str | None = None,
    *,
    attack: str = "melee",
    weapon: str | None = None,
    target: int | None = None,
    modifiers: Mapping[str, int] | None = None,
    against_shield: bool = False,
    in_melee: bool = False,
    count: int = 2,
    dice: list[int] | None = None,
    actor: str | None = None,
) -> list[Event]:
    """An attack roll (2d6, or ``count`` dice split to this target) + Hit bonus + modifiers against the target.

    When it wounds a defender, the defender's ``vpt.wounds_taken`` is appended in the same batch.
    The attacker's player or the GM records it.  ``attack`` and the modifiers' names may be the table's words
    (``дальняя атака``, ``щит``: journal.systems.vpt.words).
    """
    attack = words.value_of(attack, ("melee", "ranged"))

    def decide(ctx: Context) -> list:
        state = begin(ctx)
        sheet = require_player_or_master(ctx, attacker, f"roll {attacker}'s hits")
        require_alive(attacker, sheet)
        if attack not in ("melee", "ranged"):
            raise RuleViolation(N_("vpt: attack kind"), _("an attack is 'melee' or 'ranged', not '{attack}'")
                                                        .format(attack=attack))
        foe = character(ctx, defender) if defender is not None else None
        if defender == attacker:
            raise RuleViolation(N_("vpt: hit target"), _("{attacker} cannot attack himself").format(attacker=attacker))
        if count < 1:
            raise RuleViolation(N_("vpt: hit dice"), _("a hit throws at least one d6, not {count}").format(count=count))
        row = state["weapons"].get(weapon) if weapon is not None else None
        if attack == "ranged":
            rules.check_ranged_attack(in_melee, bool(row and row["fires_in_melee"]))
        given = words.modifiers_of(modifiers or {})
        if "mounted" in given and row is not None and given["mounted"] != row["mounted_bonus"]:
            raise RuleViolation(N_("vpt: mounted bonus"),
                                _("'{weapon}' gives {mounted_bonus:+d} on horseback, not {mounted:+d}")
                                .format(weapon=weapon, mounted_bonus=row['mounted_bonus'], mounted=given['mounted']))
        applied = _sheet_modifiers(ctx, sheet, foe, given)
        goal = rules.hit_target(weapon, {n: w["target"] for n, w in state["weapons"].items()}, target)
        roll = ctx.dice(6, count, dice)
        outcome = rules.resolve_hit(roll.dice, sheet["hit_bonus"], applied, goal, against_shield)
        hit = make(ev.HitRolled, attacker=attacker, defender=defender, attack=attack, weapon=weapon, roll=roll,
                   hit_bonus=sheet["hit_bonus"], modifiers=applied, target=goal,
                   target_from="explicit" if target is not None else "weapon_table", against_shield=against_shield,
                   total=outcome.total, wounds=outcome.wounds, shield_destroyed=outcome.shield_destroyed)
        decided: list = [hit]
        if foe is not None and outcome.wounds > 0:
            decided.append(Record(make(ev.WoundsTaken, character=defender, wounds=outcome.wounds)))
        return decided

    return _run(journal, campaign, decide, actor)


def record_wounds(journal: Journal, campaign: str, name: str, wounds: int = 1, actor: str | None = None) -> Event:
    """Wounds from anything but a recorded hit (a fall, a trap, a spell): the GM only."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("record wounds"))
        character(ctx, name)
        return [make(ev.WoundsTaken, character=name, wounds=wounds)]

    return _run(journal, campaign, decide, actor)[0]


# --- Death and morale --------------------------------------------------------------------------------


def check_death(journal: Journal, campaign: str, name: str, dice: list[int] | None = None,
                actor: str | None = None) -> Event:
    """A wounded character's death check at the start of his turn: 2d6 + Health bonus below his wounds kills."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        sheet = require_player_or_master(ctx, name, f"roll {name}'s death check")
        require_alive(name, sheet)
        if sheet["wounds"] < 1:
            raise RuleViolation(N_("vpt: death check"), _("only a wounded character makes a death check ({name}: 0 wounds)")
                                                        .format(name=name))
        roll = ctx.dice(6, 2, dice)
        outcome = rules.death_check(roll.dice, sheet["health_bonus"], sheet["wounds"])
        return [make(ev.DeathChecked, character=name, roll=roll, health_bonus=sheet["health_bonus"],
                     wounds=sheet["wounds"], total=outcome.total, dead=outcome.dead)]

    return _run(journal, campaign, decide, actor)[0]


def check_morale(journal: Journal, campaign: str, name: str, group_health: int = 0, dice: list[int] | None = None,
                 actor: str | None = None) -> Event:
    """A character leaving the fight: the GM rolls 2d6 + Morale (+ signed group Health); 12+ recovers a wound."""

    def decide(ctx: Context) -> list:
        begin(ctx)
        ctx.require_master(N_("roll morale"))
        sheet = character(ctx, name)
        require_alive(name, sheet)
        roll = ctx.dice(6, 2, dice)
        outcome = rules.morale_check(roll.dice, sheet["morale"], group_health)
        return [make(ev.MoraleRolled, character=name, roll=roll, morale=sheet["morale"], group_health=group_health,
                     total=outcome.total, result=outcome.result,
                     wounds_recovered=min(outcome.wounds_recovered, sheet["wounds"]))]

    return _run(journal, campaign, decide, actor)[0]
