"""What a campaign's rule system calls its event types, sheet fields and recorded values, for text outputs (the CLI's
and the session report's, which the page serves too), and a stored time in the reader's language.

:class:`Names` reads the labels the page shows (journal.service.labels) in the current language and renders
a sheet's value for people: each key by its label, each recorded word (``Air``, ``alive``) by its display
word, flags as yes/no, records kept by event id shown without the id.  ``--json`` keeps the keys and values.
A key or value no table names is shown as it is (a system this journal does not know: everything).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from journal.errors import ValidationFailed
from journal.i18n import _, current_language
from journal.service.labels import TYPES, labels, payload_labels

#: An event id (a UUID): a sheet keeps some records (geasa, results) by the id of the event that made them.
_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class Names:
    """What ``system`` calls its event types, sheet fields, payload keys and recorded values, in the current language."""

    def __init__(self, system: str) -> None:
        try:
            found = labels(system)
        except ValidationFailed:
            found = {"types": {}, "fields": {}, "words": {}}
        self.system = system
        self.types, self.fields, self.words = found["types"], found["fields"], found["words"]

    @functools.cached_property
    def keys(self) -> dict[str, str]:
        """The labels of the keys of the system's own events' payloads (looked up once, when a payload is shown)."""
        return payload_labels(self.system)

    @functools.cached_property
    def shared_keys(self) -> dict[str, str]:
        """The labels of the keys of the events every system shares."""
        return payload_labels(None)

    def type(self, event_type: str) -> str:
        return self.types.get(event_type, event_type)

    def word(self, item: Any) -> str:
        """A recorded value in the reader's words: a system's word (``Air``) by its label, a flag as yes/no."""
        if isinstance(item, bool):
            return _("yes") if item else _("no")
        if isinstance(item, str):
            return self.words.get(item, item)
        return str(item)

    def value(self, item: Any) -> str:
        """A changed field's value: ``—`` for nothing, lists in brackets, records in braces, each word named."""
        if item is None:
            return "—"
        if isinstance(item, list):
            return "[" + ", ".join(self.value(v) for v in item) + "]"
        if isinstance(item, dict):
            return "{" + ", ".join(f"{self.label(str(k))}: {self.value(v)}" for k, v in item.items()) + "}"
        return self.word(item)

    def payload(self, event_type: str, data: Any) -> str:
        """An event's payload in the reader's words, as :meth:`value` shows a record: each key by its label (the
        shared events' by the shared labels, the system's by its own: journal.service.labels.payload_labels; a
        top-level key labelled for its event type first), else by its word (a Hit modifier, a pool: keys that are
        recorded values), else as it is; each value by :meth:`value` (empty text as ``—``).  The top-level keys come
        in the order the payload's model declares them (who the event is about first), not the stored order."""
        if not isinstance(data, dict):
            return self.value(data)
        keys = self._keys(event_type)
        return "{" + ", ".join(f"{keys.get(f'{event_type}:{k}') or self._key(keys, k)}: {self._record(keys, v, inner)}"
                               for k, v, inner in _ordered(data, _field_order(event_type))) + "}"

    def path(self, event_type: str, path: str) -> str:
        """Where a value sits in a payload (``attempt.roll``, ``rolls[0]``) in the reader's words: each key by its
        label as :meth:`payload` names it, a position in a list by its number from 1 (``броски №1``)."""
        keys = self._keys(event_type)
        parts = []
        for depth, part in enumerate(path.split(".")):
            key, bracket, rest = part.partition("[")
            label = (keys.get(f"{event_type}:{key}") if depth == 0 else None) or self._key(keys, key)
            positions = [int(index) + 1 for index in rest.rstrip("]").split("][")] if bracket else []
            parts.append(" ".join([label, *(f"№{position}" for position in positions)]))
        return " · ".join(parts)

    def _keys(self, event_type: str) -> dict[str, str]:
        return self.shared_keys if event_type in TYPES else self.keys

    def _key(self, keys: dict[str, str], key: str) -> str:
        return keys.get(key) or self.words.get(key) or key

    def _record(self, keys: dict[str, str], item: Any, order: Order) -> str:
        if isinstance(item, list):
            return "[" + ", ".join(self._record(keys, v, order) for v in item) + "]"
        if isinstance(item, dict):
            return "{" + ", ".join(f"{self._key(keys, str(k))}: {self._record(keys, v, inner)}"
                                   for k, v, inner in _ordered(item, order)) + "}"
        return "—" if item == "" else self.value(item)

    def field(self, path: str) -> str:
        """A changed field's path (``xp.balance``) with each key named (``XP · balance``): by the sheet's fields, else
        as the system's payloads name it (a condition's ``effect``: «эффект»)."""
        return " · ".join(self.label(key) for key in path.split("."))

    def label(self, key: str) -> str:
        """One key of a sheet in the reader's words: by the sheet's fields, else as the system's payloads name it."""
        return self.fields.get(key) or self._key(self.keys, key)

    def cell(self, item: Any, nested: bool = False) -> str:
        """A sheet field's value in one table cell: records ``label: value`` (each key as :meth:`field` names it), a
        record within a record in brackets, as the page shows it (``what: (action: attack, …)``), empty parts left
        out, ids never shown."""
        if item is None:
            return ""
        if isinstance(item, list):
            return ("; " if any(isinstance(v, dict) for v in item) else ", ").join(self.cell(v, nested) for v in item)
        if isinstance(item, dict):
            if item and all(_ID.match(str(key)) for key in item):
                return "; ".join(self.cell(v, nested) for v in item.values())
            line = ", ".join(f"{self.label(str(k))}: {self.cell(v, True)}" for k, v in item.items()
                             if v not in (None, "", [], {}))
            return f"({line})" if nested else line
        return self.word(item)


