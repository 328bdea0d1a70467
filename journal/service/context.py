"""What a command sees when it decides: the campaign, the actor and role, the open session, the folded
states it asked for, and the dice (server dice of the open session, or dice thrown on the table).

A command is a function ``decide(ctx) -> list[Payload | Record]``: it reads ``ctx``, checks the rules,
throws dice through ``ctx.dice`` and returns what to append.  It never writes: the service appends
what it returns with the version the context was read at, and runs it again on a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from journal.errors import NotAuthorized, RuleViolation, ValidationFailed
from journal.store import EventStore

if TYPE_CHECKING:
    from journal.dice.derive import Roller
    from journal.events import Payload
    from journal.events.rolls import Roll


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
    states: dict[str, Any] = field(default_factory=dict)
    _roller: Roller | None = None

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

    @staticmethod
    def new_id() -> str:
        """A fresh event id, for a Record that another event of the same batch names."""
        from journal.store.eventstore import new_ids

        return new_ids(1)[0]

    def require_master(self, what: str) -> None:
        """Refuse unless the actor is the Master; ``what`` completes 'only the Master may ...'."""
        if not self.is_master:
            raise NotAuthorized(f"only the Master may {what} ('{self.actor}' is a player)")

    def require_system(self, system: str) -> None:
        if self.system != system:
            raise RuleViolation("campaign: one rule system", f"'{self.name}' plays {self.system}, not {system}")

    def require_session(self, what: str) -> dict[str, Any]:
        session = self.session
        if session is None:
            raise RuleViolation("session: open session needed", f"{what} needs an open session ('journal session start')")
        return session

    def next_counter(self) -> int:
        """The first roll counter the open session's recorded server rolls have not used."""
        from journal.events.rolls import next_counter

        session = self.require_session("the journal's dice")
        events = self.store.read(self.name, from_version=session["start_version"] + 1, to_version=self.version)
        return next_counter(event.data for event in events)

    def dice(self, sides: int, count: int, table: list[int] | None = None) -> Roll:
        """``count`` dice of ``sides``: the table's values when given, else the journal's server dice."""
        from journal.dice.derive import Roller
        from journal.events.rolls import Roll

        if table is not None:
            if len(table) != count:
                raise ValidationFailed(f"dice: this roll needs {count} d{sides}, {len(table)} given")
            for value in table:
                if not 1 <= value <= sides:
                    raise ValidationFailed(f"dice: a d{sides} cannot show {value}")
            return Roll(sides=sides, dice=list(table), source="table")
        if self._roller is None:
            session = self.session
            if session is None:
                raise RuleViolation(
                    "dice: server rolls need an open session",
                    "start a session for the journal's dice, or give the table's dice with --dice",
                )
            seed = self.store.seed(self.name, session["number"])
            if seed is None:
                raise RuleViolation("dice: server rolls need the session seed", "this session's seed is not on this journal")
            self._roller = Roller.from_seed(
                bytes.fromhex(seed), list(session["salts"].values()), self.name, session["number"], self.next_counter()
            )
        return self._roller.roll(sides, count)

    def draw(self, table: list[int] | None = None) -> Any:
        """A ``draw(sides, count)`` function for dice notation: table values in order, else server dice."""
        remaining = list(table) if table is not None else None

        def draw(sides: int, count: int) -> Roll:
            if remaining is None:
                return self.dice(sides, count)
            if len(remaining) < count:
                raise ValidationFailed(f"dice: the notation needs more dice than the {len(table or [])} given")
            taken = [remaining.pop(0) for _ in range(count)]
            return self.dice(sides, count, taken)

        return draw
