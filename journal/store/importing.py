"""Checking an exported JSONL file line by line before anything of it is written.

A line must be a JSON object with every envelope field of the right type and within the store's
bounds (versions, schema and session numbers are positive 32-bit integers; ids, causations and
decisions are UUIDs; hashes are SHA-256 hex; ``recorded_at`` is the store's fixed-width UTC time,
never goes backwards within a campaign and lies no further ahead of this journal's clock than
``journal.limits.CLOCK_SKEW_SECONDS``, else every later append would go backwards), at most
``journal.limits.MAX_BODY`` bytes (the HTTP body cap: no line takes more than a command could), a payload that its event type's model accepts, the next
version of its campaign, the previous event's hash as ``prev_hash``, and a ``hash`` that the
envelope really has.  The first line that fails stops the import with an error naming the line
number and the field or rule.

These are the rules of the stream, which know no game.  Whether the journal's commands could have
recorded each event (its actor a member, the role rules, the campaign's own creation first) is the
service's check (``journal.service.importing``), handed to ``EventStore.import_lines`` as ``validate``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from journal.errors import IntegrityFailure, JournalError, ValidationFailed
from journal.events import parse_payload
from journal.events.numbers import MAX_INT  # the largest version, schema or session number a column holds
from journal.i18n import _
from journal.limits import CLOCK_SKEW_SECONDS, MAX_BODY
from journal.store.hashing import canonical, decision_break, event_hash

_FIELDS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "campaign": (str,),
    "version": (int,),
    "type": (str,),
    "schema": (int,),
    "data": (dict,),
    "actor": (str,),
    "recorded_at": (str,),
    "session": (int, type(None)),
    "causation": (str, type(None)),
    "prev_hash": (str, type(None)),
    "hash": (str,),
}
#: Fields a line may leave out (written by later releases than the oldest it accepts).
_OPTIONAL: dict[str, tuple[type, ...]] = {"decision": (str, type(None))}

#: The longest campaign, actor and event type the columns hold.
_LENGTHS = {"campaign": 200, "actor": 200, "type": 100}
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_TIME = re.compile(r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$")


def _check_shape(number: int, envelope: Any) -> None:
    if not isinstance(envelope, dict):
        raise ValidationFailed(_("line {number}: not a JSON object").format(number=number))
    for name, kinds in _FIELDS.items():
        if name not in envelope:
            raise ValidationFailed(_("line {number}: field '{name}' is missing").format(number=number, name=name))
        value = envelope[name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ValidationFailed(_("line {number}: field '{name}' has the wrong type").format(number=number, name=name))
    for name, kinds in _OPTIONAL.items():
        value = envelope.setdefault(name, None)
        if not isinstance(value, kinds):
            raise ValidationFailed(_("line {number}: field '{name}' has the wrong type").format(number=number, name=name))
    extra = set(envelope) - set(_FIELDS) - set(_OPTIONAL)
    if extra:
        raise ValidationFailed(_("line {number}: unknown field '{field}'").format(number=number, field=min(extra)))
    _check_bounds(number, envelope)


def _check_bounds(number: int, envelope: dict[str, Any]) -> None:
    """Every field within what the store's columns hold and the forms the store writes."""
    for name in ("version", "schema", "session"):
        value = envelope[name]
        if value is not None and not 1 <= value <= MAX_INT:
            raise ValidationFailed(_("line {number}: field '{name}' must be between 1 and {limit}").format(number=number, name=name, limit=MAX_INT))
    for name, longest in _LENGTHS.items():
        if not 1 <= len(envelope[name]) <= longest:
            raise ValidationFailed(_("line {number}: field '{name}' must have 1 to {longest} characters").format(number=number, name=name, longest=longest))
        if "\x00" in envelope[name]:
            raise ValidationFailed(_("line {number}: field '{name}' holds a NUL character").format(number=number, name=name))
    for name in ("id", "causation", "decision"):
        value = envelope[name]
        if value is not None and not _UUID.match(value):
            raise ValidationFailed(_("line {number}: field '{name}' is not a UUID (lowercase 8-4-4-4-12 hex)").format(number=number, name=name))
    for name in ("hash", "prev_hash"):
        value = envelope[name]
        if value is not None and not _SHA256.match(value):
            raise ValidationFailed(_("line {number}: field '{name}' is not a SHA-256 in lowercase hex").format(number=number, name=name))
    if not _TIME.match(envelope["recorded_at"]):
        raise ValidationFailed(_("line {number}: field 'recorded_at' is not a UTC time like 2026-11-29T11:40:00.123456Z").format(number=number))