#: Where each key of a payload comes in its model, and the same of the record a key holds (a nested model, or a
#: list of them): ``{key: (place, its record's order)}``.
Order = dict[str, tuple[int, "Order"]]


@functools.cache
def _field_order(event_type: str) -> Order:
    """The order of ``event_type``'s payload model (none for a type this journal lacks)."""
    from journal.events import payload_class

    try:
        return _model_order(payload_class(event_type))
    except ValidationFailed:
        return {}


def _model_order(model: Any) -> Order:
    return {(field.alias or name): (place, _inner_order(field.annotation))
            for place, (name, field) in enumerate(model.model_fields.items())}


def _inner_order(annotation: Any) -> Order:
    """The order of the record a field of type ``annotation`` holds: its model's, through Optional, list and tuple
    (a dict's keys are names, not a model's fields: kept as stored)."""
    import typing

    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model_order(annotation)
    if typing.get_origin(annotation) is dict:
        return {}
    for inner in typing.get_args(annotation):
        found = _inner_order(inner)
        if found:
            return found
    return {}


def _ordered(record: dict[Any, Any], order: Order) -> list[tuple[Any, Any, Order]]:
    """``record``'s keys, values and their records' order, in the order its model declares (others after, as
    stored)."""
    last: tuple[int, Order] = (len(order), {})
    placed = sorted(record.items(), key=lambda item: order.get(str(item[0]), last)[0])
    return [(key, value, order.get(str(key), last)[1]) for key, value in placed]


def local_time(stamp: str, english: str, *, seconds: bool = True) -> str:
    """A stored UTC time (``2026-12-02T14:00:30.123456Z``) for the reader: ``english`` in English (the stable form
    scripts and the release fixtures read), else Babel's short date and medium time in the reader's language
    (24-hour in Russian: ``02.12.2026 14:00:30``; without ``seconds``, its short time: ``02.12.2026 14:00``)."""
    lang = current_language()
    if lang == "en":
        return english
    import datetime as dt

    from babel.dates import format_date, format_time

    moment = dt.datetime.fromisoformat(stamp)
    return f"{format_date(moment, 'short', locale=lang)} {format_time(moment, 'medium' if seconds else 'short', tzinfo=dt.UTC, locale=lang)}"


def roll_place(system: str, event_type: str, path: str) -> str:
    """Where a roll sits in a payload of ``event_type`` for the reader: English keeps the path (``attempt.roll``,
    scripts read it), another language names it as the payload's keys are («попытка · бросок», «риски №1 · бросок»)."""
    return path if current_language() == "en" else Names(system).path(event_type, path)


def line_key(system: str, key: str) -> str:
    """A tally line's key (``motive:Взломщик:Greed``) for the reader: English keeps it as it is (scripts type it);
    another language names its kind and each recorded word in it (``мотив:Взломщик:Жадность``).  ``--skip`` and
    ``--set`` take either form (journal.service.tallies)."""
    if current_language() == "en":
        return key
    names = Names(system)
    return ":".join(names.word(part) for part in key.split(":"))


def id_names(system: str, states: Any) -> dict[str, str]:
    """The event ids ``system``'s sheets keep records by (a Wield geis, a result) -> how people name each one (its
    descriptor's ``labels``: a geis by its promise, a result by its version and task), from the projections'
    ``states``; none if it names none."""
    from journal.systems import registry

    try:
        descriptor = registry.system(system)
    except ValidationFailed:
        return {}
    return dict(registry.load(descriptor.labels)(states)) if descriptor.labels else {}


def named_field(names: Names, path: str, ids: dict[str, str]) -> str:
    """A changed field's path with each event id in it named by ``ids`` (:func:`id_names`), each key by ``names``."""
    return " · ".join(ids.get(key) or names.label(key) for key in path.split("."))
