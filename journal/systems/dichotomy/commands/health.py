"""The health track: a round's damage (the GM), taking a dive (the player), the end of a fight (the GM),
recovering Shaken Hits (the player or the GM) and healing an injury (the GM)."""

from __future__ import annotations

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.dichotomy import events, names, rules
from journal.systems.dichotomy.commands._common import character, own, run, state
from journal.systems.dichotomy.folds.sheet import track


def apply_damage(
    journal: Journal, campaign: str, character_name: str, damage: int, round: int | None = None,
    end: str | None = None, actor: str | None = None,
) -> Event:
    """A round's damage at the end of the round: at most 3 Hits, one state change; ``end`` names death or
    the end of the career exactly when the third Hit after both state circles falls."""

    end = None if end is None else names.career_end(end)

    def decide(ctx: Context) -> list:
        state(ctx)
        ctx.require_master(N_("apply damage"))
        sheet = character(ctx, character_name)
        rules.check_in_play(character_name, sheet["status"])
        result = rules.apply_round_damage(track(sheet), damage, end)
        return [events.DamageApplied(
            character=character_name, round=round, damage=damage, hits_lost=result.hits_lost,
            discarded=result.discarded, may_dive=result.may_dive, end=result.end,
        )]

    return run(journal, campaign, decide, actor)


def take_dive(journal: Journal, campaign: str, character_name: str, actor: str | None = None) -> Event:
    """The character pretends to be dead: after a round that brought a Serious injury or cost Hits while
    Seriously Injured, once per fight."""

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "take a dive")
        rules.check_in_play(character_name, sheet["status"])
        rules.check_dive(sheet["may_dive"], sheet["diving"])
        return [events.DiveTaken(character=character_name)]

    return run(journal, campaign, decide, actor)


def end_fight(journal: Journal, campaign: str, note: str = "", actor: str | None = None) -> Event:
    """The fight is over (the GM): dives end, nobody may dive any more."""

    def decide(ctx: Context) -> list:
        state(ctx)
        ctx.require_master(N_("end a fight"))
        return [events.FightEnded(note=note)]

    return run(journal, campaign, decide, actor)


def recover_hits(
    journal: Journal, campaign: str, character_name: str, how: str = "recover_action", actor: str | None = None
) -> Event:
    """Shaken Hits restored: 1 by the Recover action (3 AP), all of them by rest after the fight."""
    how = names.recovery(how)

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "recover Hits")
        rules.check_in_play(character_name, sheet["status"])
        _, hits = rules.recover_hits(track(sheet), how)
        return [events.HitsRecovered(character=character_name, how=how, hits=hits)]

    return run(journal, campaign, decide, actor)


def heal_injury(journal: Journal, campaign: str, character_name: str, injury: str, actor: str | None = None) -> Event:
    """The Injury (after a full rest) or the Serious injury (after a week) healed (the GM)."""

    injury = names.injury(injury)

    def decide(ctx: Context) -> list:
        state(ctx)
        ctx.require_master(N_("heal an injury"))
        sheet = character(ctx, character_name)
        rules.check_in_play(character_name, sheet["status"])
        rules.heal_injury(track(sheet), injury)  # refused when there is no such injury
        return [events.InjuryHealed(character=character_name, injury=injury)]

    return run(journal, campaign, decide, actor)
