"""The store's chain-break reasons are messages of the ``journal`` domain (journal/store/hashing.py, verify)."""

from __future__ import annotations

from journal.i18n import language
from journal.store.hashing import decision_break


def test_a_decision_missing_after_one_is_said_in_russian() -> None:
    """decision_break under Russian: the reason is the Russian catalogue's line."""
    with language("ru"):
        reason = decision_break(None, "b", "a")
    assert reason == "нет decision после события, у которого оно есть"


def test_the_same_reason_outside_russian_is_the_english_line() -> None:
    """Without a language block the reason is the English msgid."""
    assert decision_break(None, "b", "a") == "decision is missing after an event that has one"
