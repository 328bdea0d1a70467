"""Sessions, players' salts, free rolls and the audit of the journal's dice: the commands every rule system shares.

A session's seed is derived from the journal's key and its ``session.started`` event (scheme 2,
``journal.dice.session``): nothing secret is stored, and the seed belongs to the start that won the
append.  Each member present adds a salt of their own before the first server roll; the end reveals the
seed and records the head it closes.  ``docs/dice.md`` explains the scheme and how to check it by hand.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from journal.dice.derive import audit_rolls, commitment
from journal.dice.notation import evaluate, parse
from journal.dice.session import SEED_PURPOSE, derive_seed, scan
from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.events.rolls import Roll, server_rolls
from journal.events.session import FreeRoll, SessionEnded, SessionSalted, SessionStarted
from journal.i18n import N_, gettext
from journal.service.context import Context, Record, journal_key
from journal.service.journal import Journal
from journal.service.roles import require_role
from journal.store.eventstore import utc_now
from projections import session as session_projection


def start_session(journal: Journal, campaign: str, present: list[str], actor: str | None = None) -> Event:
    """Open the next session: commit to its seed and record who is present (the Master only).

    The seed is ``derive_seed`` of the journal's secret (the key is made now if the journal has none)
    and this start's own event id, so only the start that wins the append has a seed at all.
    """
    key = journal_key(journal.store, create=True)
    assert key is not None  # made when missing
    secret = key.secret(SEED_PURPOSE)

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, SessionStarted.type)
        if ctx.session is not None:
            raise RuleViolation(N_("session: one at a time"), gettext("session {number} is still open")
                                                              .format(number=ctx.session['number']))
        members = ctx.campaign["members"]
        for name in present:
            if name not in members:
                raise RuleViolation(N_("session: members only"), gettext("'{name}' is not a member of '{campaign}'")
                                                                 .format(name=name, campaign=ctx.name))
        if len(set(present)) != len(present):
            raise ValidationFailed(gettext("present: a member is named twice"))
        number = ctx.sessions["last"] + 1
        event_id = ctx.new_id()
        seed = derive_seed(secret, ctx.name, number, event_id)
        started = SessionStarted(number=number, present=list(present), commitment=commitment(seed), seed_source="key")
        return [Record(started, id=event_id)]

    return journal.execute(campaign, decide, actor)[0]


def end_session(journal: Journal, campaign: str, minutes: int | None = None, actor: str | None = None) -> Event:
    """Close the open session, revealing its seed; its duration is measured unless the Master gives it."""

    def decide(ctx: Context) -> list:
        require_role(ctx.campaign["members"], ctx.actor, SessionEnded.type)
        session = ctx.require_session(N_("ending a session"))
        seed = ctx.session_seed()
        measured = session_projection.minutes_between(session["started_at"], utc_now())
        if minutes is not None and minutes < 0:
            raise ValidationFailed(gettext("minutes: must not be negative"))
        head = ctx.session_events()[-1]  # the last event before the end: the head this end closes
        return [SessionEnded(number=session["number"], seed=seed.hex(), next_counter=ctx.next_counter(),
                             minutes=measured if minutes is None else minutes,
                             minutes_recorded_by_master=minutes is not None,
                             head_version=head.version, head_hash=head.hash)]

    return journal.execute(campaign, decide, actor)[0]


def add_salt(journal: Journal, campaign: str, salt: str | None = None, actor: str | None = None) -> Event:
    """The actor adds their own salt to the open session's dice (a random one unless ``salt`` is given).

    Only a member present may salt, once, and only before the session's first server roll: the dice are
    keyed by the salts recorded before it.  Nobody can salt for another: the salt is the actor's.
    """
    text = secrets.token_hex(16) if salt is None else salt

    def decide(ctx: Context) -> list:
        session = ctx.require_session(N_("adding a salt"))
        number = session["number"]
        if ctx.actor not in session["present"]:
            raise RuleViolation(N_("dice: salts from members present"), gettext("'{actor}' is not present at session {number}")
                                                                        .format(actor=ctx.actor, number=number))
        dice = ctx.session_dice()
        if ctx.actor in dice.salted_by or ctx.actor in session["salts"]:
            raise RuleViolation(N_("dice: one salt per member"), gettext("'{actor}' has already salted session {number}")
                                                                 .format(actor=ctx.actor, number=number))
        if dice.first_roll_version is not None:
            raise RuleViolation(N_("dice: salts before the first server roll"),
                                gettext("session {number}'s dice were first thrown at version {first_roll_version}")
                                .format(number=number, first_roll_version=dice.first_roll_version))
        return [SessionSalted(number=number, salt=text)]

    return journal.execute(campaign, decide, actor)[0]


def free_roll(
    journal: Journal,
    campaign: str,
    notation: str,
    table: list[int] | None = None,
    purpose: str | None = None,
    actor: str | None = None,
) -> Event:
    """Roll free dice notation (``2d6+1``, ``4d6kh3``, ``6d10>=7``) with the journal's or the table's dice."""
    expression = parse(notation)

    FreeRoll.check_fields(purpose=purpose)  # before the dice (docs/dice.md)

    def decide(ctx: Context) -> list:
        result = evaluate(expression, ctx.draw(table))
        if table is not None and sum(len(r.dice) for r in result.rolls) != len(table):
            raise ValidationFailed(gettext("dice: '{notation}' throws {sum} dice, {count} given")
                                   .format(notation=notation, sum=sum(len(r.dice) for r in result.rolls), count=len(table)))
        return [FreeRoll(notation=str(expression), rolls=list(result.rolls), result=result.total,
                         pool=result.is_pool, description=result.describe(), purpose=purpose)]

    return journal.execute(campaign, decide, actor)[0]


@dataclass(frozen=True)
class RollCheck:
    """The audit of one closed session's server dice."""

    campaign: str
    session: int
    rolls: int
    problems: tuple[str, ...]
    unsalted: tuple[str, ...] = ()
    """Members present who added no salt before the first server roll (their dice were not theirs to salt)."""

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_rolls(journal: Journal, campaign: str | None = None) -> list[RollCheck]:
    """Recompute every server die of every closed session from its revealed seed."""
    names = [campaign] if campaign is not None else journal.store.campaigns()
    checks: list[RollCheck] = []
    for name in names:
        if not journal.store.exists(name):
            raise NotFound(gettext("no campaign named '{name}'").format(name=name))
        rolls: dict[int, list[tuple[Roll, str]]] = defaultdict(list)
        during: dict[int, list[Event]] = defaultdict(list)
        starts: dict[int, dict] = {}
        ends: dict[int, dict] = {}
        for event in journal.store.read(name):
            if event.type == "session.started":
                starts[event.data["number"]] = event.data
            elif event.type == "session.ended":
                ends[event.data["number"]] = event.data
            elif event.session is not None:
                during[event.session].append(event)
                for roll in server_rolls(event.data):
                    rolls[event.session].append((Roll.model_validate(roll), event.id))
        for number, start in starts.items():
            end = ends.get(number)
            if end is None:
                continue
            dice = scan(during[number])
            audit = audit_rolls(
                bytes.fromhex(end["seed"]), dice.texts(start["salts"].values()), name, number,
                [roll for roll, _ in rolls[number]], committed=start["commitment"], next_counter=end["next_counter"],
            )
            events = [event_id for _, event_id in rolls[number]]
            mismatched = {m.describe(): f"{m.describe()} (event {events[m.index]})" for m in audit.mismatched}
            problems = [mismatched.get(problem, problem) for problem in audit.problems()]
            problems += [f"the salt of '{late.member}' (version {late.version}) came after the first server roll "
                         f"(version {dice.first_roll_version}): it keys no die" for late in dice.late]
            salted = {s.member for s in dice.salts} | set(start["salts"])
            unsalted = tuple(member for member in start["present"] if member not in salted)
            checks.append(RollCheck(name, number, audit.rolls_checked, tuple(problems), unsalted))
    return checks


def session_salts(journal: Journal, campaign: str, start: Event, to_version: int | None = None) -> list[str]:
    """The salt texts that key the dice of the session ``start`` opened (the start's own, then the players')."""
    number = start.data["number"]
    events = journal.store.read(campaign, from_version=start.version + 1, to_version=to_version)
    return scan(e for e in events if e.session == number).texts(start.data["salts"].values())


def _rehearse_free_roll(journal: Journal, campaign: str, data: dict[str, Any], actor: str) -> None:
    """A free roll on the table's dice, decided again by :func:`free_roll` with its dice (server dice are not: their
    seed is the recording journal's, and ``verify --rolls`` recomputes them)."""
    if all(roll["source"] == "table" for roll in data["rolls"]):
        free_roll(journal, campaign, data["notation"], [d for roll in data["rolls"] for d in roll["dice"]],
                  data["purpose"], actor=actor)


#: How an imported shared event is decided again by the verb that records it (journal.service.importing; each
#: system lists its own in its descriptor's ``rehearsals``).
REHEARSALS: dict[str, Callable[[Journal, str, dict[str, Any], str], object]] = {
    FreeRoll.type: _rehearse_free_roll,
}
