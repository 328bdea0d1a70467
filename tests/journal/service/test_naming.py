"""journal.service.naming: a dispute's short number and name, an event by its summary, on both databases."""

from __future__ import annotations

import pytest

from journal.i18n import language
from journal.service import Journal
from journal.service import disputes as D
from journal.service.naming import Naming, dispute_number
from journal.service.sessions import free_roll, start_session
from journal.service.summaries import describe, summary
from journal.service.tokens import issue


@pytest.fixture
def forest(journal: Journal) -> str:
    """Лес (vpt): ГМ; Аня and Борис; session 1 with both, two table rolls (versions 5 and 6)."""
    journal.create_campaign("Лес", "vpt", "ГМ")
    for name in ("Аня", "Борис"):
        journal.add_member("Лес", name)
    start_session(journal, "Лес", ["Аня", "Борис"])
    free_roll(journal, "Лес", "2d6", table=[1, 2])
    free_roll(journal, "Лес", "1d6", table=[4])
    return "Лес"


@pytest.mark.parametrize(("typed", "number"), [("3", 3), ("№3", 3), ("№ 3", 3), ("#12", 12), (" 7 ", 7)])
def test_a_typed_short_number_is_read(typed: str, number: int) -> None:
    """«3», «№3», «#12»: the number a player types for a dispute."""
    assert dispute_number(typed) == number


@pytest.mark.parametrize("typed", ["01a237a7-f385", "01a237a7", "v3", "3a", ""])
def test_an_id_or_a_prefix_is_no_short_number(typed: str) -> None:
    """An id, a prefix or a version's ``v3`` is not a dispute's number."""
    assert dispute_number(typed) is None


def test_disputes_are_numbered_in_the_order_they_were_opened(journal: Journal, forest: str) -> None:
    """The dispute about version 6, opened first, is №1; the one about version 5 is №2."""
    first = D.open_dispute(journal, forest, "6", "не тот кубик", actor="Аня")
    second = D.open_dispute(journal, forest, "5", "кубик упал", actor="Борис")
    naming = Naming.of(journal, forest)
    assert (naming.number(first.id), naming.number(second.id)) == (1, 2)


def test_a_dispute_is_named_by_its_number_and_the_events_summary(journal: Journal, forest: str) -> None:
    """«dispute #1 about “1d6: [4] = 4”» in English, «спор №1 о «1d6: [4] = 4»» in Russian."""
    opened = D.open_dispute(journal, forest, "6", "не тот кубик", actor="Аня")
    naming = Naming.of(journal, forest)
    with language("ru"):
        russian = naming.dispute(opened.id)
    assert (naming.dispute(opened.id), russian) == ("dispute #1 about “1d6: [4] = 4”", "спор №1 о «1d6: [4] = 4»")


def test_an_opening_with_a_naming_reads_without_an_id(journal: Journal, forest: str) -> None:
    """The dispute.opened line with the campaign's naming: its number, the event's summary and the reason."""
    opened = D.open_dispute(journal, forest, "6", "не тот кубик", actor="Аня")
    with language("ru"):
        line = summary(opened, Naming.of(journal, forest))
    assert line == "открывает спор №1 о «1d6: [4] = 4»: не тот кубик"


def test_a_token_is_named_by_its_member_never_its_id(journal: Journal, forest: str) -> None:
    """member.token_issued reads «Аня: выдан токен для телефона», without the token's id."""
    issued = issue(journal, forest, "Аня", "ГМ")
    with language("ru"):
        line = summary(issued.event)
    assert line == "Аня: выдан токен для телефона"


def test_a_revoked_token_is_named_by_its_member() -> None:
    """member.token_revoked: «Аня: a token revoked», no id."""
    assert describe("member.token_revoked", {"member": "Аня", "token_id": "0123456789ab"}) == "Аня: a token revoked"
