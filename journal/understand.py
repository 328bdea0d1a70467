"""The table's words read back: the value (``saved_life``, ``Air``) a typed word names, from a system's words.

A system's words module (journal/systems/<system>/words.py) has its display words (``WORDS``: each value's
word in the current language) and may have ``ALIASES`` (short or rule-text words: ``saved``, «щит»).  A word
typed at the table names a value when, read case-insensitively, ``ё`` as ``е`` and ``_``/``-`` as spaces, it is
the value itself, its display word in any of the journal's languages, or one of its aliases.  The CLI's
options, the service functions and the HTTP verbs' body models all read words through :func:`understood`:
one place, so a word the page takes the CLI takes too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from journal.errors import ValidationFailed
from journal.i18n import LANGUAGES, gettext, language

Words = Mapping[str, Callable[[], str]]


def plain(text: str) -> str:
    """``text`` as words are compared: case-folded, ``ё`` as ``е``, ``_`` and ``-`` as spaces, spaces collapsed."""
    folded = text.casefold().replace("ё", "е").replace("_", " ").replace("-", " ")
    return " ".join(folded.split())


def _names(words: Words, aliases: Mapping[str, str], values: Iterable[str]) -> dict[str, str]:
    """Every plain word that names one of ``values``: value -> itself, its words in each language, its aliases."""
    wanted = list(values)
    names: dict[str, str] = {}
    for value in wanted:
        names.setdefault(plain(value), value)
    for lang in LANGUAGES:
        with language(lang):
            for value in wanted:
                if value in words:
                    names.setdefault(plain(words[value]()), value)
    for alias, value in aliases.items():
        if value in wanted:
            names.setdefault(plain(alias), value)
    return names


def understood(text: object, values: Iterable[str], words: Words,
               aliases: Mapping[str, str] | None = None) -> str | None:
    """The one of ``values`` that ``text`` names (see the module), or None when it names none."""
    if not isinstance(text, str):
        return None
    return _names(words, aliases or {}, values).get(plain(text))


def shown(values: Iterable[str], words: Words) -> str:
    """The words ``values`` are typed as, in the current language, for a refusal: «Воздух», «Огонь», ..."""
    return ", ".join(f"«{words[value]() if value in words else value}»" for value in values)


def refusal(label: str, text: object, values: Iterable[str], words: Words) -> str:
    """One line: ``text`` is not one of the words ``label`` takes, and which words those are."""
    return gettext("{label}: '{text}' is not one of {words}").format(label=label, text=text,
                                                                     words=shown(values, words))


def read(text: str, values: Iterable[str], words: Words, label: str,
         aliases: Mapping[str, str] | None = None) -> str:
    """The one of ``values`` that ``text`` names (see the module); a word that names none is refused in one line
    naming the field (``label``) and the words it takes (:func:`refusal`): the service's reading of a choice."""
    listed = list(values)
    found = understood(text, listed, words, aliases)
    if found is None:
        raise ValidationFailed(refusal(label, text, listed, words))
    return found


#: An event's number as people write it: the timeline's ``12``, «№12» or "#12" as the lines print it, an older
#: ``v12``.
_EVENT_NUMBER = re.compile(r"^(?:№|#|v|V)?\s*([0-9]{1,9})$")


def event_number(text: str) -> str | None:
    """The event number ``text`` names (``12``, «№12», «№ 12», "#12", ``v12``) as the journal reads it (``12``), or
    None when it is not one (an id, a prefix, a time): the one reading of it, for events and points alike."""
    found = _EVENT_NUMBER.match(" ".join(str(text).split()))
    return found.group(1) if found else None
