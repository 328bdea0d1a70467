"""The page's panels through the service (journal.service.panels), on both databases: the rows a system's declared
panel shows, written cell by cell in the reader's language, from the demo's Wield and VPT campaigns."""

from __future__ import annotations

import pytest

from journal.errors import NotFound
from journal.i18n import language
from journal.service import Journal
from journal.service.demo import record_demo
from journal.service.panels import declared, panel

WIELD = "Демо · Владетели"
VPT = "Демо · ВПТ"


@pytest.fixture
def demo(journal: Journal) -> Journal:
    record_demo(journal)
    return journal


def test_a_system_declares_its_panels_in_order_with_their_titles() -> None:
    """Wield declares debts then Control; VPT declares bonds; Dichotomy none (its descriptor's ``panels``)."""
    assert (declared("wield"), declared("vpt"), declared("dichotomy")) == (
        [{"name": "debts", "title": "Geis debts"}, {"name": "control", "title": "Control"}],
        [{"name": "bonds", "title": "Bonds"}], [])


def test_the_debts_panel_shows_each_sealed_geis_as_one_row(demo: Journal) -> None:
    """One sealed geis of Ёжик: rank 1, nothing owed, paid or vanished; the columns' labels and kinds in order."""
    answer = panel(demo, WIELD, "debts")
    assert (answer["version"], answer["title"], answer["rows"]) == (
        13, "Geis debts", [["Ёжик", "Отдать плащ первому нищему", "1", "0", "0", "0"]])
    assert [(c["label"], c["kind"]) for c in answer["columns"]] == [
        ("hero", "text"), ("geis", "text"), ("rank", "number"), ("owed", "number"), ("paid", "number"),
        ("vanished", "number")]


def test_the_control_panel_notes_the_current_wielder_and_pairs_the_dice(demo: Journal) -> None:
    """The current wielder reads "(now)"; the dice and risks won are "vatcha/wielder" pairs."""
    assert panel(demo, WIELD, "control")["rows"] == [["Искра", "Ёжик (now)", "1", "9/1", "0/0"]]


def test_a_panel_speaks_russian_in_its_title_labels_notes_and_words(demo: Journal) -> None:
    """In Russian: the title, the labels, the "(now)" note and a bond's display word."""
    with language("ru"):
        control = panel(demo, WIELD, "control")
        bonds = panel(demo, VPT, "bonds")
    assert (control["title"], [c["label"] for c in control["columns"]], control["rows"]) == (
        "Контроль", ["ватча", "носитель", "утрачен", "кубики в/н", "риски выиграны в/н"],
        [["Искра", "Ёжик (сейчас)", "1", "9/1", "0/0"]])
    assert (bonds["title"], bonds["rows"][:2]) == (
        "Отношения", [["Вольтаир", "Отношения", "Эдди", "1", "—"], ["Вольтаир", "Месть", "Питер", "1", "—"]])


def test_a_panel_reads_as_of_a_point(demo: Journal) -> None:
    """As of version 1 (the campaign's creation) the bonds panel has no row."""
    assert (panel(demo, VPT, "bonds", "1")["version"], panel(demo, VPT, "bonds", "1")["rows"]) == (1, [])


def test_a_panel_of_another_system_is_refused_naming_the_systems_panels(demo: Journal) -> None:
    """A VPT campaign has no debts panel: NotFound naming VPT's one panel."""
    with pytest.raises(NotFound, match=r"^panel: 'debts' is not a panel of vpt \(its panels: bonds\)$"):
        panel(demo, VPT, "debts")
