"""What an overturn would leave: one fold of the campaign with the voids, checked before the ruling is written.

The Master's overturn (journal.service.disputes.rule) voids a decision.  Before its batch is appended, the
campaign is folded once, from just before the decision, as it will stand with the voids and the correction.  Only
the projections the voided events change are folded, with those the invariants over them read: a projection no
voided event touches folds the same either way.  On the way the fold finds

* the later events that depend on the decision (docs/rulings.md, "Overturns and what depends on them"): one
  that names a voided event as its causation; one a projection cannot fold without it (a record the fold looks
  up is gone); one that counts only with it, which changes nothing without the decision where, as the campaign
  stands, it changed that projection (the fold as it stands is advanced only for such an event, up to it);
* the first event after which an invariant (journal.service.invariants) breaks where it held as the campaign
  stands (an invariant is checked after each event that changed one of the projections it reads), or that
  does not meet a precondition of its type in the state just before it, where it met it as the campaign stands.

Either refuses the ruling (rule ``dispute: overturn``), naming the events and how to proceed; nothing is written.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson

from journal.errors import RuleViolation
from journal.events.corrections import EventVoided
from journal.events.disputes import DisputeRuled
from journal.events.envelope import Event
from journal.events.upcasting import needs_upcast, upcast
from journal.i18n import N_, gettext
from journal.service import invariants as rules_allowed
from journal.service.context import Context, Record
from journal.service.journal import Journal
from journal.service.summaries import summary
from journal.store.eventstore import utc_now
from projections import catalog
from projections.engine import voids

#: What a fold raises when a record it looks up is gone (a character whose creation is voided, a bond never opened).
FOLD_FAILURES = (LookupError, TypeError, ValueError)

Breach = tuple[Event, rules_allowed.Invariant | rules_allowed.Precondition, list[str]]


class _AsItStands:
    """The folded projections as the campaign stands (the decision counted), advanced over the tail only on demand."""

    def __init__(self, base: bytes, events: list[Event], skip: set[str], projections: list[catalog.Projection]) -> None:
        self._base, self._events, self._skip = base, events, skip
        self._routes = _Routes(projections)
        self._states: dict[str, Any] | None = None
        self._next = 0
        self._asked: tuple[int, set[str], dict[str, bytes]] = (0, set(), {})

    def states(self, version: int) -> dict[str, Any]:
        """The folded projections as the campaign stands at ``version`` (at or after the last asked)."""
        if self._states is None:
            self._states = orjson.loads(self._base)
        states, events, skip, wanting = self._states, self._events, self._skip, self._routes.wanting
        at, end = self._next, len(self._events)
        try:
            while at < end and events[at].version <= version:
                event = events[at]
                at += 1
                if event.id not in skip:  # upcast once, as read (:func:`_read`)
                    for projection in wanting(event.type):
                        projection.apply(states[projection.name], event)
        finally:
            self._next = at
        return states

    def follow(self, projections: list[catalog.Projection], events: list[Event]) -> None:
        """From here on fold only ``projections`` (some of those given at first), over ``events`` (the later ones)."""
        self._routes = _Routes(projections)
        self._events, self._next = events, 0

    def changed(self, event: Event) -> tuple[set[str], dict[str, bytes]]:
        """The projections ``event`` changed as the campaign stands, and each one's state (JSON) just before it."""
        if self._asked[0] != event.version:
            states = self.states(event.version - 1)
            wanting = self._routes.wanting(event.type)
            before = {p.name: orjson.dumps(states[p.name]) for p in wanting}
            self.states(event.version)
            self._asked = (event.version, {p.name for p in wanting if orjson.dumps(states[p.name]) != before[p.name]},
                           before)
        return self._asked[1], self._asked[2]


class _Routes:
    """The projections that read each event type, looked up once per type."""

    def __init__(self, projections: list[catalog.Projection]) -> None:
        self.projections = projections
        self._found: dict[str, list[catalog.Projection]] = {}

    def wanting(self, kind: str) -> list[catalog.Projection]:
        found = self._found.get(kind)
        if found is None:
            found = self._found[kind] = [p for p in self.projections if p.wants(kind)]
        return found


def _pending(ctx: Context, batch: list[Record]) -> Iterator[Event]:
    """The ruling's batch as the events it will append (versions after the head)."""
    now = utc_now()
    for i, record in enumerate(batch):
        yield Event(record.id or f"batch-{i}", ctx.name, ctx.version + 1 + i, record.payload.type,
                    record.payload.to_data(), ctx.actor, now, ctx.sessions["open"], record.causation)


