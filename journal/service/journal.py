"""The Journal service: campaigns, members and the generic ``record`` every command goes through."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from journal.errors import ConcurrencyConflict, NotAuthorized, NotFound, RuleViolation, TokenRefused, ValidationFailed
from journal.events.envelope import Event, NewEvent
from journal.events.names import check_name as _check_name
from journal.events.refusals import field_refusal
from journal.i18n import N_, _
from journal.service.context import Context, Record
from journal.service.roles import require_role
from journal.service.warm import WARM_SIZE, OwnStates, Warm, WarmStates, as_stored, clone
from journal.store import EventStore, open_store
from journal.store.eventstore import WriteHead
from journal.store.grouping import Step
from projections import campaign as campaign_projection
from projections import points
from projections.engine import Engine, Folded

#: The namespace of the decision ids derived under :meth:`Journal.idempotent` (uuid5).
IDEMPOTENCY_NAMESPACE = uuid.UUID("8d7f3f0e-51c4-5b2e-9a43-2f1c0b6e7d95")

Check = Callable[[dict[str, Any], str], None]

if TYPE_CHECKING:
    from journal.events import Payload
    from journal.store.keys import JournalKey


@dataclasses.dataclass
class _Idempotency:
    """The key of one ``Journal.idempotent`` block and how many executes it has run."""

    key: str
    executed: int = 0


_IDEMPOTENCY: ContextVar[_Idempotency | None] = ContextVar("journal_idempotency", default=None)
#: The id of the bearer token the commands of this thread or task act under (:meth:`Journal.acting_under`), or None.
_TOKEN: ContextVar[str | None] = ContextVar("journal_token", default=None)

#: What one command's write came to: the events appended, the warm state after them, and the refusal to raise.
Outcome = tuple[list[Event], Warm | None, Exception | None]


@functools.lru_cache(maxsize=256)  # a command asks twice: for its probe, then for its first event's id
def decision_id(campaign: str, actor: str, key: str, ordinal: int) -> str:
    """The first event id of the ``ordinal``-th (0-based) execute by ``actor`` on ``campaign`` under ``key``."""
    return str(uuid.uuid5(IDEMPOTENCY_NAMESPACE, "\x1f".join((campaign, actor, key, str(ordinal)))))


def _named_first(decided: list[Record], first_id: str) -> list[Record]:
    """``decided`` with its first record's id ``first_id`` (a causation that named the old id follows it)."""
    old = decided[0].id
    renamed = [dataclasses.replace(decided[0], id=first_id)]
    renamed += [dataclasses.replace(r, causation=first_id) if old is not None and r.causation == old else r
                for r in decided[1:]]
    return renamed


def _live_token(context: Context) -> None:
    """Refuse the command when the bearer token it acts under (:meth:`Journal.acting_under`) is revoked or unknown
    at the head it decides on."""
    token_id = _TOKEN.get()
    if token_id is None:
        return
    found = context.campaign.get("tokens", {}).get(token_id)
    if found is None:
        raise TokenRefused(_("token: unknown"))
    if found["revoked"]:
        from journal.service.tokens import revoked_line

        raise TokenRefused(revoked_line(context.store, context.name, token_id, found["member"]))


def _burned_in_write(refusal: BaseException) -> list[Event]:
    """The ``dice.burned`` events that commands nested in a write appended before ``refusal`` came through them.

    A nested command's burn is in the outer write's transaction: the outer command, refused by the same refusal,
    commits them rather than rolling them back, so the die stays burned (docs/dice.md)."""
    found: list[Event] = vars(refusal).setdefault("_journal_burned_in_write", [])
    return found


def _session_of(payload: Payload, open_session: int | None) -> int | None:
    """The session an event belongs to: its own number for a start or end, else the open one."""
    if payload.type in ("session.started", "session.ended"):
        return payload.number  # type: ignore[attr-defined]  # both session payloads have ``number``; Payload not
    return open_session


