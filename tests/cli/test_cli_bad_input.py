"""Bad input at the CLI: one line naming the field, the right exit code, the journal exactly as it was (issue 11).

Each case the issue lists has its test; the database-dependent ones (over-long names and ids, which
PostgreSQL's varchar columns would refuse with a raw error) run on both backends like every CLI test.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa

from journal.store.urls import normalise_url
from tests.cli.conftest import recorded_with_cli

Dump = Callable[[], list[tuple]]


@pytest.fixture
def dump(db_url: str) -> Dump:
    """Every row of the events table, in order: what "the journal exactly as it was" compares."""

    def rows() -> list[tuple]:
        engine = sa.create_engine(normalise_url(db_url))
        try:
            with engine.connect() as conn:
                return [tuple(row) for row in conn.exec_driver_sql("SELECT * FROM events ORDER BY seq")]
        finally:
            engine.dispose()

    return rows


@recorded_with_cli
def table(run) -> None:
    """A VPT campaign 'Лес' (Master Вика, player Оля with Вольтаир) with an open session."""
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля"),
                 ("--as", "Оля", "vpt", "char", "Лес", "Вольтаир"), ("session", "start", "Лес", "--present", "Оля")):
        assert run(*args).exit_code == 0


def _refused(result, code: int, message: str) -> None:
    assert (result.exit_code, result.stdout, "Traceback" in result.output) == (code, "", False)
    assert result.stderr.splitlines()[-1] == message


# -- integers range-checked where they are parsed ----------------------------------------------------


def test_audit_of_a_version_past_the_integer_columns_names_the_argument(run, table, dump) -> None:
    """`audit C 99999999999999999999` is refused by the EVENT argument, exit 2, nothing written."""
    before = dump()
    result = run("audit", "Лес", "99999999999999999999")
    _refused(result, 2, "Error: Invalid value for 'EVENT': '99999999999999999999' is not a version (1..2147483647)")
    assert dump() == before


def test_audit_of_digits_that_are_not_ascii_names_the_argument(run, table) -> None:
    """A superscript two passes str.isdigit but is no version: refused naming EVENT, not a traceback."""
    _refused(run("audit", "Лес", "²"), 2, "Error: Invalid value for 'EVENT': '²' is not a version (1..2147483647)")


def test_session_end_with_huge_minutes_names_the_option(run, table, dump) -> None:
    """`session end --minutes 99999999999999999999999` is refused by --minutes, the session stays open."""
    before = dump()
    result = run("session", "end", "Лес", "--minutes", "99999999999999999999999")
    _refused(result, 2, "Error: Invalid value for '--minutes': 99999999999999999999999 is not in the range "
                        "1<=x<=2147483647.")
    assert dump() == before


@pytest.mark.parametrize("minutes", ["0", "-5"])
def test_session_end_with_minutes_below_one_names_the_option(run, table, dump, minutes: str) -> None:
    """A session of 0 or -5 minutes is refused naming --minutes, and nothing is written."""
    before = dump()
    result = run("session", "end", "Лес", "--minutes", minutes)
    _refused(result, 2, f"Error: Invalid value for '--minutes': {minutes} is not in the range 1<=x<=2147483647.")
    assert dump() == before


# -- paths and URLs ----------------------------------------------------------------------------------


def test_export_to_an_unwritable_path_is_one_line_naming_the_option(run, table) -> None:
    """`export -o /nonexistent/x.jsonl`: 'error: --output: cannot write ...', exit 2."""
    _refused(run("export", "Лес", "-o", "/nonexistent/x.jsonl"), 2,
             "error: --output: cannot write '/nonexistent/x.jsonl': No such file or directory")


def test_an_unknown_database_scheme_is_refused_naming_db(run) -> None:
    """`--db mysql://x@h/x` is one line naming --db and the supported schemes, exit 2."""
    _refused(run("campaign", "list", db="mysql://x@h/x"), 2,
             "error: --db: only sqlite paths/URLs and postgresql:// are supported")


# -- names and ids too long for the database's columns ----------------------------------------------


def test_a_201_character_campaign_name_is_refused_before_the_database(run, dump) -> None:
    """A campaign name one past the column's 200 characters: exit 2 naming the rule, on both databases."""
    result = run("campaign", "new", "x" * 201, "--system", "vpt", "--master", "Вика")
    _refused(result, 2, "error: campaign name: at most 200 characters")
    assert dump() == []


def test_a_201_character_character_name_is_refused_before_the_database(run, table, dump) -> None:
    """A character name past 200 characters is refused naming the payload field, on both databases."""
    before = dump()
    result = run("--as", "Оля", "vpt", "char", "Лес", "я" * 201)
    _refused(result, 2, "error: vpt.character_created: field 'name': at most 200 characters")
    assert dump() == before


