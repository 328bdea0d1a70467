"""The one name rule (journal.events.names): what check_name trims and refuses, and the payload type Name."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from journal.errors import ValidationFailed
from journal.events.names import Name, check_name

NAME = TypeAdapter(Name)


def test_check_name_trims_surrounding_whitespace() -> None:
    """A name typed with spaces around it is kept without them."""
    assert check_name("member", "  Аня \t") == "Аня"


def test_check_name_accepts_exactly_200_characters() -> None:
    """200 characters (the store's column width) is still a name."""
    assert check_name("campaign", "я" * 200) == "я" * 200


def test_check_name_refuses_201_characters_naming_the_kind() -> None:
    """One character past the column's width is refused naming the kind of name."""
    with pytest.raises(ValidationFailed, match=r"^campaign name: at most 200 characters$"):
        check_name("campaign", "я" * 201)


@pytest.mark.parametrize("blank", ["", "   ", "\u2028", " \u2029 ", "\u3000"])
def test_check_name_refuses_names_of_only_whitespace_or_separators(blank: str) -> None:
    """Whitespace and Unicode line/paragraph separators alone are an empty name."""
    with pytest.raises(ValidationFailed, match=r"^member name: must not be empty$"):
        check_name("member", blank)


@pytest.mark.parametrize(("name", "code"), [("a\x00b", "0000"), ("a\nb", "000A"), ("a\x7fb", "007F"),
                                            ("a\x85b", "0085"), ("a\u2028b", "2028"), ("a\u202eb", "202E"),
                                            ("a\u2066b", "2066"), ("a\udc80b", "DC80")])
def test_check_name_refuses_control_separator_bidi_and_surrogate_characters(name: str, code: str) -> None:
    """Characters that break one-line output or reorder what a reader sees are refused, named by code point."""
    with pytest.raises(ValidationFailed, match=rf"^member name: control characters are not allowed \(U\+{code}\)$"):
        check_name("member", name)


def test_payload_name_refuses_surrounding_whitespace_instead_of_trimming() -> None:
    """A payload records what was decided: ' Аня' is refused, never stored as 'Аня'."""
    with pytest.raises(ValidationError, match="must not begin or end with whitespace"):
        NAME.validate_python(" Аня")


def test_payload_name_refuses_a_newline() -> None:
    """The payload type applies the same rule as check_name."""
    with pytest.raises(ValidationError, match=r"control characters are not allowed \(U\+000A\)"):
        NAME.validate_python("Ан\nя")


def test_payload_name_keeps_a_clean_name_unchanged() -> None:
    """A clean name passes through as it is."""
    assert NAME.validate_python("Вольтаир") == "Вольтаир"
