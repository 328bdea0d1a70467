"""Characters enter the world (the Master sets every number) and what befalls their bodies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.stone_wheel import rules
from journal.systems.stone_wheel.commands._common import (
    PROJECTIONS,
    build,
    character,
    harm,
    require_owner,
    spoken,
    state,
)
from journal.systems.stone_wheel.events import (
    CharacterCreated,
    EffectGained,
    EffectRemoved,
    PerkGained,
    Recovered,
    Revived,
)
from journal.systems.stone_wheel.words import DAMAGE


def create_character(
    journal: Journal, campaign: str, name: str, player: str, kind: str, race: str, class_: str,
    characteristics: dict[str, int], parameters: dict[str, int], skills: dict[str, int] | None = None,
    perks: Sequence[str] = (), spells: Sequence[dict[str, Any]] = (), actor: str | None = None,
) -> Event:
    """The Master brings a character into the world with its type, race, class and numbers."""
    kind = spoken(kind, "kinds")

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("create a character"))
        rules.check_new_character(name, state(ctx)["characters"])
        if player not in ctx.campaign["members"]:
            raise RuleViolation(N_("stone_wheel: character player"), _("'{player}' is not a member of '{name}'")
                                                                     .format(player=player, name=ctx.name))
        return [build(CharacterCreated, {
            "character": name, "player": player, "kind": kind, "race": race, "class": class_,
            "characteristics": characteristics, "parameters": parameters, "skills": dict(skills or {}),
            "perks": list(perks), "spells": list(spells),
        })]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_damage(
    journal: Journal, campaign: str, name: str, amount: int, cause: str = DAMAGE, actor: str | None = None
) -> list[Event]:
    """The Master records damage off Health, then Survival; a death at Survival 0 is appended with it.

    Attack damage with its terms is recorded by the exchange that landed it (``record_exchange``).
    """

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record damage"))
        found = character(ctx, name)
        if amount < 0:
            raise RuleViolation(N_("stone_wheel: damage terms"), _("damage cannot be {amount}").format(amount=amount))
        return harm(name, found, amount, cause)

    return journal.execute(campaign, decide, actor, PROJECTIONS)


def record_effect(
    journal: Journal, campaign: str, name: str, effect: str, *, remove: bool = False, note: str = "",
    actor: str | None = None,
) -> Event:
    """The Master puts an effect (burn, fracture, fatigue ...) on a character, or takes it off."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record effects"))
        found = character(ctx, name)
        if remove:
            rules.check_effect_removal(found["effects"], effect)
            return [build(EffectRemoved, {"character": name, "effect": effect})]
        rules.check_effect_gain(found["effects"], effect)
        return [build(EffectGained, {"character": name, "effect": effect, "note": note})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_perk(journal: Journal, campaign: str, name: str, perk: str, note: str = "", actor: str | None = None) -> Event:
    """The Master writes a perk on the sheet (a scar, a lost limb ...)."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record perks"))
        character(ctx, name)
        return [build(PerkGained, {"character": name, "perk": perk, "note": note})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_recovery(
    journal: Journal, campaign: str, name: str, pool: str, amount: int, reason: str, actor: str | None = None
) -> Event:
    """Health, Stamina, Mana or Survival come back (healing, breather, magic), up to the maximum."""
    pool = spoken(pool, "pools")

    def decide(ctx: Context) -> list:
        found = require_owner(ctx, name, "record recovery")
        rules.check_alive(name, found["dead"])
        return [build(Recovered, {"character": name, "pool": pool, "amount": amount, "reason": reason})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]


def record_revival(
    journal: Journal, campaign: str, name: str, by: str, method: str, health: int, survival: int, *,
    body_buried: bool = False, body_destroyed: bool = False, actor: str | None = None,
) -> Event:
    """The Master records the soul's return, with the Health and Survival the character comes back with."""
    method = spoken(method, "methods")

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("revive a character"))
        found = character(ctx, name)
        rules.check_revival(found["dead"], body_buried=body_buried, body_destroyed=body_destroyed)
        return [build(Revived, {"character": name, "by": by, "method": method, "health": health,
                                "survival": survival})]

    return journal.execute(campaign, decide, actor, PROJECTIONS)[0]
