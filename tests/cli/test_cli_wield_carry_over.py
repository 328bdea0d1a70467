"""``journal wield carry-over``: a running campaign's hero brought in from a sheet file, then played on.

Each test runs on SQLite and PostgreSQL through the real click CLI; the campaign is set up through the service.
"""

from __future__ import annotations

import orjson
import pytest
from carry_over_sheets import log_count, refused, sheet_file

from journal.service import Journal
from journal.systems.wield import commands

C = "Зола"

#: Ёжик after twenty sessions on a paper sheet: the domain in the table's word, a broken geis still owing one.
SHEET = {
    "hero": "Ёжик",
    "source": "перенос с бумажного листа, после 20-й сессии",
    "powers": [{"power": "Порыв", "rank": 1, "domain": "Воздух"}, {"power": "Вихрь", "rank": 2, "domain": "air"}],
    "wounds": 2,
    "conditions": [{"condition": "Благословлён", "extra_dice": 1}],
    "geasa": [{"promise": "Отдать плащ первому встречному", "rank": 2, "broken": True, "owed": 1},
              {"promise": "Не лгать королю", "rank": 1}],
}


@pytest.fixture
def table(run, db_url):
    """Зола (Fate: Судьба), players John and Jill, Jill's Ring wielded by John's hero Ёжик."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "wield", "Судьба")
        for player in ("John", "Jill"):
            journal.add_member(C, player)
        commands.record_vatcha(journal, C, "Ring", "Ring", ["Air"], "Kill the Mad King", list("abcde"), "Fire",
                               actor="Jill")
        commands.record_hero(journal, C, "Ёжик", "Ring", "Thief", "Marry the prince", actor="John")
    finally:
        journal.close()
    return run


def _json(table, *args: str) -> dict:
    result = table(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)


def _refused(table, tmp_path, sheet: object) -> tuple[int, str]:
    return refused(table, C, "wield", tmp_path, sheet)


def test_a_twenty_session_hero_is_brought_in_with_his_powers_wounds_and_debts(table, tmp_path) -> None:
    """One line; the hero's sheet holds the powers, wounds, condition and 1 failure owed."""
    result = table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout) == (
        0, "Ёжик carried over (перенос с бумажного листа, после 20-й сессии): 2 powers, 2 wounds, 1 failures owed\n")
    hero = _json(table, "sheet", C, "Ёжик")["sheet"]
    assert (hero["powers"], hero["wounds"], hero["conditions"], hero["owed"]) == (
        [{"power": "Порыв", "rank": 1, "domain": "Air"}, {"power": "Вихрь", "rank": 2, "domain": "Air"}], 2,
        {"Благословлён": {"effect": "", "extra_dice": 1, "bonus": 0}}, 1)


def test_the_carried_powers_take_control_off_the_vatcha(table, tmp_path) -> None:
    """Three boxes marked on the pyramid: Control lost 2, the vatcha rolls 8 dice and the wielder 2."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    (standing,) = _json(table, "control", C)["standings"]
    assert (standing["control_lost"], standing["vatcha_dice"], standing["wielder_dice"]) == (2, 8, 2)
    assert _json(table, "sheet", C, "Ring")["sheet"]["boxes"] == 3


def test_the_debts_read_the_carried_geasa(table, tmp_path) -> None:
    """The broken rank-2 geis owes 1 (1 collected before), the unbroken one nothing."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    rows = [(g["geis"], g["rank"], g["broken"], g["owed"], g["collected"]) for g in _json(table, "debts", C)["geasa"]]
    assert rows == [("Отдать плащ первому встречному", 2, True, 1, 1), ("Не лгать королю", 1, False, 0, 0)]


def test_fate_collects_the_carried_debt_on_a_later_success(table, tmp_path) -> None:
    """A success after the carry-over turns into a failure; nothing is owed after it."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert table("wield", "chance", C, "Ёжик", "Hard", "Bribe", "--dice", "16,3").exit_code == 0
    collect = table("wield", "collect", C, "v7")
    assert (collect.exit_code, collect.stdout) == (
        0, "Fate collects: Ёжик's success in “Bribe” is a failure; still owed on that geis: 0 (#8)\n")
    assert _json(table, "sheet", C, "Ёжик")["sheet"]["owed"] == 0


def test_a_power_past_the_tenth_box_after_the_carry_over_is_refused(table, tmp_path) -> None:
    """Three boxes carried: a rank 8 power needs 11 of the 10."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    result = table("--as", "Jill", "wield", "power", C, "Ring", "Буря", "--rank", "8")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'wield: at most ten ranks bestowed': 3 boxes are marked; a rank 8 power needs 11 "
            "of the 10\n"))


def test_a_player_carrying_over_is_refused_and_nothing_is_written(table, tmp_path) -> None:
    """John may not bring his own hero in: exit 7, one line, the log as it was."""
    before = log_count(table, C)
    result = table("--as", "John", "wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may bring a character in ('carry-over') ('John' is a player)\n")
    assert log_count(table, C) == before


def test_powers_past_ten_boxes_are_refused_naming_the_field(table, tmp_path) -> None:
    """Ranks 6 and 5: the second needs 11 boxes of the 10."""
    sheet = {**SHEET, "powers": [{"power": "Буря", "rank": 6}, {"power": "Гроза", "rank": 5}]}
    assert _refused(table, tmp_path, sheet) == (
        3, ("error: refused by rule 'wield: at most ten ranks bestowed': sheet field 'powers[1].rank': 6 boxes are "
            "marked; a rank 5 power needs 11 of the 10\n"))


