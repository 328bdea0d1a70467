"""Stone Wheel rules as pure functions: dice pools, combat exchanges, damage, turn order, XP, costs.

Nothing here rolls or reads: callers pass dice values already thrown and the numbers the Master set.
Each refusal raises ``RuleViolation("stone_wheel: <rule>", "<reason with the numbers>")``.
The defaults for the text's gaps are those of RULINGS.md and docs/rulings.md (Stone Wheel).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from journal.errors import RuleViolation
from journal.i18n import N_, _

CHARACTERISTICS = (
    "constitution", "strength", "dexterity", "perception", "intelligence",
    "wisdom", "charisma", "will", "magic", "luck",
)
POOLS = ("health", "stamina", "mana", "survival")
PARAMETERS = POOLS + (
    "attack", "damage", "dodge", "block", "casting", "search", "health_recovery", "stamina_recovery",
    "mana_recovery", "disease_resistance", "toxin_resistance", "magic_resistance", "reaction", "movement", "carry",
)

DIE = 10
MIN_THRESHOLD = 3
MAX_THRESHOLD = 10
CRITICAL_MARGIN = 7
PARRY_MARGINS = {"block": 3, "dodge": 5}
BLOCK_THRESHOLDS = {"thrust": 9, "chop": 8, "unarmed": 7}
DODGE_THRESHOLDS = {"standard": 7, "melee": 7, "thrown": 8, "firearm": 9, "firearm_effective_range": 10, "magic": 8}
BONE_BREAK_MARGINS = {
    "head": 15, "neck": 7, "back": 12, "ribs": 6, "arm": 3, "leg": 7, "finger": 2, "pelvis": 10, "nose": 3, "jaw": 5,
}
SKILL_STARTING_COSTS = {"combat": 100, "general": 50}
SPELL_SCHOOL_COSTS = {"creation": 200, "control": 100, "alteration": 150}
NOMINAL_GRAVITY = 10
BREATH_HELD_TURNS = 3
BURN_RANGE = (1, 4)
SLEEP_DIE = 12
COMBINING_DIE = 20
COMBINING_SUCCESS = 17
PLAYER_XP_PER_HOUR = 50
MASTER_XP_PER_HOUR = 75
TEACHING_HOURS_STEP = 5
INITIAL_SPELL_LEVEL = 1

Response = Literal["none", "block", "dodge", "counterattack", "resist"]
Striker = Literal["challenger", "responder"]
Consequence = Literal["warning", "health_penalty", "unconscious"]
Improvement = Literal["skill", "spell", "spell_mastery", "spell_efficiency", "characteristic", "parameter"]


#: The scope of this system's rule names ("stone_wheel: ..."); journal.errors.rule_label translates each part.
SCOPE = N_("stone_wheel")


def _refuse(rule: str, message: str) -> RuleViolation:
    """A refusal named ``stone_wheel: <rule>``."""
    return RuleViolation(f"{SCOPE}: {rule}", message)


# --- dice pools -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoolPlan:
    """What a roll needs once skills are counted: the threshold to beat and how many d10 to throw."""

    threshold: int
    dice: int


@dataclass(frozen=True, slots=True)
class PoolResult:
    """A thrown pool: the threshold it was read against, the dice thrown and the successes among them."""

    threshold: int
    dice: int
    successes: int


def plan_pool(base_threshold: int, skill_levels: int, pool: int) -> PoolPlan:
    """Each skill level lowers the threshold by one down to 3; levels left over add one die each."""
    if not MIN_THRESHOLD <= base_threshold <= MAX_THRESHOLD:
        raise _refuse(N_("threshold range"), _("a threshold must be {min_threshold}-{max_threshold}, not {base_threshold}")
                                             .format(min_threshold=MIN_THRESHOLD, max_threshold=MAX_THRESHOLD, base_threshold=base_threshold))
    if skill_levels < 0:
        raise _refuse(N_("skill level"), _("a skill level cannot be {skill_levels}").format(skill_levels=skill_levels))
    if pool < 1:
        raise _refuse(N_("pool size"), _("the Master's pool must hold at least 1 die, not {pool}").format(pool=pool))
    lowered = min(skill_levels, base_threshold - MIN_THRESHOLD)
    return PoolPlan(base_threshold - lowered, pool + skill_levels - lowered)


def count_successes(dice: Sequence[int], threshold: int) -> int:
    """The dice showing ``threshold`` or more."""
    for value in dice:
        if not 1 <= value <= DIE:
            raise _refuse(N_("d10 value"), _("a d10 cannot show {value}").format(value=value))
    return sum(1 for value in dice if value >= threshold)


def resolve_pool(base_threshold: int, skill_levels: int, pool: int, dice: Sequence[int]) -> PoolResult:
    """Read thrown ``dice`` as a request or combat roll: the number of dice must match the plan."""
    plan = plan_pool(base_threshold, skill_levels, pool)
    if len(dice) != plan.dice:
        raise _refuse(N_("dice count"), _("{dice} d10 are due ({pool} pool + skill dice), {count} were thrown")
                                        .format(dice=plan.dice, pool=pool, count=len(dice)))
    return PoolResult(plan.threshold, plan.dice, count_successes(dice, plan.threshold))


# --- combat -------------------------------------------------------------------------------------


def reaches_margin(margin: int, required: int) -> bool:
    """'A margin of N' means N or more."""
    return margin >= required


@dataclass(frozen=True, slots=True)
class ExchangeOutcome:
    """One challenge and its response, resolved.

    ``margin`` is challenger successes minus responder successes; ``striker`` is the side whose attack
    lands (None when nothing lands) and ``final_margin`` the margin it lands with (used for damage).
    """

    margin: int
    striker: Striker | None
    final_margin: int
    critical: bool
    parry: bool


def resolve_exchange(challenger_successes: int, responder_successes: int, response: Response) -> ExchangeOutcome:
    """Margins, hits, criticals (margin 7+), parries (block 3+, dodge 5+) and counterattack sums."""
    if challenger_successes < 0 or responder_successes < 0:
        raise _refuse(N_("successes"), _("successes cannot be negative ({challenger_successes}, {responder_successes})")
                                       .format(challenger_successes=challenger_successes, responder_successes=responder_successes))
    if response == "none" and responder_successes:
        raise _refuse(N_("no response"), _("an unanswered challenge has no responder successes, not {responder_successes}")
                                         .format(responder_successes=responder_successes))
    margin = challenger_successes - responder_successes
    striker: Striker | None = None
    final = 0
    if response == "counterattack" and margin:
        striker = "challenger" if margin > 0 else "responder"
        final = challenger_successes + responder_successes if margin > 0 else -margin
    elif margin > 0:
        striker, final = "challenger", margin
    parry = response in PARRY_MARGINS and reaches_margin(-margin, PARRY_MARGINS[response])
    critical = striker is not None and reaches_margin(final, CRITICAL_MARGIN)
    return ExchangeOutcome(margin, striker, final, critical, parry)


def bone_breaks(target: str, margin: int) -> bool:
    """Whether a margin is enough to break the named bone (§6.3)."""
    if target not in BONE_BREAK_MARGINS:
        raise _refuse(N_("bone"), _("no bone-break margin for {target!r}; known: {bone_break_margins}")
                                  .format(target=target, bone_break_margins=', '.join(BONE_BREAK_MARGINS)))
    return reaches_margin(margin, BONE_BREAK_MARGINS[target])


def grab_threshold(base_threshold: int, grabber_strength: int, target_strength: int) -> int:
    """A grab is harder by half the Strength difference when the target is stronger, easier when weaker.

    The half is rounded toward zero and the result kept within 3-10.
    """
    shift = int((target_strength - grabber_strength) / 2)
    return min(MAX_THRESHOLD, max(MIN_THRESHOLD, base_threshold + shift))


def exhausted_dodge_threshold(base_threshold: int, dodges_past_limit: int) -> int:
    """Past the Stamina limit each further dodge is one harder, up to 10."""
    return min(MAX_THRESHOLD, base_threshold + max(0, dodges_past_limit))


# --- damage and vitals --------------------------------------------------------------------------


def check_damage_terms(weapon: int, character_damage: int, armour: int, margin: int = 0) -> None:
    """No damage term is negative: checked before an exchange's dice are thrown, and again by :func:`attack_damage`."""
    for label, value in (("weapon", weapon), ("character", character_damage), ("margin", margin), ("armour", armour)):
        if value < 0:
            raise _refuse(N_("damage terms"), _("{label} value cannot be {value}").format(label=label, value=value))


