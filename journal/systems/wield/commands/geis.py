"""Wield geasa: a player's offer, refusals, Fate's counter-offers and seal, a breach, and the failures Fate collects.

Bargains are named by their hero (his newest bargain not sealed) unless an event is named; a bargain is
continued by an offer for the same chance.  Events are named by version (``12``, ``"v12"``) or id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.wield import rules
from journal.systems.wield.commands._common import Ref, event_id, execute, hero, make, require_player_or_fate
from journal.systems.wield.commands.chances import declarations_of, rolls_of
from journal.systems.wield.events import (
    FailureCollected,
    GeisBreached,
    GeisCounterOffered,
    GeisOffered,
    GeisRefused,
    GeisSealed,
)


def _bargain(ctx: Context, hero_name: str, ref: Ref | None, chance: str | None = None) -> str | None:
    """The bargain meant: the one named, else the hero's newest one not sealed (for ``chance`` when given)."""
    negotiations: dict[str, Any] = ctx.states["geis"]["negotiations"]
    if ref is not None:
        opening = event_id(ctx, ref)
        if opening not in negotiations or negotiations[opening]["hero"] != hero_name:
            raise NotFound(_("event {ref} does not open a bargain of {hero_name}").format(ref=ref, hero_name=hero_name))
        return opening
    open_ = [key for key, n in negotiations.items() if n["hero"] == hero_name and n["sealed"] is None
             and (chance is None or rules.same_chance(n["chance"], chance))]
    return open_[-1] if open_ else None


def _negotiation(ctx: Context, opening: str | None) -> rules.Negotiation | None:
    if opening is None:
        return None
    found = ctx.states["geis"]["negotiations"][opening]
    return rules.Negotiation(found["player_offers"], found["last"])


def _in_conflict(ctx: Context, player: str, against: str | None) -> bool:
    """Whether the chance opposes another player: his hero, or the player himself."""
    if against is None:
        return False
    other = ctx.states["sheet"]["heroes"].get(against)
    if other is not None:
        return other["player"] != player
    return ctx.campaign["members"].get(against) == "player" and against != player


def offer_geis(
    journal: Journal,
    campaign: str,
    hero_name: str,
    promise: str,
    chance: str | None = None,
    against: str | None = None,
    actor: str | None = None,
) -> Event:
    """The hero's player (or Fate for him) offers Fate a promise before a chance; once more after a refusal.

    ``against`` names whom the chance opposes: another player's hero (or player) makes it a conflict between
    players, where no geis may be offered.
    """

    def decide(ctx: Context) -> list:
        found = hero(ctx, hero_name)
        require_player_or_fate(ctx, [found["player"]], f"offer {hero_name}'s geasa")
        rules.check_alive(hero_name, found["alive"])
        opening = _bargain(ctx, hero_name, None, chance)
        if opening is None and chance is None:
            raise ValidationFailed(_("chance: name the chance the geis is offered for"))
        conflict = _in_conflict(ctx, found["player"], against)
        rules.check_offer(_negotiation(ctx, opening), conflict_between_players=conflict)
        what = chance if opening is None else ctx.states["geis"]["negotiations"][opening]["chance"]
        return [make(GeisOffered, hero=hero_name, chance=what, promise=promise, negotiation=opening)]

    return execute(journal, campaign, decide, actor)[0]


def _waiting(ctx: Context, hero_name: str, negotiation: Ref | None) -> str:
    hero(ctx, hero_name)
    opening = _bargain(ctx, hero_name, negotiation)
    if opening is None:
        raise RuleViolation(N_("wield: nothing to refuse"), _("{hero_name} has no bargain with Fate open")
                                                            .format(hero_name=hero_name))
    return opening


def refuse_geis(
    journal: Journal, campaign: str, hero_name: str, negotiation: Ref | None = None, actor: str | None = None
) -> Event:
    """Fate refuses the player's offer, or the player (or Fate for him) refuses Fate's terms."""

    def decide(ctx: Context) -> list:
        opening = _waiting(ctx, hero_name, negotiation)
        by = rules.refusal_by(_negotiation(ctx, opening))
        if by == "fate":
            ctx.require_master(N_("refuse a geis offered"))
        else:
            require_player_or_fate(ctx, [hero(ctx, hero_name)["player"]], "refuse Fate's terms")
        return [make(GeisRefused, hero=hero_name, negotiation=opening, by=by)]

    return execute(journal, campaign, decide, actor)[0]


def counter_geis(
    journal: Journal, campaign: str, hero_name: str, promise: str, negotiation: Ref | None = None,
    actor: str | None = None,
) -> Event:
    """Fate answers an offer with modified terms (as often as she likes)."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("counter-offer a geis"))
        hero(ctx, hero_name)
        opening = _bargain(ctx, hero_name, negotiation)
        rules.check_counter_offer(_negotiation(ctx, opening), conflict_between_players=False)
        return [make(GeisCounterOffered, hero=hero_name, negotiation=opening, promise=promise)]

    return execute(journal, campaign, decide, actor)[0]


def seal_geis(
    journal: Journal,
    campaign: str,
    hero_name: str,
    rank: int,
    promise: str | None = None,
    degree: str | None = None,
    negotiation: Ref | None = None,
    actor: str | None = None,
) -> Event:
    """Fate accepts the terms on the table at rank 1 (small), 2 (large) or 3 (major): the geis is sealed."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("seal a geis"))
        found = hero(ctx, hero_name)
        rules.check_alive(hero_name, found["alive"])
        opening = _bargain(ctx, hero_name, negotiation)
        rules.check_seal(_negotiation(ctx, opening), rank)
        terms = promise or ctx.states["actions"]["terms"][opening]
        return [make(GeisSealed, hero=hero_name, negotiation=opening, promise=terms, rank=rank, degree=degree)]

    return execute(journal, campaign, decide, actor)[0]


