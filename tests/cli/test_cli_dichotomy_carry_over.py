"""``journal dichotomy carry-over``: a running campaign's character brought in from a sheet file, then played on.

Each test runs on SQLite and PostgreSQL through the real click CLI; the campaign is set up through the service.
"""

from __future__ import annotations

import orjson
import pytest
from carry_over_sheets import log_count, refused, sheet_file

from journal.service import Journal
from journal.systems.dichotomy.commands import create_character

C = "Две стороны"
ATTRIBUTES = ("finesse", "power", "martial", "spiritual", "natural", "technical")

#: Взломщик after twenty sessions on a paper sheet: motives, ability and wealth in the table's Russian words.
SHEET = {
    "character": "Взломщик",
    "source": "перенос с бумажного листа, после 20-й сессии",
    "xp": {"earned": 27, "spent": 12},
    "connections": [{"name": "Cottage", "cost": 5}, {"name": "Осведомитель в гильдии", "cost": 7}],
    "motives": [{"motive": "Жадность"}, {"motive": None, "betrayed": True}],
    "health": {"shaken": 1, "injured": True, "serious": False},
    "abilities": ["Убийственная точность"],
    "wealth": "богатый",
    "equipment": ["верёвка", "отмычки"],
}


@pytest.fixture
def table(run, db_url):
    """Две стороны: GM Ведущий, player Давид with Взломщик (finesse 7, technical 8; Greed and Truth)."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "dichotomy", "Ведущий")
        journal.add_member(C, "Давид")
        create_character(journal, C, "Взломщик", dict(zip(ATTRIBUTES, (7, 4, 5, 6, 3, 8), strict=True)),
                         ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
    finally:
        journal.close()
    return run


def _sheet(table) -> dict:
    result = table("sheet", C, "Взломщик", "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)["sheet"]


def _refused(table, tmp_path, sheet: object) -> tuple[int, str]:
    return refused(table, C, "dichotomy", tmp_path, sheet)


def test_a_twenty_session_character_is_brought_in_as_he_stands(table, tmp_path) -> None:
    """One line; the sheet reads the XP, ties, motives (one locked by a betrayal), track, ability and wealth."""
    result = table("dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout) == (
        0, ("Взломщик carried over (перенос с бумажного листа, после 20-й сессии): 27 XP earned, 12 spent, "
            "balance 15\n"))
    sheet = _sheet(table)
    assert sheet["xp"] == {"earned": 27, "spent": 12, "balance": 15}
    assert sheet["connections"] == [{"name": "Cottage", "cost": 5}, {"name": "Осведомитель в гильдии", "cost": 7}]
    assert sheet["motives"] == [{"motive": "Greed", "since": 1, "last_scored": None, "locked_until": None},
                                {"motive": None, "since": 1, "last_scored": None, "locked_until": 1}]
    assert sheet["health"] == {"shaken": 1, "injured": True, "serious": False, "drawing": "|●○|●|○|"}
    assert ([a["name"] for a in sheet["abilities"]], sheet["wealth"], sheet["equipment"]) == (
        ["Mobility", "Climbing", "Disable Device", "Deadly Aim"], "affluent", ["верёвка", "отмычки"])


def test_a_spend_after_the_carry_over_stops_at_the_carried_balance(table, tmp_path) -> None:
    """15 XP left: a tie of 16 is refused."""
    table("dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    result = table("dichotomy", "spend", C, "Взломщик", "Лодка", "--cost", "16")
    assert (result.exit_code, result.stderr) == (
        3, "error: refused by rule 'dichotomy: XP not available': 16 XP needed, 15 XP available\n")


def test_a_betrayed_slot_stays_locked_until_the_next_adventure_ends(table, tmp_path) -> None:
    """The slot emptied by a betrayal takes a new motive only after adventure 1 has ended."""
    table("dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    result = table("dichotomy", "new-motive", C, "Взломщик", "Честь")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'dichotomy: find yourself after a betrayal': a new motive only after adventure 1 "
            "has ended (0 ended so far)\n"))


def test_damage_after_the_carry_over_fills_the_carried_track(table, tmp_path) -> None:
    """Shaken 1 and Injured carried: 2 damage fills Shaken and then Serious."""
    table("dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert table("dichotomy", "damage", C, "Взломщик", "--damage", "2").exit_code == 0
    assert _sheet(table)["health"] == {"shaken": 0, "injured": True, "serious": True, "drawing": "|○○|●|●|"}


def test_a_player_carrying_over_is_refused_and_nothing_is_written(table, tmp_path) -> None:
    """Давид may not bring his own character in: exit 7, one line, the log as it was."""
    before = log_count(table, C)
    result = table("--as", "Давид", "dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may bring a character in ('carry-over') ('Давид' is a player)\n")
    assert log_count(table, C) == before


def test_more_xp_spent_than_earned_is_refused_naming_the_field(table, tmp_path) -> None:
    """12 spent of 10 earned: refused by the XP rule, the field named."""
    assert _refused(table, tmp_path, {**SHEET, "xp": {"earned": 10, "spent": 12}}) == (
        3, "error: refused by rule 'dichotomy: XP not available': sheet field 'xp.spent': 12 XP needed, 10 XP available\n")


def test_spent_xp_the_ties_do_not_account_for_is_refused(table, tmp_path) -> None:
    """14 spent, the ties cost 12: refused, the field named."""
    assert _refused(table, tmp_path, {**SHEET, "xp": {"earned": 27, "spent": 14}}) == (
        3, ("error: refused by rule 'dichotomy: XP spent on ties': sheet field 'xp.spent': 14 XP spent, the "
            "connections cost 12\n"))


def test_a_listed_tie_at_another_cost_is_refused_naming_the_field(table, tmp_path) -> None:
    """A Cottage costs 5 XP, not 3."""
    sheet = {**SHEET, "xp": {"earned": 27, "spent": 10}, "connections": [
        {"name": "Cottage", "cost": 3}, {"name": "Осведомитель в гильдии", "cost": 7}]}
    assert _refused(table, tmp_path, sheet) == (
        3, ("error: refused by rule 'dichotomy: connection cost': sheet field 'connections[0].cost': Cottage costs 5 XP, "
           "not 3\n"))


def test_one_motive_in_both_slots_is_refused_naming_the_field(table, tmp_path) -> None:
    """«Жадность» and «Greed» are one motive."""
    assert _refused(table, tmp_path, {**SHEET, "motives": [{"motive": "Жадность"}, {"motive": "Greed"}]}) == (
        3, ("error: refused by rule 'dichotomy: each motive once': sheet field 'motives[1].motive': 'Greed' is held "
           "already\n"))


def test_an_unknown_motive_is_refused_naming_the_field(table, tmp_path) -> None:
    """«Скука» is not one of the sixteen."""
    assert _refused(table, tmp_path, {**SHEET, "motives": [{"motive": "Скука"}, {"motive": "Честь"}]}) == (
        3, ("error: refused by rule 'dichotomy: known motive': sheet field 'motives[0].motive': 'Скука' is not in the "
           "list of motives\n"))


def test_one_motive_slot_is_refused(table, tmp_path) -> None:
    """A character has two slots: one given is refused."""
    assert _refused(table, tmp_path, {**SHEET, "motives": [{"motive": "Честь"}]}) == (
        2, "error: sheet field 'motives': both slots, or none (the creation's stay)\n")


def test_an_ability_over_its_cap_is_refused_naming_the_field(table, tmp_path) -> None:
    """natural 3 allows one ability: Alertness and Tracking are two."""
    assert _refused(table, tmp_path, {**SHEET, "abilities": ["Alertness", "Выслеживание"]}) == (
        3, ("error: refused by rule 'dichotomy: one ability per 3 points of its attribute': sheet field "
            "'abilities[1]': natural 3 allows 1 abilities and 1 are held; cannot add 'Tracking'\n"))


def test_a_wealth_of_no_word_is_refused_naming_the_field(table, tmp_path) -> None:
    """«миллионер» is not a wealth level."""
    assert _refused(table, tmp_path, {**SHEET, "wealth": "миллионер"}) == (
        2, "error: sheet field 'wealth': wealth: 'миллионер' is not one of destitute, comfortable, affluent\n")


def test_a_shaken_track_beyond_two_is_refused_naming_the_field(table, tmp_path) -> None:
    """Three Shaken circles do not exist."""
    assert _refused(table, tmp_path, {**SHEET, "health": {"shaken": 3, "injured": False, "serious": False}}) == (
        2, "error: dichotomy.carried_over: field 'health.shaken': Input should be less than or equal to 2\n")


def test_a_second_carry_over_of_one_character_is_refused(table, tmp_path) -> None:
    """Once per character: the second sheet is refused by the rule."""
    table("dichotomy", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'dichotomy: carried over once, first': Взломщик already has "
            "dichotomy.carried_over in the journal; a carry-over comes once, before any other\n"))


def test_a_carry_over_after_an_event_of_his_own_is_refused(table, tmp_path) -> None:
    """Взломщик already packed equipment in the journal: his carry-over comes too late."""
    assert table("dichotomy", "pack", C, "Взломщик", "факел").exit_code == 0
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'dichotomy: carried over once, first': Взломщик already has "
            "dichotomy.equipment_packed in the journal; a carry-over comes once, before any other\n"))


#: :data:`SHEET` with every field named as the Russian help names it (the audit's labels).
RUSSIAN_SHEET = {
    "персонаж": "Взломщик",
    "источник": "перенос с бумажного листа, после 20-й сессии",
    "Опыт": {"получено": 27, "потрачено": 12},
    "Связи": [{"название": "Cottage", "цена": 5}, {"название": "Осведомитель в гильдии", "цена": 7}],
    "Мотивы": [{"мотив": "Жадность"}, {"мотив": None, "предан": True}],
    "Здоровье": {"потрясение": 1, "ранен": True, "тяжело ранен": False},
    "Способности": ["Убийственная точность"],
    "Богатство": "богатый",
    "Снаряжение": ["верёвка", "отмычки"],
}


def test_the_sheet_takes_its_fields_russian_names(table, tmp_path) -> None:
    """«персонаж», «Опыт», «Связи» («название», «цена»), «Мотивы» («мотив», «предан»), «Здоровье» («потрясение»,
    «ранен», «тяжело ранен»), «Способности», «Богатство», «Снаряжение»: the event the English sheet records."""
    result = table("dichotomy", "carry-over", C, sheet_file(tmp_path, RUSSIAN_SHEET), "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, {key: data[key] for key in SHEET}) == (0, {
        "character": "Взломщик", "source": "перенос с бумажного листа, после 20-й сессии",
        "xp": {"earned": 27, "spent": 12},
        "connections": [{"name": "Cottage", "cost": 5}, {"name": "Осведомитель в гильдии", "cost": 7}],
        "motives": [{"motive": "Greed", "betrayed": False}, {"motive": None, "betrayed": True}],
        "health": {"shaken": 1, "injured": True, "serious": False},
        "abilities": [{"name": "Deadly Aim", "attribute": "finesse"}], "wealth": "affluent",
        "equipment": ["верёвка", "отмычки"]})
