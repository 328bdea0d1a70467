"""The Journal service: campaigns, members and the generic ``record`` every command goes through."""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from journal.errors import ConcurrencyConflict, NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.events.envelope import Event, NewEvent
from journal.service.context import Context, Record
from journal.store import EventStore, open_store
from projections import campaign as campaign_projection
from projections import catalog
from projections.engine import Engine, Folded

#: How often ``record`` re-reads and re-decides when another writer appended first.
RETRIES = 40

Check = Callable[[dict[str, Any], str], None]

if TYPE_CHECKING:
    from journal.events import Payload


def _check_name(kind: str, name: str) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed(f"{kind} name: must not be empty")
    if len(name) > 200:
        raise ValidationFailed(f"{kind} name: at most 200 characters")
    if any(ord(ch) < 32 for ch in name):
        raise ValidationFailed(f"{kind} name: control characters are not allowed")
    return name


def _back_off(attempt: int) -> None:
    """After a lost race, the first retries go at once; later ones after a short random, doubling pause.

    A whole table writing to one campaign at the same moment (every phone rolling) otherwise collides
    again on each immediate retry; jitter spreads the writers out.  Nothing is locked.
    """
    if attempt >= 2:
        time.sleep(random.uniform(0, 0.002 * 2 ** min(attempt - 2, 7)))


def _session_of(payload: Payload, open_session: int | None) -> int | None:
    """The session an event belongs to: its own number for a start or end, else the open one."""
    if payload.type in ("session.started", "session.ended"):
        return payload.number  # type: ignore[attr-defined]  # both session payloads have ``number``; Payload not
    return open_session


