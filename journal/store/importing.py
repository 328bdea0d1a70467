"""Checking an exported JSONL file line by line before anything of it is written.

A line must be a JSON object with every envelope field of the right type, a payload that its event
type's model accepts, the next version of its campaign, the previous event's hash as ``prev_hash``,
and a ``hash`` that the envelope really has.  The first line that fails stops the import with an
error naming the line number and the field or rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

from journal.errors import IntegrityFailure, JournalError, ValidationFailed
from journal.events import parse_payload
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


def _check_shape(number: int, envelope: Any) -> None:
    if not isinstance(envelope, dict):
        raise ValidationFailed(f"line {number}: not a JSON object")
    for name, kinds in _FIELDS.items():
        if name not in envelope:
            raise ValidationFailed(f"line {number}: field '{name}' is missing")
        value = envelope[name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ValidationFailed(f"line {number}: field '{name}' has the wrong type")
    for name, kinds in _OPTIONAL.items():
        value = envelope.setdefault(name, None)
        if not isinstance(value, kinds):
            raise ValidationFailed(f"line {number}: field '{name}' has the wrong type")
    extra = set(envelope) - set(_FIELDS) - set(_OPTIONAL)
    if extra:
        raise ValidationFailed(f"line {number}: unknown field '{min(extra)}'")


def check_lines(lines: Iterable[bytes | str]) -> list[dict[str, Any]]:
    """Validate every line; return the rows to insert (``data`` as canonical JSON text)."""
    heads: dict[str, tuple[int, str | None]] = {}
    decisions: dict[str, str | None] = {}
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            envelope = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise ValidationFailed(f"line {number}: not valid JSON ({exc.msg})") from None
        _check_shape(number, envelope)
        try:
            parse_payload(envelope["type"], envelope["data"])
        except JournalError as exc:
            raise ValidationFailed(f"line {number}: {exc}") from None
        campaign = envelope["campaign"]
        version, prev_hash = heads.get(campaign, (0, None))
        if envelope["version"] != version + 1:
            raise IntegrityFailure(
                f"line {number}: campaign '{campaign}' expects version {version + 1}, the line has {envelope['version']}"
            )
        if envelope["prev_hash"] != prev_hash:
            raise IntegrityFailure(f"line {number}: prev_hash does not match the previous event's hash (chain broken)")
        problem = decision_break(envelope["decision"], envelope["id"], decisions.get(campaign))
        if problem is not None:
            raise IntegrityFailure(f"line {number}: field 'decision': {problem}")
        decisions[campaign] = envelope["decision"]
        data_json = canonical(envelope["data"])
        if event_hash(envelope, data_json) != envelope["hash"]:
            raise IntegrityFailure(f"line {number}: hash does not match the envelope (event {envelope['id']} was altered)")
        heads[campaign] = (envelope["version"], envelope["hash"])
        envelope["data"] = data_json.decode()
        rows.append(envelope)
    return rows