def test_a_300_character_event_id_is_refused_before_the_database(run, table, dump) -> None:
    """`dispute open --event <300 hex digits>` is a prefix no id has (exit 4, one line), on both databases."""
    before = dump()
    result = run("--as", "Оля", "dispute", "open", "Лес", "--event", "a" * 300, "--reason", "нет")
    _refused(result, 4, f"error: no event with an id starting '{'a' * 300}' in campaign 'Лес'")
    assert dump() == before


def test_a_300_character_actor_is_not_a_member(run, table, dump) -> None:
    """`--as <300 characters>` is refused as not a member (exit 7) without reaching the actor column."""
    before = dump()
    result = run("--as", "a" * 300, "roll", "Лес", "1d6", "--dice", "3")
    _refused(result, 7, f"error: '{'a' * 300}' is not a member of campaign 'Лес'")
    assert dump() == before


# -- one name rule everywhere ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "shown"), [("Ev\nil", "U+000A"), ("Ev\x00il", "U+0000"), ("Ev\u2028il", "U+2028"),
                                             ("Ev\u202eil", "U+202E")])
def test_vpt_char_refuses_control_characters_like_member_add(run, table, dump, name: str, shown: str) -> None:
    """A newline, NUL, line separator or bidi override in a character's name is refused naming the field."""
    before = dump()
    result = run("--as", "Оля", "vpt", "char", "Лес", name)
    _refused(result, 2, f"error: vpt.character_created: field 'name': control characters are not allowed ({shown})")
    assert dump() == before


def test_member_add_refuses_a_name_of_only_separators(run, table, dump) -> None:
    """A member name of spaces and a paragraph separator is empty once trimmed: refused, exit 2."""
    before = dump()
    _refused(run("member", "add", "Лес", " \u2029 "), 2, "error: member name: must not be empty")
    assert dump() == before


def test_member_add_refuses_a_line_separator_inside_the_name(run, table) -> None:
    """member add applies the same rule as the verbs: a U+2028 inside a name is refused."""
    _refused(run("member", "add", "Лес", "Ан\u2028я"), 2, "error: member name: control characters are not allowed "
                                                         "(U+2028)")


def test_a_character_name_with_surrounding_space_is_refused_not_altered(run, table, dump) -> None:
    """Stone Wheel has no trimming of its own: ' Ёжик' is refused by the payload, never stored as 'Ёжик'."""
    assert run("campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер").exit_code == 0
    assert run("member", "add", "Камень", "Боря").exit_code == 0
    before = dump()
    result = run("stone-wheel", "character", "Камень", " Ёжик", "Боря", "--kind", "general", "--race", "ёж",
                 "--class", "вор", "--chars", "3,2,6,5,3,3,4,3,1,4",
                 "--params", "здоровье=8,выносливость=4,мана=2,выживание=4,урон=1")
    _refused(result, 2, "error: stone_wheel.character_created: field 'character': must not begin or end with "
                        "whitespace")
    assert dump() == before


# -- negative numbers as arguments -------------------------------------------------------------------


def test_roll_reads_a_leading_negative_number_as_the_notation(run, table) -> None:
    """`roll C -1+1d6 --dice 4` is a roll of -1 + [4] = 3, not an unknown option '-1'."""
    result = run("--as", "Оля", "roll", "Лес", "-1+1d6", "--dice", "4")
    assert (result.exit_code, result.stdout) == (0, "-1+1d6: - 1 + [4] = 3  (table, #5)\n")


def test_vpt_weapon_reads_a_negative_target_as_the_argument(run, table, dump) -> None:
    """`vpt weapon C club --target -7 --wi 4` reaches the payload's rule for the target (>= 1)."""
    before = dump()
    result = run("vpt", "weapon", "Лес", "дубинка", "--target", "-7", "--wi", "4")
    _refused(result, 2, "error: vpt.weapon_table_set: field 'weapons.дубинка.target': Input should be greater than "
                        "or equal to 1")
    assert dump() == before


def test_a_mistyped_option_on_a_numeric_command_is_still_refused(run, table, dump) -> None:
    """`--tagret` is not silently taken: click names the unknown option, exit 2."""
    before = dump()
    result = run("vpt", "weapon", "Лес", "дубинка", "--tagret", "7", "--wi", "4")
    _refused(result, 2, "Error: No such option '--tagret'. Did you mean '--target'?")
    assert dump() == before


def test_a_path_holding_nul_is_one_line_and_writes_nothing(run, table, dump) -> None:
    """`import 'Ев\\x00ил'` (found by the fuzz: os.stat raised): one line, exit 2, the journal as it was."""
    before = dump()
    _refused(run("import", "Ев\x00ил"), 2, "error: a path holds a NUL character: no file is named so")
    assert dump() == before