def attack_damage(
    weapon: int, character_damage: int, margin: int, *, adds_character_damage: bool, armour: int, critical: bool
) -> int:
    """Weapon + character damage (unless firearm/mechanised) + final margin, less armour (not below 0).

    Damage from a critical attack grows by a quarter (rounded down) after armour.
    """
    check_damage_terms(weapon, character_damage, armour, margin)
    raw = weapon + (character_damage if adds_character_damage else 0) + margin
    taken = max(0, raw - armour)
    return taken + taken // 4 if critical else taken


@dataclass(frozen=True, slots=True)
class Vitals:
    """Health and Survival after damage."""

    health: int
    survival: int


def apply_damage(health: int, survival: int, amount: int) -> Vitals:
    """Damage takes Health first; what Health cannot absorb comes off Survival (neither below 0)."""
    if amount < 0:
        raise _refuse(N_("damage terms"), _("damage cannot be {amount}").format(amount=amount))
    overflow = max(0, amount - health)
    return Vitals(max(0, health - amount), max(0, survival - overflow))


def fall_damage(metres: int) -> int:
    """Each whole metre fallen removes one point of Health."""
    if metres < 0:
        raise _refuse(N_("fall height"), _("a fall cannot be {metres} m").format(metres=metres))
    return metres


def falling_object_damage(mass_kg: float, height_m: float) -> int:
    """A falling object deals its mass in kg times the height in m, rounded down."""
    if mass_kg < 0 or height_m < 0:
        raise _refuse(N_("falling object"), _("mass {mass_kg} kg and height {height_m} m cannot be negative")
                                            .format(mass_kg=mass_kg, height_m=height_m))
    return math.floor(mass_kg * height_m)


