"""VPT's end-of-session tally (journal.service.tallies reads ``RULES``).

Per Relationship and Revenge pair, the checklist ticks already scored for the session and, for a pair
with no tick that no event of the session names both of (``rules.no_interaction_candidates``), the
proposed "no interaction" -1.  VPT keeps no experience: it takes no bonus awards.  Ticks carry the
session's number in their payload.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from journal.events.envelope import Event
from journal.i18n import _
from journal.service.context import Context
from journal.service.summaries import word
from journal.service.tallies import PROPOSED, RECORDED, Choice, Facts, Line, Recorded, TallyRules, build
from journal.systems.vpt.descriptor import DESCRIPTOR
from journal.systems.vpt.words import WORDS

assert DESCRIPTOR.bonds is not None
#: The checklist ticks: event type -> (bond, character field, other field), as the descriptor lists them.
TICKS: dict[str, tuple[str, str, str]] = DESCRIPTOR.bonds.ticks


@dataclass
class _Own:
    """The campaign's characters, the pairs the session's events name together, and the session's ticks."""

    characters: set[str]
    linked: set[frozenset[str]] = field(default_factory=set)
    ticks: list[Event] = field(default_factory=list)


def _names(value: Any) -> Iterator[str]:
    """Every string value nested anywhere in a payload."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _names(item)
    elif isinstance(value, list):
        for item in value:
            yield from _names(item)


def _facts(ctx: Context, facts: Facts) -> _Own:
    return _Own(set(ctx.states["vpt.sheet"]["characters"]))


def _gather(ctx: Context, facts: Facts, event: Event) -> None:
    own: _Own = facts.own
    data = event.data
    if event.session == facts.number and own.characters:
        found = sorted(own.characters.intersection(_names(data)))
        own.linked.update(frozenset((a, b)) for i, a in enumerate(found) for b in found[i + 1:])
    if event.type in TICKS and data["session"] == facts.number:
        own.ticks.append(event)


#: Why a line is listed: a tick the session recorded, or no event naming both (the reasons the lines record).
TICKED = Recorded("ticked at #{version}", lambda: _("ticked at #{version}"))
#: The same reason as tallies committed before it read "#N" recorded it (read back in the reader's words).
TICKED_AT_VERSION = Recorded("ticked at version {version}", lambda: _("ticked at version {version}"))
APART = Recorded("no event of session {number} names both", lambda: _("no event of session {number} names both"))


def _items(items: list[str]) -> str:
    """The checklist items ticked, in VPT's words in the current language."""
    return ", ".join(word(WORDS, item) for item in items)


def _lines(ctx: Context, facts: Facts, choices: Mapping[str, Sequence[Choice]]) -> list[Line]:
    from journal.systems.vpt import rules
    from journal.systems.vpt.folds import bonds

    state = ctx.states["vpt.bonds"]
    pairs: list[tuple[str, str, str]] = [
        ("relationship", character, other)
        for character, others in state["relationships"].items() for other in others
    ]
    pairs += [("revenge", avenger, standing["target"]) for avenger, standing in state["revenges"].items()]
    ticked: dict[tuple[str, str, str], list[Event]] = {}
    for event in facts.own.ticks:
        bond, who, whom = TICKS[event.type]
        pair = (bond, event.data[who], event.data[whom])
        ticked.setdefault(pair, []).append(event)
        if pair not in pairs:
            pairs.append(pair)
    candidates = {
        (bond, a, b)
        for bond in ("relationship", "revenge")
        for a, b in rules.no_interaction_candidates(
            [(a, b) for kind, a, b in pairs if kind == bond and (kind, a, b) not in ticked], facts.own.linked)
    }
    out = []
    for bond, a, b in pairs:
        key = f"{bond}:{a}/{b}"
        for event in ticked.get((bond, a, b), []):
            out.append(Line(key, bond, a, ", ".join(event.data["items"]), event.data["change"], RECORDED,
                            TICKED.record(version=event.version), other=b, shown_item=_items(event.data["items"]),
                            shown_reason=TICKED.show(version=event.version)))
        if (bond, a, b) not in candidates:
            continue
        if bond == "relationship":
            change = rules.score_relationship_tick(a, b, ["no_interaction"], bonds.relationships_of(state, a), [])
            payload = build("vpt.relationship_ticked", {"character": a, "other": b, "session": facts.number,
                                                         "items": ["no_interaction"], "change": change})
        else:
            current = state["revenges"][a]
            change = rules.score_revenge_tick(a, b, current["target"], ["no_interaction"], [])
            payload = build("vpt.revenge_ticked", {"avenger": a, "target": b, "session": facts.number,
                                                    "items": ["no_interaction"], "change": change})
        out.append(Line(key, bond, a, "no_interaction", change, PROPOSED, APART.record(number=facts.number), other=b,
                        payload=payload, shown_item=_items(["no_interaction"]),
                        shown_reason=APART.show(number=facts.number)))
    return out


RULES = TallyRules(facts=_facts, gather=_gather, lines=_lines, texts=(TICKED, TICKED_AT_VERSION, APART))
