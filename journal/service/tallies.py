"""End-of-session tallies: propose a session's awards from its events, and commit them all at once.

A tally is built from the campaign at its head and from the events of the session (one read from the
session's start on, voided events left out).  What it proposes is the rule system's: its descriptor's
``tally`` names a :class:`TallyRules`, which reads the session's events into its own facts and turns
them into lines (per-hour experience, motive outcomes, checklist ticks, ...), and may take the bonus
awards the Master gives (``bonuses``) and the GM's motive outcomes (``motives``).  A system without
tally rules has nothing to tally; one whose rules take no bonuses (or motives) refuses them.

``propose_tally`` only reads.  ``commit_tally`` (the Master, between sessions, once per session)
appends every proposed line as the system's own event plus one ``tally.committed``, in one append:
all or nothing.  Each appended event's causation is the session's ``session.ended`` event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events import Payload, parse_payload
from journal.events.envelope import Event
from journal.events.tallies import TallyCommitted, TallyEntry
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.systems import registry
from projections.engine import voids

#: Lines the tally appends on commit; the others are shown for the record.
PROPOSED, RECORDED, PENDING, SKIPPED = "proposed", "recorded", "pending", "skipped"


@dataclass
class Line:
    """One line of a tally: an award (or a tick) to a character, towards another for a bond."""

    key: str
    kind: str
    character: str
    item: str
    amount: int
    status: str
    reason: str = ""
    other: str | None = None
    payload: Payload | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "character": self.character, "other": self.other,
                "item": self.item, "amount": self.amount, "status": self.status, "reason": self.reason}


@dataclass(frozen=True)
class Bonus:
    """A bonus award the Master gives with the tally."""

    character: str
    amount: int
    reason: str


@dataclass(frozen=True)
class MotiveChoice:
    """The GM's outcome for a motive in the adventure that ended in the session (for a tally that takes motives)."""

    character: str
    motive: str
    outcome: str


@dataclass
class Facts:
    """What the session's events say, read once: the shared facts, and the rule system's own in ``own``."""

    number: int
    record: dict[str, Any]
    ended_id: str
    #: Every voided event id as of the context (the events the tally leaves out).
    voided: set[str]
    #: The version the next session started at (None while there is none).
    next_start: int | None
    tallied: Event | None = None
    #: The system's facts: what its :attr:`TallyRules.facts` made and its ``gather`` filled.
    own: Any = None


@dataclass(frozen=True)
class TallyRules:
    """A rule system's part of the tally: the ``RULES`` its descriptor's ``tally`` names.

    ``facts(ctx, facts)`` makes the system's own facts (kept in ``facts.own``); ``gather(ctx, facts, event)``
    reads each event of the session and after it (from the session's start to the head, voided ones left
    out); ``done(ctx, facts)``, when given, completes the facts after that walk; ``lines(ctx, facts,
    motives)`` proposes and lists the session's lines.  ``bonuses(ctx, facts, bonuses)`` turns the
    Master's bonus awards into lines (None: the system keeps no experience to award).  ``motives``: whether
    the tally takes the GM's motive outcomes.
    """

    facts: Callable[[Context, Facts], Any]
    gather: Callable[[Context, Facts, Event], None]
    lines: Callable[[Context, Facts, Sequence[MotiveChoice]], list[Line]]
    done: Callable[[Context, Facts], None] | None = None
    bonuses: Callable[[Context, Facts, Sequence[Bonus]], list[Line]] | None = None
    motives: bool = False


# --- reading the session ---------------------------------------------------------------------------------


def _rules(system: str) -> TallyRules | None:
    """The tally rules of ``system`` (None when it keeps none)."""
    reference = registry.system(system).tally
    return None if reference is None else registry.load(reference)


def _facts(ctx: Context, number: int, rules: TallyRules | None) -> Facts:
    """Refuse an unknown or open session; else read what its events say (voided events left out)."""
    record = ctx.sessions["sessions"].get(str(number))
    if record is None:
        raise NotFound(f"no session {number} in '{ctx.name}'")
    if record["end_version"] is None:
        raise RuleViolation("tally: ended sessions only", f"session {number} has not ended yet")
    store, name = ctx.store, ctx.name
    marks = store.marks(name, to_version=ctx.version, types=("session.ended", "correction.voided"))
    voided = {void.target for void in voids(store, name, marks, to_version=ctx.version)}
    ended = next(e for e in marks if e.type == "session.ended" and e.data["number"] == number)
    following = ctx.sessions["sessions"].get(str(number + 1))
    facts = Facts(number, record, ended.id, voided, following["start_version"] if following is not None else None)
    if rules is not None:
        facts.own = rules.facts(ctx, facts)
    for event in store.read(name, from_version=record["start_version"], to_version=ctx.version):
        if event.id in voided:
            continue
        if rules is not None:
            rules.gather(ctx, facts, event)
        if event.type == "tally.committed" and event.data["session"] == number and facts.tallied is None:
            facts.tallied = event
    if rules is not None and rules.done is not None:
        rules.done(ctx, facts)
    return facts


# --- the lines -------------------------------------------------------------------------------------------


