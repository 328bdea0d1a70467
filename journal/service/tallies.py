"""End-of-session tallies: propose a session's awards from its events, and commit them all at once.

A tally is built from the campaign at its head and from the events of the session (one read from the
session's start on, voided events left out):

- **Stone Wheel**: floor(50 x minutes / 60) XP to each living character of each player present and
  floor(75 x minutes / 60) to the Master (``rules.session_xp``), unless ``xp session`` already awarded
  the session, in which case its awards are listed as recorded.
- **Dichotomy**: the motive outcomes of the adventure that ended in the session (or between it and the
  next one): those the GM recorded, the GM's choices given to the tally (``motives``), and the motives
  still held with nothing recorded ("pending": neither fulfilled nor betrayed, 0 XP).
- **VPT**: per Relationship and Revenge pair, the checklist ticks already scored for the session and,
  for a pair with no tick that no event of the session names both of (``rules.no_interaction_candidates``),
  the proposed "no interaction" -1.
- **Bonus awards** the Master gives (``bonuses``): Stone Wheel bonus XP, Dichotomy renown XP.

``propose_tally`` only reads.  ``commit_tally`` (the Master, between sessions, once per session)
appends every proposed line as the system's own event plus one ``tally.committed``, in one append:
all or nothing.  Each appended event's causation is the session's ``session.ended`` event; VPT ticks
and Stone Wheel session awards carry the session's number in their payload.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from journal.errors import NotFound, RuleViolation, ValidationFailed
from journal.events import Payload, parse_payload
from journal.events.envelope import Event
from journal.events.tallies import TallyCommitted, TallyEntry
from journal.service.context import Context, Record
from journal.service.journal import Journal

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
    """The GM's outcome for a motive in the adventure that ended in the session (Dichotomy)."""

    character: str
    motive: str
    outcome: str


@dataclass
class _Facts:
    """What the session's events say, read once."""

    number: int
    record: dict[str, Any]
    ended_id: str
    linked: set[frozenset[str]] = field(default_factory=set)
    ticks: list[Event] = field(default_factory=list)
    session_xp: list[Event] = field(default_factory=list)
    adventures: list[int] = field(default_factory=list)
    motive_awards: list[Event] = field(default_factory=list)
    tallied: Event | None = None


# --- reading the session ---------------------------------------------------------------------------------


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


def _facts(ctx: Context, number: int) -> _Facts:
    """Refuse an unknown or open session; else read what its events say (voided events left out)."""
    record = ctx.sessions["sessions"].get(str(number))
    if record is None:
        raise NotFound(f"no session {number} in '{ctx.name}'")
    if record["end_version"] is None:
        raise RuleViolation("tally: ended sessions only", f"session {number} has not ended yet")
    store, name = ctx.store, ctx.name
    marks = store.marks(name, to_version=ctx.version, types=("session.ended", "correction.voided"))
    voided = {e.data["target"] for e in marks if e.type == "correction.voided"}
    ended = next(e for e in marks if e.type == "session.ended" and e.data["number"] == number)
    facts = _Facts(number, record, ended.id)
    #: Only VPT links pairs of characters by the session's events (for "no interaction").
    characters = set(ctx.states["vpt.sheet"]["characters"]) if ctx.system == "vpt" else set()
    following = ctx.sessions["sessions"].get(str(number + 1))
    next_start = following["start_version"] if following is not None else None
    for event in store.read(name, from_version=record["start_version"], to_version=ctx.version):
        if event.id in voided:
            continue
        data = event.data
        if event.session == number and characters:
            found = sorted(characters.intersection(_names(data)))
            facts.linked.update(frozenset((a, b)) for i, a in enumerate(found) for b in found[i + 1:])
        if event.type in ("vpt.relationship_ticked", "vpt.revenge_ticked") and data["session"] == number:
            facts.ticks.append(event)
        elif event.type == "stone_wheel.xp_awarded" and data.get("session") == number and data["source"] == "session":
            facts.session_xp.append(event)
        elif event.type == "dichotomy.adventure_ended" and (
            event.session == number
            or (event.session is None and event.version > record["end_version"]
                and (next_start is None or event.version < next_start))
        ):
            facts.adventures.append(data["number"])
        elif event.type == "tally.committed" and data["session"] == number and facts.tallied is None:
            facts.tallied = event
    if ctx.system == "dichotomy" and facts.adventures:
        adventure = facts.adventures[-1]
        facts.motive_awards = [
            e for e in store.read(name, to_version=ctx.version, types=("dichotomy.xp_awarded",))
            if e.id not in voided and e.data["source"] == "motive" and e.data["adventure"] == adventure
        ]
    return facts


