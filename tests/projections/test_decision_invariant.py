"""The decision invariant, as a Hypothesis state machine over the whole service, on SQLite and PostgreSQL.

For each rule system (``decision_tables``: wield, stone-wheel, dichotomy, vpt) the machine plays random,
mostly legal sequences of the real commands (the system's ``commands``, sessions, session tallies, free
rolls) with table dice, in a NEW campaign per example of one database per test, and overturns random
earlier decisions through the real dispute path (``open_dispute`` by any member, every voter votes,
the Master rules ``overturn``; a disputed free roll is sometimes thrown again as the correction).  A
command the service refuses (a ``JournalError``) must leave the head where it was; an overturn refused
by ``dispute: overturn`` (later events depend on it) must write nothing, and is then upheld.

Words, as this module uses them:

* a **decision** is what one command appended (one ``Journal.execute``, one append); the machine keeps
  its own record of each (``Step``), independently of the store's ``decision`` envelope field;
* the **voided** events are the targets of the ``correction.voided`` records: what the engine skips;
* the **removed** log is the same stored events (same ids, versions, sessions, payloads as recorded)
  minus every event of each overturned decision, minus the ``correction.voided`` and ``dispute.*``
  records themselves, folded with plain ``initial()`` / ``apply()`` of ``catalog.for_system``;
* a **re-recorded** log is the log as the table would have recorded it had some decisions never been
  made: in a new campaign of a scratch SQLite journal, the decisions before the first one removed are
  copied as they were, each removed decision becomes as many inert ``test.filler`` events (versions and
  sessions line up; event ids are mapped back), and every later command is played again with the same
  arguments and dice.  Its facts are the same when each replayed event equals the original but for
  the running totals a payload keeps for display (``decision_tables.DISPLAY``: a death check's ``total``, a
  round's ``hits_lost``, an ability's count ...); a replayed command that is refused or decides other facts
  (it read state the removal changed: a Fresh modifier, a pool, the dice a condition adds) makes the
  two logs incomparable, which is only counted (``hypothesis.event``).

Compared across logs are all projections but ``campaign``, ``sessions`` and ``disputes``, which fold the
dispute records and voids themselves.  The invariants:

(a) voided == removed, after each overturn and at the end: the voids name exactly the events of the
    overturned decisions (whole decisions, nothing else), each decision's events carry one ``decision``
    naming its first event, and the engine's state at the head equals the fold of the removed log.  The
    removed log keeps the payloads as recorded, so this checks the void bookkeeping (whole decisions,
    snapshots and read models a void reaches behind), not whether a fold reads a recorded total;
(a') voided == re-recorded with the same facts, the check that catches a fold reading a total a payload
    keeps for display: at the end, the engine's state with the overturns voided equals the fold of the
    log re-recorded without the overturned decisions; and (rule ``suppose``, no dispute recorded) the
    log folded with one standing decision skipped equals the log re-recorded without it;
(d) the running totals the summaries show (journal.service.figures: "3 in all", read from one fold with the
    voids) equal the system's figure readers on the removed log folded up to each event;
(b) as of random points (a version, an event id, ``before:ID``), a fresh ``Engine`` with snapshots every
    3 versions equals a plain fold from the first event to that point with the voids recorded by then
    skipped; at the head that also equals the persisted read model.

Each example runs ``JOURNAL_PROPERTY_STEPS`` rules (default 12) after a prelude of a few commands;
``JOURNAL_PROPERTY_EXAMPLES`` examples per system and backend (default 25 under the ``ci`` profile, 5 under ``dev``: tests/profiles.py).  A failure prints the
commands played, one per line (``note``); Hypothesis does not shrink it unless ``JOURNAL_PROPERTY_SHRINK=1``
(it takes minutes).
"""

from __future__ import annotations

import functools
import os
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from decision_tables import DISPLAY, TABLES, Command, Table, View, free_roll_move, session_move, tally_move
from hypothesis import HealthCheck, Phase, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from journal.errors import JournalError, RuleViolation
from journal.events.envelope import Event, NewEvent
from journal.events.upcasting import needs_upcast, upcast
from journal.service import Journal, disputes, figures
from journal.service import invariants as allowed
from journal.store import open_store
from projections import catalog
from projections.engine import Engine
from tests.profiles import examples

