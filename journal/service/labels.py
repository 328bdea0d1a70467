"""What people call each event type, sheet field, payload key and recorded value: the labels the page and the
audit show, in one place.

Each rule system keeps its own tables in its ``words`` module, named by its descriptor: ``types`` (event type
-> label), ``fields`` (a sheet's key -> label), ``payload_fields`` (a payload's key its sheets do not name -> label)
and ``words`` (an enumerated value -> its word, the same the summary lines use).  The events and sheets every
system shares are labelled here (:data:`TYPES`, :data:`FIELDS`, :data:`PAYLOAD`, :data:`WORDS`).  Each entry is a ``pgettext`` in a lambda (domain ``journal``), looked up
only when shown, so :func:`labels` answers in the current language (the request's, on the server).

The JSON of events and sheets keeps its identifiers (event types, sheet keys, recorded values);
these labels are added for display only.  A type, key or value no table names is shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from journal.errors import ValidationFailed
from journal.i18n import gettext, pgettext
from journal.systems import registry

Table = Mapping[str, Callable[[], str]]

#: The shared event types (journal/events), whatever the system.
TYPES: dict[str, Callable[[], str]] = {
    "campaign.created": lambda: pgettext("event", "Campaign started"),
    "member.added": lambda: pgettext("event", "New member"),
    "member.token_issued": lambda: pgettext("event", "Token issued"),
    "member.token_revoked": lambda: pgettext("event", "Token revoked"),
    "session.started": lambda: pgettext("event", "Session started"),
    "session.salted": lambda: pgettext("event", "Player's salt"),
    "session.ended": lambda: pgettext("event", "Session ended"),
    "roll.made": lambda: pgettext("event", "Roll"),
    "dice.burned": lambda: pgettext("event", "Dice burned"),
    "correction.voided": lambda: pgettext("event", "Event voided"),
    "dispute.opened": lambda: pgettext("event", "Dispute opened"),
    "dispute.voted": lambda: pgettext("event", "Vote in a dispute"),
    "dispute.ruled": lambda: pgettext("event", "Dispute ruled"),
    "rules.proposed": lambda: pgettext("event", "House rule proposed"),
    "rules.voted": lambda: pgettext("event", "Vote on a house rule"),
    "rules.adopted": lambda: pgettext("event", "House rule adopted"),
    "tally.committed": lambda: pgettext("event", "Session tallied"),
}

#: The keys every system's sheet may carry (its kind, its player, the XP ledger).
FIELDS: dict[str, Callable[[], str]] = {
    "kind": lambda: pgettext("sheet", "Kind"),
    "player": lambda: pgettext("sheet", "Player"),
    "xp": lambda: pgettext("sheet", "Experience"),
    # the XP ledger as an audit's changed fields name it (``ledger.sessions.between.earned``)
    "ledger": lambda: pgettext("sheet", "Experience"),
    "earned": lambda: pgettext("sheet", "earned"),
    "spent": lambda: pgettext("sheet", "spent"),
    "balance": lambda: pgettext("sheet", "balance"),
    "by_source": lambda: pgettext("sheet", "by source"),
    "sessions": lambda: pgettext("sheet", "by session"),
    "between": lambda: pgettext("sheet", "between sessions"),
    "spending": lambda: pgettext("sheet", "spending"),
    # where XP came from (an award's source: the ledger's by_source keys)
    "session": lambda: pgettext("xp source", "session"),
    "bonus": lambda: pgettext("xp source", "bonus"),
    "award": lambda: pgettext("xp source", "award"),
    "carried_over": lambda: pgettext("xp source", "carried_over"),
    # who an event is about (a payload's keys, as the audit shows them), in English as the key itself
    "name": lambda: pgettext("sheet", "name"),
    "character": lambda: pgettext("sheet", "character"),
}

#: The keys of the events every system shares (journal/events: a campaign, a member, a session, a roll, a token, a
#: dispute, a void, a house rule, a tally), as the audit shows a payload (:func:`payload_labels`); in English the key
#: itself.  ``roll`` is where a system's payload usually keeps its shared :class:`~journal.events.rolls.Roll`.
PAYLOAD: dict[str, Callable[[], str]] = {
    "master": lambda: pgettext("payload", "master"),
    "system": lambda: pgettext("payload", "system"),
    "public_key": lambda: pgettext("payload", "public_key"),
    "role": lambda: pgettext("payload", "role"),
    "commitment": lambda: pgettext("payload", "commitment"),
    "number": lambda: pgettext("payload", "number"),
    "present": lambda: pgettext("payload", "present"),
    "salts": lambda: pgettext("payload", "salts"),
    "salt": lambda: pgettext("payload", "salt"),
    "seed_source": lambda: pgettext("payload", "seed_source"),
    "head_hash": lambda: pgettext("payload", "head_hash"),
    "head_version": lambda: pgettext("payload", "head_version"),
    "minutes": lambda: pgettext("payload", "minutes"),
    "minutes_recorded_by_master": lambda: pgettext("payload", "minutes_recorded_by_master"),
    "next_counter": lambda: pgettext("payload", "next_counter"),
    "seed": lambda: pgettext("payload", "seed"),
    "description": lambda: pgettext("payload", "description"),
    "notation": lambda: pgettext("payload", "notation"),
    "pool": lambda: pgettext("payload", "pool"),
    "purpose": lambda: pgettext("payload", "purpose"),
    "result": lambda: pgettext("payload", "result"),
    "rolls": lambda: pgettext("payload", "rolls"),
    "counter": lambda: pgettext("payload", "counter"),
    "dice": lambda: pgettext("payload", "dice"),
    "sides": lambda: pgettext("payload", "sides"),
    "source": lambda: pgettext("payload", "source"),
    "member": lambda: pgettext("payload", "member"),
    "token_id": lambda: pgettext("payload", "token_id"),
    "token_hash": lambda: pgettext("payload", "token_hash"),
    "reason": lambda: pgettext("payload", "reason"),
    "roll": lambda: pgettext("payload", "roll"),
    "session": lambda: pgettext("payload", "session"),
    "expires_at": lambda: pgettext("payload", "expires_at"),
    # a dispute, its votes and ruling, and the void of an event
    "target": lambda: pgettext("payload", "target"),
    "target_version": lambda: pgettext("payload", "target_version"),
    "target_type": lambda: pgettext("payload", "target_type"),
    "voters": lambda: pgettext("payload", "voters"),
    "dispute": lambda: pgettext("payload", "dispute"),
    "choice": lambda: pgettext("payload", "choice"),
    "ruling": lambda: pgettext("payload", "ruling"),
    "tally": lambda: pgettext("payload", "tally"),
    "eligible": lambda: pgettext("payload", "eligible"),
    "required": lambda: pgettext("payload", "required"),
    "uphold": lambda: pgettext("payload", "uphold"),
    "overturn": lambda: pgettext("payload", "overturn"),
    "majority": lambda: pgettext("payload", "majority"),
    "followed_majority": lambda: pgettext("payload", "followed_majority"),
    "corrected": lambda: pgettext("payload", "corrected"),
    # a house rule proposed, voted on and adopted
    "key": lambda: pgettext("payload", "key"),
    "value": lambda: pgettext("payload", "value"),
    "previous": lambda: pgettext("payload", "previous"),
    "proposal": lambda: pgettext("payload", "proposal"),
    "in_favour": lambda: pgettext("payload", "in_favour"),
    "against": lambda: pgettext("payload", "against"),
    "players": lambda: pgettext("payload", "players"),
    # a session's tally and its lines (as ``journal tally`` heads its columns)
    "lines": lambda: pgettext("payload", "lines"),
    "summary": lambda: pgettext("payload", "summary"),
    "skipped": lambda: pgettext("payload", "skipped"),
    "item": lambda: pgettext("payload", "item"),
    "amount": lambda: pgettext("payload", "amount"),
    "other": lambda: pgettext("payload", "other"),
    "proposed": lambda: pgettext("payload", "proposed"),
}

#: Values every system's sheet may show (the default kind of sheet), and the kinds of experience a tally line
#: may award in any system that keeps experience (journal.service.tallies), read as the identifier in English.
WORDS: dict[str, Callable[[], str]] = {
    "character": lambda: pgettext("sheet kind", "character"),
    "session_xp": lambda: pgettext("tally kind", "session_xp"),
    "master_xp": lambda: pgettext("tally kind", "master_xp"),
    "bonus_xp": lambda: pgettext("tally kind", "bonus_xp"),
    # the shared events' recorded words: where a session's seed came from, who threw a die, a member's role
    "key": lambda: pgettext("payload value", "key"),
    "server": lambda: pgettext("payload value", "server"),
    "table": lambda: pgettext("payload value", "table"),
    "player": lambda: pgettext("payload value", "player"),
    # why dice burned when the command was not refused (journal.service.burning), how a session's seed is kept
    "unrecorded": lambda: pgettext("payload value", "unrecorded"),
    "kept": lambda: pgettext("payload value", "kept"),
    # a vote, a ruling and the voters' majority (journal/events/disputes.py)
    "uphold": lambda: pgettext("payload value", "uphold"),
    "overturn": lambda: pgettext("payload value", "overturn"),
    "tie": lambda: pgettext("payload value", "tie"),
    # where an award's XP came from (an award's ``source``), as the ledger's by_source keys read
    "session": lambda: pgettext("xp source", "session"),
    "bonus": lambda: pgettext("xp source", "bonus"),
}


def _table(reference: registry.Lazy[Table] | None) -> Table:
    return dict(reference.load()) if reference is not None else {}


def _spoken(*tables: Table) -> dict[str, str]:
    """The tables merged (a later one wins) and looked up in the current language."""
    merged: dict[str, Callable[[], str]] = {}
    for table in tables:
        merged.update(table)
    return {key: label() for key, label in merged.items()}


def labels(system: str) -> dict[str, dict[str, str]]:
    """``{types, fields, keys, words}`` of ``system`` in the current language: the shared tables, then the system's
    (``keys``: its payloads' keys, :func:`payload_labels`, naming a record's key the sheet's fields do not, such as a
    Wield condition's ``effect``)."""
    descriptor = registry.system(system)
    return {"types": _spoken(TYPES, _table(descriptor.types)),
            "fields": _spoken(FIELDS, _table(descriptor.fields)),
            "keys": {key: said for key, said in payload_labels(system).items() if ":" not in key},
            "words": words(system)}


def payload_labels(system: str | None) -> dict[str, str]:
    """What each key of ``system``'s event payloads is called in the current language (None: of the shared events
    alone): the shared tables (:data:`FIELDS`, then :data:`PAYLOAD`), then the system's sheets' (``fields``) and its
    payloads' (``payload_fields``, which may name a key of one event type as ``<event type>:<key>``); a later one
    wins.  A system this journal does not know has the shared ones."""
    try:
        descriptor = registry.system(system) if system is not None else None
    except ValidationFailed:
        descriptor = None
    if descriptor is None:
        return _spoken(FIELDS, PAYLOAD)
    return _spoken(FIELDS, PAYLOAD, _table(descriptor.fields), _table(descriptor.payload_fields))


def words(system: str) -> dict[str, str]:
    """Every recorded value ``system``'s campaigns may show (the shared ones, then the system's, and its own id: its
    :func:`title`) -> its word now."""
    return {**_spoken(WORDS, _table(registry.system(system).words)), system: title(system)}


def type_label(system: str, event_type: str) -> str:
    """What ``event_type`` is called in ``system``'s campaigns, in the current language; the type itself if unknown."""
    found = TYPES.get(event_type) or _table(registry.system(system).types).get(event_type)
    return found() if found is not None else event_type


def title(system: str) -> str:
    """The system's name for people (its descriptor's ``title``, an English msgid) in the current language.

    A system this journal does not know (an imported campaign of a newer one) is named by its id.
    """
    try:
        return gettext(registry.system(system).title)
    except ValidationFailed:
        return system
