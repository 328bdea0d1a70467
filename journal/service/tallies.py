"""End-of-session tallies: propose a session's awards from its events, and commit them all at once.

A tally is built from the campaign at its head and from the events of the session (one read from the
session's start on, voided events left out).  What it proposes is the rule system's: its descriptor's
``tally`` names a :class:`TallyRules`, which reads the session's events into its own facts and turns
them into lines (per-hour experience, motive outcomes, checklist ticks, ...), and may take the bonus
awards the Master gives (``bonuses``) and the other choices its descriptor declares (``tally_inputs``: Dichotomy's
motive outcomes), given as ``choices`` (input name -> [:class:`Choice`]).  A system without tally rules has
nothing to tally; one whose rules take no bonuses refuses them, and a choice its descriptor does not declare is
refused naming the systems that do.

The Master may change a proposed line's amount (``amounts``: line key -> amount) when its event records
an ``amount`` (an experience award), within the bounds its payload declares for it (an award is at least
1): the event then records the amount chosen, and ``tally.committed`` lists it with the amount the rules
``proposed``.  A line scored otherwise (a VPT checklist tick's ``change``) is kept or skipped, not changed.
This is applied in one place, ``_amend``, for the proposal and the commit alike.

``propose_tally`` only reads.  ``commit_tally`` (the Master, between sessions, once per session)
appends every proposed line as the system's own event plus one ``tally.committed``, in one append:
all or nothing.  Each appended event's causation is the session's ``session.ended`` event.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events import Payload, parse_payload
from journal.events.envelope import Event
from journal.events.tallies import TallyCommitted, TallyEntry
from journal.i18n import N_, _
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.service.roles import require_role
from journal.service.words import Names, line_key
from journal.systems import registry
from projections.engine import voids

#: Lines the tally appends on commit; the others are shown for the record.
PROPOSED, RECORDED, PENDING, SKIPPED = "proposed", "recorded", "pending", "skipped"
#: The largest amount a line may be changed to (the journal's integers are 32-bit).
MAX_AMOUNT = 2**31 - 1


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
    #: The amount the rules proposed, when the Master changed it (None: ``amount`` is the proposal).
    proposed: int | None = None
    #: ``item`` and ``reason`` as people read them in the current language (None: as recorded).  The events and
    #: ``tally.committed`` keep ``item`` and ``reason``; the proposal's JSON shows these.
    shown_item: str | None = None
    shown_reason: str | None = None
    #: The tally input whose choice this line asks for (its ``name``) and the item a choice names (None: none).
    choice: str | None = None
    choice_item: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The line as JSON for people (its item and reason in the current language); ``range``: the [lowest,
        highest] amount it may be changed to (null: it may not)."""
        bounds = _bounds(self.payload)
        item = self.item if self.shown_item is None else self.shown_item
        reason = self.reason if self.shown_reason is None else self.shown_reason
        return {"key": self.key, "kind": self.kind, "character": self.character, "other": self.other,
                "item": item, "amount": self.amount, "status": self.status, "reason": reason,
                "proposed": self.proposed, "range": None if bounds is None else list(bounds),
                "choice": None if self.choice is None else {"input": self.choice, "item": self.choice_item}}


@dataclass(frozen=True)
class Recorded:
    """A text a tally line records as its ``item`` or ``reason`` (``tally.committed`` keeps it, in English), and the
    same text as people read it: ``english`` with its ``{placeholders}``, and ``said``, a lambda around the gettext
    call of that msgid (marked for extraction, looked up when shown; None: the English template in every language,
    its values carrying the words).  The tally rules make a line's text and its shown text from one of these
    (:meth:`record`, :meth:`show`), and list them all in :attr:`TallyRules.texts`, so that a committed line is read
    back in the reader's words (:func:`committed_in_words`)."""

    english: str
    said: Callable[[], str] | None = None

    def record(self, **values: Any) -> str:
        """The text as the line records it (English, the values as they are)."""
        return self.english.format(**values)

    def show(self, **values: Any) -> str:
        """The text in the current language, ``values`` put in as given."""
        return (self.english if self.said is None else self.said()).format(**values)

    def read(self, text: str, word: Callable[[str], str]) -> str | None:
        """``text`` in the current language when it is this text as recorded (each value by its ``word``), else
        None."""
        found = _pattern(self.english).fullmatch(text)
        return None if found is None else self.show(**{name: word(value) for name, value in found.groupdict().items()})