def _current(events: Iterable[Event]) -> list[Event]:
    """``events`` with each payload in the current shape of its type, upcast once for both folds."""
    return [upcast(event) if needs_upcast(event.type) else event for event in events]


def _read(journal: Journal, campaign: str, projections: list[catalog.Projection], start: int,
          end: int) -> list[Event]:
    """The events of versions ``start``..``end`` the folds of ``projections`` read, and every one with a causation,
    upcast (:func:`_current`)."""
    selected = catalog.selection(projections)
    if selected is None:
        return _current(journal.store.read_for_fold(campaign, from_version=start, to_version=end))
    return _current(journal.store.read_for_fold(campaign, from_version=start, to_version=end, types=selected.types,
                                                suffixes=selected.suffixes, caused=True))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (when it runs) for the check's read and folds.

    They build some ten objects per event of the tail (a row, its payload's dicts, the event), none in a cycle,
    and keep them to the end: with the collector on, its full collections walk them again and again (a third of
    the read of a 100,000-event campaign).  Reference counting still frees everything; the collector resumes
    after, unless it was off before."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def refuse_unless_allowed(journal: Journal, ctx: Context, target: Event, decision: list[Event],
                          batch: list[Record]) -> None:
    """Refuse the overturn of ``decision`` (``batch`` appends its voids) when later events depend on it or when
    the campaign with the voids breaks an invariant of its system (see the module docstring)."""
    with _collector_paused():
        _check(journal, ctx, target, decision, batch)


def _check(journal: Journal, ctx: Context, target: Event, decision: list[Event], batch: list[Record]) -> None:
    """:func:`refuse_unless_allowed`'s fold and refusals."""
    earlier = voids(journal.store, ctx.name, to_version=ctx.version)
    skip = {void.target for void in earlier}
    removed = {event.id for event in decision}
    first, last = decision[0].version, decision[-1].version
    base = first - 1
    if any(void.version > base and void.target_version <= base for void in earlier):
        base = 0  # a later void reaches before the decision: the state at ``base`` would still count it
    everything = catalog.for_system(ctx.system)
    allowed: list[rules_allowed.Invariant | rules_allowed.Precondition] = [
        *rules_allowed.for_system(ctx.system), *rules_allowed.preconditions(ctx.system)]
    own = {r.payload.type for r in batch} - {DisputeRuled.type, EventVoided.type}  # the correction's type, if any
    candidates = {p.name for p in everything if any(p.wants(kind) for kind in {e.type for e in decision} | own)}
    watched = candidates.union(*(rule.reads or [p.name for p in everything] for rule in allowed))
    projections = [p for p in everything if p.name in watched]
    start = journal.at(ctx.name, base).states if base > 0 else {p.name: p.initial() for p in projections}
    dumped = orjson.dumps({name: start[name] for name in watched})
    tail = _read(journal, ctx.name, projections, base + 1, last)
    stands = _AsItStands(dumped, tail, skip, projections)
    # A projection the decision leaves as it was folds the same without it: only those it changes are folded.
    before = {name: orjson.dumps(state) for name, state in stands.states(first - 1).items() if name in candidates}
    after = stands.states(last)
    touched = {name for name in candidates if orjson.dumps(after[name]) != before[name]}
    touched |= {p.name for p in everything if any(p.wants(kind) for kind in own)}
    checked = [rule for rule in allowed if touched and (not rule.reads or touched.intersection(rule.reads))]
    names = touched.union(*(rule.reads or [p.name for p in everything] for rule in checked))
    before_each: dict[str, list[rules_allowed.Precondition]] = {}
    for rule in checked:
        if isinstance(rule, rules_allowed.Precondition):
            for kind in rule.types:
                before_each.setdefault(kind, []).append(rule)
    invariants = [rule for rule in checked if isinstance(rule, rules_allowed.Invariant)]
    states = {name: state for name, state in orjson.loads(dumped).items() if name in names}
    routes = _Routes([p for p in everything if p.name in names])
    later = _read(journal, ctx.name, routes.projections, last + 1, ctx.version)
    stands.follow(routes.projections, later)
    tail += later
    settled: set[str] = set()  # projections whose state with the voids came back to the one as it stands
    dumped_now: dict[str, bytes] = {}  # each projection's state with the voids (JSON), while it is still that
    dependents: list[str] = []
    breach: Breach | None = None
    for event in [*tail, *_current(_pending(ctx, batch))]:
        if event.id in skip or event.id in removed:
            continue
        stored = event.version <= ctx.version
        if stored and event.causation in removed and event.type != EventVoided.type:
            dependents.append(gettext("version {version} ({type}, caused by it)")
                              .format(version=event.version, type=event.type))
            continue
        wanting = routes.wanting(event.type)
        if not wanting:
            continue
        if event.version < last:  # before the decision (the fold began at the start): as it stands
            for projection in wanting:
                projection.apply(states[projection.name], event)
                dumped_now.pop(projection.name, None)
            continue
        if breach is None and event.type in before_each:
            breach = _unmet(before_each[event.type], states, event, stands if stored else None)
        changed, problem = _fold(states, wanting, event, stands if stored else None, settled, dumped_now)
        if problem is not None:
            dependents.append(problem)
        elif breach is None and changed:
            breach = _breach(invariants, states, changed, event, stands if stored else None)
    if dependents:
        shown = "; ".join(dependents[:10]) + (f"; and {len(dependents) - 10} more" if len(dependents) > 10 else "")
        raise RuleViolation(
            N_("dispute: overturn"),
            gettext("later events depend on the decision of event version {version}: {shown}; dispute them first")
            .format(version=target.version, shown=shown),
        )
    if breach is not None:
        _refuse_breach(journal, target, breach, ctx.version)




