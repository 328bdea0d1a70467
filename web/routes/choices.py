"""What a verb's field is picked from: the campaign's characters, weapons, sealed geasa, or one of the system's words.

A field declares its kind by its name (:data:`SOURCES`, read by ``web.routes.verbs`` into the schema as
``x-source``); ``GET /api/choices`` answers each source's current list, drawn from the projections, as
``{value, text}`` pairs the page offers (a text field keeps its typing: the list only suggests, and the
server reads the typed words as before, through ``journal.understand``).  A value is what the verb takes
(a name, a rules word, a sealed geis's id); a text is what people read (the name, the word in the
request's language, the geis's promise and its hero): nobody types an id or a version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from journal.service.summaries import word, words_of

if TYPE_CHECKING:
    from projections.engine import Folded

#: The list each field offers, by the field's name (a sheet kind names that kind's sheets).
SOURCES: dict[str, str] = {
    "name": "characters", "character_name": "characters", "attacker": "characters", "defender": "characters",
    "other": "characters", "avenger": "characters", "target": "characters", "challenger": "characters",
    "character": "characters", "engaged": "characters", "by": "characters",
    "hero_name": "hero", "vatcha_name": "vatcha",
    "weapon": "weapons", "geis": "geasa", "difficulty": "difficulties", "domain": "domains", "attack": "attacks",
    "modifiers": "modifiers",
}

#: Verbs whose ``name`` names something new (a character, a weapon): they offer no list for it.
CREATING: frozenset[tuple[str, str]] = frozenset({
    ("vpt", "char"), ("vpt", "weapon"), ("stone-wheel", "character"), ("wield", "vatcha"), ("wield", "hero"),
    ("dichotomy", "new"),
})

#: Lists a form starts at their first entry even where the field may be left out: a VPT hit needs a weapon
#: from the table or a target, and the table's weapon is the one a player most often swings.
FIRST: frozenset[str] = frozenset({"weapons"})

#: Lists of the system's own words (their rules values), offered in the reader's language.
WORD_LISTS: dict[str, tuple[str, ...]] = {
    "difficulties": ("Easy", "Hard", "Heroic", "Epic", "Impossible"),
    "domains": ("Air", "Destruction", "Earth", "Light", "Animal", "Darkness", "Fire", "Plant", "Creation", "Death",
                "Life", "Water"),
    "attacks": ("melee", "ranged"),
}


def source_of(system: str, verb: str, field: str, schema: dict[str, Any]) -> str | None:
    """The list ``field`` of ``verb`` offers, or None (a number-only field, a new thing's name, a word the system lacks)."""
    source = SOURCES.get(field)
    if source is None or (field == "name" and (system, verb) in CREATING):
        return None
    options = schema.get("anyOf", [schema])
    if source == "modifiers":  # name -> number pairs, each name one of the rules' named modifiers
        return source if any(option.get("type") == "object" for option in options) and system == "vpt" else None
    if not any(option.get("type") == "string" for option in options):
        return None  # Stone Wheel's weapon is a number, VPT's target too: nothing to pick by name
    if source in WORD_LISTS and not set(WORD_LISTS[source]) <= set(words_of(system)):
        return None
    return source


def _pair(value: Any, text: str) -> dict[str, Any]:
    return {"value": value, "text": text}


def choices(folded: Folded) -> dict[str, list[dict[str, Any]]]:
    """Every source's list at ``folded`` (a campaign's projections), for the system the campaign plays."""
    from journal.service.queries import sheets

    found: dict[str, list[dict[str, Any]]] = {"characters": []}
    for name, sheet in sorted(sheets(folded).items()):
        found["characters"].append(_pair(name, name))
        found.setdefault(str(sheet.get("kind", "characters")), []).append(_pair(name, name))
    words = words_of(folded.system)
    for source, values in WORD_LISTS.items():
        if set(values) <= set(words):
            found[source] = [_pair(value, word(words, value)) for value in values]
    state = folded.states
    if "vpt.sheet" in state:
        found["weapons"] = [_pair(name, name) for name in sorted(state["vpt.sheet"]["weapons"])]
    if folded.system == "vpt":  # the named Hit modifiers the recorder gives, each with every value the rules allow
        from journal.systems.vpt.commands.combat import SHEET_MODIFIERS
        from journal.systems.vpt.rules import HIT_MODIFIERS

        found["modifiers"] = [{"value": name, "amount": amount, "text": f"{word(words, name)} {amount:+d}"}
                              for name, amounts in HIT_MODIFIERS.items() if name not in SHEET_MODIFIERS
                              for amount in sorted(amounts)]
    if "wield.geis" in state:
        found["geasa"] = [_pair(geis_id, f"{g['promise']} ({g['hero']})")
                          for geis_id, g in state["wield.geis"]["geasa"].items() if not g["broken"]]
    return found