def suffocation_damage(turn: int) -> int:
    """Breath is held 3 turns freely; turn 4 costs 1 Health, turn 5 costs 2, and so on."""
    if turn < 1:
        raise _refuse(N_("suffocation turn"), _("turns are counted from 1, not {turn}").format(turn=turn))
    return max(0, turn - BREATH_HELD_TURNS)


def check_burn(amount: int) -> None:
    """A burn deals 1 to 4 per turn."""
    low, high = BURN_RANGE
    if not low <= amount <= high:
        raise _refuse(N_("burn damage"), _("a burn deals {low}-{high} per turn, not {amount}")
                                         .format(low=low, high=high, amount=amount))


def carry_under_gravity(carry: int, gravity: int) -> int:
    """Each unit of gravity above the nominal 10 lowers the load by 2 (and raises it below 10); not below 0."""
    return max(0, carry - 2 * (gravity - NOMINAL_GRAVITY))


# --- turn mode ----------------------------------------------------------------------------------


def check_turn_mode_start(active: bool) -> None:
    """Turn mode cannot start while it is on."""
    if active:
        raise _refuse(N_("turn mode"), _("turn mode is already on"))


def check_turn_mode_end(active: bool) -> None:
    """Turn mode cannot end while it is off."""
    if not active:
        raise _refuse(N_("turn mode"), _("turn mode is not on"))


@dataclass(frozen=True, slots=True)
class Penalty:
    """The consequence of a turn-order violation: its number in this combat, what follows, Health lost."""

    violation: int
    consequence: Consequence
    damage: int


def turn_order_penalty(previous_violations: int, current_health: int, *, turn_mode: bool) -> Penalty:
    """1st: warning; 2nd: half of current Health (rounded down) as damage; 3rd: unconscious until turn mode ends."""
    if not turn_mode:
        raise _refuse(N_("turn order"), _("turn order can only be broken in turn mode"))
    if previous_violations >= 3:
        raise _refuse(N_("turn order"), _("after {previous_violations} violations the character is unconscious")
                                        .format(previous_violations=previous_violations))
    return violation_penalty(previous_violations + 1, current_health)