def _fold(states: dict[str, Any], wanting: list[catalog.Projection], event: Event, stands: _AsItStands | None,
          settled: set[str], dumped: dict[str, bytes]) -> tuple[set[str], str | None]:
    """Fold a later ``event`` into ``states`` (the campaign with the voids): the projections it changed, and why it
    depends on the decision when it does.  ``stands`` (None for the ruling's own batch) answers whether it changed
    a projection as the campaign stands; a projection found with the same state either way joins ``settled``,
    and every later event folds into it as it does now.  ``dumped`` holds each projection's state as JSON while
    it is the one in ``states`` (the state after one event is the state before the next: dumped once)."""
    changed: set[str] = set()
    for projection in wanting:
        state = states[projection.name]
        before = dumped.pop(projection.name, None) or orjson.dumps(state)
        try:
            projection.apply(state, event)
        except FOLD_FAILURES as exc:
            text = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
            where = (gettext("version {version}").format(version=event.version) if stands is not None
                     else gettext("the correction"))
            return changed, f"{where} ({event.type}; {projection.name}: {text})"
        after = dumped[projection.name] = orjson.dumps(state)
        if after != before:
            changed.add(projection.name)
        elif stands is not None and projection.name not in settled:
            counted, was = stands.changed(event)
            if was[projection.name] == before:
                settled.add(projection.name)
            elif projection.name in counted:
                return changed, gettext("version {version} ({type}; {projection}: counts only with it)").format(
                    version=event.version, type=event.type, projection=projection.name)
    return changed, None


def _breach(checked: list[rules_allowed.Invariant], states: dict[str, Any], changed: set[str], event: Event,
            stands: _AsItStands | None) -> Breach | None:
    """The first invariant over the projections ``event`` changed that the campaign with the voids breaks after it,
    where it held as the campaign stands (always, after the ruling's own batch)."""
    for rule in checked:
        if rule.reads and not changed.intersection(rule.reads):
            continue
        found = rule.check(states)
        if found and (stands is None or not rule.check(stands.states(event.version))):
            return event, rule, found
    return None


def _unmet(preconditions: list[rules_allowed.Precondition], states: dict[str, Any], event: Event,
           stands: _AsItStands | None) -> Breach | None:
    """The first precondition ``event`` does not meet in ``states`` just before it (the campaign with the voids),
    where it met it as the campaign stands (always, for the ruling's own batch)."""
    for rule in preconditions:
        found = rule.check(states, event)
        if found and (stands is None or not rule.check(stands.states(event.version - 1), event)):
            return event, rule, found
    return None


def _refuse_breach(journal: Journal, target: Event, breach: Breach, head: int) -> None:
    """Refuse the overturn of ``target``: the event after which the invariant breaks, the rule, and what to do."""
    from journal.service.figures import after

    event, rule, what = breach
    where = (gettext("the correction") if event.version > head
             else gettext("version {version} ({summary})").format(
                 version=event.version, summary=summary(event, figure=after(journal, event.campaign, event))))
    advice = "" if event.version > head else gettext("; dispute version {version} first").format(version=event.version)
    raise RuleViolation(
        N_("dispute: overturn"),
        gettext("without event version {version}, {where} breaks the rule \u00ab{rule}\u00bb: {what}{advice}")
        .format(version=target.version, where=where, rule=gettext(rule.rule), what="; ".join(what[:5]), advice=advice),
    )
