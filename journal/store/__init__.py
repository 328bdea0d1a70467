"""The event store: append-only campaign streams with optimistic concurrency and a hash chain.

It knows nothing of any game: an event is an envelope with an opaque JSON payload.  The public face
is :class:`journal.store.eventstore.EventStore` and :func:`journal.store.opening.open_store`.
"""

from journal.store.eventstore import EventStore
from journal.store.opening import open_store

__all__ = ["EventStore", "open_store"]
