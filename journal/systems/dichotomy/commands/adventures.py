"""Adventures and motives: adventures started and ended (GM), motive outcomes and renown (GM), new and
swapped motives (the player or the GM)."""

from __future__ import annotations

from journal.events.envelope import Event
from journal.i18n import N_
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.dichotomy import events, names, rules
from journal.systems.dichotomy.commands._common import character, own, run, state
from journal.systems.dichotomy.folds.sheet import motive_slots


def start_adventure(journal: Journal, campaign: str, title: str = "", actor: str | None = None) -> Event:
    """The next adventure begins (the GM); adventures are numbered 1, 2, 3 ... and run one at a time."""

    def decide(ctx: Context) -> list:
        adventures = state(ctx)["adventures"]
        ctx.require_master(N_("start an adventure"))
        number = adventures["started"] + 1
        rules.check_adventure_start(adventures["started"], adventures["ended"], number)
        return [events.AdventureStarted(number=number, title=title)]

    return run(journal, campaign, decide, actor)


def end_adventure(journal: Journal, campaign: str, actor: str | None = None) -> Event:
    """The adventure in progress ends (the GM)."""

    def decide(ctx: Context) -> list:
        adventures = state(ctx)["adventures"]
        ctx.require_master(N_("end an adventure"))
        number = adventures["started"]
        rules.check_adventure_end(adventures["started"], adventures["ended"], number)
        return [events.AdventureEnded(number=number)]

    return run(journal, campaign, decide, actor)


def record_motive(
    journal: Journal, campaign: str, character_name: str, motive: str, outcome: str, actor: str | None = None
) -> Event:
    """A motive fulfilled (+2 XP) or betrayed (+3 XP) in the adventure in progress or the last ended (the GM).

    A betrayed motive leaves its slot empty until one more adventure has ended.
    """
    held = names.motive(motive)
    result = names.outcome(outcome)

    def decide(ctx: Context) -> list:
        current = state(ctx)
        ctx.require_master(N_("score a motive"))
        sheet = character(ctx, character_name)
        adventure = rules.scoring_adventure(current["adventures"]["started"])
        slot, xp = rules.score_motive(motive_slots(sheet), held, result, adventure)
        return [events.XpAwarded(character=character_name, amount=xp, source="motive", motive=held,
                                 outcome=result, slot=slot, adventure=adventure)]

    return run(journal, campaign, decide, actor)


def record_renown(
    journal: Journal, campaign: str, character_name: str, amount: int, reason: str, actor: str | None = None
) -> Event:
    """XP for fame, respect and authority, in the amount the GM records."""

    def decide(ctx: Context) -> list:
        current = state(ctx)
        ctx.require_master(N_("award renown XP"))
        character(ctx, character_name)
        adventure = current["adventures"]["started"] or None
        return [events.XpAwarded(character=character_name, amount=amount, source="renown", reason=reason,
                                 adventure=adventure)]

    return run(journal, campaign, decide, actor)


def choose_motive(journal: Journal, campaign: str, character_name: str, motive: str, actor: str | None = None) -> Event:
    """An empty motive slot filled; after a betrayal only once one more adventure has ended."""
    wanted = names.motive(motive)

    def decide(ctx: Context) -> list:
        adventures = state(ctx)["adventures"]
        sheet = own(ctx, character_name, "choose a motive")
        slot = rules.choose_motive(motive_slots(sheet), wanted, adventures["ended"])
        return [events.MotiveChosen(character=character_name, motive=wanted, slot=slot,
                                    since=rules.next_adventure(adventures["started"], adventures["ended"]))]

    return run(journal, campaign, decide, actor)


def swap_motive(
    journal: Journal, campaign: str, character_name: str, old: str, new: str, actor: str | None = None
) -> Event:
    """Between adventures, a motive neither fulfilled nor betrayed in the adventure just ended is exchanged."""
    given, wanted = names.motive(old), names.motive(new)

    def decide(ctx: Context) -> list:
        adventures = state(ctx)["adventures"]
        sheet = own(ctx, character_name, "swap a motive")
        slot = rules.swap_motive(motive_slots(sheet), given, wanted, adventures["started"], adventures["ended"])
        return [events.MotiveSwapped(character=character_name, old=given, new=wanted, slot=slot,
                                     since=rules.next_adventure(adventures["started"], adventures["ended"]))]

    return run(journal, campaign, decide, actor)
