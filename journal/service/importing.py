"""Importing an exported file: every event must be one the journal's own commands could have recorded.

The store checks each line's envelope, payload model, chain and hash (``journal.store.importing``);
this module then replays the file's campaigns through the same folds the commands read (the campaign
projection: members and tokens; the sessions projection) and refuses the first line that no command
could have written at that point:

* a campaign opens with its own ``campaign.created``, recorded by its Master, naming the line's campaign;
* the campaign and the actor are names by the one name rule (``journal.events.names``);
* the actor is a member at that point, and may record the event's type (``journal.service.roles``,
  the table the verbs use);
* members join once; tokens go to members, are issued once and revoked once, by the id and member issued;
* sessions open one at a time, numbered 1, 2, ...; an event carries the open session's number (none
  between sessions) and a session's start and end their own;
* a causation, and a void's target, name an earlier event of the same campaign;
* every projection of the campaign's system folds the event (``projections.engine.apply_event``, voids
  skipped as the engine skips them): an event a fold cannot read is refused, not stored to break every
  later read and write;
* an event of a type its system rehearses (the descriptor's ``rehearsals``; the shared verbs' are
  ``journal.service.sessions.REHEARSALS``) is decided again by the verb that records it, with the arguments its
  payload holds, on the campaign as the file has it at that line (:class:`Rehearsal`): the verb's own checks
  (targets, roles, limits) refuse it, or what it would record must be the line's payload exactly.  A rehearsal
  that calls no verb leaves the line to the other checks (a free roll of server dice, a session's own award);
* a session the file leaves open must be one whose seed this journal gives (``journal.service.context.
  start_seed``): another journal's commitment would leave the campaign unable to roll, end or start a session.

A refusal is one ``ValidationFailed`` line, ``line N: ...``, and nothing is written.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

import orjson

from journal.errors import JournalError, ValidationFailed
from journal.events import parse_payload
from journal.events.envelope import Event
from journal.events.names import name_problem
from journal.events.rolls import server_rolls
from journal.events.upcasting import upcast
from journal.i18n import _
from journal.service.context import Context, Record, start_seed
from journal.service.journal import Journal
from journal.service.roles import role_refusal
from journal.service.warm import Warm
from journal.systems.registry import system as registered
from projections import campaign as campaign_projection
from projections import catalog
from projections import session as session_projection
from projections.engine import apply_event

if TYPE_CHECKING:
    from journal.events import Payload

Rehearsals = dict[str, Callable[[Journal, str, dict[str, Any], str], object]]


@dataclass
class _Campaign:
    """What the replay of one campaign of the file knows so far."""

    state: dict[str, Any] = field(default_factory=campaign_projection.initial)
    sessions: dict[str, Any] = field(default_factory=session_projection.initial)
    versions: dict[str, int] = field(default_factory=dict)  # event id -> version
    system: str = ""
    projections: list[catalog.Projection] = field(default_factory=list)
    rehearsals: Rehearsals = field(default_factory=dict)
    #: Every projection of the system, folded up to the last line (voids skipped, as the engine does).
    folds: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    voided: set[str] = field(default_factory=set)
    #: The line of the open session's start, and the start itself.
    started: tuple[int, Event] | None = None


class _Decided(BaseException):
    """What a verb decided under a :class:`Rehearsal` (a BaseException: no verb's ``except`` catches it)."""

    def __init__(self, records: list[Record]) -> None:
        super().__init__()
        self.records = records


class Rehearsal(Journal):
    """A journal whose ``execute`` decides on one campaign of an import as it stands at one line, and appends nothing.

    A verb called with it runs its own decide (its checks, the role table, its payload models) in the context
    ``Journal`` gives a command (:meth:`Journal._context`, :meth:`Journal.decided`), and the decision is handed
    back to :func:`rehearse` instead of appended.
    """

    def __init__(self, journal: Journal, at: Warm) -> None:
        super().__init__(journal.store, warm=0)
        self._at = at

    def execute(self, campaign: str, decide: Callable[[Context], Sequence[Payload | Record]],
                actor: str | None = None, projections: dict[str, ModuleType] | None = None) -> list[Event]:
        raise _Decided(self.decided(self._context(self._at, actor, projections or {}), decide))


def _name(kind: str, value: str) -> str | None:
    problem = name_problem(value) if value == value.strip() else "must not begin or end with whitespace"
    return None if problem is None else f"{kind} name: {problem}"


def _problem(seen: _Campaign, event: Event) -> str | None:
    """Why no command could have recorded ``event`` after what ``seen`` holds, or None."""
    data, state, sessions = event.data, seen.state, seen.sessions
    if event.version == 1 and event.type != "campaign.created":
        return f"a campaign opens with campaign.created, not {event.type}"
    if event.type == "campaign.created":
        if event.version != 1:
            return "campaign.created only opens a campaign (version 1)"
        if data["name"] != event.campaign:
            return f"campaign.created names campaign '{data['name']}', the line's campaign is '{event.campaign}'"
        if event.actor != data["master"]:
            return f"campaign.created is recorded by its Master '{data['master']}', not '{event.actor}'"
        return _name("campaign", event.campaign) or _name("member", data["master"])
    found = _name("member", event.actor)
    if found is not None:
        return f"actor: {found}"
    refusal = role_refusal(state["members"], event.actor, event.type)
    if refusal is not None:
        return str(refusal)
    found = _session_problem(sessions, event)
    if found is not None:
        return found
    if event.causation is not None and event.causation not in seen.versions:
        return f"causation {event.causation} is not an earlier event of campaign '{event.campaign}'"
    return _structural_problem(seen, event)


def _session_problem(sessions: dict[str, Any], event: Event) -> str | None:
    data, open_number = event.data, sessions["open"]
    if event.type == "session.started":
        if open_number is not None:
            return f"session {open_number} is still open"
        if data["number"] != sessions["last"] + 1:
            return f"the next session is number {sessions['last'] + 1}, not {data['number']}"
        expected = data["number"]
    elif event.type == "session.ended":
        if open_number is None or data["number"] != open_number:
            return f"session {data['number']} is not open"
        expected = open_number
    else:
        expected = open_number
    if event.session != expected:
        between = "between sessions, no session" if expected is None else f"session {expected}"
        return f"field 'session': {between} expected, the line has {event.session}"
    return None


def _structural_problem(seen: _Campaign, event: Event) -> str | None:
    data, members, tokens = event.data, seen.state["members"], seen.state["tokens"]
    if seen.sessions["open"] is None and next(server_rolls(data), None) is not None:
        return f"{event.type}: the journal's dice are thrown only in an open session, and this line is between sessions"
    if event.type == "member.added" and data["name"] in members:
        return f"'{data['name']}' is already a member of '{event.campaign}'"
    if event.type in ("member.added", "member.token_issued", "member.token_revoked"):
        found = _name("member", data.get("name", data.get("member", "")))
        if found is not None:
            return found
    if event.type == "member.token_issued":
        if data["member"] not in members:
            return f"no member named '{data['member']}' in campaign '{event.campaign}'"
        if data["token_id"] in tokens:
            return f"token {data['token_id']} is already issued"
    if event.type == "member.token_revoked":
        token = tokens.get(data["token_id"])
        if token is None or token["member"] != data["member"]:
            return f"no token {data['token_id']} of '{data['member']}' was issued"
        if token["revoked"]:
            return f"token {data['token_id']} of '{data['member']}' is already revoked"
    if event.type == "correction.voided" and seen.versions.get(data["target"]) != data["target_version"]:
        return f"the void's target {data['target']} is not version {data['target_version']} of '{event.campaign}'"
    return None


def _rehearsals(system: str) -> Rehearsals:
    """The shared verbs' rehearsals (journal.service.sessions) and the system's (its descriptor's)."""
    from journal.service.sessions import REHEARSALS

    reference = registered(system).rehearsals
    return REHEARSALS | (dict(reference.load()) if reference is not None else {})


def _first_difference(given: Any, wanted: Any, path: str = "") -> str:
    """Where ``given`` (the line's payload) first differs from ``wanted`` (the verb's), as a dotted path."""
    if isinstance(given, dict) and isinstance(wanted, dict):
        for key in sorted(set(given) | set(wanted), key=str):
            if given.get(key) != wanted.get(key):
                return _first_difference(given.get(key), wanted.get(key), f"{path}.{key}" if path else str(key))
    return path or "data"


def _rehearsed(journal: Journal, seen: _Campaign, event: Event) -> str | None:
    """Why the verb that records ``event`` would not record it where it stands, or None (see :class:`Rehearsal`)."""
    rehearsal = seen.rehearsals.get(event.type)
    if rehearsal is None:
        return None
    event = upcast(event)
    try:
        data = parse_payload(event.type, event.data).to_data()
    except JournalError as refusal:
        return str(refusal)
    folds = seen.folds
    named = data.get("session")
    if event.session is None and isinstance(named, int) and str(named) in folds["sessions"]["sessions"]:
        # a tally records its session's ticks after the session's end: decided as in that session
        folds = {**folds, "sessions": {**folds["sessions"], "open": named}}
    at = Warm(event.campaign, seen.system, "", event.version - 1, folds, seen.state)
    try:
        rehearsal(Rehearsal(journal, at), event.campaign, data, event.actor)
    except _Decided as decided:
        payloads = [record.payload for record in decided.records]
    except JournalError as refusal:
        return str(refusal)
    except Exception as exc:  # noqa: BLE001 - a verb that cannot read what the payload names: refused, no traceback
        return _("{type}: the command cannot decide it ({error})").format(type=event.type, error=type(exc).__name__)
    else:
        return None  # the rehearsal called no verb: not this line's (server dice, a session's own award)
    if len(payloads) != 1 or payloads[0].type != event.type:
        return _("{type}: the command records {types}").format(type=event.type,
                                                               types=", ".join(p.type for p in payloads))
    wanted = payloads[0].to_data()
    if wanted != data:
        where = _first_difference(data, wanted)
        return _("{type}: field '{field}' is not what the command records here").format(type=event.type, field=where)
    return None


def _fold(seen: _Campaign, event: Event) -> str | None:
    """Fold ``event`` into every projection of the campaign's system (a void folds the campaign again without its
    targets, as the engine does); why a fold cannot, or None."""
    projections = seen.projections
    try:
        if event.type == "correction.voided":
            seen.voided.add(event.data["target"])
            seen.folds = {p.name: p.initial() for p in projections}
            for earlier in seen.events:
                if earlier.id not in seen.voided:
                    apply_event(seen.folds, projections, earlier)
        apply_event(seen.folds, projections, event)
    except Exception as exc:  # noqa: BLE001 - a payload the folds cannot read would break every later read and write
        return _("{type}: the journal's folds cannot read it ({error})").format(type=event.type,
                                                                               error=type(exc).__name__)
    seen.events.append(event)
    return None


def _checked(journal: Journal, seen: _Campaign, event: Event) -> str | None:
    """Every check of one line, in order: the structure, the verb's decision, the folds."""
    problem = _problem(seen, event)
    if problem is not None:
        return problem
    if event.type == "campaign.created":
        seen.system = event.data["system"]
        seen.projections = catalog.for_system(seen.system)
        seen.folds = {p.name: p.initial() for p in seen.projections}
        seen.rehearsals = _rehearsals(seen.system)
    return _rehearsed(journal, seen, event) or _fold(seen, event)


def validate(journal: Journal, numbered: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Refuse (ValidationFailed, ``line N: ...``) the first event no command could have recorded where it stands."""
    campaigns: dict[str, _Campaign] = {}
    for number, row in numbered:
        event = Event(row["id"], row["campaign"], row["version"], row["type"], orjson.loads(row["data"]), row["actor"],
                      row["recorded_at"], row["session"], row["causation"], row["schema"], row["prev_hash"],
                      row["hash"], None, row["decision"])
        seen = campaigns.setdefault(event.campaign, _Campaign())
        problem = _checked(journal, seen, event)
        if problem is not None:
            raise ValidationFailed(_("line {number}: {problem}").format(number=number, problem=problem))
        if event.type in campaign_projection.TYPES:
            campaign_projection.apply(seen.state, event)
        if event.type in session_projection.TYPES:
            session_projection.apply(seen.sessions, event)
        if event.type == "session.started":
            seen.started = (number, event)
        elif event.type == "session.ended":
            seen.started = None
        seen.versions[event.id] = event.version
    for name, seen in campaigns.items():
        if seen.started is not None:
            number, start = seen.started
            try:
                start_seed(journal.store, name, start)
            except JournalError as refusal:
                problem = _("session {session} is left open, and {refusal}").format(session=start.data["number"],
                                                                                   refusal=refusal)
                raise ValidationFailed(_("line {number}: {problem}").format(number=number, problem=problem)) from None


def import_file(journal: Journal, lines: Iterable[bytes | str], *, public_key: str | None = None) -> dict[str, int]:
    """Import exported JSONL all or nothing, after the store's checks and :func:`validate`; events per campaign."""
    return journal.store.import_lines(lines, public_key=public_key, validate=functools.partial(validate, journal))