EXAMPLES = int(os.environ.get("JOURNAL_PROPERTY_EXAMPLES", "0")) or examples(25)
STEPS = int(os.environ.get("JOURNAL_PROPERTY_STEPS", "12"))
#: Shrinking a failure takes Hypothesis minutes here (every example replays a campaign): opt in.
SHRINK = os.environ.get("JOURNAL_PROPERTY_SHRINK", "") not in ("", "0")
SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, database=None,
                    phases=list(Phase) if SHRINK else [Phase.explicit, Phase.reuse, Phase.generate],
                    suppress_health_check=list(HealthCheck))
#: Projections that fold the dispute records and voids themselves: not compared across logs.
OWN_RECORDS = ("campaign", "sessions", "disputes")
FILLER = "test.filler"


@dataclass
class Step:
    """One decision of the campaign: a command's events, or a dispute record (opening, vote, ruling)."""

    command: Command | None
    events: list[Event]
    voided: bool = False


def fold(projections: list[catalog.Projection], events: Iterable[Event], skip: Collection[str] = frozenset(),
         start: dict | None = None) -> dict:
    """Plain ``initial()`` / ``apply()`` of each projection over ``events`` (those in ``skip`` left out),
    from the ``initial()`` states or on from ``start`` (in place)."""
    states = {p.name: p.initial() for p in projections} if start is None else start
    for e in events:
        if e.id in skip:
            continue
        if needs_upcast(e.type):
            e = upcast(e)
        for p in projections:
            if p.wants(e.type):
                p.apply(states[p.name], e)
    return states


def norm(value: Any) -> Any:
    """A state as JSON reads it back (what snapshots and read models hold)."""
    return orjson.loads(orjson.dumps(value))


def diff(left: Any, right: Any, path: str = "") -> list[str]:
    """Where two JSON values differ, as 'path: left != right' lines."""
    if isinstance(left, dict) and isinstance(right, dict):
        out = []
        for key in sorted(set(left) | set(right), key=str):
            out += diff(left.get(key, "<missing>"), right.get(key, "<missing>"), f"{path}.{key}")
        return out
    if isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        return [line for i, (a, b) in enumerate(zip(left, right, strict=True)) for line in diff(a, b, f"{path}[{i}]")]
    return [] if left == right else [f"{path or '.'}: {left!r} != {right!r}"]