def _not_as_written(given: Any, written: Any, path: str = "") -> str | None:
    """Where ``given`` differs from the payload a command writes for it (``written``, its model's dump), or None.

    The model accepts what it can convert (pydantic's lax mode reads ``true`` as 1), so a value is compared with
    its JSON type as well: ``true`` and ``1`` are equal in Python, not on the line.  Only the keys the line has are
    compared: a field added later with a default is absent from an older journal's lines.
    """
    if isinstance(given, dict) and isinstance(written, dict):
        for key, value in given.items():
            inner = f"{path}.{key}" if path else str(key)
            if key not in written:
                return inner
            found = _not_as_written(value, written[key], inner)
            if found is not None:
                return found
        return None
    if isinstance(given, list) and isinstance(written, list):
        if len(given) != len(written):
            return path
        for index, (value, wrote) in enumerate(zip(given, written, strict=True)):
            found = _not_as_written(value, wrote, f"{path}.{index}" if path else str(index))
            if found is not None:
                return found
        return None
    return None if type(given) is type(written) and given == written else path


def numbered_rows(lines: Iterable[bytes | str]) -> list[tuple[int, dict[str, Any]]]:
    """Validate every line; return (line number, row to insert) pairs, ``data`` as canonical JSON text."""
    heads: dict[str, tuple[int, str | None, str]] = {}
    decisions: dict[str, str | None] = {}
    ids: dict[str, int] = {}
    rows: list[tuple[int, dict[str, Any]]] = []
    latest = (datetime.now(UTC) + timedelta(seconds=CLOCK_SKEW_SECONDS)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        size = len(line.encode() if isinstance(line, str) else line)
        if size > MAX_BODY:
            raise ValidationFailed(_("line {number}: {size} bytes, more than the {limit} a command takes")
                                   .format(number=number, size=size, limit=MAX_BODY))
        try:
            envelope = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise ValidationFailed(_("line {number}: not valid JSON ({reason})").format(number=number, reason=exc.msg)) from None
        _check_shape(number, envelope)
        try:
            written = parse_payload(envelope["type"], envelope["data"]).to_data()
        except JournalError as exc:
            raise ValidationFailed(_("line {number}: {exc}").format(number=number, exc=exc)) from None
        where = _not_as_written(envelope["data"], written)
        if where is not None:
            raise ValidationFailed(_("line {number}: {type}: field '{field}' is not as a command records it (a value "
                                     "of another JSON type, such as true for a number)").format(
                number=number, type=envelope["type"], field=where or "data"))
        campaign = envelope["campaign"]
        version, prev_hash, last_time = heads.get(campaign, (0, None, ""))
        if envelope["version"] != version + 1:
            raise IntegrityFailure(_("line {number}: campaign '{campaign}' expects version {expected}, the line has "
                                     "{version}").format(number=number, campaign=campaign, expected=version + 1,
                                                         version=envelope["version"]))
        if envelope["prev_hash"] != prev_hash:
            raise IntegrityFailure(_("line {number}: prev_hash does not match the previous event's hash (chain broken)").format(number=number))
        if envelope["recorded_at"] < last_time:
            raise ValidationFailed(_("line {number}: field 'recorded_at' goes backwards ({at} is before the previous "
                                     "event's {previous})").format(number=number, at=envelope["recorded_at"],
                                                                   previous=last_time))
        if envelope["recorded_at"] > latest:
            raise ValidationFailed(_("line {number}: field 'recorded_at' lies in the future ({recorded_at}; this "
                                     "journal's clock allows up to {latest})")
                                   .format(number=number, recorded_at=envelope["recorded_at"], latest=latest))
        if envelope["id"] in ids:
            raise ValidationFailed(_("line {number}: event id {event} is already on line {line}").format(number=number, event=envelope['id'], line=ids[envelope['id']]))
        problem = decision_break(envelope["decision"], envelope["id"], decisions.get(campaign))
        if problem is not None:
            raise IntegrityFailure(_("line {number}: field 'decision': {problem}").format(number=number, problem=problem))
        decisions[campaign] = envelope["decision"]
        data_json = canonical(envelope["data"])
        if event_hash(envelope, data_json) != envelope["hash"]:
            raise IntegrityFailure(_("line {number}: hash does not match the envelope (event {event} was altered)").format(number=number, event=envelope['id']))
        heads[campaign] = (envelope["version"], envelope["hash"], envelope["recorded_at"])
        ids[envelope["id"]] = number
        envelope["data"] = data_json.decode()
        rows.append((number, envelope))
    return rows


def check_lines(lines: Iterable[bytes | str]) -> list[dict[str, Any]]:
    """Validate every line; return the rows to insert (``data`` as canonical JSON text)."""
    return [row for _, row in numbered_rows(lines)]