class Journal:
    """Records commands as events and answers queries, over one EventStore."""

    def __init__(self, store: EventStore, *, warm: int = WARM_SIZE) -> None:
        self.store = store
        #: Each active campaign's folded head, at most ``warm`` campaigns (journal/service/warm.py; 0 keeps none).
        self.warm = WarmStates(self.engine, warm)

    @staticmethod
    @contextlib.contextmanager
    def idempotent(key: str) -> Iterator[None]:
        """Make every :meth:`execute` inside this block (this thread or task) an idempotent decision under ``key``.

        The n-th execute inside (counting from 0, whatever it decided) gives its decision's first event the id
        ``decision_id(campaign, actor, key, n)`` (uuid5; the actor as resolved, the Master when none is given).
        Inside the campaign's serialised write, before folding anything into a decision, that id is looked up:
        when it is already stored, the stored decision's events are returned and nothing is decided or written
        (a retry of the same request returns the first answer, even when the campaign has moved on).  The key
        names one request of one client (an HTTP Idempotency-Key): a caller that must refuse a key reused for a
        different request folds the request's digest into ``key``.  Blocks do not nest: an inner one replaces
        the outer one until it ends.
        """
        if not key or len(key) > 255 or min(key) < " ":  # no control character (U+0000 to U+001F)
            raise ValidationFailed(_("idempotency key: 1 to 255 characters, no control characters"))
        token = _IDEMPOTENCY.set(_Idempotency(key))
        try:
            yield
        finally:
            _IDEMPOTENCY.reset(token)

    @staticmethod
    @contextlib.contextmanager
    def acting_under(token_id: str) -> Iterator[None]:
        """Make every :meth:`execute` inside this block decide only while the bearer token ``token_id`` is live.

        The server resolves a write's token before it reads the body; the token is checked again inside the
        campaign's write, on the members and tokens at its head, so that a revocation committed meanwhile (while
        a slow body arrived, or by another process) refuses the write: NotAuthorized, nothing appended.
        """
        token = _TOKEN.set(token_id)
        try:
            yield
        finally:
            _TOKEN.reset(token)

    @classmethod
    def open(cls, url: str, *, upgrade: bool | None = None, warm: int = WARM_SIZE) -> Journal:
        return cls(open_store(url, upgrade=upgrade), warm=warm)

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
        key = self.take_up_key()
        payload = CampaignCreated(name=name, system=system, master=master,
                                  public_key=key.public_hex if key is not None else None)
        try:
            return self.store.append(name, [NewEvent(payload.type, payload.to_data(), master, schema=payload.schema_version)], expected_version=0)[0]
        except ConcurrencyConflict:
            raise ValidationFailed(_("campaign '{name}' already exists").format(name=name)) from None

    def take_up_key(self) -> JournalKey | None:
        """The journal's key, looked for in its folder while this process has none.

        A key can be made after this journal opened: ``journal serve`` runs on a journal without one, and the
        Master's first ``session start`` on the laptop makes it.  The server then takes it up before its next write
        or campaign check, so it signs, and checks the campaigns whose creation recorded it, from then on (one look
        in the key folder per write while there is no key; none once there is)."""
        if self.store.key is None:
            from journal.service.context import journal_key

            journal_key(self.store)
        return self.store.key

    def add_member(self, campaign: str, name: str, actor: str | None = None) -> Event:
        """Add a player to the campaign (the Master only)."""
        from journal.events.campaign import MemberAdded

        name = _check_name("member", name)

        def check(state: dict[str, Any], who: str) -> None:
            require_role(state["members"], who, MemberAdded.type)
            if name in state["members"]:
                raise RuleViolation(N_("campaign: members are unique"), _("'{name}' is already a member of '{campaign}'")
                                                                        .format(name=name, campaign=campaign))

        return self.record(campaign, MemberAdded(name=name), actor, check=check)

    def campaign(self, name: str) -> dict[str, Any]:
        """The campaign's name, system, Master, members and version; NotFound if it does not exist."""
        head = self.store.head(name)
        if head == 0:
            raise NotFound(_("no campaign named '{name}'").format(name=name))
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
        """Run a command: take the campaign's write lock, fold it, let ``decide`` choose what to append, append it.

        Writers to one campaign take turns (``EventStore.writing``): the fold, the decision and the append
        happen inside the lock, so nobody appends in between and a command never loses a race; it waits
        its turn, up to the store's bound (then CampaignBusy).  Events appended while a session is open
        carry its number.  Under :meth:`idempotent` a decision already stored is returned instead.  Commands
        that queue for the campaign meanwhile share the next write's transaction (``EventStore.grouped``).
        Every server die the decide threw is recorded: the ones its decision leaves out, or all of them when it is
        refused, are appended as ``dice.burned`` (journal.service.burning) and the refusal is raised once they are
        committed, so that no refusal tells the actor the die the next roll gets (docs/dice.md).
        """
        projections = projections or {}
        self.take_up_key()
        idempotency = _IDEMPOTENCY.get()
        ordinal = None
        if idempotency is not None:
            ordinal, idempotency.executed = idempotency.executed, idempotency.executed + 1
        keyed = None if idempotency is None or ordinal is None else (idempotency.key, ordinal)
        if self.store.held(campaign) is not None:  # inside a write this context holds: in its transaction
            with self.store.writing(campaign) as conn:
                appended, after, refusal = self._execute(conn, campaign, decide, actor, projections, keyed)
            if after is not None:
                self.warm.keep(after)
            elif appended:
                self.warm.drop(campaign)
            if refusal is not None:  # its burned dice are in the write this context holds, which the refusal may end
                _burned_in_write(refusal).extend(appended)
                raise refusal
            return appended

        def work(conn: Any, warm: Warm | None) -> Step[list[Event], Warm]:
            appended, after, refusal = self._execute(conn, campaign, decide, actor, projections, keyed, warm)
            return Step(appended, after, bool(appended), refusal, self._settle(campaign, after))

        stored: list[Event] = self.store.grouped(campaign, work, key=keyed)
        return stored

    def _settle(self, campaign: str, after: Warm | None) -> Callable[[], None]:
        """What runs once a group whose last write was this command's commits: the campaign's warm state moves on
        (a void sends it back to the engine)."""
        if after is not None:
            return functools.partial(self.warm.keep, after)
        return functools.partial(self.warm.drop, campaign)

    def _execute(self, conn: Any, campaign: str, decide: Callable[[Context], Sequence[Payload | Record]],
                 actor: str | None, projections: dict[str, ModuleType],
                 idempotency: tuple[str, int] | None, warm: Warm | None = None) -> Outcome:
        """Decide on the warm state checked against the head (read in the write), append; return the events
        appended, the warm state with them folded in (None when a void sends the campaign back to the engine), and
        the refusal to raise once they are committed (a command refused after it threw server dice appends them
        as burned, journal.service.burning; None otherwise).

        ``warm`` is the state the previous command of a group left (uncommitted: only this write sees it)."""
        # The head and, when the actor is named (every HTTP write), the idempotency probe: one statement.
        probe = decision_id(campaign, actor, *idempotency) if idempotency is not None and actor is not None else None
        known = self.store.write_head(campaign, conn, probe)
        head = known.version
        if head == 0:
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        if warm is None or warm.version != head:
            warm = self.warm.at_head(campaign, head)
        context = self._context(warm, actor, projections)
        _live_token(context)
        first_id = None
        if idempotency is not None:
            first_id = decision_id(campaign, context.actor, *idempotency)
            found = known.probed_stored if first_id == probe else self.store.any_stored([first_id], conn=conn)
            stored = self._stored_decision(campaign, first_id) if found else None
            if stored is not None:
                return stored, warm, None
            context.first_id = first_id

        from journal.service.burning import burned, unrecorded  # payload models: loaded by the first write only

        try:
            decided = self.decided(context, decide)
        except Exception as refusal:  # refused: the dice it threw are burned (journal.service.burning), then it is told
            nested = list(_burned_in_write(refusal))  # burned by a command this one ran, in this write
            left = unrecorded(context.thrown)
            if not left and not nested:
                raise
            appended = nested + (self._append(conn, campaign, context, [burned(left, refusal)], known) if left else [])
            return appended, self.warm.advance(warm, as_stored(appended)), refusal
        left = unrecorded(context.thrown, decided)
        if left:  # thrown and left out of the decision: burned in it
            decided.append(burned(left))
        if not decided:
            return [], warm, None
        if first_id is not None and all(r.id != first_id for r in decided):  # not handed out by ctx.new_id()
            decided = _named_first(decided, first_id)
        appended = self._append(conn, campaign, context, decided, known)
        return appended, self.warm.advance(warm, as_stored(appended)), None

    def _append(self, conn: Any, campaign: str, context: Context, decided: list[Record],
                known: WriteHead | None = None) -> list[Event]:
        """Append ``decided`` as ``context``'s actor, at the version it was read at (each event in its session).

        ``known``: the head this write read before the decision (the store reads it again if the write appended
        since: a decide may, a seed kept)."""
        new = [
            NewEvent(r.payload.type, r.payload.to_data(), context.actor, id=r.id, schema=r.payload.schema_version,
                     session=_session_of(r.payload, context.sessions["open"]), causation=r.causation)
            for r in decided
        ]
        return self.store.append(campaign, new, expected_version=context.version, conn=conn, known=known)

    @staticmethod
    def decided(context: Context, decide: Callable[[Context], Sequence[Payload | Record]]) -> list[Record]:
        """What ``decide`` chooses to append in ``context``: a payload built from bad input is one line naming the
        field, and every record is held to the role table (the import decides each line again the same way)."""
        try:
            decided = [item if isinstance(item, Record) else Record(item) for item in decide(context)]
        except ValidationError as exc:  # a payload built from bad input: one line naming the field
            raise ValidationFailed(field_refusal(exc.title, exc.errors()[0])) from None
        for record in decided:  # the role table holds whatever the verb checked before (journal.service.roles)
            require_role(context.campaign["members"], context.actor, record.payload.type)
        return decided

    def _stored_decision(self, campaign: str, first_id: str) -> list[Event] | None:
        """The events of the decision whose first event is ``first_id``, or None when it is not stored."""
        try:
            first = self.store.get(first_id)
        except NotFound:
            return None
        if first.campaign != campaign:  # a uuid5 of another campaign's name: not a retry of this one
            raise ValidationFailed(_("event id {first_id} is already stored in another campaign")
                                   .format(first_id=first_id))
        return self.store.decision(first)

    @functools.cached_property
    def engine(self) -> Engine:
        """The as-of engine over this journal's store (snapshots and read models included)."""
        return Engine(self.store)

    def at(self, campaign: str, point: str | int | None = None) -> Folded:
        """Every projection of ``campaign`` as of ``point`` (a version, event id, before:ID, time, session:K[:start]).

        The head is answered from the campaign's warm state (checked against the store's head version), a
        past point by the as-of engine (snapshots and a tail).
        """
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        version = points.resolve(self.store, campaign, point, head)
        if version == head:
            return self.warm.at_head(campaign, head).folded()
        return self.engine.fold(campaign, version, head)

    def context(self, campaign: str, actor: str | None, projections: dict[str, ModuleType]) -> Context:
        """The campaign at its head, as the command's actor sees it; ``projections`` maps names to fold modules."""
        head = self.store.head(campaign)
        if head == 0:
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        return self._context(self.warm.at_head(campaign, head), actor, projections)

    def _context(self, warm: Warm, actor: str | None, projections: dict[str, ModuleType]) -> Context:
        """The context of ``warm`` as ``actor`` sees it, with states of its own (a decide cannot change the warm ones)."""
        campaign = warm.campaign
        camp = clone(warm.members)  # folded from the events, not a cache (journal.service.membership); the decide's own
        who = actor or camp["master"]
        if who not in camp["members"]:
            raise NotAuthorized(_("'{who}' is not a member of campaign '{campaign}'")
                                .format(who=who, campaign=campaign))
        states = OwnStates(warm.states)  # each state cloned when the decide first reads it
        if projections:
            by_module = {p.module.__name__: p.name for p in self.warm.projections_of(warm.system)[0]}
        for name, module in projections.items():
            if module.__name__ not in by_module:  # a command of another system's folder
                from journal.systems.registry import of_module

                owner = of_module(module.__name__)
                wanted = owner.name if owner is not None else module.__name__
                raise RuleViolation(N_("campaign: one rule system"), _("'{campaign}' plays {system}, not {wanted}")
                                                                     .format(campaign=campaign, system=warm.system, wanted=wanted))
            states[name] = states[by_module[module.__name__]]
        return Context(self.store, camp, who, warm.version, states["sessions"], states)

    # -- reading -----------------------------------------------------------------------------

    def log(self, campaign: str, types: list[str] | None = None) -> Iterator[Event]:
        """The campaign's events in order, optionally only some types."""
        self.campaign(campaign)
        return self.store.read(campaign, types=types or None)


