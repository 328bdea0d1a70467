"""The one rule for names: campaigns, members, characters, NPCs, weapons, and whatever else a verb names.

A name is at most :data:`MAX_NAME` characters (the width of the store's ``campaign`` and ``actor``
columns), not empty once trimmed (so not only whitespace or Unicode line and paragraph separators),
and free of characters that break one-line output or fool a reader: control characters, line and
paragraph separators, bidirectional overrides and isolates, and lone surrogates (not valid Unicode).

* :func:`check_name` trims a name typed by a person and raises a one-line ``ValidationFailed``.
* :data:`Name` is the pydantic type of every name field of a payload.  It does not trim: a payload
  records what the command decided, so a name with surrounding whitespace is refused, never altered
  (altering it after the command's uniqueness check would let ``"Ann "`` slip in beside ``"Ann"``).
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Annotated, Any

from pydantic_core import PydanticCustomError

from journal.errors import ValidationFailed
from journal.i18n import N_, _

MAX_NAME = 200
#: The kinds of name a refusal names in the reader's words (another kind: ``{kind} name: ...`` as it is).
KINDS = {"campaign": N_("campaign name: {problem}"), "member": N_("member name: {problem}"),
         "character name": N_("character name: {problem}"), "player": N_("player name: {problem}"),
         "item": N_("item name: {problem}"), "connection": N_("connection name: {problem}")}

#: Bidirectional embeddings, overrides and isolates: they reorder what a reader sees (Trojan Source).
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Control characters, line and paragraph separators, lone surrogates.
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def name_problem(name: str) -> str | None:
    """Why ``name`` (already trimmed) is not a name, or None when it is one."""
    if not name:
        return _("must not be empty")
    if len(name) > MAX_NAME:
        return _("at most {count} characters").format(count=MAX_NAME)
    for ch in name:
        if ch in _BIDI or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return _("control characters are not allowed ({code})").format(code=f"U+{ord(ch):04X}")
    return None


def check_name(kind: str, name: str) -> str:
    """``name`` trimmed; a ValidationFailed naming ``kind`` (``"campaign name: ..."``) when it breaks the rule."""
    name = name.strip()
    problem = name_problem(name)
    if problem is not None:
        raise ValidationFailed(_(KINDS[kind]).format(problem=problem) if kind in KINDS
                               else _("{kind} name: {problem}").format(kind=kind, problem=problem))
    return name


def _valid_name(value: str) -> str:
    """The payload side of the rule: refuse (never trim) a name that is not already clean."""
    if value != value.strip():
        stripped = value.strip()
        raise PydanticCustomError("name", name_problem(stripped) or _("must not begin or end with whitespace"))
    problem = name_problem(value)
    if problem is not None:
        raise PydanticCustomError("name", problem)
    return value


if TYPE_CHECKING:
    from pydantic import AfterValidator

    #: The type of every name field of a payload.
    Name = Annotated[str, AfterValidator(_valid_name)]
else:

    def __getattr__(attribute: str) -> Any:
        """``Name``, made when a payload module first asks for it: pydantic's validators (some 8 ms to import)
        are then loaded by the payloads, not by every command that checks a name."""
        if attribute != "Name":
            raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
        from pydantic import AfterValidator

        globals()["Name"] = made = Annotated[str, AfterValidator(_valid_name)]
        return made