# --- the lines of each system ----------------------------------------------------------------------------


def _stone_wheel(ctx: Context, facts: _Facts) -> list[Line]:
    from journal.service.house_rules import rule_in_force
    from journal.systems.stone_wheel import rules

    sheets = ctx.states["stone_wheel.sheet"]
    minutes = facts.record["minutes"]
    if str(facts.number) in sheets["session_awards"]:  # awarded already (``xp session``)
        return [_session_xp_line(e.data, RECORDED, minutes) for e in facts.session_xp]
    player_rate, master_rate = rule_in_force(ctx, "xp_per_hour_player"), rule_in_force(ctx, "xp_per_hour_master")
    xp = rules.session_xp(minutes, player_rate, master_rate)
    members = ctx.campaign["members"]
    out = []
    if xp.player:
        for player in facts.record["present"]:
            if members.get(player) != "player":
                continue
            for name, sheet in sheets["characters"].items():
                if sheet["player"] == player and not sheet["dead"]:
                    data = {"character": name, "amount": xp.player, "source": "session", "minutes": minutes,
                            "session": facts.number}
                    out.append(_session_xp_line(data, PROPOSED, minutes, player_rate,
                                                _build("stone_wheel.xp_awarded", data)))
    if xp.master:
        data = {"character": ctx.campaign["master"], "amount": xp.master, "source": "session", "minutes": minutes,
                "master": True, "session": facts.number}
        out.append(_session_xp_line(data, PROPOSED, minutes, master_rate, _build("stone_wheel.xp_awarded", data)))
    return out


def _session_xp_line(data: dict[str, Any], status: str, minutes: int, rate: int | None = None,
                     payload: Payload | None = None) -> Line:
    """A per-hour award; ``rate`` is shown when known (a proposal), not for an award recorded earlier."""
    master = bool(data.get("master"))
    kind = "master_xp" if master else "session_xp"
    item = f"{minutes} min" if rate is None else f"{minutes} min x {rate} XP/h"
    return Line(f"{kind}:{data['character']}", kind, data["character"], item, data["amount"], status,
                "the Master ran the session" if master else "present", payload=payload)


def _dichotomy(ctx: Context, facts: _Facts, choices: Sequence[MotiveChoice]) -> list[Line]:
    from journal.systems.dichotomy import names, rules
    from projections.dichotomy.sheet import motive_slots

    characters = ctx.states["dichotomy.sheet"]["characters"]
    if not facts.adventures:
        if choices:
            raise RuleViolation("tally: motives", f"no adventure ended in session {facts.number}")
        return []
    adventure = facts.adventures[-1]
    wanted: dict[str, dict[str, str]] = {}
    for choice in choices:
        if choice.character not in characters:
            raise NotFound(f"no character named '{choice.character}' in campaign '{ctx.name}'")
        motive = names.motive(choice.motive)
        if motive in wanted.setdefault(choice.character, {}):
            raise ValidationFailed(f"motive: {choice.character}'s '{motive}' is given twice")
        wanted[choice.character][motive] = names.outcome(choice.outcome)
    out = []
    for name, sheet in characters.items():
        for event in facts.motive_awards:
            data = event.data
            if data["character"] == name:
                out.append(Line(f"motive:{name}:{data['motive']}", "motive", name,
                                f"{data['motive']}: {data['outcome']}", data["amount"], RECORDED,
                                f"adventure {adventure}"))
        slots = motive_slots(sheet)
        for motive, outcome in wanted.get(name, {}).items():
            slot, xp = rules.score_motive(slots, motive, outcome, adventure)  # type: ignore[arg-type]
            payload = _build("dichotomy.xp_awarded", {"character": name, "amount": xp, "source": "motive",
                                                       "motive": motive, "outcome": outcome, "slot": slot,
                                                       "adventure": adventure})
            out.append(Line(f"motive:{name}:{motive}", "motive", name, f"{motive}: {outcome}", xp, PROPOSED,
                            f"adventure {adventure}", payload=payload))
        if sheet["status"] != "active":
            continue
        for slot in slots:
            if (slot.motive is not None and slot.since <= adventure and slot.last_scored != adventure
                    and slot.motive not in wanted.get(name, {})):
                out.append(Line(f"motive:{name}:{slot.motive}", "motive", name, f"{slot.motive}: no outcome", 0,
                                PENDING, f"adventure {adventure}: neither fulfilled nor betrayed unless the GM says"))
    return out


