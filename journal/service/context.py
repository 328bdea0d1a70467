"""What a command sees when it decides: the campaign, the actor and role, the open session, the folded
states it asked for, and the dice (server dice of the open session, or dice thrown on the table).

A command is a function ``decide(ctx) -> list[Payload | Record]``: it reads ``ctx``, checks the rules,
throws dice through ``ctx.dice`` and returns what to append.  It never writes: the service appends
what it returns with the version the context was read at, and runs it again on a conflict.  The server
dice a context throws are kept (``thrown``): the service records as burned those its decision does not
record, refused or not (journal.service.burning).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from journal.errors import SESSION_START, TABLE_DICE, NotAuthorized, RuleViolation, ValidationFailed
from journal.i18n import N_, gettext
from journal.store import EventStore

if TYPE_CHECKING:
    from journal.dice.derive import Roller
    from journal.dice.session import SessionDice
    from journal.events import Payload
    from journal.events.envelope import Event
    from journal.events.rolls import Roll
    from journal.store.keys import JournalKey


def journal_key(store: EventStore, *, create: bool = False) -> JournalKey | None:
    """The journal's key (journal/store/keys.py, kept outside the database), made now when ``create`` and missing.

    Racing first uses agree on one key (keys.py links a complete file into place); a key made here is given to
    the store too, so this process signs its appends from then on.
    """
    from journal.store.opening import attach_key

    return attach_key(store, create=create)


def start_seed(store: EventStore, campaign: str, start: Event) -> bytes:
    """The secret seed of the session ``start`` (its ``session.started``) opened, as this journal gives it.

    Refused (``dice: server rolls need the session seed``) when this journal cannot give it, or when what it gives
    is not the seed the session committed to (another journal's key, a start event that was altered): then the
    session can neither throw the journal's dice nor end.  An import leaving a session open asks the same.
    """
    from journal.dice.derive import verify_commitment
    from journal.dice.session import SEED_PURPOSE, derive_seed

    rule = N_("dice: server rolls need the session seed")
    if start.data.get("seed_source", "kept") == "kept":
        kept = store.seed(campaign, start.data["number"])
        if kept is None:
            raise RuleViolation(rule, gettext("this session's seed is not on this journal"))
        seed = bytes.fromhex(kept)
    else:
        key = journal_key(store)
        if key is None:
            raise RuleViolation(rule, gettext("this journal's key is not here (JOURNAL_KEY_DIR or JOURNAL_KEY names it)"))
        seed = derive_seed(key.secret(SEED_PURPOSE), campaign, start.data["number"], start.id)
    if not verify_commitment(seed, start.data["commitment"]):
        raise RuleViolation(rule, gettext("this journal's key does not give the seed the session committed to"))
    return seed


@dataclass(frozen=True)
class Record:
    """A payload to append, with the event it answers (``causation``) when there is one.

    ``id`` is given (from :meth:`Context.new_id`) when another event of the same batch must name this
    one as its causation; otherwise the store draws one.
    """

    payload: Payload
    causation: str | None = None
    id: str | None = None


@dataclass
class Context:
    """The state of one campaign at ``version``, as seen by ``actor``."""

    store: EventStore
    campaign: dict[str, Any]
    actor: str
    version: int
    sessions: dict[str, Any]
    states: MutableMapping[str, Any] = field(default_factory=dict)
    _roller: Roller | None = None
    _session_events: list[Event] | None = None
    #: Every server roll this context has thrown, in order (``Journal.execute`` burns those its decision leaves out).
    thrown: list[Roll] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.campaign["name"]

    @property
    def system(self) -> str:
        return self.campaign["system"]

    @property
    def is_master(self) -> bool:
        return self.campaign["members"].get(self.actor) == "master"

    @property
    def session(self) -> dict[str, Any] | None:
        """The open session's record, or None between sessions."""
        number = self.sessions["open"]
        return None if number is None else self.sessions["sessions"][str(number)]

    #: Under ``Journal.idempotent``: the decision's id derived from the key, handed out by the first ``new_id``.
    first_id: str | None = None

    def new_id(self) -> str:
        """A fresh event id, for a Record that another event of the same batch names (or that an id derives from).

        Under ``Journal.idempotent`` the first call returns the id derived from the key, so a retry gives the same
        id to whatever the command derived from it (a session's seed is derived from its start's id).
        """
        if self.first_id is not None:
            first, self.first_id = self.first_id, None
            return first
        from journal.store.eventstore import new_ids

        return new_ids(1)[0]

    def require_master(self, what: str) -> None:
        """Refuse unless the actor is the Master; ``what`` (marked ``N_``) completes 'only the Master may ...'."""
        if not self.is_master:
            raise NotAuthorized(gettext("only the Master may {what} ('{actor}' is a player)")
                                .format(what=gettext(what), actor=self.actor))

    def require_system(self, system: str) -> None:
        if self.system != system:
            raise RuleViolation(N_("campaign: one rule system"), gettext("'{name}' plays {system}, not {system2}")
                                                                 .format(name=self.name, system=self.system, system2=system))

    def require_session(self, what: str) -> dict[str, Any]:
        session = self.session
        if session is None:
            raise RuleViolation(N_("session: open session needed"), gettext("{what} needs an open session")
                                                                    .format(what=gettext(what)), hint=SESSION_START)
        return session

    def session_events(self) -> list[Event]:
        """The open session's events up to this context's version, its ``session.started`` first (read once)."""
        if self._session_events is None:
            session = self.require_session(N_("the journal's dice"))
            self._session_events = list(self.store.read(self.name, from_version=session["start_version"],
                                                        to_version=self.version))
        return self._session_events

    def session_dice(self) -> SessionDice:
        """The open session's salts so far and its next roll counter, from its events."""
        from journal.dice.session import scan

        return scan(self.session_events()[1:])

    def next_counter(self) -> int:
        """The first roll counter the open session's recorded server rolls have not used."""
        return self.session_dice().next_counter

    def session_seed(self) -> bytes:
        """The open session's secret seed: derived from the journal's key (scheme 2) or kept (scheme 1).

        Refused with the rule when this journal cannot give it, or when what it gives is not the seed the
        session committed to (another journal's key, a start event that was altered): :func:`start_seed`.
        """
        return start_seed(self.store, self.name, self.session_events()[0])

    def dice(self, sides: int, count: int, table: list[int] | None = None) -> Roll:
        """``count`` dice of ``sides``: the table's values when given, else the journal's server dice."""
        from journal.dice.derive import Roller
        from journal.events.rolls import MAX_DICE, MAX_SIDES, Roll

        if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:  # before a die is thrown (or 2**31 of them)
            raise ValidationFailed(gettext("dice: a roll throws 1..{most} dice of 2..{faces} faces, not {count} d{sides}")
                                   .format(most=MAX_DICE, faces=MAX_SIDES, count=count, sides=sides))
        if table is not None:
            if len(table) != count:
                raise ValidationFailed(gettext("dice: this roll needs {count} d{sides}, {count2} given")
                                       .format(count=count, sides=sides, count2=len(table)))
            for value in table:
                if not 1 <= value <= sides:
                    raise ValidationFailed(gettext("dice: a d{sides} cannot show {value}")
                                           .format(sides=sides, value=value))
            return Roll(sides=sides, dice=list(table), source="table")
        if self._roller is None:
            session = self.session
            if session is None:
                raise RuleViolation(N_("dice: server rolls need an open session"), "", hint=TABLE_DICE)
            dice = self.session_dice()
            self._roller = Roller.from_seed(self.session_seed(), dice.texts(session["salts"].values()), self.name,
                                            session["number"], dice.next_counter)
        roll = self._roller.roll(sides, count)
        self.thrown.append(roll)
        return roll

    def draw(self, table: list[int] | None = None) -> Any:
        """A ``draw(sides, count)`` function for dice notation: table values in order, else server dice."""
        remaining = list(table) if table is not None else None

        def draw(sides: int, count: int) -> Roll:
            if remaining is None:
                return self.dice(sides, count)
            if len(remaining) < count:
                raise ValidationFailed(gettext("dice: the notation needs more dice than the {count} given")
                                       .format(count=len(table or [])))
            taken = [remaining.pop(0) for _ in range(count)]
            return self.dice(sides, count, taken)

        return draw
