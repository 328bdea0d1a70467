"""Wield characters at the table: vatcha and heroes made, powers bestowed, conditions, a hero's death."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.house_rules import choice_in_force
from journal.service.journal import Journal
from journal.systems.wield import rules, words
from journal.systems.wield.commands._common import execute, hero, make, require_player_or_fate, vatcha
from journal.systems.wield.events import (
    ConditionGained,
    ConditionRemoved,
    Connection,
    HeroCreated,
    HeroDied,
    PowerBestowed,
    VatchaCreated,
)


def _names(ctx: Context) -> set[str]:
    sheets = ctx.states["sheet"]
    return set(sheets["vatcha"]) | set(sheets["heroes"])


def _owner(ctx: Context, player: str | None) -> str:
    """The player a new character belongs to (default: the actor), who must be a player of the campaign."""
    owner = player or ctx.actor
    rules.check_player(owner, ctx.campaign["members"].get(owner))
    return owner


def record_vatcha(
    journal: Journal,
    campaign: str,
    name: str,
    item: str,
    domains: Sequence[str],
    goal: str,
    steps: Sequence[str],
    destruction: str,
    connections: Mapping[str, str] | None = None,
    player: str | None = None,
    actor: str | None = None,
) -> Event:
    """A player's vatcha (its player or Fate records it): Item, 1-3 Domains, Goal, five Steps, how it is destroyed.

    The Domains may be the table's words (``Воздух``: journal.systems.wield.words).
    """
    domains = words.domains_of(domains)

    def decide(ctx: Context) -> list:
        owner = _owner(ctx, player)
        require_player_or_fate(ctx, [owner], f"make {owner}'s vatcha")
        rules.check_new_name(_names(ctx), name)
        rules.check_vatcha(list(domains), list(steps))
        links = [Connection(vatcha=other, text=text) for other, text in (connections or {}).items()]
        return [make(VatchaCreated, name=name, player=owner, item=item, domains=list(domains), goal=goal,
                     steps=list(steps), connections=links, destruction=destruction)]

    return execute(journal, campaign, decide, actor)[0]


def record_hero(
    journal: Journal,
    campaign: str,
    name: str,
    vatcha_name: str,
    background: str,
    destiny: str,
    player: str | None = None,
    actor: str | None = None,
) -> Event:
    """A hero made by a player (or Fate for him) to wield another player's vatcha; his Destiny is not its Goal."""

    def decide(ctx: Context) -> list:
        owner = _owner(ctx, player)
        require_player_or_fate(ctx, [owner], f"make {owner}'s hero")
        item = vatcha(ctx, vatcha_name)
        rules.check_new_name(_names(ctx), name)
        rules.check_hero(destiny=destiny, goal=item["goal"], player=owner, vatcha_player=item["player"])
        wielder = item["wielder"]
        rules.check_one_wielder(vatcha_name, wielder, wielder is not None and hero(ctx, wielder)["alive"])
        return [make(HeroCreated, name=name, player=owner, vatcha=vatcha_name, background=background, destiny=destiny)]

    return execute(journal, campaign, decide, actor)[0]


def record_power(
    journal: Journal,
    campaign: str,
    vatcha_name: str,
    power: str,
    rank: int,
    domain: str | None = None,
    actor: str | None = None,
) -> Event:
    """The vatcha (its player or Fate) bestows a power on its wielder: rank boxes marked, Control lost read off
    with the ``control_mapping`` in force (pyramid by default, linear by house rule)."""
    domain = words.domain_of(domain) if domain is not None else None  # the table's word too («Воздух»: wield.words)

    def decide(ctx: Context) -> list:
        item = vatcha(ctx, vatcha_name)
        require_player_or_fate(ctx, [item["player"]], f"bestow {vatcha_name}'s powers")
        wielder = item["wielder"]
        rules.check_wielder(vatcha_name, wielder, wielder is not None and hero(ctx, wielder)["alive"])
        rules.check_power_domain(vatcha_name, domain, item["domains"])
        mapping = choice_in_force(ctx, "control_mapping", rules.CONTROL_MAPPINGS)  # in force, stored with the event
        rules.bestow(item["boxes"], rank, mapping)  # refuses a rank the pyramid has no room for
        return [make(PowerBestowed, vatcha=vatcha_name, hero=wielder, power=power, domain=domain, rank=rank,
                     mapping=mapping)]

    return execute(journal, campaign, decide, actor)[0]


def record_condition(
    journal: Journal,
    campaign: str,
    hero_name: str,
    condition: str,
    effect: str = "",
    extra_dice: int = 0,
    bonus: int = 0,
    actor: str | None = None,
) -> Event:
    """A hero gains a condition (his player or Fate records it), with the dice or flat bonus it adds to rolls."""

    def decide(ctx: Context) -> list:
        found = hero(ctx, hero_name)
        require_player_or_fate(ctx, [found["player"]], f"give {hero_name} a condition")
        rules.check_alive(hero_name, found["alive"])
        rules.check_gain_condition(found["conditions"], condition)
        return [make(ConditionGained, hero=hero_name, condition=condition, effect=effect, extra_dice=extra_dice,
                     bonus=bonus)]

    return execute(journal, campaign, decide, actor)[0]


def remove_condition(
    journal: Journal, campaign: str, hero_name: str, condition: str, reason: str = "", actor: str | None = None
) -> Event:
    """A hero's condition ends (his player or Fate records it)."""

    def decide(ctx: Context) -> list:
        found = hero(ctx, hero_name)
        require_player_or_fate(ctx, [found["player"]], f"remove {hero_name}'s conditions")
        rules.check_remove_condition(found["conditions"], condition)
        return [make(ConditionRemoved, hero=hero_name, condition=condition, reason=reason)]

    return execute(journal, campaign, decide, actor)[0]


def record_death(journal: Journal, campaign: str, hero_name: str, cause: str, actor: str | None = None) -> Event:
    """Fate records a hero's death; the failures he still owed her vanish with him."""

    def decide(ctx: Context) -> list:
        ctx.require_master(N_("record a hero's death"))
        found = hero(ctx, hero_name)
        rules.check_alive(hero_name, found["alive"])
        return [make(HeroDied, hero=hero_name, cause=cause, debts_vanished=found["owed"])]

    return execute(journal, campaign, decide, actor)[0]