def violation_penalty(violation: int, current_health: int) -> Penalty:
    """The consequence of the ``violation``-th violation in this turn mode with ``current_health`` left.

    The fold computes it too, from its own count and Health (a voided violation or damage changes the later
    ones); numbers past 3, which only voids of turn-mode starts and ends can produce, read as the 3rd.
    """
    if violation < 1:
        raise _refuse(N_("turn order"), _("violations are counted from 1, not {violation}").format(violation=violation))
    if violation == 1:
        return Penalty(1, "warning", 0)
    if violation == 2:
        return Penalty(2, "health_penalty", max(0, current_health) // 2)
    return Penalty(3, "unconscious", 0)


# --- stamina, effects, death, sleep -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StaminaOutcome:
    """Stamina left after an action, and whether it just ran out (the character gains fatigue)."""

    stamina: int
    fatigued: bool


def spend_stamina(current: int, cost: int = 1) -> StaminaOutcome:
    """Each active physical action costs 1 Stamina; at 0 the character gains 'fatigue'."""
    if cost < 1:
        raise _refuse(N_("stamina cost"), _("an action costs at least 1 Stamina, not {cost}").format(cost=cost))
    left = max(0, current - cost)
    return StaminaOutcome(left, left == 0 and current > 0)


def check_effect_gain(effects: Collection[str], effect: str) -> None:
    """An effect the character already has is not gained twice."""
    if effect in effects:
        raise _refuse(N_("effect present"), _("the character already has {effect!r}").format(effect=effect))


def check_effect_removal(effects: Collection[str], effect: str) -> None:
    """Only an effect the character has can be removed."""
    if effect not in effects:
        raise _refuse(N_("effect absent"), _("the character has no {effect!r}").format(effect=effect))


def check_death(survival: int, dead: bool) -> None:
    """Death comes when Survival reaches 0, once."""
    if dead:
        raise _refuse(N_("death"), _("the character is already dead"))
    if survival > 0:
        raise _refuse(N_("death"), _("death comes at 0 Survival, the character has {survival}")
                                   .format(survival=survival))


def check_revival(dead: bool, *, body_buried: bool, body_destroyed: bool) -> None:
    """Only the dead are revived, and not once buried or with damage incompatible with life."""
    if not dead:
        raise _refuse(N_("revival"), _("the character is not dead"))
    if body_buried:
        raise _refuse(N_("revival"), _("the body was buried: the soul cannot return"))
    if body_destroyed:
        raise _refuse(N_("revival"), _("the body's damage is incompatible with life"))


def sleep_hours(die: int) -> int:
    """The d12 thrown on falling asleep is the number of hours slept."""
    if not 1 <= die <= SLEEP_DIE:
        raise _refuse(N_("sleep die"), _("a d{sleep_die} cannot show {die}").format(sleep_die=SLEEP_DIE, die=die))
    return die


@dataclass(frozen=True, slots=True)
class Recovery:
    """Health and Mana restored by a rest."""

    health: int
    mana: int


def rest_recovery(hours: int, health_recovery: int, mana_recovery: int) -> Recovery:
    """Health and Mana recovery are per hour of rest."""
    return Recovery(hours * health_recovery, hours * mana_recovery)


def combining_succeeds(die: int) -> bool:
    """Combining spells succeeds on a d20 showing 17 or more."""
    if not 1 <= die <= COMBINING_DIE:
        raise _refuse(N_("combining die"), _("a d{combining_die} cannot show {die}")
                                           .format(combining_die=COMBINING_DIE, die=die))
    return die >= COMBINING_SUCCESS


# --- characters, experience, learning -----------------------------------------------------------


def check_new_character(name: str, existing: Collection[str]) -> None:
    """Character names are unique in the campaign."""
    if not name.strip():
        raise _refuse(N_("character name"), _("a character needs a name"))
    if name in existing:
        raise _refuse(N_("character name"), _("{name!r} already exists in this campaign").format(name=name))


@dataclass(frozen=True, slots=True)
class SessionXp:
    """Experience for a session: each player present, and the Master who ran it."""

    player: int
    master: int


def session_xp(minutes: int, player_rate: int = PLAYER_XP_PER_HOUR, master_rate: int = MASTER_XP_PER_HOUR) -> SessionXp:
    """Players present earn floor(player_rate x minutes / 60), the Master floor(master_rate x minutes / 60);
    the rates are 50 and 75 unless a house rule sets others."""
    if minutes < 0:
        raise _refuse(N_("session length"), _("a session cannot last {minutes} minutes").format(minutes=minutes))
    return SessionXp(player_rate * minutes // 60, master_rate * minutes // 60)


def check_bonus_award(amount: int, reason: str) -> None:
    """A bonus award is a positive amount with a reason."""
    if amount < 1:
        raise _refuse(N_("bonus award"), _("a bonus award must be positive, not {amount}").format(amount=amount))
    if not reason.strip():
        raise _refuse(N_("bonus award"), _("a bonus award needs a reason"))


def check_xp_spend(balance: int, cost: int) -> None:
    """Experience is spent only at a positive agreed cost the character can pay."""
    if cost < 1:
        raise _refuse(N_("experience cost"), _("an agreed cost must be positive, not {cost}").format(cost=cost))
    if cost > balance:
        raise _refuse(N_("not enough experience"), _("the cost is {cost} XP, the character has {balance}")
                                                   .format(cost=cost, balance=balance))


def check_improvement(kind: Improvement, target: str, levels: int, spells: Collection[str]) -> None:
    """What experience buys must exist (a spell to develop, a known characteristic) or be new (a spell)."""
    if levels < 1:
        raise _refuse(N_("improvement"), _("at least one level is bought, not {levels}").format(levels=levels))
    if kind == "spell" and target in spells:
        raise _refuse(N_("improvement"), _("the spell {target!r} is already known").format(target=target))
    if kind in ("spell_mastery", "spell_efficiency") and target not in spells:
        raise _refuse(N_("improvement"), _("the spell {target!r} is not known").format(target=target))
    if kind == "characteristic" and target not in CHARACTERISTICS:
        raise _refuse(N_("improvement"), _("{target!r} is not a characteristic").format(target=target))
    if kind == "parameter" and target not in PARAMETERS:
        raise _refuse(N_("improvement"), _("{target!r} is not a parameter").format(target=target))
    if kind == "skill" and not target.strip():
        raise _refuse(N_("improvement"), _("a skill needs a name"))


def skill_starting_cost(kind: Literal["combat", "general"]) -> int:
    """Combat skills start from 100 XP, general skills from 50 (the final cost is agreed)."""
    return SKILL_STARTING_COSTS[kind]


def spell_starting_cost(schools: Collection[str]) -> int:
    """The school's starting cost; for several schools, the arithmetic mean (rounded up)."""
    unknown = sorted(set(schools) - set(SPELL_SCHOOL_COSTS))
    if not schools or unknown:
        raise _refuse(N_("spell school"), _("schools must be among {spell_school_costs}; got {schools}")
                                          .format(spell_school_costs=', '.join(SPELL_SCHOOL_COSTS), schools=sorted(schools)))
    costs = [SPELL_SCHOOL_COSTS[school] for school in set(schools)]
    return -(-sum(costs) // len(costs))


def teaching_limit(teacher_level: int) -> int:
    """A teacher trains up to half of their own level, rounded down."""
    return teacher_level // 2


def check_teaching(teacher_level: int, target_level: int) -> None:
    """A level beyond half the teacher's is refused."""
    limit = teaching_limit(teacher_level)
    if target_level > limit:
        raise _refuse(
            N_("teacher limit"), _("a level-{teacher_level} teacher trains up to level {limit}, not {target_level}")
                                 .format(teacher_level=teacher_level, limit=limit, target_level=target_level)
        )


def training_hours(level: int) -> int:
    """Hours with a teacher for one level: 5 for the first, five more for each next (5, 10, 15 ...)."""
    if level < 1:
        raise _refuse(N_("skill level"), _("levels are counted from 1, not {level}").format(level=level))
    return TEACHING_HOURS_STEP * level


# --- who may act, session awards ----------------------------------------------------------------


def check_can_act(character: str, status: str) -> None:
    """The dead and the unconscious make no requests, challenges, responses or sleep rolls."""
    if status == "dead":
        raise _refuse(N_("death"), _("{character} is dead and cannot act").format(character=character))
    if status == "unconscious":
        raise _refuse(N_("unconscious"), _("{character} is unconscious and cannot act").format(character=character))


def check_alive(character: str, dead: bool) -> None:
    """What happens to a living body (damage, violations) does not happen to the dead."""
    if dead:
        raise _refuse(N_("death"), _("{character} is dead").format(character=character))


def check_session_award(session: int, ended: bool, first_award: str | None) -> None:
    """A session is awarded once, after it has ended."""
    if not ended:
        raise _refuse(N_("session award"), _("session {session} has not ended yet").format(session=session))
    if first_award is not None:
        raise _refuse(N_("session award"), _("session {session} was already awarded ({first_award})")
                                           .format(session=session, first_award=first_award))


# --- a running campaign brought in -------------------------------------------------------------


def check_carried_pool(pool: str, label: str, value: int, maximum: int) -> None:
    """A carried pool stands between 0 and its maximum, and Survival above 0 (the dead are not brought in)."""
    if not 0 <= value <= maximum:
        raise _refuse(N_("pool range"), _("{pool} must be 0-{maximum}, not {value}")
                                        .format(pool=label, maximum=maximum, value=value))
    if pool == "survival" and value == 0:
        raise _refuse(N_("death"), _("a character is brought in alive: Survival at least 1, not 0"))


def check_carried_xp(earned: int, spent: int) -> None:
    """Experience is spent no more than it was earned."""
    if spent > earned:
        raise _refuse(N_("not enough experience"), _("{spent} XP spent, only {earned} XP earned")
                                                   .format(spent=spent, earned=earned))
