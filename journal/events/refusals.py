"""A payload's validation error (pydantic's) in the reader's words: the field's label and a translated reason.

English keeps pydantic's own message and the field's key exactly (``<type>: field '<key>': Input should be
'<value>', ...``: scripts and tests match it).  Another language names the field by the label the
audit shows (the system's ``fields`` and ``payload_fields`` tables, journal.systems.registry.word_tables), the values
a field takes by their display words (the system's ``words``), and says why in a translated sentence: ``поле «…»: допустимо одно
из: «…», «…»``.  A reason no table here names is pydantic's message as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from journal.i18n import N_, current_language, gettext
from journal.understand import shown

#: pydantic's error types -> the reason, a msgid filled from the error's ``ctx`` (``{expected}`` rebuilt in words).
REASONS: dict[str, str] = {
    "literal_error": N_("takes one of: {expected}"),
    "enum": N_("takes one of: {expected}"),
    "missing": N_("is missing"),
    "extra_forbidden": N_("is not a field of this event"),
    "string_too_short": N_("needs at least {min_length} characters"),
    "string_too_long": N_("takes at most {max_length} characters"),
    "too_short": N_("needs at least {min_length} items"),
    "too_long": N_("takes at most {max_length} items"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "string_type": N_("must be text"),
    "bool_type": N_("must be yes or no"),
    "bool_parsing": N_("must be yes or no"),
    "list_type": N_("must be a list"),
    "dict_type": N_("must be a record of fields"),
    "model_type": N_("must be a record of fields"),
    "uuid_parsing": N_("must be an event id"),
    "uuid_type": N_("must be an event id"),
}


def _label(fields: Mapping[str, Any], qualified: str, part: object) -> str:
    """A part of an error's location by its label: a top-level key first as labelled for its event type."""
    found = fields.get(qualified) or (fields.get(part) if isinstance(part, str) else None)
    return found() if found is not None else str(part)


def field_refusal(event_type: str, error: Mapping[str, Any]) -> str:
    """One line naming the field an error of pydantic's is about and why, in the current language."""
    where = ".".join(str(part) for part in error["loc"]) or "data"
    if current_language() == "en":
        return f"{event_type}: field '{where}': {error['msg']}"
    from journal.systems.registry import word_tables

    fields, words = word_tables(event_type)
    label = " · ".join(_label(fields, f"{event_type}:{part}" if depth == 0 else "", part)
                       for depth, part in enumerate(error["loc"])) or gettext("data")
    template = REASONS.get(error["type"])
    if template is None:
        reason = str(error["msg"]).removeprefix("Value error, ")
    else:
        ctx = {key: str(value) for key, value in (error.get("ctx") or {}).items()}
        if "expected" in ctx:
            named = re.findall(r"'([^']*)'", ctx["expected"])
            ctx["expected"] = shown(named, words) or ctx["expected"]
        try:
            reason = gettext(template).format(**ctx)
        except (KeyError, IndexError):
            reason = str(error["msg"])
    return gettext("field '{field}': {reason}").format(field=label, reason=reason)