def test_a_domain_of_no_word_is_refused_naming_the_field(table, tmp_path) -> None:
    """«Ветер» names no Domain: one line listing the Domains' words."""
    code, stderr = _refused(table, tmp_path, {**SHEET, "powers": [{"power": "Порыв", "rank": 1, "domain": "Ветер"}]})
    assert (code, stderr.split(" is not one of")[0]) == (2, "error: sheet field 'powers[0].domain': domain: 'Ветер'")


def test_a_debt_on_an_unbroken_geis_is_refused_naming_the_field(table, tmp_path) -> None:
    """An unbroken geis owes nothing."""
    sheet = {**SHEET, "geasa": [{"promise": "Не лгать королю", "rank": 1, "owed": 1}]}
    assert _refused(table, tmp_path, sheet) == (
        3, ("error: refused by rule 'wield: a failure is owed': sheet field 'geasa[0].owed': an unbroken geis owes "
            "nothing, not 1\n"))


def test_a_debt_above_the_rank_is_refused_naming_the_field(table, tmp_path) -> None:
    """A rank 1 geis owes at most 1 failure."""
    sheet = {**SHEET, "geasa": [{"promise": "Не лгать королю", "rank": 1, "broken": True, "owed": 2}]}
    assert _refused(table, tmp_path, sheet) == (
        3, ("error: refused by rule 'wield: a failure is owed': sheet field 'geasa[0].owed': a rank 1 geis owes at "
            "most 1 failures, not 2\n"))


def test_a_condition_twice_is_refused_naming_the_field(table, tmp_path) -> None:
    """«Благословлён» listed twice."""
    sheet = {**SHEET, "conditions": [{"condition": "Благословлён"}, {"condition": "Благословлён"}]}
    assert _refused(table, tmp_path, sheet) == (
        3, ("error: refused by rule 'wield: condition held once': sheet field 'conditions[1].condition': "
            "'Благословлён' is already held\n"))


def test_a_dead_hero_is_not_brought_in(table, tmp_path) -> None:
    """Ёжик died in the journal: refused (his death is an event of his own, too)."""
    assert table("wield", "death", C, "Ёжик", "fell").exit_code == 0
    code, stderr = _refused(table, tmp_path, SHEET)
    assert (code, stderr) == (
        3, ("error: refused by rule 'wield: carried over once, first': Ёжик already has wield.hero_died in the "
            "journal; a carry-over comes once, before any other\n"))


def test_a_second_carry_over_of_one_hero_is_refused(table, tmp_path) -> None:
    """Once per hero: the second sheet is refused by the rule."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'wield: carried over once, first': Ёжик already has wield.carried_over in the "
            "journal; a carry-over comes once, before any other\n"))


def test_a_carry_over_after_a_power_in_the_journal_is_refused(table, tmp_path) -> None:
    """Ring already bestowed a power on Ёжик in the journal: his carry-over comes too late."""
    assert table("--as", "Jill", "wield", "power", C, "Ring", "Порыв", "--rank", "1").exit_code == 0
    assert _refused(table, tmp_path, SHEET) == (
        3, ("error: refused by rule 'wield: carried over once, first': Ёжик already has wield.power_bestowed in the "
            "journal; a carry-over comes once, before any other\n"))


def test_an_overturned_carry_over_takes_its_debts_and_powers_away(table, tmp_path) -> None:
    """The quorum disputes the carry-over and Fate overturns it: no geis, no power, Control full again."""
    table("wield", "carry-over", C, sheet_file(tmp_path, SHEET))
    opened = _json(table, "--as", "Jill", "dispute", "open", C, "--event", "6", "--reason", "не тот лист")["id"]
    for player in ("John", "Jill"):
        assert table("--as", player, "dispute", "vote", opened, "--overturn").exit_code == 0
    assert table("dispute", "rule", opened, "--overturn").exit_code == 0
    (standing,) = _json(table, "control", C)["standings"]
    hero = _json(table, "sheet", C, "Ёжик")["sheet"]
    assert (_json(table, "debts", C)["geasa"], hero["powers"], hero["owed"], standing["vatcha_dice"]) == ([], [], 0, 10)


#: :data:`SHEET` with every field named as the Russian help names it (the audit's labels).
RUSSIAN_SHEET = {
    "герой": "Ёжик",
    "источник": "перенос с бумажного листа, после 20-й сессии",
    "Силы": [{"сила": "Порыв", "ранг": 1, "домен": "Воздух"}, {"сила": "Вихрь", "ранг": 2, "домен": "air"}],
    "Ранения": 2,
    "Состояния": [{"состояние": "Благословлён", "доп. кубики": 1}],
    "Гейсы": [{"обещание": "Отдать плащ первому встречному", "ранг": 2, "нарушен": True, "Долг Судьбе": 1},
              {"обещание": "Не лгать королю", "ранг": 1}],
}


def test_the_sheet_takes_its_fields_russian_names(table, tmp_path) -> None:
    """«герой», «Силы» («сила», «ранг», «домен»), «Ранения», «Состояния» («состояние», «доп. кубики»), «Гейсы»
    («обещание», «нарушен», «Долг Судьбе»): the event the English sheet records."""
    result = table("wield", "carry-over", C, sheet_file(tmp_path, RUSSIAN_SHEET), "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, {key: data[key] for key in SHEET}) == (0, {
        "hero": "Ёжик", "source": "перенос с бумажного листа, после 20-й сессии",
        "powers": [{"power": "Порыв", "rank": 1, "domain": "Air"}, {"power": "Вихрь", "rank": 2, "domain": "Air"}],
        "wounds": 2, "conditions": [{"condition": "Благословлён", "effect": "", "extra_dice": 1, "bonus": 0}],
        "geasa": [{"promise": "Отдать плащ первому встречному", "rank": 2, "degree": None, "broken": True, "owed": 1},
                  {"promise": "Не лгать королю", "rank": 1, "degree": None, "broken": False, "owed": 0}]})
