"""What a verb's field is picked from: the campaign's characters, or a list its system names (weapons, sealed geasa,
its own words).

A field declares its kind by its name: the shared names of a character (:data:`SOURCES`) and the names each system
adds in its descriptor's ``choices`` (a :class:`Choices`).  ``GET /api/verbs`` marks such a field ``x-source``;
``GET /api/choices`` answers each source's current list, drawn from the projections, as ``{value, text}`` pairs
the page offers.  A value is what the verb takes (a name, a rules word, a sealed geis's id); a text is what people
read (the name, the word in the reader's language, the geis's promise and its hero): nobody types an id or a
version, and the server still reads typed words as before (``journal.understand``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from journal.service.summaries import word, words_of
from journal.systems import registry

if TYPE_CHECKING:
    from projections.engine import Folded

#: One entry of a list: ``{value, text}`` (and what else the page needs of it, a modifier's ``amount``).
Item = dict[str, Any]

#: The fields several systems name a character with: they offer the campaign's characters (a system's own such
#: fields are in its descriptor's ``choices``).
SOURCES: dict[str, str] = {
    name: "characters" for name in ("name", "character_name", "defender", "other", "target", "character", "by")
}


@dataclass(frozen=True)
class Choices:
    """A system's lists for its verbs' fields (its descriptor's ``choices``)."""

    #: field name -> the list it offers, beside the shared :data:`SOURCES` (a sheet kind names that kind's sheets);
    #: a ``verb:field`` key names one verb's field (VPT's ``tick:items``, a checklist of the rule text's items).
    fields: Mapping[str, str] = field(default_factory=dict)
    #: verbs that name something new (a character, a weapon): they offer no list of characters.
    creating: tuple[str, ...] = ()
    #: ``verb:field`` of a shared name that is typed, not picked (Stone Wheel's ``xp-spend:target``: a skill).
    typed: tuple[str, ...] = ()
    #: lists of the system's own words (its rules values, offered in the reader's language).
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: lists a form starts at their first entry even where the field may be left out.
    first: tuple[str, ...] = ()
    #: ``(folded) -> {source: [item]}``: the lists drawn from the system's projections.
    lists: Callable[[Folded], dict[str, list[Item]]] | None = None
    #: the verb a player takes most (a VPT hit, a Wield chance): the page opens its form first.
    main: str | None = None
    #: the verbs a player takes often (a VPT hit and tick): the page offers each as a button beside its list of
    #: verbs, so that a tap, not two (open the list, pick), opens its form.
    quick: tuple[str, ...] = ()


NONE = Choices()


def choices_of(system: str) -> Choices:
    """The system's :class:`Choices` (none when its descriptor names none)."""
    reference = registry.system(system).choices
    if reference is None:
        return NONE
    found: Choices = reference.load()
    return found


def source_of(system: str, verb: str, name: str, schema: dict[str, Any]) -> str | None:
    """The list field ``name`` of ``verb`` offers, or None (a number-only field, a new thing's name)."""
    own = choices_of(system)
    if f"{verb}:{name}" in own.fields:
        return own.fields[f"{verb}:{name}"]  # one verb's own list (a checklist of words): whatever its type
    source = own.fields.get(name, SOURCES.get(name))
    if source is None or (source == "characters" and verb in own.creating) or f"{verb}:{name}" in own.typed:
        return None
    types = {option.get("type") for option in schema.get("anyOf", [schema])}
    if "string" in types or (name in own.fields and "object" in types):
        return source
    return None  # Stone Wheel's weapon is a number, VPT's target too: nothing to pick by name


def first(system: str, source: str) -> bool:
    """Whether a form starts a field of ``source`` at the list's first entry."""
    return source in choices_of(system).first


def choices(folded: Folded) -> dict[str, list[Item]]:
    """Every source's list at ``folded`` (a campaign's projections), for the system the campaign plays."""
    from journal.service.queries import sheets

    found: dict[str, list[Item]] = {"characters": []}
    for name, sheet in sorted(sheets(folded).items()):
        found["characters"].append({"value": name, "text": name})
        found.setdefault(str(sheet.get("kind", "characters")), []).append({"value": name, "text": name})
    own = choices_of(folded.system)
    words = words_of(folded.system)
    for source, values in own.words.items():
        found[source] = [{"value": value, "text": word(words, value)} for value in values]
    if own.lists is not None:
        found.update(own.lists(folded))
    return found
