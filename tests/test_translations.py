"""Every marked user-facing string has a Russian translation, in every domain (Babel's own extraction)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
#: Each domain and the folders its strings come from (docs/i18n.md).
SOURCES = {"journal": ("journal", "projections"),
           "cli": ("cli", *sorted(str(path.relative_to(ROOT)) for path in ROOT.glob("journal/systems/*/cli"))),
           "web": ("web",)}
#: babel.cfg's map: a system's CLI group is the cli domain's (skipped in journal/), Python and the page's JavaScript.
METHODS = [("systems/*/cli/**.py", "ignore"), ("**.py", "python"), ("**.js", "javascript")]
#: gettext's markers in Python; in the page's JavaScript also its t("...") (babel.cfg: keywords = t).
KEYWORDS = {"python": DEFAULT_KEYWORDS, "javascript": {**DEFAULT_KEYWORDS, "t": None}}


def _extracted(domain: str) -> set[str]:
    found = set()
    for folder in SOURCES[domain]:
        for pattern, method in METHODS[1:]:
            for _file, _line, message, _comments, _context in extract_from_dir(ROOT / folder, [METHODS[0], (pattern, method)],
                                                                               keywords=KEYWORDS[method]):
                found.add(message if isinstance(message, str) else message[0])
    return found


def _russian(domain: str) -> dict[str, list[str]]:
    with (ROOT / "journal" / "locale" / "ru" / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        catalog = read_po(po, locale="ru")
    return {
        (m.id if isinstance(m.id, str) else m.id[0]): ([] if m.fuzzy else
                                                      [m.string] if isinstance(m.string, str) else list(m.string))
        for m in catalog if m.id
    }


def test_extraction_finds_the_marked_strings_of_python_and_js() -> None:
    """Babel's extraction over the journal finds a string marked in the core (the framing of a refusal)."""
    assert "refused by rule '{rule}': {message}" in _extracted("journal")


def test_a_systems_cli_group_speaks_the_cli_domain() -> None:
    """journal/systems/<system>/cli/ is extracted into the cli domain (the CLI translates it), not the journal's."""
    help_text = "Record what happens at a wield table (Fate is the Master)."
    assert (help_text in _extracted("cli"), help_text in _extracted("journal")) == (True, False)


@pytest.mark.parametrize("domain", sorted(SOURCES))
def test_every_marked_string_has_a_russian_translation(domain: str) -> None:
    """Each msgid extracted from a domain's code has a non-empty, non-fuzzy Russian msgstr in every form."""
    russian = _russian(domain)
    missing = sorted(m for m in _extracted(domain) if not russian.get(m) or not all(russian[m]))
    assert missing == [], f"{len(missing)} strings of '{domain}' without Russian: {missing[:20]}"


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


@pytest.mark.parametrize("domain", sorted(SOURCES))
def test_every_translation_fills_the_placeholders_of_its_english(domain: str) -> None:
    """A Russian line names only the English line's {placeholders}: another name would make .format() raise.

    It may leave one out: English grammar words ({verb}: "has"/"have") have no Russian counterpart.
    """
    with (ROOT / "journal" / "locale" / "ru" / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        catalog = read_po(po, locale="ru")
    wrong = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        english = set().union(*(_placeholders(i) for i in ids))
        for string in strings:
            found = _placeholders(string)
            if not found <= english:
                wrong.append((ids[0], string))
    assert wrong == [], f"{len(wrong)} translations of '{domain}' with other placeholders: {wrong[:10]}"


@pytest.mark.parametrize("domain", sorted(SOURCES))
def test_no_english_line_is_translated_twice(domain: str) -> None:
    """Each msgid (with its context) stands once in the catalogue: a second entry would silently win or lose."""
    text = (ROOT / "journal" / "locale" / "ru" / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    keys = re.findall(r'^(?:msgctxt ("(?:[^"\\]|\\.)*")\n)?msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)', text, flags=re.MULTILINE)
    seen = [(context, "".join(ids.split("\n"))) for context, ids in keys if ids.strip() != '""']
    twice = sorted({key for key in seen if seen.count(key) > 1})
    assert twice == [], f"{len(twice)} msgids twice in '{domain}.po': {twice[:10]}"