@functools.cache
def _pattern(english: str) -> re.Pattern[str]:
    """``english`` as a pattern: its literal parts as they are, each ``{placeholder}`` a group of that name."""
    parts = [re.escape(literal) + (f"(?P<{name}>.+?)" if name else "")
             for literal, name, _spec, _conversion in string.Formatter().parse(english)]
    return re.compile("".join(parts), re.DOTALL)


@dataclass(frozen=True)
class Bonus:
    """A bonus award the Master gives with the tally."""

    character: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Choice:
    """One of the Master's choices of a tally input the system declares (journal.systems.registry.TallyInput):
    for ``character``, the ``item`` chosen about (a motive) takes ``value`` (its outcome)."""

    character: str
    item: str
    value: str


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
    choices)`` proposes and lists the session's lines, given the Master's choices of the system's declared tally
    inputs (input name -> choices; only the system's own).  ``bonuses(ctx, facts, bonuses)`` turns the
    Master's bonus awards into lines (None: the system keeps no experience to award).  ``texts``: the texts
    its lines record (:class:`Recorded`).
    """

    facts: Callable[[Context, Facts], Any]
    gather: Callable[[Context, Facts, Event], None]
    lines: Callable[[Context, Facts, Mapping[str, Sequence[Choice]]], list[Line]]
    done: Callable[[Context, Facts], None] | None = None
    bonuses: Callable[[Context, Facts, Sequence[Bonus]], list[Line]] | None = None
    #: Every text its lines record as their item or reason (:class:`Recorded`), to read a committed tally back.
    texts: tuple[Recorded, ...] = ()


# --- reading the session ---------------------------------------------------------------------------------


def _rules(system: str) -> TallyRules | None:
    """The tally rules of ``system`` (None when it keeps none)."""
    reference = registry.system(system).tally
    return None if reference is None else registry.load(reference)


def _facts(ctx: Context, number: int, rules: TallyRules | None) -> Facts:
    """Refuse an unknown or open session; else read what its events say (voided events left out)."""
    record = ctx.sessions["sessions"].get(str(number))
    if record is None:
        raise NotFound(_("no session {number} in '{name}'").format(number=number, name=ctx.name))
    if record["end_version"] is None:
        raise RuleViolation(N_("tally: ended sessions only"), _("session {number} has not ended yet")
                                                              .format(number=number))
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
    """The Master's bonus awards as lines, each under a key of its own.

    Two bonuses for one character would share the system's key (``bonus_xp:Ёжик``), so that ``--skip`` and
    ``--set`` could not name one of them: the second is ``bonus_xp:Ёжик#2``, the third ``#3``, in the order given.
    """
    if not bonuses:
        return []
    if rules is None or rules.bonuses is None:
        raise RuleViolation(N_("tally: bonus awards"),
                            _("'{name}' plays {system}, which keeps no experience to award")
                            .format(name=ctx.name, system=ctx.system))
    lines = rules.bonuses(ctx, facts, bonuses)
    seen: dict[str, int] = {}
    for line in lines:
        seen[line.key] = seen.get(line.key, 0) + 1
        if seen[line.key] > 1:
            line.key = f"{line.key}#{seen[line.key]}"
    return lines


def committed_in_words(system: str, data: dict[str, Any]) -> dict[str, Any]:
    """A ``tally.committed`` payload as people read it (the audit's): each line's key and each skipped key in the
    reader's words (:func:`~journal.service.words.line_key`), its item and reason read back from the texts the
    system's tally records (:attr:`TallyRules.texts`; a text none of them made, a bonus's reason the Master typed,
    stays as it is).  The stored payload is not changed."""
    try:
        rules = _rules(system)
    except ValidationFailed:
        rules = None
    word = Names(system).word
    # the most literal text first: "adventure {number}" would read "adventure 1: neither ..." as number "1: ..."
    texts = sorted(rules.texts if rules is not None else (),
                   key=lambda said: -sum(len(literal) for literal, *_rest in string.Formatter().parse(said.english)))

    def read(text: str) -> str:
        return next((found for found in (said.read(text, word) for said in texts) if found is not None), text)

    summary = [{**entry, "key": line_key(system, entry["key"]), "item": read(entry["item"]),
                "reason": read(entry["reason"])} for entry in data.get("summary", [])]
    return {**data, "summary": summary, "skipped": [line_key(system, key) for key in data.get("skipped", [])]}


def build(event_type: str, data: dict[str, Any]) -> Payload:
    """A payload from ``data``; bad input is a one-line ValidationFailed naming the field."""
    return parse_payload(event_type, data)


def inputs(system: str) -> list[dict[str, Any]]:
    """The tally inputs ``system`` declares, for a client's form: ``[{name, item, value, label, none, values:
    [{value, word}]}]``, the label, the empty choice and each value's word in the current language."""
    from journal.service.summaries import word, words_of

    words = words_of(system)
    return [{"name": given.name, "item": given.item, "value": given.value, "label": _(given.label),
             "none": _(given.none), "values": [{"value": value, "word": word(words, value)} for value in given.values]}
            for given in registry.system(system).tally_inputs]


