"""Canonical JSON and the SHA-256 hash chain over event envelopes.

The hash of an event is SHA-256 over the canonical JSON of its envelope without ``hash`` and without
``seq`` (the global order is local to one database, so an exported campaign re-imported elsewhere keeps
every hash).  Canonical JSON: keys sorted, no insignificant white space, UTF-8, no NaN.  ``data`` is
spliced in as its stored canonical text, so hashing never re-encodes a payload.

``decision`` (revision 0004) is hashed when it is set, and left out when it is not: the events stored
before it keep the hashes they were recorded with, and a host cannot regroup a decision unseen.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from journal.i18n import gettext

#: The envelope fields covered by the hash, in the order canonical JSON sorts them.
HASHED_FIELDS = (
    "actor",
    "campaign",
    "causation",
    "data",
    "decision",
    "id",
    "prev_hash",
    "recorded_at",
    "schema",
    "session",
    "type",
    "version",
)


def canonical(value: Any) -> bytes:
    """Canonical JSON bytes of any JSON-ready value."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _body(envelope: Any, data_json: bytes | str) -> dict[str, Any]:
    """The hashed fields of ``envelope`` (a mapping), ``data`` spliced in, ``decision`` only when set."""
    body = {name: envelope[name] for name in _ALWAYS}
    try:  # a row mapping has the column; an envelope of an older release may lack the key
        decision = envelope["decision"]
    except KeyError:
        decision = None
    if decision is not None:
        body["decision"] = decision
    body["data"] = orjson.Fragment(data_json)
    return body


_ALWAYS = tuple(name for name in HASHED_FIELDS if name not in ("data", "decision"))


def envelope_bytes(envelope: Any, data_json: bytes | str) -> bytes:
    """Canonical bytes of an envelope (``HASHED_FIELDS`` taken from ``envelope``), ``data`` spliced in."""
    return orjson.dumps(_body(envelope, data_json), option=orjson.OPT_SORT_KEYS)


def event_hash(envelope: Any, data_json: bytes | str) -> str:
    """Hex SHA-256 of the envelope's canonical bytes."""
    return hashlib.sha256(envelope_bytes(envelope, data_json)).hexdigest()


def hash_bytes(body: dict[str, Any]) -> str:
    """Hex SHA-256 of an envelope dict already holding exactly the hashed fields (``data`` a Fragment)."""
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


def row_hasher(columns: Sequence[str]) -> Callable[[Sequence[Any]], str]:
    """A function hashing a stored row whose columns are named ``columns`` (the hashed fields found by name).

    For walks over many rows (``verify``): it indexes the row's tuple instead of building a mapping.
    """
    at = [(name, columns.index(name)) for name in _ALWAYS]
    decision_at, data_at = columns.index("decision"), columns.index("data")
    fragment, dumps, sort, sha256 = orjson.Fragment, orjson.dumps, orjson.OPT_SORT_KEYS, hashlib.sha256

    def row_hash(row: Sequence[Any]) -> str:
        body = {name: row[index] for name, index in at}
        if row[decision_at] is not None:
            body["decision"] = row[decision_at]
        body["data"] = fragment(row[data_at])
        return sha256(dumps(body, option=sort)).hexdigest()

    return row_hash


def export_line(envelope: Any, data_json: bytes | str) -> bytes:
    """One JSONL line of an export: the hashed fields plus ``hash``, canonical, without a newline."""
    body = _body(envelope, data_json)
    body["hash"] = envelope["hash"]
    return orjson.dumps(body, option=orjson.OPT_SORT_KEYS)


def decision_break(decision: str | None, event_id: str, previous: str | None) -> str | None:
    """Why an event's ``decision`` cannot follow the previous event's, or None when it can.

    A decision is one append: its first event names itself, every later one names the same first event.
    Events stored before decisions carry none, and once a campaign's events carry one, every later one does.
    ``verify`` and ``import`` both ask this.
    """
    if decision is None:
        return None if previous is None else gettext("decision is missing after an event that has one")
    if decision not in (event_id, previous):
        return gettext("decision names neither this event nor the previous event's decision (a decision is one append)")
    return None
