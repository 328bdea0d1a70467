"""The coin package (examples/coin-system, installed as CI installs it) through the journal, on both databases: what
a system installed from outside adds with no file of the journal changed: its panel, tally, chart and Russian."""

from __future__ import annotations

import pytest
from coin_system.commands import flip, trust

from journal.errors import RuleViolation
from journal.i18n import language
from journal.service import Journal
from journal.service.panels import panel
from journal.service.reports import report
from journal.service.sessions import end_session, start_session
from journal.service.summaries import summary
from journal.service.tallies import commit_tally, committed_in_words, propose_tally
from journal.service.words import Names

C = "Монетка"


@pytest.fixture
def coins(journal: Journal) -> Journal:
    """Монетка: ГМ and Аня; session 1 flips heads, tails, heads for Аня (the table's coin) and ends."""
    journal.create_campaign(C, "coin", "ГМ")
    journal.add_member(C, "Аня")
    start_session(journal, C, ["ГМ", "Аня"])
    for face in (1, 2, 1):
        flip(journal, C, "Аня", [face], actor="Аня")
    end_session(journal, C, minutes=30)
    return journal


def test_its_panel_speaks_russian_from_its_own_catalogue(coins: Journal) -> None:
    """The «coins» panel: its title and labels from the package's coin.po, its row counted by its fold."""
    with language("ru"):
        answer = panel(coins, C, "coins")
    assert (answer["title"], [c["label"] for c in answer["columns"]], answer["rows"]) == (
        "Орлы и решки", ["персонаж", "орлы", "решки"], [["Аня", "2", "1"]])


def test_its_summary_line_reads_its_words_in_russian(coins: Journal) -> None:
    """A flip's line in Russian: the package's template and its word for heads."""
    first = next(e for e in coins.store.read(C) if e.type == "coin.flipped")
    with language("ru"):
        assert summary(first) == "Аня бросает монету: орёл"


def test_its_tally_rule_proposes_the_heads_and_the_ledger_counts_them(coins: Journal) -> None:
    """Two heads at the house rule's 1 XP each: one line of 2 XP; committed, the shared XP ledger shows 2."""
    [line] = propose_tally(coins, C, 1)["lines"]
    assert (line["key"], line["amount"], line["status"]) == ("heads_xp:Аня", 2, "proposed")
    commit_tally(coins, C, 1)
    assert coins.at(C)["xp"]["characters"]["Аня"]["by_source"] == {"heads": 2}


def test_its_chart_is_in_the_session_report(coins: Journal) -> None:
    """The report charts the package's heads series: Аня's line ends at 2."""
    [chart] = report(coins, C, 1)["charts"]
    assert (chart["name"], chart["title"]) == ("heads", "Heads flipped")


def test_its_bond_refuses_a_trust_past_its_bound(coins: Journal) -> None:
    """Trust goes from -3 to 3: a fourth is refused by the package's rule."""
    for _ in range(3):
        trust(coins, C, "Аня", "ГМ", actor="Аня")
    with pytest.raises(RuleViolation, match="coin: trust from -3 to 3"):
        trust(coins, C, "Аня", "ГМ", actor="Аня")


def test_its_payload_keys_read_in_russian_from_its_own_catalogue() -> None:
    """A flip's audit payload in Russian: ``face`` by the package's label, ``heads`` by its word."""
    with language("ru"):
        assert Names("coin").payload("coin.flipped", {"character": "Аня", "face": "heads"}) == (
            "{персонаж: Аня, сторона: орёл}")


def test_its_committed_tally_reads_back_in_russian(coins: Journal) -> None:
    """The tally's recorded line, read back: its key and kind by the package's word, its item by its Recorded text."""
    commit_tally(coins, C, 1)
    committed = next(e for e in coins.store.read(C) if e.type == "tally.committed")
    with language("ru"):
        [entry] = committed_in_words("coin", committed.data)["summary"]
    assert (entry["key"], entry["item"], entry["reason"]) == ("опыт за орлов:Аня", "2 × 1 опыта", "heads")