def _own_choices(ctx: Context, choices: Mapping[str, Sequence[Choice]]) -> dict[str, Sequence[Choice]]:
    """The choices given, each of an input the campaign's system declares; another system's refused by its rule."""
    own = {given.name for given in registry.system(ctx.system).tally_inputs}
    for name, given in choices.items():
        if not given or name in own:
            continue
        declaring = [(d, found) for d in registry.descriptors() for found in d.tally_inputs if found.name == name]
        if not declaring:
            raise ValidationFailed(_("tally: '{name}' is no system's tally input").format(name=name))
        found = declaring[0][1]
        raise RuleViolation(found.rule, _("{what} are {systems}'s; '{name}' plays {system}").format(
            what=_(found.title), systems=", ".join(d.title for d, _input in declaring), name=ctx.name,
            system=ctx.system))
    return {name: list(given) for name, given in choices.items() if given}


def _bounds(payload: Payload | None) -> tuple[int, int] | None:
    """The lowest and highest ``amount`` the line's payload accepts (None: it records no ``amount``)."""
    field = None if payload is None else type(payload).model_fields.get("amount")
    if field is None:
        return None
    low, high = -MAX_AMOUNT, MAX_AMOUNT
    for bound in field.metadata:
        low = max(low, getattr(bound, "ge", low), getattr(bound, "gt", low - 1) + 1)
        high = min(high, getattr(bound, "le", high), getattr(bound, "lt", high + 1) - 1)
    return low, high


def _amend(facts: Facts, proposed: dict[str, Line], amounts: Mapping[str, int], system: str) -> None:
    """Set each line ``amounts`` names to the Master's amount, its payload rebuilt with it (the one place)."""
    for key, amount in amounts.items():
        line = proposed.get(key)
        if line is None:
            known = ", ".join(line_key(system, k) for k in proposed) or _("none")
            raise ValidationFailed(_("set: '{key}' is not a proposed line of session {number} (proposed: {known})")
                                   .format(key=key, number=facts.number, known=known))
        if line.status == SKIPPED:
            raise ValidationFailed(_("set: '{key}' is skipped; keep the line to change its amount").format(key=key))
        bounds = _bounds(line.payload)
        if bounds is None:
            raise RuleViolation(N_("tally: amounts"), _("the amount of '{key}' ({kind}) is the rules' own: keep or "
                                                        "skip the line").format(key=key, kind=line.kind))
        low, high = bounds
        if isinstance(amount, bool) or not isinstance(amount, int) or not low <= amount <= high:
            raise ValidationFailed(_("set: the amount of '{key}' must be a whole number from {low} to {high}, "
                                     "not {amount}").format(key=key, low=low, high=high, amount=amount))
        if amount != line.amount and line.payload is not None:
            line.payload = build(line.payload.type, {**line.payload.to_data(), "amount": amount})
            line.proposed, line.amount = line.amount, amount


def _typed_keys(system: str, proposed: Mapping[str, Line]) -> dict[str, str]:
    """Each proposed line's key as the reader sees it (journal.service.words.line_key) -> the key itself."""
    return {line_key(system, key): key for key in proposed}


def _plan(ctx: Context, facts: Facts, rules: TallyRules | None, bonuses: Sequence[Bonus],
          choices: Mapping[str, Sequence[Choice]], skip: Iterable[str], amounts: Mapping[str, int]) -> list[Line]:
    """Every line of the session's tally, the skipped ones marked, the changed ones at the Master's amount."""
    own = _own_choices(ctx, choices)
    lines = rules.lines(ctx, facts, own) if rules is not None else []
    lines += _bonuses(ctx, facts, rules, bonuses)
    proposed = {line.key: line for line in lines if line.status == PROPOSED}
    typed = _typed_keys(ctx.system, proposed)
    skip = [typed.get(key, key) for key in skip]
    amounts = {typed.get(key, key): amount for key, amount in amounts.items()}
    for key in skip:
        if key not in proposed:
            known = ", ".join(line_key(ctx.system, k) for k in proposed) or _("none")
            raise ValidationFailed(_("skip: '{key}' is not a proposed line of session {number} (proposed: {known})")
                                   .format(key=key, number=facts.number, known=known))
        proposed[key].status = SKIPPED
    _amend(facts, proposed, amounts, ctx.system)
    return lines


