"""A tally's lines read in the current language; the events it commits keep their English record.

``propose_tally``'s ``item`` and ``reason`` are for people (journal domain, each system's words); the
``tally.committed`` summary and the awards it appends record the same lines as the journal always wrote them,
whatever the Master's language, so a retry in another language records the same facts.  The audit reads a
committed tally back in the reader's words (``committed_in_words``, through each system's ``Recorded`` texts).
"""

from __future__ import annotations

import pytest

from journal.i18n import language
from journal.service import Journal
from journal.service.sessions import end_session, start_session
from journal.service.tallies import Recorded, TallyRules, commit_tally, committed_in_words, propose_tally
from journal.systems import registry
from journal.systems.stone_wheel import commands as stone_wheel
from tests.journal.service.test_tallies import CHARACTERISTICS, PARAMETERS

SW, MASTER = "Камень", "Мастер"


@pytest.fixture
def stone(journal: Journal) -> Journal:
    """Камень: Аня plays Ратибор; session 1 (Аня present) lasted 150 min."""
    journal.create_campaign(SW, "stone-wheel", MASTER)
    journal.add_member(SW, "Аня")
    stone_wheel.create_character(journal, SW, "Ратибор", "Аня", "physical", "человек", "воин", CHARACTERISTICS,
                                 PARAMETERS)
    start_session(journal, SW, ["Аня"])
    end_session(journal, SW, minutes=150)
    return journal


def test_a_russian_proposal_names_the_minutes_the_rate_and_the_reason_in_russian(stone: Journal) -> None:
    """The player's and the Master's per-hour lines: «150 мин × 50 опыта в час», «за столом», «Мастер вёл сессию»."""
    with language("ru"):
        lines = propose_tally(stone, SW, 1)["lines"]
    assert [(line["key"], line["item"], line["reason"]) for line in lines] == [
        ("session_xp:Ратибор", "150 мин × 50 опыта в час", "за столом"),
        ("master_xp:Мастер", "150 мин × 75 опыта в час", "Мастер вёл сессию")]


def test_a_tally_committed_in_russian_records_the_lines_in_english(stone: Journal) -> None:
    """tally.committed, committed under Russian, lists the items and reasons as the English record."""
    with language("ru"):
        committed = commit_tally(stone, SW, 1)[-1]
    assert [(entry["item"], entry["reason"]) for entry in committed.data["summary"]] == [
        ("150 min x 50 XP/h", "present"), ("150 min x 75 XP/h", "the Master ran the session")]


def test_a_recorded_award_reads_in_russian_after_the_commit(stone: Journal) -> None:
    """Once tallied, the recorded line reads «150 мин» (the rate is not recorded) and «за столом»."""
    commit_tally(stone, SW, 1)
    with language("ru"):
        lines = propose_tally(stone, SW, 1)["lines"]
    assert (lines[0]["item"], lines[0]["reason"]) == ("150 мин", "за столом")


def test_a_committed_tally_reads_back_in_russian(stone: Journal) -> None:
    """The committed lines' keys, items and reasons read back as the proposal said them (the rate included)."""
    committed = commit_tally(stone, SW, 1)[-1]
    with language("ru"):
        shown = committed_in_words("stone-wheel", committed.data)
    assert [(entry["key"], entry["item"], entry["reason"]) for entry in shown["summary"]] == [
        ("опыт за сессию:Ратибор", "150 мин × 50 опыта в час", "за столом"),
        ("опыт Мастера:Мастер", "150 мин × 75 опыта в час", "Мастер вёл сессию")]


def test_a_text_no_rule_records_stays_as_it_is() -> None:
    """A bonus's reason the Master typed, and a skipped key, read back as recorded (a key in the reader's words)."""
    data = {"session": 1, "lines": 1, "skipped": ["bonus_xp:Ратибор"], "summary": [
        {"key": "bonus_xp:Ратибор", "kind": "bonus_xp", "character": "Ратибор", "other": None, "item": "bonus",
         "amount": 10, "reason": "спас деревню", "proposed": None}]}
    with language("ru"):
        shown = committed_in_words("stone-wheel", data)
    assert (shown["summary"][0]["item"], shown["summary"][0]["reason"], shown["skipped"]) == (
        "bonus", "спас деревню", ["бонусный опыт:Ратибор"])


def test_the_most_literal_text_reads_a_reason_first() -> None:
    """Dichotomy's «adventure 1: neither fulfilled ...» is its own text, not «adventure {number}» with a long
    number; its motive's «Greed: no outcome» is not «{motive}: {outcome}»."""
    data = {"session": 1, "lines": 1, "skipped": [], "summary": [
        {"key": "motive:Взломщик:Greed", "kind": "motive", "character": "Взломщик", "other": None,
         "item": "Greed: no outcome", "amount": 0,
         "reason": "adventure 1: neither fulfilled nor betrayed unless the GM says", "proposed": None}]}
    with language("ru"):
        [entry] = committed_in_words("dichotomy", data)["summary"]
    assert (entry["item"], entry["reason"]) == (
        "Жадность: без исхода", "приключение 1: ни воплощения, ни предательства, если Ведущий не скажет иначе")


def test_every_recorded_text_of_every_system_reads_in_english_as_recorded() -> None:
    """Each system's Recorded text says in English what it records (its msgid is its English): none drifted."""
    drifted = {}
    for descriptor in registry.descriptors():
        rules: TallyRules | None = registry.load(descriptor.tally) if descriptor.tally else None
        texts: tuple[Recorded, ...] = rules.texts if rules is not None else ()
        drifted.update({text.english: text.said() for text in texts if text.said is not None
                        and text.said() != text.english})
    assert drifted == {}
