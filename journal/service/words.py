"""What a campaign's rule system calls its event types, sheet fields and recorded values, for text outputs (the CLI's
and the session report's, which the page serves too), and a stored time in the reader's language.

:class:`Names` reads the labels the page shows (journal.service.labels) in the current language and renders
a sheet's value for people: each key by its label, each recorded word (``Air``, ``alive``) by its display
word, flags as yes/no, records kept by event id shown without the id.  ``--json`` keeps the keys and values.
A key or value no table names is shown as it is (a system this journal does not know: everything).
"""

from __future__ import annotations

import re
from typing import Any

from journal.errors import ValidationFailed
from journal.i18n import _, current_language
from journal.service.labels import labels

#: An event id (a UUID): a sheet keeps some records (geasa, results) by the id of the event that made them.
_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class Names:
    """What ``system`` calls its event types, sheet fields and recorded values, in the current language."""

    def __init__(self, system: str) -> None:
        try:
            found = labels(system)
        except ValidationFailed:
            found = {"types": {}, "fields": {}, "words": {}}
        self.types, self.fields, self.words = found["types"], found["fields"], found["words"]

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
            return "{" + ", ".join(f"{self.fields.get(k, k)}: {self.value(v)}" for k, v in item.items()) + "}"
        return self.word(item)

    def field(self, path: str) -> str:
        """A changed field's path (``xp.balance``) with each key named (``XP · balance``)."""
        return " · ".join(self.fields.get(key, key) for key in path.split("."))

    def cell(self, item: Any) -> str:
        """A sheet field's value in one table cell: records ``label: value``, empty parts left out, ids never shown."""
        if item is None:
            return ""
        if isinstance(item, list):
            return ("; " if any(isinstance(v, dict) for v in item) else ", ").join(self.cell(v) for v in item)
        if isinstance(item, dict):
            if item and all(_ID.match(str(key)) for key in item):
                return "; ".join(self.cell(v) for v in item.values())
            return ", ".join(f"{self.fields.get(str(k), str(k))}: {self.cell(v)}" for k, v in item.items()
                             if v not in (None, "", [], {}))
        return self.word(item)


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
    return " · ".join(ids.get(key) or names.fields.get(key, key) for key in path.split("."))