def _tallied(facts: Facts) -> dict[str, Any] | None:
    return None if facts.tallied is None else {"version": facts.tallied.version, "id": facts.tallied.id}


# --- the service ------------------------------------------------------------------------------------------


def propose_tally(
    journal: Journal, campaign: str, session: int, *, bonuses: Sequence[Bonus] = (),
    choices: Mapping[str, Sequence[Choice]] | None = None, skip: Sequence[str] = (),
    amounts: Mapping[str, int] | None = None,
    actor: str | None = None,
) -> dict[str, Any]:
    """The tally of ended session ``session`` as a JSON-ready dict (any member; writes nothing).

    ``lines`` lists every line with its ``status``: proposed (``commit_tally`` would append it),
    recorded (already in the journal), pending (needs the GM's choice) or skipped, and its ``proposed``
    amount when ``amounts`` (or the commit) changed it.  Once the session is tallied, ``tallied`` names the
    commit and only recorded lines remain.
    """
    ctx = journal.context(campaign, actor, {})
    rules = _rules(ctx.system)
    facts = _facts(ctx, session, rules)
    lines = _plan(ctx, facts, rules, bonuses, choices or {}, skip, amounts or {})
    if facts.tallied is not None:  # what stands recorded: the session's own lines, then the tally's others
        summary = facts.tallied.data["summary"]
        proposals = {entry["key"]: entry.get("proposed") for entry in summary}  # older tallies have none
        lines = [line for line in lines if line.status == RECORDED]
        for line in lines:
            line.proposed = proposals.get(line.key)
        seen = {line.key for line in lines}
        lines += [Line(entry["key"], entry["kind"], entry["character"], entry["item"], entry["amount"], RECORDED,
                       entry["reason"], other=entry["other"], proposed=entry.get("proposed"))
                  for entry in summary if entry["key"] not in seen]
    return {"campaign": ctx.name, "system": ctx.system, "session": session, "version": ctx.version,
            "minutes": facts.record["minutes"], "present": list(facts.record["present"]),
            "tallied": _tallied(facts), "lines": [line.to_dict() for line in lines],
            "takes_bonuses": rules is not None and rules.bonuses is not None, "inputs": inputs(ctx.system)}


def commit_tally(
    journal: Journal, campaign: str, session: int, *, bonuses: Sequence[Bonus] = (),
    choices: Mapping[str, Sequence[Choice]] | None = None, skip: Sequence[str] = (),
    amounts: Mapping[str, int] | None = None,
    actor: str | None = None,
) -> list[Event]:
    """Append the proposed lines and ``tally.committed`` in one append (the Master; once per session).

    ``choices``: the Master's choices of the system's tally inputs (input name -> [:class:`Choice`]).
    ``amounts`` changes proposed lines' amounts (line key -> amount, in the system's range): their events
    record the amount chosen; ``tally.committed`` lists it, with the rules' ``proposed`` amount beside it.
    Returns the appended events, ``tally.committed`` last.
    """

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, TallyCommitted.type)
        rules = _rules(ctx.system)
        facts = _facts(ctx, session, rules)
        if facts.tallied is not None:
            raise RuleViolation(N_("tally: once per session"), _("session {session} was already tallied at version {version} (event {id})")
                                                               .format(session=session, version=facts.tallied.version, id=facts.tallied.id))
        if ctx.session is not None:
            raise RuleViolation(N_("tally: between sessions"), _("session {number} is open; commit the tally of session {session} between sessions")
                                                               .format(number=ctx.session['number'], session=session))
        lines = _plan(ctx, facts, rules, bonuses, choices or {}, skip, amounts or {})
        chosen = [line for line in lines if line.status == PROPOSED]
        summary = [TallyEntry(key=line.key, kind=line.kind, character=line.character, other=line.other,
                              item=line.item, amount=line.amount, reason=line.reason, proposed=line.proposed)
                   for line in chosen]
        skipped = [line.key for line in lines if line.status == SKIPPED]
        records = [Record(line.payload, facts.ended_id) for line in chosen if line.payload is not None]
        records.append(Record(TallyCommitted(session=session, lines=len(chosen), summary=summary, skipped=skipped),
                              facts.ended_id))
        return records

    return journal.execute(campaign, decide, actor)