def _vpt(ctx: Context, facts: _Facts) -> list[Line]:
    from journal.systems.vpt import rules
    from projections.vpt import bonds

    state = ctx.states["vpt.bonds"]
    pairs: list[tuple[str, str, str]] = [
        ("relationship", character, other)
        for character, others in state["relationships"].items() for other in others
    ]
    pairs += [("revenge", avenger, standing["target"]) for avenger, standing in state["revenges"].items()]
    ticked: dict[tuple[str, str, str], list[Event]] = {}
    for event in facts.ticks:
        data = event.data
        if event.type == "vpt.relationship_ticked":
            pair = ("relationship", data["character"], data["other"])
        else:
            pair = ("revenge", data["avenger"], data["target"])
        ticked.setdefault(pair, []).append(event)
        if pair not in pairs:
            pairs.append(pair)
    candidates = {
        (bond, a, b)
        for bond in ("relationship", "revenge")
        for a, b in rules.no_interaction_candidates(
            [(a, b) for kind, a, b in pairs if kind == bond and (kind, a, b) not in ticked], facts.linked)
    }
    out = []
    for bond, a, b in pairs:
        key = f"{bond}:{a}/{b}"
        for event in ticked.get((bond, a, b), []):
            out.append(Line(key, bond, a, ", ".join(event.data["items"]), event.data["change"], RECORDED,
                            f"ticked at version {event.version}", other=b))
        if (bond, a, b) not in candidates:
            continue
        if bond == "relationship":
            change = rules.score_relationship_tick(a, b, ["no_interaction"], bonds.relationships_of(state, a), [])
            points = state["relationships"][a][b]["points"]
            payload = _build("vpt.relationship_ticked", {"character": a, "other": b, "session": facts.number,
                                                          "items": ["no_interaction"], "change": change,
                                                          "points": rules.new_standing(points, change)})
        else:
            current = state["revenges"][a]
            change = rules.score_revenge_tick(a, b, current["target"], ["no_interaction"], [])
            payload = _build("vpt.revenge_ticked", {"avenger": a, "target": b, "session": facts.number,
                                                     "items": ["no_interaction"], "change": change,
                                                     "points": rules.new_standing(current["points"], change)})
        out.append(Line(key, bond, a, "no_interaction", change, PROPOSED,
                        f"no event of session {facts.number} names both", other=b, payload=payload))
    return out


