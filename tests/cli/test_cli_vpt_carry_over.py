"""``journal vpt carry-over``: a running campaign's character brought in from a sheet file, then played on.

Each test runs on SQLite and PostgreSQL through the real click CLI; the campaign is set up through the service.
"""

from __future__ import annotations

import orjson
import pytest
from carry_over_sheets import log_count, sheet_file

from journal.service import Journal
from journal.systems.vpt import commands

C = "Пепел"

#: Вольтаир after twenty sessions kept in the Master's notebook.
SHEET = {
    "character": "Вольтаир",
    "source": "сессии 1–20, тетрадь Мастера",
    "relationships": [{"other": "Эдди", "points": 7, "statuses": ["Друг"]}, {"other": "Питер", "points": 2}],
    "revenge": {"target": "Грог", "points": 4},
    "past_revenges": [{"target": "Питер", "points": 3}],
}


@pytest.fixture
def vpt(run, db_url):
    """A VPT campaign: GM Вика, player Оля with Вольтаир; Эдди, Питер, Грог and Мила are the GM's."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "vpt", "Вика")
        journal.add_member(C, "Оля")
        commands.create_character(journal, C, "Вольтаир", "Оля")
        for name in ("Эдди", "Питер", "Грог", "Мила", "Ян"):
            commands.create_character(journal, C, name)
    finally:
        journal.close()
    return run


def _bonds(vpt) -> list[dict]:
    result = vpt("bonds", C, "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)["bonds"]


def test_a_twenty_session_character_is_brought_in_with_his_standings(vpt, tmp_path) -> None:
    """The Master's carry-over prints one line and the bonds read the sheet's values."""
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout) == (
        0, "Вольтаир carried over (сессии 1–20, тетрадь Мастера): 2 relationships, revenge: Грог\n")
    rows = [(r["bond"], r["other"], r["points"], r["statuses"], r["frozen"]) for r in _bonds(vpt)
            if r["character"] == "Вольтаир"]
    assert rows == [("relationship", "Питер", 2, [], False), ("relationship", "Эдди", 7, ["Друг"], False),
                    ("revenge", "Грог", 4, [], False), ("revenge", "Питер", 3, [], True)]


def test_a_spend_after_the_carry_over_stops_at_the_carried_points(vpt, tmp_path) -> None:
    """Seven carried points to Эдди: spending 8 is refused, spending 7 leaves 0."""
    vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    refused = vpt("vpt", "spend", C, "Вольтаир", "Эдди", "--points", "8")
    assert (refused.exit_code, refused.stderr) == (
        3, ("error: refused by rule 'vpt: not enough points': Вольтаир has 7 relationship points towards Эдди, "
           "cannot spend 8\n"))
    spent = vpt("vpt", "spend", C, "Вольтаир", "Эдди", "--points", "7")
    assert (spent.exit_code, spent.stdout) == (0, "Вольтаир spends 7 relationship points towards Эдди: 0 left\n")


def test_a_tick_after_the_carry_over_adds_to_the_carried_points(vpt, tmp_path) -> None:
    """Session 21's tick of Эдди (saved his life, +1) takes the carried 7 to 8."""
    vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert vpt("session", "start", C, "--present", "Вика,Оля").exit_code == 0
    result = vpt("vpt", "tick", C, "Вольтаир", "Эдди", "saved")
    assert (result.exit_code, result.stdout) == (0, "Вольтаир -> Эдди: saved_life +1 = +1 -> 8 points (session 1)\n")


def test_a_fourth_relationship_after_the_carry_over_is_refused(vpt, tmp_path) -> None:
    """Three carried relationships: a fourth chosen in the journal is refused by the three-at-most rule."""
    sheet = {**SHEET, "relationships": [{"other": "Эдди"}, {"other": "Питер"}, {"other": "Мила"}]}
    vpt("vpt", "carry-over", C, sheet_file(tmp_path, sheet))
    result = vpt("vpt", "relationship", C, "Вольтаир", "Ян")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: at most three relationships': Вольтаир already has 3 (Мила, Питер, Эдди); "
           "Ян would be one more\n"))


