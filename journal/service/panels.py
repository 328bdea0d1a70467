"""The table page's panels: the rows of a panel a system declares (its descriptor's ``panels``), written for people.

A panel names one of its system's queries, where that query's answer keeps the rows, and its columns
(journal.systems.registry.Panel and Column).  This module runs the query as of a point and writes each cell in
the reader's language (the current one of journal.i18n): the page draws every panel the same way and names
neither a system nor a field.  The query's own answer (``GET /api/<query>``) keeps its identifiers.
"""

from __future__ import annotations

from typing import Any

from journal.errors import NotFound
from journal.i18n import _
from journal.service.journal import Journal
from journal.service.summaries import Words, word, words_of
from journal.systems import registry
from journal.systems.registry import Column, Panel

#: What an empty cell (a missing field, an empty list) reads as.
EMPTY = "—"


def declared(system: str) -> list[dict[str, str]]:
    """``[{name, title}]`` of the panels of ``system``, in its order, their titles in the current language."""
    return [{"name": panel.name, "title": _(panel.title)} for panel in registry.system(system).panels]


def _field(row: dict[str, Any], path: str) -> Any:
    value: Any = row
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def _plain(value: Any) -> str:
    if value is None:
        return EMPTY
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def cell(column: Column, row: dict[str, Any], words: Words) -> str:
    """One cell of ``row`` as ``column`` shows it (its ``kind``, its ``flag``'s note) in the current language."""
    if column.kind == "pair":
        parts = [_field(row, key) for key in column.key.split("/")]
        shown = "" if any(part is None for part in parts) else "/".join(_plain(part) for part in parts)
    else:
        value = _field(row, column.key)
        if column.kind == "list":
            shown = ", ".join(word(words, item) for item in value) if value else EMPTY
        elif column.kind == "word":
            shown = EMPTY if value is None else word(words, value)
        else:
            shown = _plain(value)
    if column.flag and column.note and _field(row, column.flag):
        shown = _("{value} ({note})").format(value=shown, note=_(column.note))
    return shown


def find(system: str, name: str) -> Panel:
    """The panel ``name`` of ``system``; NotFound naming the system's panels otherwise."""
    for panel in registry.system(system).panels:
        if panel.name == name:
            return panel
    known = ", ".join(panel.name for panel in registry.system(system).panels) or _("none")
    raise NotFound(_("panel: '{name}' is not a panel of {system} (its panels: {known})")
                   .format(name=name, system=system, known=known))


def panel(journal: Journal, campaign: str, name: str, as_of: str | None = None) -> dict[str, Any]:
    """``{campaign, version, name, title, columns: [{key, label, kind}], rows: [[cell, ...]]}`` of one panel of the
    campaign's system as of a point, every title, label and cell in the current language."""
    system = journal.campaign(campaign)["system"]
    found = find(system, name)
    descriptor = registry.system(system)
    answer = registry.load(descriptor.queries[found.query])(journal, campaign, as_of)
    words = words_of(system)
    return {"campaign": campaign, "version": answer["version"], "name": found.name, "title": _(found.title),
            "columns": [{"key": column.key, "label": _(column.label), "kind": column.kind} for column in found.columns],
            "rows": [[cell(column, row, words) for column in found.columns] for row in answer[found.rows]]}