class Journal:
    """Records commands as events and answers queries, over one EventStore."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def _writing(self, campaign: str) -> threading.Lock:
        """This process's lock for writing to ``campaign`` (one per campaign, never a global one).

        Writers in one process (the web server's threads) take turns per campaign instead of racing
        and re-deciding; writers in other processes still meet the store's version check.
        """
        with self._locks_guard:
            return self._locks.setdefault(campaign, threading.Lock())

    @classmethod
    def open(cls, url: str, *, upgrade: bool | None = None) -> Journal:
        return cls(open_store(url, upgrade=upgrade))

    def close(self) -> None:
        self.store.close()

    # -- campaigns and members ---------------------------------------------------------------

    def create_campaign(self, name: str, system: str, master: str) -> Event:
        """Start a campaign; its Master is its first member and the actor of this first event."""
        from journal.events.campaign import CampaignCreated
        from journal.systems.registry import system as registered

        name = _check_name("campaign", name)
        master = _check_name("member", master)
        registered(system)
        payload = CampaignCreated(name=name, system=system, master=master)
        try:
            return self.store.append(name, [NewEvent(payload.type, payload.to_data(), master, schema=payload.schema_version)], expected_version=0)[0]
        except ConcurrencyConflict:
            raise ValidationFailed(f"campaign '{name}' already exists") from None

    def add_member(self, campaign: str, name: str, actor: str | None = None) -> Event:
        """Add a player to the campaign (the Master only)."""
        from journal.events.campaign import MemberAdded

        name = _check_name("member", name)

        def check(state: dict[str, Any], who: str) -> None:
            if state["members"].get(who) != "master":
                raise NotAuthorized(f"only the Master may add members ('{who}' is a player)")
            if name in state["members"]:
                raise RuleViolation("campaign: members are unique", f"'{name}' is already a member of '{campaign}'")

        return self.record(campaign, MemberAdded(name=name), actor, check=check)

    def campaign(self, name: str) -> dict[str, Any]:
        """The campaign's name, system, Master, members and version; NotFound if it does not exist."""
        head = self.store.head(name)
        if head == 0:
            raise NotFound(f"no campaign named '{name}'")
        state = campaign_projection.fold(self.store.marks(name, to_version=head, types=campaign_projection.TYPES))
        state["version"] = head
        return state

    def campaigns(self) -> list[dict[str, Any]]:
        return [self.campaign(name) for name in self.store.campaigns()]

    # -- recording ---------------------------------------------------------------------------

    def record(
        self,
        campaign: str,
        payload: Payload,
        actor: str | None = None,
        *,
        check: Check | None = None,
        causation: str | None = None,
        event_id: str | None = None,
    ) -> Event:
        """Append one event through :meth:`execute`, after ``check(campaign_state, actor)`` when given."""

        def decide(ctx: Context) -> list[Record]:
            if check is not None:
                check(ctx.campaign, ctx.actor)
            return [Record(payload, causation, event_id)]

        return self.execute(campaign, decide, actor)[0]

    def execute(
        self,
        campaign: str,
        decide: Callable[[Context], Sequence[Payload | Record]],
        actor: str | None = None,
        projections: dict[str, ModuleType] | None = None,
    ) -> list[Event]:
        """Run a command: fold the campaign once, let ``decide`` choose what to append, append it.

        Events appended while a session is open carry its number.  When another writer appended
        first, the campaign is folded again and ``decide`` runs again on the new state.
        """
        projections = projections or {}
        with self._writing(campaign):
            return self._execute(campaign, decide, actor, projections)

    def _execute(self, campaign: str, decide: Callable[[Context], Sequence[Payload | Record]], actor: str | None,
                 projections: dict[str, ModuleType]) -> list[Event]:
        for attempt in range(RETRIES):
            context = self.context(campaign, actor, projections)
            try:
                decided = [item if isinstance(item, Record) else Record(item) for item in decide(context)]
            except ValidationError as exc:  # a payload built from bad input: one line naming the field
                first = exc.errors()[0]
                where = ".".join(str(part) for part in first["loc"]) or "data"
                raise ValidationFailed(f"{exc.title}: field '{where}': {first['msg']}") from None
            if not decided:
                return []
            new = [
                NewEvent(r.payload.type, r.payload.to_data(), context.actor, id=r.id, schema=r.payload.schema_version,
                         session=_session_of(r.payload, context.sessions["open"]), causation=r.causation)
                for r in decided
            ]
            try:
                return self.store.append(campaign, new, expected_version=context.version)
            except ConcurrencyConflict:
                _back_off(attempt)
        raise ConcurrencyConflict(campaign, context.version, self.store.head(campaign))

    @functools.cached_property
    def engine(self) -> Engine:
        """The as-of engine over this journal's store (snapshots and read models included)."""
        return Engine(self.store)

    def at(self, campaign: str, point: str | int | None = None) -> Folded:
        """Every projection of ``campaign`` as of ``point`` (a version, event id, before:ID, time, session:K[:start])."""
        return self.engine.at(campaign, point)

    def context(self, campaign: str, actor: str | None, projections: dict[str, ModuleType]) -> Context:
        """The campaign at its head, as the command's actor sees it; ``projections`` maps names to fold modules."""
        folded = self.engine.at(campaign)
        camp = folded["campaign"]
        who = actor or camp["master"]
        if who not in camp["members"]:
            raise NotAuthorized(f"'{who}' is not a member of campaign '{campaign}'")
        by_module = {p.module.__name__: p.name for p in catalog.for_system(folded.system)}
        states = dict(folded.states)
        for name, module in projections.items():
            if module.__name__ not in by_module:  # a command of another system's folder
                from journal.systems.registry import of_module

                owner = of_module(module.__name__)
                wanted = owner.name if owner is not None else module.__name__
                raise RuleViolation("campaign: one rule system", f"'{campaign}' plays {folded.system}, not {wanted}")
            states[name] = folded[by_module[module.__name__]]
        return Context(self.store, camp, who, folded.version, folded["sessions"], states)

    # -- reading -----------------------------------------------------------------------------

    def log(self, campaign: str, types: list[str] | None = None) -> Iterator[Event]:
        """The campaign's events in order, optionally only some types."""
        self.campaign(campaign)
        return self.store.read(campaign, types=types or None)


