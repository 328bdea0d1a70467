"""Sessions, free rolls and the audit of the journal's dice: the commands every rule system shares."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from journal.dice.derive import audit_rolls, commitment, new_seed
from journal.dice.notation import evaluate, parse
from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event
from journal.events.rolls import Roll, server_rolls
from journal.events.session import FreeRoll, SessionEnded, SessionStarted
from journal.service.context import Context
from journal.service.journal import Journal
from journal.store.eventstore import utc_now
from projections import session as session_projection


def start_session(
    journal: Journal, campaign: str, present: list[str], salts: dict[str, str] | None = None, actor: str | None = None
) -> Event:
    """Open the next session: commit to a fresh secret seed and record who is present (the Master only)."""
    salts = salts or {}
    seed = new_seed()

    def decide(ctx: Context) -> list:
        ctx.require_master("start a session")
        if ctx.session is not None:
            raise RuleViolation("session: one at a time", f"session {ctx.session['number']} is still open")
        members = ctx.campaign["members"]
        for name in list(present) + list(salts):
            if name not in members:
                raise RuleViolation("session: members only", f"'{name}' is not a member of '{ctx.name}'")
        if len(set(present)) != len(present):
            raise ValidationFailed("present: a member is named twice")
        number = ctx.sessions["last"] + 1
        journal.store.keep_seed(ctx.name, number, seed.hex())
        return [SessionStarted(number=number, present=list(present), commitment=commitment(seed), salts=dict(salts))]

    return journal.execute(campaign, decide, actor)[0]


def end_session(journal: Journal, campaign: str, minutes: int | None = None, actor: str | None = None) -> Event:
    """Close the open session, revealing its seed; its duration is measured unless the Master gives it."""

    def decide(ctx: Context) -> list:
        ctx.require_master("end a session")
        session = ctx.require_session("ending a session")
        seed = journal.store.seed(ctx.name, session["number"])
        if seed is None:
            raise RuleViolation("dice: server rolls need the session seed", "this session's seed is not on this journal")
        measured = session_projection.minutes_between(session["started_at"], utc_now())
        if minutes is not None and minutes < 0:
            raise ValidationFailed("minutes: must not be negative")
        return [SessionEnded(number=session["number"], seed=seed, next_counter=ctx.next_counter(),
                             minutes=measured if minutes is None else minutes,
                             minutes_recorded_by_master=minutes is not None)]

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

    def decide(ctx: Context) -> list:
        result = evaluate(expression, ctx.draw(table))
        if table is not None and sum(len(r.dice) for r in result.rolls) != len(table):
            raise ValidationFailed(f"dice: '{notation}' throws {sum(len(r.dice) for r in result.rolls)} dice, {len(table)} given")
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

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_rolls(journal: Journal, campaign: str | None = None) -> list[RollCheck]:
    """Recompute every server die of every closed session from its revealed seed."""
    names = [campaign] if campaign is not None else journal.store.campaigns()
    checks: list[RollCheck] = []
    for name in names:
        if not journal.store.exists(name):
            raise NotFound(f"no campaign named '{name}'")
        rolls: dict[int, list[tuple[Roll, str]]] = defaultdict(list)
        starts: dict[int, dict] = {}
        ends: dict[int, dict] = {}
        for event in journal.store.read(name):
            if event.type == "session.started":
                starts[event.data["number"]] = event.data
            elif event.type == "session.ended":
                ends[event.data["number"]] = event.data
            elif event.session is not None:
                for roll in server_rolls(event.data):
                    rolls[event.session].append((Roll.model_validate(roll), event.id))
        for number, start in starts.items():
            end = ends.get(number)
            if end is None:
                continue
            audit = audit_rolls(
                bytes.fromhex(end["seed"]), list(start["salts"].values()), name, number,
                [roll for roll, _ in rolls[number]], committed=start["commitment"], next_counter=end["next_counter"],
            )
            events = [event_id for _, event_id in rolls[number]]
            mismatched = {m.describe(): f"{m.describe()} (event {events[m.index]})" for m in audit.mismatched}
            problems = [mismatched.get(problem, problem) for problem in audit.problems()]
            checks.append(RollCheck(name, number, audit.rolls_checked, tuple(problems)))
    return checks
