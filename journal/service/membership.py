"""Who belongs to a campaign, with which role, and its tokens: folded from the events, never from a derived table.

A command's actor and role and a bearer token's member are what an attacker with write access to the
database would most like to change.  The read models and snapshots are caches anyone with that access
can rewrite without breaking a hash, so this state is never taken from them: it is the campaign
projection folded over the membership and token events themselves.  The events are found through
their marks (``event_marks``, written with them) the first time a process asks, and each later change
of the campaign's head folds only the new events, read from the stream itself.  The cache is a pure
function of the committed events: it is keyed by the version it was folded up to, and a state folded inside a
write is kept only once that write commits.

What the marks could still hide: a marks row deleted behind the journal's back (the table's triggers
dropped first) hides its event from a process that starts afterwards.  ``journal verify`` rebuilds the
marks from the events and names every row that is missing or does not match
(``EventStore.verify_marks``).  A marks row added for an event of another type is ignored here: only
events whose own type is a membership or token type are folded.
"""

from __future__ import annotations

import copy
import threading
import weakref
from typing import Any

from journal.errors import NotFound
from journal.events.envelope import Event
from journal.i18n import _
from journal.store import EventStore
from journal.store.engine import after_commit
from projections import campaign as campaign_projection

_lock = threading.Lock()
#: store -> campaign -> (the version folded up to, the campaign state at that version)
_cache: weakref.WeakKeyDictionary[EventStore, dict[str, tuple[int, dict[str, Any]]]] = weakref.WeakKeyDictionary()


def _fold(state: dict[str, Any], events: Any) -> None:
    wanted = campaign_projection.TYPES
    for event in events:
        if isinstance(event, Event) and event.type in wanted:
            campaign_projection.apply(state, event)


def campaign_state(store: EventStore, campaign: str, version: int | None = None) -> dict[str, Any]:
    """The campaign's name, system, Master, members (name -> role) and tokens as of ``version`` (default: the head).

    The returned dict is shared by later callers: read it, never change it.
    """
    head = store.head(campaign) if version is None else version
    if head == 0:
        raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
    with _lock:
        cached = _cache.get(store, {}).get(campaign)
    if cached is not None and cached[0] == head:
        return cached[1]
    if cached is not None and cached[0] < head:
        later = list(store.read(campaign, from_version=cached[0] + 1, to_version=head, types=campaign_projection.TYPES))
        state = copy.deepcopy(cached[1]) if later else cached[1]  # no membership event since: the same state
        _fold(state, later)
    else:
        state = campaign_projection.initial()
        _fold(state, store.marks(campaign, to_version=head, types=campaign_projection.TYPES))
    if state["name"] is None:
        raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))

    def keep() -> None:
        with _lock:
            per_store = _cache.setdefault(store, {})
            known = per_store.get(campaign)
            if known is None or known[0] <= head:
                per_store[campaign] = (head, state)

    # Inside a write the events read may be the write's own, uncommitted: cached only once it commits, so that a
    # rollback leaves no state of a version whose events were never stored (journal.store.engine.after_commit).
    after_commit(store.engine, campaign, keep)
    return state
