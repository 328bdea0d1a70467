"""``journal stone-wheel carry-over``: a running campaign's character brought in from a sheet file, then played on.

Each test runs on SQLite and PostgreSQL through the real click CLI; the campaign is set up through the service.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from carry_over_sheets import log_count, refused, sheet_file
from support import CHARS, PARAMS

from journal.service import Journal
from journal.systems.stone_wheel import commands as sw

C = "Камень"
SW = "stone-wheel"

#: Ратибор after twenty sessions kept on a paper sheet: the pools and effects in the table's words.
SHEET = {
    "character": "Ратибор",
    "source": "перенос с бумажного листа, после 20-й сессии",
    "xp": {"earned": 1250, "spent": 900},
    "current": {"Здоровье": 7, "Mana": 2},
    "effects": ["Отравление"],
}


@pytest.fixture
def table(run, db_url):
    """Камень with Мастер and Аня (Ратибор: Health 20, Stamina 3, Mana 6, Survival 10); returns ``run``."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "stone-wheel", "Мастер")
        journal.add_member(C, "Аня")
        sw.create_character(journal, C, "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS,
                            skills={"Фехтование": 2})
    finally:
        journal.close()
    return run


def _sheet(table) -> dict:
    result = table("sheet", C, "Ратибор", "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)["sheet"]


def _refused(table, tmp_path: Path, sheet: object) -> tuple[int, str]:
    return refused(table, C, SW, tmp_path, sheet)


def test_a_twenty_session_character_is_brought_in_with_his_xp_pools_and_effects(table, tmp_path) -> None:
    """One line; the sheet reads 1250 earned, 900 spent, 350 left, Health 7, Mana 2, poisoned."""
    result = table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout) == (
        0, ("Ратибор carried over (перенос с бумажного листа, после 20-й сессии): 1250 XP earned, 900 spent, "
           "balance 350\n"))
    sheet = _sheet(table)
    assert (sheet["xp"], sheet["current"], sheet["effects"]) == (
        {"earned": 1250, "spent": 900, "balance": 350}, {"health": 7, "stamina": 3, "mana": 2, "survival": 10},
        ["Отравление"])


def test_journal_xp_shows_the_carried_experience_by_its_source(table, tmp_path) -> None:
    """``journal xp`` books the sheet's XP under «carried_over», not as a bonus."""
    table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    rows = orjson.loads(table("xp", C, "--json").stdout)
    mine = next(row for row in rows["ledgers"] if row["character"] == "Ратибор")
    assert (mine["earned"], mine["spent"], mine["balance"], mine["by_source"]) == (
        1250, 900, 350, {"carried_over": 1250})


def test_a_spend_after_the_carry_over_stops_at_the_carried_balance(table, tmp_path) -> None:
    """350 XP left: a cost of 351 is refused, 350 leaves 0."""
    table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    refused = table(SW, "xp", "spend", C, "Ратибор", "skill", "Фехтование", "--cost", "351")
    assert (refused.exit_code, refused.stderr) == (
        3, "error: refused by rule 'stone_wheel: not enough experience': the cost is 351 XP, the character has 350\n")
    spent = table(SW, "xp", "spend", C, "Ратибор", "skill", "Фехтование", "--cost", "350")
    assert spent.exit_code == 0, spent.stderr
    assert _sheet(table)["xp"] == {"earned": 1250, "spent": 1250, "balance": 0}


def test_damage_after_the_carry_over_comes_off_the_carried_health(table, tmp_path) -> None:
    """Health 7 carried: 9 damage leaves Health 0 and Survival 8 (of 10), unconscious."""
    table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    assert table(SW, "damage", C, "Ратибор", "--amount", "9", "--cause", "тролль").exit_code == 0
    sheet = _sheet(table)
    assert (sheet["current"]["health"], sheet["current"]["survival"], sheet["status"]) == (0, 8, "unconscious")