def _geis_of(ctx: Context, hero_name: str, ref: Ref | None, pick: Any) -> tuple[str | None, dict[str, Any] | None]:
    geasa: dict[str, Any] = ctx.states["geis"]["geasa"]
    if ref is not None:
        gid = event_id(ctx, ref)
        if gid not in geasa or geasa[gid]["hero"] != hero_name:
            raise NotFound(_("event {ref} is not a geis {hero_name} sealed").format(ref=ref, hero_name=hero_name))
        return gid, geasa[gid]
    return first_geis(geasa, hero_name, pick)


def first_geis(geasa: Mapping[str, Any], hero_name: str, pick: Any) -> tuple[str | None, dict[str, Any] | None]:
    """The hero's oldest geis that ``pick`` takes (``owing``: the one a failure is collected for by default)."""
    mine = [(gid, geis) for gid, geis in geasa.items() if geis["hero"] == hero_name and pick(geis)]
    return mine[0] if mine else (None, None)


def owing(geis: Mapping[str, Any]) -> bool:
    """Whether the hero still owes Fate a failure on this broken geis."""
    return bool(geis["owed"] > 0)


def check_collectible(action: Mapping[str, Any], name: str, geis: Mapping[str, Any] | None, alive: bool) -> None:
    """Refuse (rules.check_collect) unless Fate may turn ``name``'s roll in ``action`` into a failure paid from
    ``geis``: the one reading of the folds for the command and for a player's «последний» (the newest owed)."""
    acted = action["heroes"][name]
    rules.check_collect(
        owed=geis["owed"] if geis else 0, rolled=acted["rolled"], success=acted["success"],
        later=geis is not None and geis["breached_at"] is not None and action["version"] > geis["breached_at"],
        collected=name in action["collected"], alive=alive,
    )


def breach_geis(
    journal: Journal, campaign: str, hero_name: str, how: str, geis: Ref | None = None, actor: str | None = None
) -> Event:
    """Fate declares a sealed geis broken (the hero's only unbroken one unless named): he owes its rank in failures."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("declare a geis broken"))
        found = hero(ctx, hero_name)
        if geis is None:
            unbroken = [gid for gid, g in ctx.states["geis"]["geasa"].items()
                        if g["hero"] == hero_name and not g["broken"]]
            if len(unbroken) > 1:
                raise ValidationFailed(_("geis: {hero_name} holds {count} unbroken geasa; name one")
                                       .format(hero_name=hero_name, count=len(unbroken)))
        gid, sealed = _geis_of(ctx, hero_name, geis, lambda g: not g["broken"])
        if gid is None or sealed is None:
            raise NotFound(_("{hero_name} holds no unbroken geis").format(hero_name=hero_name))
        rules.check_breach(broken=sealed["broken"], alive=found["alive"])
        return [make(GeisBreached, hero=hero_name, geis=gid, rank=sealed["rank"], how=how)]

    return execute(journal, campaign, decide, actor)[0]


def collect_failure(
    journal: Journal,
    campaign: str,
    success: Ref,
    hero_name: str | None = None,
    geis: Ref | None = None,
    actor: str | None = None,
) -> Event:
    """Fate spends a failure the hero owes on a later rolled success of his (a chance, a combat roll, a won
    Control Risk): it becomes a failure, and the round's wounds or the risk's winner change with it."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("collect a failure owed"))
        sid = event_id(ctx, success)
        action = ctx.states["actions"]["actions"].get(sid)
        rule = N_("wield: failures only on a rolled success")
        if action is None:
            raise RuleViolation(rule, _("event {success} is no chance, combat round or Control Risk")
                                      .format(success=success))
        name = hero_name or _only_hero(ctx, action, success)
        found = hero(ctx, name)
        acted = action["heroes"].get(name)
        if acted is None:
            raise RuleViolation(rule, _("{name} did not act in event {success}").format(name=name, success=success))
        gid, paying = _geis_of(ctx, name, geis, owing)
        check_collectible(action, name, paying, found["alive"])
        assert gid is not None and paying is not None
        wounds: dict[str, int] = {}
        if action["kind"] == "combat":
            declared, switches = declarations_of(action["round"])
            rolls = rolls_of(action["round"])
            before = rules.resolve_round(declared, rolls, switches, action["collected"]).wounds
            after = rules.resolve_round(declared, rolls, switches, [*action["collected"], name]).wounds
            wounds = rules.wound_change(before, after)
        winner = "vatcha" if action["kind"] == "risk" else None
        # ``wounds`` is for people reading the log: the folds compute it from the facts
        return [make(FailureCollected, hero=name, geis=gid, success=sid, wounds=wounds, winner=winner)]

    return execute(journal, campaign, decide, actor)[0]


def _only_hero(ctx: Context, action: dict[str, Any], success: Ref) -> str:
    heroes = [name for name in action["heroes"] if name in ctx.states["sheet"]["heroes"]]
    if len(heroes) != 1:
        raise ValidationFailed(_("hero: name the hero whose success in event {success} Fate collects")
                               .format(success=success))
    return heroes[0]
