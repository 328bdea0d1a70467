"""What every system's carry-over shares: a running campaign's character brought in once, as he stands today.

A ``<system>.carried_over`` is recorded by the Master from one sheet (cli/sheets.py reads its file), once per
character and before any event of his own that its fold reads (:func:`first_own`); each value is checked by the rule the verbs
check it by, and a refusal names the sheet's field (:func:`at`).  The words a sheet's values are typed in are
the table's (:func:`word_at`: «Воздух» or «Air», never an internal key), and so are its fields' names
(:func:`sheet_read`: «персонаж», «Отношения», as the audit labels the payload's keys, or the keys themselves).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from journal.errors import JournalError, RuleViolation, ValidationFailed
from journal.i18n import LANGUAGES, _, language
from journal.service.context import Context
from journal.understand import plain, refusal, understood

Words = Mapping[str, Callable[[], str]]
#: The type of a void: an event it names is not in the campaign any more.
VOIDED = "correction.voided"


def at(field: str, check: Callable[..., Any], *arguments: Any) -> Any:
    """``check(*arguments)``; a refusal is raised again with the sheet's ``field`` before its message."""
    try:
        return check(*arguments)
    except RuleViolation as exc:
        raise RuleViolation(exc.rule, _("sheet field '{field}': {message}").format(field=field, message=exc.reason),
                            hint=exc.hint) from None
    except JournalError as exc:
        raise type(exc)(_("sheet field '{field}': {message}").format(field=field, message=exc.reason),
                        hint=exc.hint) from None


def sheet_read(sheet: Mapping[str, Any], model: Any, system: str) -> dict[str, Any]:
    """``sheet`` with each field named in the table's words read back to its key, at any depth: a key of ``model``
    (a ``<system>.carried_over`` payload, its nested records' too) by the label the audit shows it by
    (journal.service.labels.payload_labels) in any of the journal's languages; any other name stays as it is (the
    schema names it in its refusal)."""
    from journal.service.labels import payload_labels

    schema = model.model_json_schema()
    keys = {key for part in (schema, *schema.get("$defs", {}).values()) for key in part.get("properties", {})}
    read: dict[str, str] = {plain(key): key for key in keys}
    for lang in LANGUAGES:
        with language(lang):
            labels = payload_labels(system)
        for key in sorted(keys):
            label = labels.get(f"{model.type}:{key}", labels.get(key))
            if label is not None:
                read.setdefault(plain(label), key)

    def walk(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {read.get(plain(name), name) if isinstance(name, str) else name: walk(item)
                    for name, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    return walk(sheet)


def word_at(field: str, text: object, values: Iterable[str], words: Words,
            aliases: Mapping[str, str] | None = None) -> str:
    """The value of ``values`` the sheet's ``text`` names (in any of the table's languages); else one refusal line."""
    options = list(values)
    found = understood(text, options, words, aliases)
    if found is None:
        raise ValidationFailed(_("sheet field '{field}': {message}").format(
            field=field, message=refusal(field, text, options, words).split(": ", 1)[1]))
    return found


def check_first(rule: str, name: str, first: str | None) -> None:
    """Refuse a carry-over of ``name`` when the journal already holds ``first`` (an event of his own, or one)."""
    if first is not None:
        raise RuleViolation(rule, _("{name} already has {event} in the journal; a carry-over comes once, before "
                                    "any other").format(name=name, event=first))


def carried_line(data: Mapping[str, Any], parts: Iterable[str], empty: str, who: str = "character") -> str:
    """The summary of a carry-over: ``Вольтаир carried over from «source»: part; part`` (``empty`` when none);
    ``who`` is the payload's field naming the character."""
    standing = "; ".join(parts) or empty
    return _("{character} carried over from «{source}»: {standing}").format(
        character=data[who], source=data["source"], standing=standing)


def first_own(ctx: Context, name: str, types: Iterable[str], field: str) -> str | None:
    """The type of the campaign's first event (not voided) of ``types`` whose ``field`` names ``name``, or None.

    Read from the store, not kept by a fold: a marker in a fold would make every event change it, and the
    overturn check (journal.service.disputes) would no longer see a later event that changes nothing without
    the one overturned.
    """
    voided: set[str] = set()
    found: list[tuple[str, str]] = []
    for event in ctx.store.read(ctx.name, to_version=ctx.version, types=[*types, VOIDED]):
        if event.type == VOIDED:
            voided.add(event.data["target"])
        elif event.data.get(field) == name:
            found.append((event.id, event.type))
    return next((kind for event_id, kind in found if event_id not in voided), None)