def _bonuses(ctx: Context, facts: _Facts, bonuses: Sequence[Bonus]) -> list[Line]:
    if not bonuses:
        return []
    out = []
    if ctx.system == "stone-wheel":
        from journal.systems.stone_wheel import rules

        characters = ctx.states["stone_wheel.sheet"]["characters"]
        for bonus in bonuses:
            if bonus.character not in characters:
                raise NotFound(f"no character named '{bonus.character}' in '{ctx.name}'")
            rules.check_bonus_award(bonus.amount, bonus.reason)
            payload = _build("stone_wheel.xp_awarded", {"character": bonus.character, "amount": bonus.amount,
                                                         "source": "bonus", "reason": bonus.reason})
            out.append(Line(f"bonus_xp:{bonus.character}", "bonus_xp", bonus.character, "bonus", bonus.amount,
                            PROPOSED, bonus.reason, payload=payload))
        return out
    if ctx.system == "dichotomy":
        state = ctx.states["dichotomy.sheet"]
        adventure = facts.adventures[-1] if facts.adventures else (state["adventures"]["started"] or None)
        for bonus in bonuses:
            if bonus.character not in state["characters"]:
                raise NotFound(f"no character named '{bonus.character}' in campaign '{ctx.name}'")
            if not bonus.reason.strip():
                raise ValidationFailed("bonus: a bonus award needs a reason")
            payload = _build("dichotomy.xp_awarded", {"character": bonus.character, "amount": bonus.amount,
                                                       "source": "renown", "reason": bonus.reason,
                                                       "adventure": adventure})
            out.append(Line(f"bonus_xp:{bonus.character}", "bonus_xp", bonus.character, "renown", bonus.amount,
                            PROPOSED, bonus.reason, payload=payload))
        return out
    raise RuleViolation("tally: bonus awards", f"'{ctx.name}' plays {ctx.system}, which keeps no experience to award")


def _build(event_type: str, data: dict[str, Any]) -> Payload:
    """A payload from ``data``; bad input is a one-line ValidationFailed naming the field."""
    return parse_payload(event_type, data)


def _plan(ctx: Context, facts: _Facts, bonuses: Sequence[Bonus], motives: Sequence[MotiveChoice],
          skip: Iterable[str]) -> list[Line]:
    """Every line of the session's tally, the skipped ones marked."""
    if motives and ctx.system != "dichotomy":
        raise RuleViolation("tally: motives", f"motive outcomes are Dichotomy's; '{ctx.name}' plays {ctx.system}")
    if ctx.system == "stone-wheel":
        lines = _stone_wheel(ctx, facts)
    elif ctx.system == "dichotomy":
        lines = _dichotomy(ctx, facts, motives)
    elif ctx.system == "vpt":
        lines = _vpt(ctx, facts)
    else:
        lines = []
    lines += _bonuses(ctx, facts, bonuses)
    proposed = {line.key: line for line in lines if line.status == PROPOSED}
    for key in skip:
        if key not in proposed:
            known = ", ".join(proposed) or "none"
            raise ValidationFailed(f"skip: '{key}' is not a proposed line of session {facts.number} "
                                   f"(proposed: {known})")
        proposed[key].status = SKIPPED
    return lines


def _tallied(facts: _Facts) -> dict[str, Any] | None:
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
    facts = _facts(ctx, session)
    lines = _plan(ctx, facts, bonuses, motives, skip)
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
        facts = _facts(ctx, session)
        if facts.tallied is not None:
            raise RuleViolation("tally: once per session", f"session {session} was already tallied at version "
                                f"{facts.tallied.version} (event {facts.tallied.id})")
        if ctx.session is not None:
            raise RuleViolation("tally: between sessions", f"session {ctx.session['number']} is open; "
                                f"commit the tally of session {session} between sessions")
        lines = _plan(ctx, facts, bonuses, motives, skip)
        chosen = [line for line in lines if line.status == PROPOSED]
        summary = [TallyEntry(key=line.key, kind=line.kind, character=line.character, other=line.other,
                              item=line.item, amount=line.amount, reason=line.reason) for line in chosen]
        skipped = [line.key for line in lines if line.status == SKIPPED]
        records = [Record(line.payload, facts.ended_id) for line in chosen if line.payload is not None]
        records.append(Record(TallyCommitted(session=session, lines=len(chosen), summary=summary, skipped=skipped),
                              facts.ended_id))
        return records

    return journal.execute(campaign, decide, actor)