def _bonuses(ctx: Context, facts: Facts, rules: TallyRules | None, bonuses: Sequence[Bonus]) -> list[Line]:
    if not bonuses:
        return []
    if rules is None or rules.bonuses is None:
        raise RuleViolation("tally: bonus awards",
                            f"'{ctx.name}' plays {ctx.system}, which keeps no experience to award")
    return rules.bonuses(ctx, facts, bonuses)


def build(event_type: str, data: dict[str, Any]) -> Payload:
    """A payload from ``data``; bad input is a one-line ValidationFailed naming the field."""
    return parse_payload(event_type, data)


def _motive_systems() -> str:
    """The titles of the systems whose tally takes motive outcomes."""
    found = [d.title for d in registry.descriptors() if d.tally is not None and registry.load(d.tally).motives]
    return ", ".join(found) or "no system"


def _plan(ctx: Context, facts: Facts, rules: TallyRules | None, bonuses: Sequence[Bonus],
          motives: Sequence[MotiveChoice], skip: Iterable[str]) -> list[Line]:
    """Every line of the session's tally, the skipped ones marked."""
    if motives and (rules is None or not rules.motives):
        raise RuleViolation("tally: motives",
                            f"motive outcomes are {_motive_systems()}'s; '{ctx.name}' plays {ctx.system}")
    lines = rules.lines(ctx, facts, motives) if rules is not None else []
    lines += _bonuses(ctx, facts, rules, bonuses)
    proposed = {line.key: line for line in lines if line.status == PROPOSED}
    for key in skip:
        if key not in proposed:
            known = ", ".join(proposed) or "none"
            raise ValidationFailed(f"skip: '{key}' is not a proposed line of session {facts.number} "
                                   f"(proposed: {known})")
        proposed[key].status = SKIPPED
    return lines


def _tallied(facts: Facts) -> dict[str, Any] | None:
    return None if facts.tallied is None else {"version": facts.tallied.version, "id": facts.tallied.id}


# --- the service ------------------------------------------------------------------------------------------


def propose_tally(
    journal: Journal, campaign: str, session: int, *, bonuses: Sequence[Bonus] = (),
    motives: Sequence[MotiveChoice] = (), skip: Sequence[str] = (), actor: str | None = None,
) -> dict[str, Any]:
    """The tally of ended session ``session`` as a JSON-ready dict (any member; writes nothing).

    ``lines`` lists every line with its ``status``: proposed (``commit_tally`` would append it),
    recorded (already in the journal), pending (needs the GM's choice) or skipped.  Once the session
    is tallied, ``tallied`` names the commit and only recorded lines remain.
    """
    ctx = journal.context(campaign, actor, {})
    rules = _rules(ctx.system)
    facts = _facts(ctx, session, rules)
    lines = _plan(ctx, facts, rules, bonuses, motives, skip)
    if facts.tallied is not None:  # what stands recorded: the session's own lines, then the tally's others
        lines = [line for line in lines if line.status == RECORDED]
        seen = {line.key for line in lines}
        lines += [Line(entry["key"], entry["kind"], entry["character"], entry["item"], entry["amount"], RECORDED,
                       entry["reason"], other=entry["other"])
                  for entry in facts.tallied.data["summary"] if entry["key"] not in seen]
    return {"campaign": ctx.name, "system": ctx.system, "session": session, "version": ctx.version,
            "minutes": facts.record["minutes"], "present": list(facts.record["present"]),
            "tallied": _tallied(facts), "lines": [line.to_dict() for line in lines]}


def commit_tally(
    journal: Journal, campaign: str, session: int, *, bonuses: Sequence[Bonus] = (),
    motives: Sequence[MotiveChoice] = (), skip: Sequence[str] = (), actor: str | None = None,
) -> list[Event]:
    """Append the proposed lines and ``tally.committed`` in one append (the Master; once per session).

    Returns the appended events, ``tally.committed`` last.
    """

    def decide(ctx: Context) -> list:
        ctx.require_master("commit a session tally")
        rules = _rules(ctx.system)
        facts = _facts(ctx, session, rules)
        if facts.tallied is not None:
            raise RuleViolation("tally: once per session", f"session {session} was already tallied at version "
                                f"{facts.tallied.version} (event {facts.tallied.id})")
        if ctx.session is not None:
            raise RuleViolation("tally: between sessions", f"session {ctx.session['number']} is open; "
                                f"commit the tally of session {session} between sessions")
        lines = _plan(ctx, facts, rules, bonuses, motives, skip)
        chosen = [line for line in lines if line.status == PROPOSED]
        summary = [TallyEntry(key=line.key, kind=line.kind, character=line.character, other=line.other,
                              item=line.item, amount=line.amount, reason=line.reason) for line in chosen]
        skipped = [line.key for line in lines if line.status == SKIPPED]
        records = [Record(line.payload, facts.ended_id) for line in chosen if line.payload is not None]
        records.append(Record(TallyCommitted(session=session, lines=len(chosen), summary=summary, skipped=skipped),
                              facts.ended_id))
        return records

    return journal.execute(campaign, decide, actor)