def test_a_player_carrying_over_is_refused_and_nothing_is_written(table, tmp_path) -> None:
    """Аня may not bring her own character in: exit 7, one line, the log as it was."""
    before = log_count(table, C)
    result = table("--as", "Аня", SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may bring a character in ('carry-over') ('Аня' is a player)\n")
    assert log_count(table, C) == before


def test_more_xp_spent_than_earned_is_refused_naming_the_field(table, tmp_path) -> None:
    """900 spent of 800 earned: refused by the experience rule, the field named."""
    assert _refused(table, tmp_path, {**SHEET, "xp": {"earned": 800, "spent": 900}}) == (
        3, ("error: refused by rule 'stone_wheel: not enough experience': sheet field 'xp.spent': 900 XP spent, "
           "only 800 XP earned\n"))


def test_a_pool_above_its_maximum_is_refused_naming_the_field(table, tmp_path) -> None:
    """Health 25 of a maximum 20: refused, the field named."""
    assert _refused(table, tmp_path, {**SHEET, "current": {"Здоровье": 25}}) == (
        3, ("error: refused by rule 'stone_wheel: pool range': sheet field 'current.health': Health must be 0-20, "
           "not 25\n"))


def test_a_dead_character_is_not_brought_in(table, tmp_path) -> None:
    """Survival 0: refused by the death rule."""
    assert _refused(table, tmp_path, {**SHEET, "current": {"Выживание": 0}}) == (
        3, ("error: refused by rule 'stone_wheel: death': sheet field 'current.survival': a character is brought in "
           "alive: Survival at least 1, not 0\n"))


def test_a_pool_named_by_an_internal_key_of_no_word_is_refused_with_the_words(table, tmp_path) -> None:
    """«Хп» names no pool: one line listing the pools' words."""
    assert _refused(table, tmp_path, {**SHEET, "current": {"Хп": 3}}) == (
        2, "error: sheet field 'current.Хп': 'Хп' is not one of «Health», «Stamina», «Mana», «Survival»\n")


def test_negative_xp_is_refused_naming_the_field(table, tmp_path) -> None:
    """earned -5: exit 2, the payload's field named."""
    assert _refused(table, tmp_path, {**SHEET, "xp": {"earned": -5}}) == (
        2, "error: stone_wheel.carried_over: field 'xp.earned': Input should be greater than or equal to 0\n")


def test_an_effect_twice_is_refused_naming_the_field(table, tmp_path) -> None:
    """«Отравление» listed twice: the second is refused by the effect rule."""
    assert _refused(table, tmp_path, {**SHEET, "effects": ["Отравление", "Отравление"]}) == (
        3, ("error: refused by rule 'stone_wheel: effect present': sheet field 'effects[1]': the character already "
           "has 'Отравление'\n"))


def test_an_unknown_character_is_refused_naming_the_field(table, tmp_path) -> None:
    """A sheet for nobody in the campaign: NotFound, the field named."""
    code, stderr = _refused(table, tmp_path, {**SHEET, "character": "Никто"})
    assert (code, stderr) == (4, "error: sheet field 'character': no character named 'Никто' in 'Камень'\n")


def test_a_second_carry_over_of_one_character_is_refused(table, tmp_path) -> None:
    """Once per character: the second sheet is refused by the rule."""
    table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'stone_wheel: carried over once, first': Ратибор already has "
           "stone_wheel.carried_over in the journal; a carry-over comes once, before any other\n"))


def test_a_carry_over_after_an_award_in_the_journal_is_refused(table, tmp_path) -> None:
    """Ратибор already has a bonus award in the journal: his carry-over comes too late."""
    assert table(SW, "xp", "bonus", C, "Ратибор", "сюжет", "--amount", "50").exit_code == 0
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'stone_wheel: carried over once, first': Ратибор already has "
           "stone_wheel.xp_awarded in the journal; a carry-over comes once, before any other\n"))


def test_an_overturned_carry_over_leaves_the_sheet_as_created(table, tmp_path) -> None:
    """The quorum disputes the carry-over and the Master overturns it: no XP, full pools, no effect."""
    table(SW, "carry-over", C, sheet_file(tmp_path, SHEET))
    opened = orjson.loads(table("--as", "Аня", "dispute", "open", C, "--event", "4", "--reason", "не та тетрадь",
                                "--json").stdout)["id"]
    assert table("--as", "Аня", "dispute", "vote", opened, "--overturn").exit_code == 0
    assert table("dispute", "rule", opened, "--overturn").exit_code == 0
    sheet = _sheet(table)
    assert (sheet["xp"], sheet["current"], sheet["effects"]) == (
        {"earned": 0, "spent": 0, "balance": 0}, {"health": 20, "stamina": 3, "mana": 6, "survival": 10}, [])


#: :data:`SHEET` with every field named as the Russian help names it (the audit's labels).
RUSSIAN_SHEET = {
    "персонаж": "Ратибор",
    "источник": "перенос с бумажного листа, после 20-й сессии",
    "Опыт": {"получено": 1250, "потрачено": 900},
    "Сейчас": {"Здоровье": 7, "Мана": 2},
    "Эффекты": ["Отравление"],
}


def test_the_sheet_takes_its_fields_russian_names(table, tmp_path) -> None:
    """«персонаж», «Опыт» («получено», «потрачено»), «Сейчас», «Эффекты»: the event the English sheet records."""
    result = table(SW, "carry-over", C, sheet_file(tmp_path, RUSSIAN_SHEET), "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, {key: data[key] for key in SHEET}) == (0, {
        "character": "Ратибор", "source": "перенос с бумажного листа, после 20-й сессии",
        "xp": {"earned": 1250, "spent": 900}, "current": {"health": 7, "mana": 2}, "effects": ["Отравление"]})
