"""The coin game's tally rule (journal.service.tallies reads ``RULES``): each heads flipped in the session earns
its character the house rule ``xp_per_heads`` XP (1 by default), once per session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from journal.events.envelope import Event
from journal.i18n import _
from journal.service.context import Context
from journal.service.tallies import PROPOSED, RECORDED, Choice, Facts, Line, Recorded, TallyRules, build

#: What a line records as its item (heads times the XP each) and its reason (the recorded word ``heads``).
ITEM = Recorded("{heads} x {per} XP", lambda: _("{heads} x {per} XP"))


@dataclass
class _Own:
    heads: dict[str, int] = field(default_factory=dict)
    awarded: list[Event] = field(default_factory=list)


def _facts(ctx: Context, facts: Facts) -> _Own:
    return _Own()


def _gather(ctx: Context, facts: Facts, event: Event) -> None:
    if event.type == "coin.flipped" and event.session == facts.number and event.data["face"] == "heads":
        facts.own.heads[event.data["character"]] = facts.own.heads.get(event.data["character"], 0) + 1
    elif event.type == "coin.xp_awarded" and facts.tallied is None and event.session is None:
        facts.own.awarded.append(event)


def _lines(ctx: Context, facts: Facts, choices: Mapping[str, Sequence[Choice]]) -> list[Line]:
    from journal.service.house_rules import number_in_force

    per = number_in_force(ctx, "xp_per_heads")
    out = []
    for name, heads in sorted(facts.own.heads.items()):
        amount = heads * per
        if amount < 1:
            continue
        status = RECORDED if facts.tallied is not None else PROPOSED
        payload = build("coin.xp_awarded", {"character": name, "amount": amount})
        out.append(Line(f"heads_xp:{name}", "heads_xp", name, ITEM.record(heads=heads, per=per), amount, status,
                        "heads", payload=payload, shown_item=ITEM.show(heads=heads, per=per),
                        shown_reason=_("heads in session {number}").format(number=facts.number)))
    return out


RULES = TallyRules(facts=_facts, gather=_gather, lines=_lines, texts=(ITEM,))