def test_a_second_revenge_after_the_carry_over_is_refused(vpt, tmp_path) -> None:
    """A carried revenge on Грог is the one target: choosing Мила is refused."""
    vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    result = vpt("vpt", "revenge", C, "Вольтаир", "Мила")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: one revenge target at a time': Вольтаир already craves revenge on Грог; "
           "renounce it first\n"))


def test_a_player_carrying_over_is_refused_and_nothing_is_written(vpt, tmp_path) -> None:
    """Оля may not bring her own character in: exit 7, one line, the log as it was."""
    before = log_count(vpt, C)
    result = vpt("--as", "Оля", "vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may bring a character in ('carry-over') ('Оля' is a player)\n")
    assert log_count(vpt, C) == before


def test_a_negative_points_field_is_refused_naming_it(vpt, tmp_path) -> None:
    """points -4 in the second relationship: exit 2, the field named, nothing written."""
    before = log_count(vpt, C)
    sheet = {**SHEET, "relationships": [{"other": "Эдди"}, {"other": "Питер", "points": -4}]}
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, sheet))
    assert (result.exit_code, result.stderr) == (
        2, "error: vpt.carried_over: field 'relationships.1.points': Input should be greater than or equal to 0\n")
    assert log_count(vpt, C) == before


def test_a_relationship_with_oneself_is_refused_naming_the_field(vpt, tmp_path) -> None:
    """relationships[0].other is the character himself: refused by the rule, the field named."""
    sheet = {**SHEET, "relationships": [{"other": "Вольтаир"}]}
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, sheet))
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: relationship with oneself': sheet field 'relationships[0].other': "
           "Вольтаир cannot have a relationship with himself\n"))


def test_an_unknown_other_is_refused_naming_the_field(vpt, tmp_path) -> None:
    """revenge.target names nobody in the campaign: NotFound, the field named."""
    sheet = {**SHEET, "revenge": {"target": "Никто", "points": 1}}
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, sheet))
    assert result.exit_code != 0
    assert result.stderr.startswith("error: sheet field 'revenge.target': no character named 'Никто'")


def test_a_file_that_is_not_json_is_refused_naming_the_file(vpt, tmp_path) -> None:
    """A sheet file of plain text: exit 2, the file named."""
    path = tmp_path / "sheet.json"
    path.write_text("Вольтаир: 7")
    result = vpt("vpt", "carry-over", C, str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: sheet file '{path}': not JSON")


def test_a_second_carry_over_of_one_character_is_refused(vpt, tmp_path) -> None:
    """Once per character: the second sheet is refused by the rule."""
    vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: carried over once, first': Вольтаир already has vpt.carried_over in the "
           "journal; a carry-over comes once, before any other\n"))


def test_a_carry_over_after_a_journal_relationship_is_refused(vpt, tmp_path) -> None:
    """Вольтаир already chose a relationship in the journal: his carry-over comes too late."""
    vpt("vpt", "relationship", C, "Вольтаир", "Эдди")
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: carried over once, first': Вольтаир already has vpt.relationship_opened in "
           "the journal; a carry-over comes once, before any other\n"))


#: :data:`SHEET` with every field named as the Russian help names it (the audit's labels).
RUSSIAN_SHEET = {
    "персонаж": "Вольтаир",
    "источник": "сессии 1–20, тетрадь Мастера",
    "Отношения": [{"к кому": "Эдди", "очки": 7, "статусы": ["Друг"]}, {"к кому": "Питер", "очки": 2}],
    "Месть": {"цель": "Грог", "очки": 4},
    "Прошлые мести": [{"цель": "Питер", "очки": 3}],
}


def test_the_sheet_takes_its_fields_russian_names(vpt, tmp_path) -> None:
    """«персонаж», «Отношения» («к кому», «очки», «статусы»), «Месть», «Прошлые мести»: the event the English
    sheet records."""
    result = vpt("vpt", "carry-over", C, sheet_file(tmp_path, RUSSIAN_SHEET), "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, {key: data[key] for key in SHEET}) == (0, {
        "character": "Вольтаир", "source": "сессии 1–20, тетрадь Мастера",
        "relationships": [{"other": "Эдди", "points": 7, "statuses": ["Друг"]},
                          {"other": "Питер", "points": 2, "statuses": []}],
        "revenge": {"target": "Грог", "points": 4}, "past_revenges": [{"target": "Питер", "points": 3}]})
