"""Assembling a store: the engine, the schema brought to (or checked at) the head, the signing key and its witness.

The one module whose job is to put the store's parts together; none of them imports it.  ``open_store`` builds an
:class:`~journal.store.eventstore.EventStore` with its key and witness given to the constructor, and
:func:`attach_key` hands a key made later (the first ``session start`` of a journal without one) to an open store.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from journal.errors import IntegrityFailure
from journal.i18n import _
from journal.store.engine import DEFAULT_URL, SchemaOutOfDate, current_revision, make_engine, write_wait
from journal.store.eventstore import EventStore
from journal.store.keys import JournalKey, locate, read_identity
from journal.store.tables import SCHEMA_REVISION, events, journal_identity


def open_store(url: str = DEFAULT_URL, *, upgrade: bool | None = None, wait: float | None = None) -> EventStore:
    """Open the store at ``url``, checking (and for SQLite, by default, creating) its schema.

    ``upgrade=None`` upgrades SQLite files automatically and only checks servers; ``True`` always
    upgrades; ``False`` only checks.  ``wait`` bounds a writer's wait for a campaign's write lock, in
    seconds (default: ``JOURNAL_WRITE_WAIT``, else 30).
    """
    wait = write_wait(wait)
    engine = make_engine(url, wait)
    revision = current_revision(engine)
    automatic = False
    if revision != SCHEMA_REVISION:
        if upgrade is None:
            upgrade = automatic = engine.dialect.name == "sqlite"
        if not upgrade:
            engine.dispose()
            raise SchemaOutOfDate(
                f"database schema is at revision {revision or 'none'}, this journal needs {SCHEMA_REVISION}: "
                "run 'journal db upgrade'"
            )
        from journal.store.migrate import upgrade_to_head  # alembic: loaded only when a schema is brought up

        upgrade_to_head(engine)
    key, witness = find_key(engine, url, create=automatic and ":memory:" not in url)
    return EventStore(engine, wait=wait, url=url, key=key, witness=witness)


def _refuse_a_lost_identity(conn: sa.Connection) -> None:
    """IntegrityFailure when the database has the identity's table (revision 0007 on) and events, but no identity.

    Revision 0007 gives every database its identity, and nothing the journal does removes it; without it the key
    would be looked for under the database's URL, where no key or an empty witness lies, and a cut tail could be
    played on (docs/security.md).  A database before 0007, or an empty one, has nothing to lose."""
    if not sa.inspect(conn).has_table(journal_identity.name) or conn.execute(
            sa.select(events.c.campaign).limit(1)).first() is None:
        return
    raise IntegrityFailure(_("journal_identity: the database holds events but no identity (the row was deleted): its "
                             "key and witness are found by it, so nothing is signed or appended until it is put back "
                             "(docs/security.md)"))


def find_key(engine: sa.Engine, url: str, *, create: bool = False) -> tuple[JournalKey | None, Path | None]:
    """The signing key of the database behind ``engine`` (opened as ``url``), made now when ``create`` and missing,
    and the folder of its witness (None, None without a key).

    The one place a key is found for a store.  The key is looked up in its folder each time, so a key that moved
    away is noticed."""
    with engine.connect() as conn:
        identity = read_identity(conn)
        if identity is None:
            _refuse_a_lost_identity(conn)
    key = JournalKey.create_for_url(url, identity)[0] if create else JournalKey.for_url(url, identity)
    return key, None if key is None else locate(url, identity).with_suffix(".witness")


def attach_key(store: EventStore, *, create: bool = False) -> JournalKey | None:
    """The database's signing key (made now when ``create`` and missing), given to the store if it has none.

    ``open_store`` gives a store its key when it builds it (a SQLite file the journal brings up to date by itself
    gets its key then, as it gets its schema; a server database gets one from ``journal init``); this takes up one
    made later (the first ``session start`` of a journal without one).  Once the store has the key, every append
    signs its last event and keeps the campaign's witness (journal/store/keys.py, journal/store/receipts.py).
    """
    key, witness = find_key(store.engine, store.url or store.engine.url.render_as_string(hide_password=False),
                            create=create)
    if key is not None and store.key is None:
        store.sign_with(key, witness)
    return key