def translate(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with every event id of the re-recorded campaign replaced by the original's."""
    if isinstance(value, dict):
        return {ids.get(k, k): translate(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [translate(v, ids) for v in value]
    return ids.get(value, value) if isinstance(value, str) else value


#: Fields that differ between two campaigns by construction: the name, and each session's fresh seed.
PER_CAMPAIGN = {"campaign.created": {"name"}, "session.started": {"commitment"}, "session.ended": {"seed"}}


def facts(e: Event) -> dict[str, Any]:
    """What an event records but for the running totals it keeps for display."""
    left_out = DISPLAY.get(e.type, frozenset()) | PER_CAMPAIGN.get(e.type, set())
    return {"actor": e.actor, "session": e.session, "data": {k: v for k, v in e.data.items() if k not in left_out}}


def guarded(method: Callable) -> Callable:
    """Mark the machine broken when a step raises, so teardown does not mask the failure with another."""

    @functools.wraps(method)
    def run(self: DecisionMachine, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except BaseException:
            self.broken = True
            raise

    return run


class DecisionMachine(RuleBasedStateMachine):
    """One campaign of ``table``'s system, played and disputed at random through the service.

    The machine keeps every event appended (as ``append`` returned it) and its own plain fold of them
    with the voids skipped (``model``): the moves draw from that fold, the store is read only to check.
    """

    def __init__(self, journal: Journal, table: Table, scratch: Journal) -> None:
        super().__init__()
        self.journal, self.table, self.store, self.scratch = journal, table, journal.store, scratch
        self.campaign = f"{table.system}-{uuid.uuid4().hex[:12]}"
        self.steps: list[Step] = []
        self.events: list[Event] = []
        self.broken = False
        self.rerecorded = 0
        self.moves = {**table.moves(), "session": session_move(table), "free_roll": free_roll_move,
                      "tally": tally_move(table)}
        weights = {"session": 2, "tally": 2, **table.weights}
        self.weighted = [name for name in self.moves for _ in range(weights.get(name, 1))]
        self.projections = catalog.for_system(table.system)
        self.compared = [p.name for p in self.projections if p.name not in OWN_RECORDS]
        self.model = fold(self.projections, [])
        for command in table.opening():
            assert self.run(command) is not None, f"the table's setup was refused: {command!r}"
        self.setup_steps = len(self.steps)

    # -- recording ------------------------------------------------------------------------------------

    def _record(self, command: Command | None, events: list[Event], what: str) -> None:
        head = len(self.events)
        versions = [e.version for e in events]
        assert versions == list(range(head + 1, head + 1 + len(events))), f"{what} appended {versions} at {head}"
        self.steps.append(Step(command, events))
        self.events += events
        if any(e.type == "correction.voided" for e in events):
            self.model = fold(self.projections, self.events, {e.data["target"] for e in self.events
                                                              if e.type == "correction.voided"})
        else:
            self.model = fold(self.projections, events, start=self.model)
        note(f"v{head + 1}: {what} -> {', '.join(e.type for e in events)}")

    def _refused(self, what: str, exc: JournalError) -> None:
        head = self.store.head(self.campaign)
        assert head == len(self.events), f"{what} was refused ({exc}) yet the head moved to {head}"
        note(f"refused: {what}: {exc}")

    def run(self, command: Command | None) -> list[Event] | None:
        """Play one command; a refusal must leave the head where it was."""
        if command is None:
            return None
        try:
            events = command(self.journal, self.campaign)
        except JournalError as exc:
            self._refused(repr(command), exc)
            return None
        assert events, f"{command!r} recorded nothing"
        self._record(command, events, repr(command))
        return events

    def dispute(self, what: str, call: Callable[[], Any]) -> list[Event]:
        """Record a dispute record (never replayed)."""
        result = call()
        events = list(result) if isinstance(result, list) else [result]
        self._record(None, events, what)
        return events

    def view(self) -> View:
        ids = {e.id: e.version for e in self.events}
        voided = {e.data["target"] for e in self.events if e.type == "correction.voided"}
        tallied = frozenset(e.data["session"] for e in self.events
                            if e.type == "tally.committed" and e.id not in voided)
        return View(self.model, ids, self.table.master, self.table.players, tallied)

    # -- rules ----------------------------------------------------------------------------------------

    def play(self, data: st.DataObject, low: int, high: int) -> None:
        for _ in range(data.draw(st.integers(low, high))):
            name = data.draw(st.sampled_from(self.weighted))
            self.run(self.moves[name](self.view(), data))

    @initialize(data=st.data())
    @guarded
    def prelude(self, data: st.DataObject) -> None:
        """Every example opens with three to eight commands (whichever rules Hypothesis leaves on)."""
        self.play(data, 3, 8)

    @rule(data=st.data())
    @guarded
    def act(self, data: st.DataObject) -> None:
        """Two to five commands (the system's, sessions, tallies, free rolls), each drawn from the campaign now."""
        self.play(data, 2, 5)

    @rule(data=st.data())
    @guarded
    def overturn(self, data: st.DataObject) -> None:
        """A member disputes an event of a standing decision, every voter votes, the Master overturns.

        Refused by 'dispute: overturn' (later events depend on it): nothing is written and the Master
        upholds instead.  Refused opening (no player present to vote): nothing is written.
        """
        # Mostly an event of the play (not the setup, not a free roll), half the time one that a later event of
        # its type follows: what a running total copied from a payload would carry past the void.
        focus = data.draw(st.integers(0, 3))
        # A tally is disputed by its tally.committed (the whole decision goes): one of its award lines disputed
        # alone goes alone (journal.service.disputes.rule: lines are voted one by one), which the steps here, each
        # voided whole, do not model; tests/cli/test_cli_rulings.py covers a line's void.
        candidates = [e for step in (self.steps[self.setup_steps:] if focus else self.steps)
                      if step.command is not None and not step.voided for e in step.events
                      if e.type not in disputes.FINAL_TYPES and not e.type.startswith(disputes.FINAL_PREFIXES)
                      and not (focus and e.type == "roll.made")
                      and (e.type == "tally.committed" or all(x.type != "tally.committed" for x in step.events))]
        last = {e.type: e.version for e in self.events}
        followed = [e for e in candidates if last[e.type] > e.version]
        if focus >= 2 and followed:
            candidates = followed
        if not candidates:
            return
        target = candidates[data.draw(st.integers(0, len(candidates) - 1))]
        opener = data.draw(st.sampled_from([self.table.master, *self.table.players]))
        what = f"open_dispute(v{target.version} {target.type}, actor={opener!r})"
        try:
            opened = self.dispute(what, lambda: disputes.open_dispute(self.journal, self.campaign, str(target.version),
                                                                      "не так было", actor=opener))[0]
        except RuleViolation as exc:
            assert exc.rule == "dispute: voters", exc
            self._refused(what, exc)
            return
        for voter in opened.data["voters"]:
            choice = data.draw(st.sampled_from(["overturn", "uphold"]))
            self.dispute(f"vote({choice!r}, actor={voter!r})",
                         lambda choice=choice, voter=voter: disputes.vote(self.journal, opened.id, choice, actor=voter))
        corrected = None
        if target.type == "roll.made" and data.draw(st.booleans()):  # thrown again: the corrected roll comes along
            again = data.draw(st.lists(st.integers(1, 6), min_size=2, max_size=2))
            corrected = disputes.corrected_dice(self.journal, opened.id, again)
        what = f"rule('overturn'{', corrected' if corrected else ''}) of v{target.version}"
        try:
            ruled = self.dispute(what, lambda: disputes.rule(self.journal, opened.id, "overturn", corrected,
                                                             actor=self.table.master))
        except RuleViolation as exc:
            assert exc.rule == "dispute: overturn", exc
            self._refused(what, exc)
            self.dispute("rule('uphold')", lambda: disputes.rule(self.journal, opened.id, "uphold",
                                                                 actor=self.table.master))
            return
        assert ruled[0].type == "dispute.ruled"
        next(step for step in self.steps if target in step.events).voided = True
        self.check_removed()

    @rule(data=st.data())
    @guarded
    def probe(self, data: st.DataObject) -> None:
        """(b) as of a random point: a fresh engine (snapshots every 3) == a plain fold to that point."""
        events = self.events
        point = data.draw(st.integers(1, len(events)))
        form = data.draw(st.sampled_from(["version", "id", "before"] if point < len(events) else ["version", "id"]))
        ref = {"version": point, "id": events[point - 1].id,
               "before": f"before:{events[min(point, len(events) - 1)].id}"}
        got = Engine(self.store, 3).at(self.campaign, ref[form])
        assert got.version == point, (form, got.version, point)
        self.check_as_of(events[:point], got.states, f"as of {form} {ref[form]}")

    @rule(data=st.data())
    @guarded
    def suppose(self, data: st.DataObject) -> None:
        """(a') for a standing decision of the play: the log folded with it skipped == the log re-recorded
        without it (in the scratch journal; no dispute is recorded).  A decision whose removal a later
        event cannot fold without, or leaves breaking its system's preconditions (an overturn would be
        refused, as journal.service.overturns refuses it), is left alone."""
        candidates = [index for index in range(self.setup_steps, len(self.steps) - 1)
                      if self.steps[index].command is not None and not self.steps[index].voided]
        last = {e.type: e.version for e in self.events}
        followed = [i for i in candidates if any(last[e.type] > e.version for e in self.steps[i].events)]
        if followed and data.draw(st.booleans()):  # half the time one a later event of its type follows
            candidates = followed
        if not candidates:
            return
        index = candidates[data.draw(st.integers(0, len(candidates) - 1))]
        skip = {e.data["target"] for e in self.events if e.type == "correction.voided"}
        skip |= {e.id for e in self.steps[index].events}
        try:
            got = norm(fold(self.projections, self.events, skip))
        except Exception as exc:  # noqa: BLE001 - a later event does not fold without it: an overturn is refused
            note(f"suppose v{self.steps[index].events[0].version}: a later event does not fold without it ({exc!r})")
            return
        kept = [e for e in self.events if e.id not in skip
                and e.type != "correction.voided" and not e.type.startswith("dispute.")]
        refusal = next((f"v{current.version} {current.type} breaks {broken}"
                        for _, current, broken, _ in self.walk_kept(kept) if broken), None)
        if refusal is not None:  # a later event is no longer what its rules allow there: an overturn is refused
            note(f"suppose v{self.steps[index].events[0].version}: {refusal}")
            return
        note(f"suppose v{self.steps[index].events[0].version} {self.steps[index].command!r} were never recorded")
        self.compare_rerecorded(got, {index}, True, f"the log with v{self.steps[index].events[0].version} skipped")

    # -- invariants -----------------------------------------------------------------------------------

    def check_as_of(self, events: list[Event], states: dict[str, Any], where: str) -> dict[str, Any]:
        """The states equal a plain fold of ``events`` with the voids among them skipped."""
        voided = {e.data["target"] for e in events if e.type == "correction.voided"}
        expected = norm(fold(self.projections, events, voided))
        got = norm(states)
        for name in expected:
            assert got[name] == expected[name], f"{where}, {name}: engine != plain fold:\n" + "\n".join(
                diff(got[name], expected[name])[:12])
        return expected

    def check_removed(self) -> None:
        """(a) the voids name exactly the overturned decisions, and voided == removed for every compared fold; (c)
        every declared invariant and precondition holds (:meth:`check_rules_allowed`)."""
        events = self.events
        for step in self.steps:
            decisions = {e.decision for e in step.events}
            assert decisions == {step.events[0].id}, (
                f"the events of one command ({', '.join(e.type for e in step.events)}, from v{step.events[0].version}) "
                f"carry decisions {decisions}, not the id of their first event")
        removed = {e.id: e for step in self.steps if step.voided for e in step.events}
        voided = {e.data["target"] for e in events if e.type == "correction.voided"}
        missed = [f"v{e.version} {e.type}" for i, e in removed.items() if i not in voided]
        extra = [f"v{e.version} {e.type}" for e in events if e.id in voided and e.id not in removed]
        assert not missed and not extra, f"overturns left standing {missed} and voided beyond their decisions {extra}"
        kept = [e for e in events if e.id not in removed
                and e.type != "correction.voided" and not e.type.startswith("dispute.")]
        expected = norm(fold(self.projections, kept))
        got = norm(self.journal.at(self.campaign).states)
        for name in self.compared:
            assert got[name] == expected[name], f"{name}: voided != removed:\n" + "\n".join(
                diff(got[name], expected[name])[:12])
        self.check_rules_allowed(kept)

    def walk_kept(self, kept: list[Event]) -> Iterator[tuple[Event, Event, list[str], dict[str, Any]]]:
        """Each of ``kept`` folded in turn: the stored event, as upcast, the system's preconditions it breaks in the
        state just before it («rule»: what), and the states just after it."""
        preconditions: dict[str, list[allowed.Precondition]] = {}
        for rule_ in allowed.preconditions(self.table.system):
            for kind in rule_.types:
                preconditions.setdefault(kind, []).append(rule_)
        states = fold(self.projections, [])
        for stored in kept:
            current = upcast(stored) if needs_upcast(stored.type) else stored
            broken = [f"«{rule_.rule}»: {found}" for rule_ in preconditions.get(current.type, [])
                      if (found := rule_.check(states, current))]
            fold(self.projections, [stored], start=states)
            yield stored, current, broken, states

    def check_rules_allowed(self, kept: list[Event]) -> None:
        """(c) after an overturn the campaign is in a state its rules allow: every declared invariant holds at the
        head, and every kept event meets its system's preconditions in the state just before it; (d) the totals
        every summary shows (journal.service.figures, one fold with the voids) equal the system's readers on the
        removed log folded up to that event."""
        found = allowed.broken(allowed.for_system(self.table.system), self.journal.at(self.campaign).states)
        assert found is None, f"after the overturn the rule «{found[0].rule}» is broken: {found[1]}"
        readers = figures.readers(self.table.system)
        shown = figures.walk(self.journal, self.campaign)
        for stored, current, broken, states in self.walk_kept(kept):
            assert not broken, f"v{current.version} {current.type} breaks {broken} after the overturn"
            reader = readers.get(current.type)
            if reader is not None:
                assert shown[stored.id].now == reader(states, current.data), (
                    f"v{stored.version} {stored.type}: the summary's totals {shown[stored.id].now} != the removed "
                    f"log's {reader(states, current.data)}")

    def rerecord(self, removed: set[int], keep_records: bool) -> tuple[dict[str, Any], list[str]] | None:
        """The log re-recorded without the steps ``removed`` in a new campaign of the scratch journal.

        The steps before the first one removed are copied as they were (the same decisions, the same
        facts); each step removed becomes as many fillers; dispute records are copied when
        ``keep_records`` (with the voids they hold, naming the events played again) and else become
        fillers too; every other later command is played again (one voided for real too).  Returns the
        plain fold (voids skipped, event ids mapped back to this campaign's) and the payload fields that
        changed, or None when a command played again is refused or decides other facts (the two logs do
        not record the same facts: nothing to compare).
        """
        scratch = self.scratch
        self.rerecorded += 1
        again = f"{self.campaign}-{self.rerecorded}"
        mine: dict[str, str] = {self.campaign: again}  # this campaign's name and ids -> the scratch campaign's
        back: dict[str, str] = {}  # and back (ids only)
        changed: list[str] = []
        first = min(removed)

        def copy(events: list[Event]) -> None:
            for e in events:
                mine[e.id] = str(uuid.uuid4())
                back[mine[e.id]] = e.id
                if e.type == "session.started":  # the seed its end reveals (table dice only: any seed will do)
                    scratch.store.keep_seed(again, e.data["number"], "00" * 32)
            scratch.store.append(again, [
                NewEvent(e.type, translate(e.data, mine), e.actor, id=mine[e.id], session=e.session,
                         causation=mine.get(e.causation, e.causation), schema=e.schema, recorded_at=e.recorded_at)
                for e in events], None)

        for step in self.steps[:first]:
            copy(step.events)  # one append a decision, as recorded (a fold may group by decision)
        for index in range(first, len(self.steps)):
            step = self.steps[index]
            if index in removed or (step.command is None and not keep_records):
                scratch.store.append(again, [NewEvent(FILLER, {"for": e.type}, e.actor, session=e.session)
                                             for e in step.events], None)
                continue
            if step.command is None:
                copy(step.events)
                continue
            where = f"{step.command!r} at v{step.events[0].version}"
            try:
                replayed = step.command(scratch, again)
            except JournalError as exc:
                event("re-recorded: a later command is refused")
                note(f"re-recorded: {where} is refused: {exc}")
                return None
            if [e.type for e in replayed] != [e.type for e in step.events]:
                event("re-recorded: a later command records other events")
                note(f"re-recorded: {where} records {[e.type for e in replayed]}")
                return None
            for old, new in zip(step.events, replayed, strict=True):
                new = new._replace(data=translate(new.data, back))  # the events it names, by this campaign's ids
                if facts(old) != facts(new):
                    event("re-recorded: a later command decides other facts")
                    note(f"re-recorded: {where} decides other facts: " + "; ".join(diff(facts(old), facts(new))))
                    return None
                mine[old.id], back[new.id] = new.id, old.id
                changed += [f"v{old.version} {old.type}{line}" for line in diff(old.data, new.data)]
        events = list(scratch.store.read(again))
        voided = {e.data["target"] for e in events if e.type == "correction.voided"}
        return norm(translate(fold(self.projections, events, voided), back)), changed

    def compare_rerecorded(self, got: dict[str, Any], removed: set[int], keep_records: bool, what: str) -> None:
        """``got`` (the log folded with ``removed`` voided) equals the fold of the log re-recorded without them."""
        again = self.rerecord(removed, keep_records)
        if again is None:
            return
        event("re-recorded: comparable")
        expected, changed = again
        for name in self.compared:
            assert got[name] == expected[name], (
                f"{name}: {what} != re-recorded without it, with the same facts:\n"
                + "\n".join(diff(got[name], expected[name])[:12])
                + "\nthe running totals that differ between the two logs:\n" + "\n".join(changed[:12]))

    def check_rerecorded(self) -> None:
        """(a') the engine's state with the overturned decisions voided == the log re-recorded without them."""
        removed = {index for index, step in enumerate(self.steps) if step.voided}
        if removed:
            self.compare_rerecorded(norm(self.journal.at(self.campaign).states), removed, False,
                                    "the engine with the overturns voided")

    def teardown(self) -> None:
        """(a), (a') and (b) at the head, read model included, unless a step already failed."""
        if self.broken:
            return
        events = list(self.store.read(self.campaign))
        assert [(e.id, e.version, e.type, e.data) for e in events] == [
            (e.id, e.version, e.type, e.data) for e in self.events], "the store holds other events than were appended"
        self.check_removed()
        expected = self.check_as_of(events, self.journal.at(self.campaign).states, "at the head")  # the warm state
        self.check_as_of(events, self.journal.engine.at(self.campaign).states, "the engine at the head")  # saves it
        model = self.store.projections.read_model(self.campaign, catalog.fingerprint(self.projections))
        assert model is not None and model[0] == len(events), f"read model at {model and model[0]}, head {len(events)}"
        persisted = orjson.loads(model[1])
        for name in expected:
            assert persisted[name] == expected[name], f"read model, {name}: persisted != plain fold:\n" + "\n".join(
                diff(persisted[name], expected[name])[:12])
        self.check_rerecorded()


def play(db_url: str, system: str, scratch: Path) -> None:
    """Run the machine for ``system`` over one database at ``db_url`` (one new campaign per example).

    Logs are re-recorded in a SQLite journal under ``scratch`` (whatever the backend: it only folds).
    """
    if db_url.startswith("postgresql") and "options=" in db_url:
        db_url += "%20-csynchronous_commit%3Doff"  # this test's sessions only: commits need not wait for the disk
    journal = Journal(open_store(db_url, upgrade=True))
    again = Journal(open_store(f"sqlite:///{scratch / 'again.db'}", upgrade=True))
    try:
        run_state_machine_as_test(lambda: DecisionMachine(journal, TABLES[system], again), settings=SETTINGS)
    finally:
        journal.close()
        again.close()


def test_wield_voided_decisions_fold_as_if_never_recorded(db_url: str, tmp_path: Path) -> None:
    """Wield: chances, combat rounds, powers, conditions, geasa, failures collected, Control Risks, deaths."""
    play(db_url, "wield", tmp_path)


def test_stone_wheel_voided_decisions_fold_as_if_never_recorded(db_url: str, tmp_path: Path) -> None:
    """Stone Wheel: damage, exchanges with their damage and deaths, requests, sleep, recovery, XP, turn mode."""
    play(db_url, "stone-wheel", tmp_path)


def test_dichotomy_voided_decisions_fold_as_if_never_recorded(db_url: str, tmp_path: Path) -> None:
    """Dichotomy: checks, rounds of damage, recovery, healing, dives, adventures, motives, renown, XP, wealth."""
    play(db_url, "dichotomy", tmp_path)


def test_vpt_voided_decisions_fold_as_if_never_recorded(db_url: str, tmp_path: Path) -> None:
    """VPT: hits with their wounds, wounds, death checks, morale, initiative, relationships, revenge, points."""
    play(db_url, "vpt", tmp_path)


def test_an_installed_systems_voided_decisions_fold_as_if_never_recorded(db_url: str, tmp_path: Path) -> None:
    """The coin game, a system of its own package (examples/coin-system): flips, trust, sessions and its tally."""
    play(db_url, "coin", tmp_path)


def test_every_registered_system_has_a_decision_table() -> None:
    """The machine plays every system the registry knows: a system installed without a table fails here."""
    from journal.systems.registry import names

    assert sorted(TABLES) == names()
