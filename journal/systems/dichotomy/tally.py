"""Dichotomy's end-of-session tally (journal.service.tallies reads ``RULES``).

The motive outcomes of the adventure that ended in the session (or between it and the next one): those
the GM recorded, the GM's choices given to the tally (``motives``), and the motives still held with
nothing recorded ("pending": neither fulfilled nor betrayed, 0 XP).  The Master's bonus awards are
renown XP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.summaries import word
from journal.service.tallies import (
    PENDING,
    PROPOSED,
    RECORDED,
    Bonus,
    Choice,
    Facts,
    Line,
    Recorded,
    TallyRules,
    build,
)
from journal.systems.dichotomy.words import WORDS

#: The tally input of the GM's motive outcomes (the descriptor's ``tally_inputs``).
MOTIVES = "motives"


@dataclass
class _Own:
    """The adventures that ended in (or right after) the session, and the motive awards of the last one."""

    adventures: list[int] = field(default_factory=list)
    motive_awards: list[Event] = field(default_factory=list)


def _facts(ctx: Context, facts: Facts) -> _Own:
    return _Own()


def _gather(ctx: Context, facts: Facts, event: Event) -> None:
    record = facts.record
    if event.type == "dichotomy.adventure_ended" and (
        event.session == facts.number
        or (event.session is None and event.version > record["end_version"]
            and (facts.next_start is None or event.version < facts.next_start))
    ):
        facts.own.adventures.append(event.data["number"])


def _done(ctx: Context, facts: Facts) -> None:
    if facts.own.adventures:
        adventure = facts.own.adventures[-1]
        facts.own.motive_awards = [
            e for e in ctx.store.read(ctx.name, to_version=ctx.version, types=("dichotomy.xp_awarded",))
            if e.id not in facts.voided and e.data["source"] == "motive" and e.data["adventure"] == adventure
        ]


#: What a motive's line records as its item and reason (English), and says in the reader's words.
OUTCOME = Recorded("{motive}: {outcome}")
NO_OUTCOME = Recorded("{motive}: no outcome", lambda: _("{motive}: no outcome"))
ADVENTURE = Recorded("adventure {number}", lambda: _("adventure {number}"))
UNDECIDED = Recorded("adventure {number}: neither fulfilled nor betrayed unless the GM says",
                     lambda: _("adventure {number}: neither fulfilled nor betrayed unless the GM says"))


def _outcome(motive: str, outcome: str | None) -> str:
    """A motive and its outcome in Dichotomy's words in the current language (``Жадность: предательство``)."""
    if outcome is None:
        return NO_OUTCOME.show(motive=word(WORDS, motive))
    return OUTCOME.show(motive=word(WORDS, motive), outcome=word(WORDS, outcome))


def _lines(ctx: Context, facts: Facts, inputs: Mapping[str, Sequence[Choice]]) -> list[Line]:
    from journal.systems.dichotomy import names, rules
    from journal.systems.dichotomy.folds.sheet import motive_slots

    choices = inputs.get(MOTIVES, ())
    characters = ctx.states["dichotomy.sheet"]["characters"]
    own: _Own = facts.own
    if not own.adventures:
        if choices:
            raise RuleViolation(N_("tally: motives"), _("no adventure ended in session {number}")
                                                      .format(number=facts.number))
        return []
    adventure = own.adventures[-1]
    wanted: dict[str, dict[str, rules.MotiveOutcome]] = {}
    for choice in choices:
        if choice.character not in characters:
            raise NotFound(_("no character named '{character}' in campaign '{name}'")
                           .format(character=choice.character, name=ctx.name))
        motive = names.motive(choice.item)
        if motive in wanted.setdefault(choice.character, {}):
            raise ValidationFailed(_("motive: {character}'s '{motive}' is given twice")
                                   .format(character=choice.character, motive=motive))
        wanted[choice.character][motive] = names.outcome(choice.value)
    out = []
    for name, sheet in characters.items():
        for event in own.motive_awards:
            data = event.data
            if data["character"] == name:
                out.append(Line(f"motive:{name}:{data['motive']}", "motive", name,
                                OUTCOME.record(motive=data["motive"], outcome=data["outcome"]), data["amount"], RECORDED,
                                ADVENTURE.record(number=adventure), shown_item=_outcome(data["motive"], data["outcome"]),
                                shown_reason=ADVENTURE.show(number=adventure),
                                choice=MOTIVES, choice_item=data["motive"]))
        slots = motive_slots(sheet)
        for motive, outcome in wanted.get(name, {}).items():
            index, xp = rules.score_motive(slots, motive, outcome, adventure)
            payload = build("dichotomy.xp_awarded", {"character": name, "amount": xp, "source": "motive",
                                                      "motive": motive, "outcome": outcome, "slot": index,
                                                      "adventure": adventure})
            out.append(Line(f"motive:{name}:{motive}", "motive", name, OUTCOME.record(motive=motive, outcome=outcome),
                            xp, PROPOSED, ADVENTURE.record(number=adventure), payload=payload,
                            shown_item=_outcome(motive, outcome), shown_reason=ADVENTURE.show(number=adventure),
                            choice=MOTIVES, choice_item=motive))
        if sheet["status"] != "active":
            continue
        for slot in slots:
            if (slot.motive is not None and slot.since <= adventure and slot.last_scored != adventure
                    and slot.motive not in wanted.get(name, {})):
                out.append(Line(f"motive:{name}:{slot.motive}", "motive", name, NO_OUTCOME.record(motive=slot.motive),
                                0, PENDING, UNDECIDED.record(number=adventure), shown_item=_outcome(slot.motive, None),
                                shown_reason=UNDECIDED.show(number=adventure), choice=MOTIVES,
                                choice_item=slot.motive))
    return out


def _bonuses(ctx: Context, facts: Facts, bonuses: Sequence[Bonus]) -> list[Line]:
    state = ctx.states["dichotomy.sheet"]
    adventures = facts.own.adventures
    adventure = adventures[-1] if adventures else (state["adventures"]["started"] or None)
    out = []
    for bonus in bonuses:
        if bonus.character not in state["characters"]:
            raise NotFound(_("no character named '{character}' in campaign '{name}'")
                           .format(character=bonus.character, name=ctx.name))
        if not bonus.reason.strip():
            raise ValidationFailed(_("bonus: a bonus award needs a reason"))
        payload = build("dichotomy.xp_awarded", {"character": bonus.character, "amount": bonus.amount,
                                                  "source": "renown", "reason": bonus.reason,
                                                  "adventure": adventure})
        out.append(Line(f"bonus_xp:{bonus.character}", "bonus_xp", bonus.character, "renown", bonus.amount,
                        PROPOSED, bonus.reason, payload=payload, shown_item=word(WORDS, "renown")))
    return out


RULES = TallyRules(facts=_facts, gather=_gather, lines=_lines, done=_done, bonuses=_bonuses,
                   texts=(OUTCOME, NO_OUTCOME, ADVENTURE, UNDECIDED))
