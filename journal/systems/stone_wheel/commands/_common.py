"""What every Stone Wheel command shares: the system check, sheets, who may act, pools and damage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from journal.errors import NotAuthorized, NotFound, RuleViolation
from journal.events import Payload, parse_payload
from journal.i18n import N_, _
from journal.service.context import Context
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.events import AttackDamage, DamageTaken, Died, PoolRoll
from journal.understand import understood

SYSTEM = "stone-wheel"
#: The catalogue name of the sheet fold (``journal.systems.stone_wheel.folds.sheet``) in ``ctx.states``.
SHEET = "stone_wheel.sheet"
#: Extra folds the commands ask for: none, the catalogue's sheet is always in ``ctx.states``, and a
#: fold named here would be refused for a campaign of another system before ``require_system`` runs.
PROJECTIONS: dict = {}


def spoken(text: str, listed: str) -> str:
    """The value of the system's list ``listed`` (choices.CHOICES: ``kinds``, ``actions``, ``pools``...) that ``text``
    names as a player types it (``атака``, «Здоровье»: journal.understand, the reading the command line's options
    share); a word that names none goes on as typed, for the payload to refuse naming its values."""
    from journal.systems.stone_wheel.choices import CHOICES
    from journal.systems.stone_wheel.words import FIELDS, WORDS

    return understood(text, CHOICES.words[listed], FIELDS if listed == "pools" else WORDS) or text


def state(ctx: Context) -> dict[str, Any]:
    """The folded sheets, once the campaign is known to play Stone Wheel."""
    ctx.require_system(SYSTEM)
    return ctx.states[SHEET]


def character(ctx: Context, name: str) -> dict[str, Any]:
    """The named character's sheet; NotFound when the campaign has none by that name."""
    found = state(ctx)["characters"].get(name)
    if found is None:
        raise NotFound(_("no character named '{name}' in '{campaign}'").format(name=name, campaign=ctx.name))
    return found


def require_owner(ctx: Context, name: str, what: str) -> dict[str, Any]:
    """The sheet of ``name``, when the actor is the Master or that character's player."""
    found = character(ctx, name)
    if not ctx.is_master and ctx.actor != found["player"]:
        raise NotAuthorized(_("only the Master or {player} may {what} for {name} ('{actor}' is a player)")
                            .format(player=found['player'], what=what, name=name, actor=ctx.actor))
    return found


def build(model: type[Payload], data: dict[str, Any]) -> Payload:
    """Validate ``data`` as ``model`` with a one-line ValidationFailed on bad input."""
    return parse_payload(model.type, data)


@dataclass(frozen=True)
class PlannedPool:
    """A pool known to be legal before its dice are thrown: whose, the skill and its levels, the plan, the table's dice."""

    name: str
    skill: str | None
    levels: int
    threshold: int
    pool: int
    plan: rules.PoolPlan
    dice: list[int] | None


def plan_pool(
    name: str, found: dict[str, Any], threshold: int, pool: int, skill: str | None, dice: list[int] | None
) -> PlannedPool:
    """Check a pool before any die is thrown: the skill on the sheet, the threshold and pool, the table's dice."""
    levels = 0
    if skill is not None:
        if skill not in found["skills"]:
            raise RuleViolation(N_("stone_wheel: skill"), _("{name} has no skill '{skill}'")
                                                          .format(name=name, skill=skill))
        levels = found["skills"][skill]
    plan = rules.plan_pool(threshold, levels, pool)
    if dice is not None:
        rules.resolve_pool(threshold, levels, pool, dice)
    return PlannedPool(name, skill, levels, threshold, pool, plan, dice)


def throw_pool(ctx: Context, planned: PlannedPool) -> PoolRoll:
    """Throw a planned pool (table or server dice) and count successes."""
    roll = ctx.dice(rules.DIE, planned.plan.dice, table=planned.dice)
    result = rules.resolve_pool(planned.threshold, planned.levels, planned.pool, roll.dice)
    return PoolRoll(character=planned.name, skill=planned.skill, skill_levels=planned.levels,
                    base_threshold=planned.threshold, pool=planned.pool, threshold=result.threshold, roll=roll,
                    successes=result.successes)


def pool_roll(
    ctx: Context, name: str, found: dict[str, Any], threshold: int, pool: int, skill: str | None, dice: list[int] | None
) -> PoolRoll:
    """Plan the pool (skill levels from the sheet), throw it (table or server dice) and count successes."""
    return throw_pool(ctx, plan_pool(name, found, threshold, pool, skill, dice))


def harm(name: str, found: dict[str, Any], amount: int, cause: str, attack: AttackDamage | None = None,
         by: str | None = None) -> list[Payload]:
    """Damage to a living character, and its death in the same append when Survival reaches 0.

    ``by``: the character whose combat action ``cause`` struck (None: ``cause`` is the Master's words)."""
    rules.check_alive(name, found["dead"])
    out: list[Payload] = [build(DamageTaken, {"character": name, "amount": amount, "cause": cause,
                                              "attack": None if attack is None else attack.model_dump(), "by": by})]
    after = rules.apply_damage(found["current"]["health"], found["current"]["survival"], amount)
    if after.survival == 0:
        rules.check_death(after.survival, found["dead"])
        out.append(Died(character=name, cause=cause, by=by))
    return out


def attack_harm(
    name: str, found: dict[str, Any], *, weapon: int, character_damage: int, margin: int, armour: int,
    firearm: bool, critical: bool, cause: str, by: str,
) -> list[Payload]:
    """Attack damage (weapon + character damage unless a firearm + margin - armour, +1/4 if critical)."""
    amount = rules.attack_damage(weapon, character_damage, margin, adds_character_damage=not firearm,
                                 armour=armour, critical=critical)
    terms = AttackDamage(weapon=weapon, character_damage=character_damage, adds_character_damage=not firearm,
                         margin=margin, armour=armour, critical=critical)
    return harm(name, found, amount, cause, terms, by)
