"""Dice at the table: requests (d10 pools), combat exchanges (challenge and response) and sleep (d12)."""

from __future__ import annotations

from journal.errors import RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.service.summaries import word
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.commands._common import (
    PROJECTIONS,
    attack_harm,
    build,
    character,
    plan_pool,
    pool_roll,
    require_owner,
    spoken,
    throw_pool,
)
from journal.systems.stone_wheel.events import CombatExchanged, RequestRolled, SleepRolled
from journal.systems.stone_wheel.words import WORDS


def record_request(
    journal: Journal, campaign: str, name: str, check: str, threshold: int, pool: int, skill: str | None = None,
    dice: list[int] | None = None, actor: str | None = None,
) -> Event:
    """A request rolled as a d10 pool against the Master's threshold; skill levels lower it (then add dice)."""

    RequestRolled.check_fields(check=check)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        found = require_owner(ctx, name, "roll a request")
        rules.check_can_act(name, found["status"])
        attempt = pool_roll(ctx, name, found, threshold, pool, skill, dice)
        return [build(RequestRolled, {"check": check, "attempt": attempt.model_dump(mode="json")})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_exchange(
    journal: Journal, campaign: str, challenger: str, target: str, *, threshold: int, pool: int,
    action: str = "attack", skill: str | None = None, response: str = "none", answer_threshold: int | None = None,
    answer_pool: int | None = None, answer_skill: str | None = None, weapon: int | None = None, armour: int = 0,
    firearm: bool = False, counter_weapon: int | None = None, counter_armour: int = 0,
    dice: list[int] | None = None, answer_dice: list[int] | None = None, actor: str | None = None,
) -> list[Event]:
    """A challenge and its response: both pools, the margin, critical (7+), parry (block 3+, dodge 5+).

    With ``weapon`` the challenger's landed hit is recorded as damage to the target in the same append
    (``counter_weapon`` for the target's landed counterattack), and a death when Survival reaches 0.
    """
    action, response = spoken(action, "actions"), spoken(response, "responses")
    if response == "none" and (answer_threshold, answer_pool, answer_dice) != (None, None, None):
        raise ValidationFailed(_("response: an unanswered challenge takes no answer threshold, pool or dice"))
    if response != "none" and (answer_threshold is None or answer_pool is None):
        raise ValidationFailed(_("response: a {response} needs the answer's threshold and pool")
                               .format(response=word(WORDS, response)))

    CombatExchanged.check_fields(action=action, response=response)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        attacker = require_owner(ctx, challenger, "record a challenge")
        defender = character(ctx, target)
        if target == challenger:
            raise RuleViolation(N_("stone_wheel: exchange"), _("{challenger} cannot challenge themselves")
                                                             .format(challenger=challenger))
        rules.check_can_act(challenger, attacker["status"])
        rules.check_alive(target, defender["dead"])
        # Everything the dice do not decide is checked before they are thrown (docs/dice.md): both pools, who
        # answers, the damage terms of either strike.
        planned = plan_pool(challenger, attacker, threshold, pool, skill, dice)
        answering = None
        if response != "none":
            rules.check_can_act(target, defender["status"])
            answering = plan_pool(target, defender, answer_threshold or 0, answer_pool or 0, answer_skill, answer_dice)
        if weapon is not None:
            rules.check_damage_terms(weapon, attacker["parameters"]["damage"], armour)
        if counter_weapon is not None:
            rules.check_damage_terms(counter_weapon, defender["parameters"]["damage"], counter_armour)
        challenge = throw_pool(ctx, planned)
        answer = None if answering is None else throw_pool(ctx, answering)
        # ``response`` is the caller's str: the CombatExchanged payload built below validates it (Response).
        outcome = rules.resolve_exchange(challenge.successes, 0 if answer is None else answer.successes, response)  # type: ignore[arg-type]
        out = [build(CombatExchanged, {
            "action": action, "challenge": challenge.model_dump(mode="json"), "target": target,
            "response": response, "answer": None if answer is None else answer.model_dump(mode="json"),
            "margin": outcome.margin, "striker": outcome.striker, "final_margin": outcome.final_margin,
            "critical": outcome.critical, "parry": outcome.parry,
        })]
        if outcome.striker == "challenger" and weapon is not None:
            out += attack_harm(target, defender, weapon=weapon, character_damage=attacker["parameters"]["damage"],
                               margin=outcome.final_margin, armour=armour, firearm=firearm,
                               critical=outcome.critical, cause=action, by=challenger)
        elif outcome.striker == "responder" and counter_weapon is not None:
            out += attack_harm(challenger, attacker, weapon=counter_weapon,
                               character_damage=defender["parameters"]["damage"], margin=outcome.final_margin,
                               armour=counter_armour, firearm=False, critical=outcome.critical,
                               cause="counterattack", by=target)
        return out

    return journal.execute(campaign, decide, actor, PROJECTIONS)


def record_sleep(
    journal: Journal, campaign: str, name: str, dice: list[int] | None = None, actor: str | None = None
) -> Event:
    """Falling asleep: the d12 is the hours slept; Health and Mana come back at their per-hour recovery."""

    def decide(ctx: Context) -> list:
        found = require_owner(ctx, name, "roll sleep")
        rules.check_alive(name, found["dead"])
        if dice is not None and len(dice) == 1:
            rules.sleep_hours(dice[0])
        roll = ctx.dice(rules.SLEEP_DIE, 1, table=dice)
        hours = rules.sleep_hours(roll.dice[0])
        params = found["parameters"]
        back = rules.rest_recovery(hours, params["health_recovery"], params["mana_recovery"])
        current = found["current"]
        return [build(SleepRolled, {
            "character": name, "roll": roll.model_dump(mode="json"), "hours": hours,
            "health_restored": min(back.health, params["health"] - current["health"]),
            "mana_restored": min(back.mana, params["mana"] - current["mana"]),
        })]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]
