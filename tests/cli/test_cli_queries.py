"""The projection queries through the CLI: sheet, debts, control, bonds, xp, diff and rebuild, at any point."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import recorded_with_cli


@recorded_with_cli
def wield(run) -> str:
    """A Wield campaign: Jill's vatcha Ring, John's hero Ёжик, two powers, a sealed and breached geis."""
    steps = [
        ["campaign", "new", "Зола", "--system", "wield", "--master", "Судьба"],
        ["member", "add", "Зола", "John"],
        ["member", "add", "Зола", "Jill"],
        ["--as", "Jill", "wield", "vatcha", "Зола", "Ring", "Ring", "--domains", "Air", "--goal", "Kill the King",
         "--step", "a", "--step", "b", "--step", "c", "--step", "d", "--step", "e", "--destroyed", "fire"],
        ["--as", "John", "wield", "hero", "Зола", "Ёжик", "Ring", "Thief", "Marry the prince"],
        ["--as", "Jill", "wield", "power", "Зола", "Ring", "Gust", "--rank", "1", "--domain", "Air"],
        ["--as", "Jill", "wield", "power", "Зола", "Ring", "Whirlwind", "--rank", "2", "--domain", "Air"],
        ["--as", "John", "wield", "offer", "Зола", "Ёжик", "Free the town", "--chance", "Leap the chasm"],
        ["wield", "seal", "Зола", "Ёжик", "--rank", "2"],
        ["wield", "breach", "Зола", "Ёжик", "Took the gold"],
    ]
    for args in steps:
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
    return "Зола"


def _json(result) -> dict:
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(("args", "title"), [
    (("sheet", "Зола", "Ёжик"), "Ёжик на №10"), (("sheet", "Зола", "Ёжик", "--as-of", "6"), "Ёжик на №6"),
    (("debts", "Зола"), "долги по гейсам на №10"), (("control", "Зола", "--as-of", "7"), "Контроль на №7"),
    (("diff", "Зола", "--from", "8"), "изменения с №8 по №10"), (("xp", "Зола"), "опыт не записан (№10)"),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else "")
def test_a_russian_title_names_its_point_as_the_timeline_numbers_it(run, wield: str, args: tuple[str, ...],
                                                                     title: str) -> None:
    """--lang ru: sheet, debts, control, diff and xp say «на №N» (the log's first column), never a version."""
    result = run("--lang", "ru", *args)
    assert (result.exit_code, result.stdout.splitlines()[0].strip()) == (0, title)


def test_debts_list_the_breached_geis_with_what_is_owed(run, wield: str) -> None:
    """After a rank-2 geis is breached, the hero owes Fate 2 failures."""
    rows = _json(run("debts", wield, "--json"))["geasa"]
    assert [(r["hero"], r["geis"], r["rank"], r["broken"], r["owed"], r["collected"]) for r in rows] == [
        ("Ёжик", "Free the town", 2, True, 2, 0)]


def test_debts_before_the_breach_owe_nothing(run, wield: str) -> None:
    """As of the version before the breach (9), the geis is sealed but nothing is owed."""
    rows = _json(run("debts", wield, "--as-of", "9", "--json"))["geasa"]
    assert [(r["broken"], r["owed"]) for r in rows] == [(False, 0)]


def test_control_shows_the_pyramid_after_three_ranks(run, wield: str) -> None:
    """Ranks 1 + 2 mark 3 boxes: Control lost 2, the vatcha rolls 8 and the wielder 2 (the John example)."""
    (row,) = _json(run("control", wield, "--json"))["standings"]
    assert (row["vatcha"], row["hero"], row["current"], row["control_lost"], row["vatcha_dice"], row["wielder_dice"]) == (
        "Ring", "Ёжик", True, 2, 8, 2)


def test_control_as_of_the_first_power_shows_one_box(run, wield: str) -> None:
    """As of version 6 (the first power, rank 1) Control lost is 1 (the Jill example)."""
    (row,) = _json(run("control", wield, "--as-of", "6", "--json"))["standings"]
    assert (row["control_lost"], row["vatcha_dice"], row["wielder_dice"]) == (1, 9, 1)


def test_sheet_shows_a_hero_with_his_geis_debt(run, wield: str) -> None:
    """The hero's sheet carries background, destiny and the owed failures."""
    sheet = _json(run("sheet", wield, "Ёжик", "--json"))["sheet"]
    assert (sheet["kind"], sheet["background"], sheet["destiny"], sheet["owed"]) == ("hero", "Thief", "Marry the prince", 2)


def test_sheet_of_an_unknown_character_names_the_known_ones(run, wield: str) -> None:
    """Asking for a stranger's sheet exits 4 and lists who exists."""
    result = run("sheet", wield, "Никто")
    assert result.exit_code == 4
    assert result.stderr == "error: no character named 'Никто' in 'Зола' at version 10 (known: Ring, Ёжик)\n"


def test_sheet_as_of_a_session_that_does_not_exist_is_refused(run, wield: str) -> None:
    """An as-of point naming a missing session exits 4 with the reason."""
    result = run("sheet", wield, "Ёжик", "--as-of", "session:3")
    assert (result.exit_code, result.stderr) == (4, "error: as-of: session 3 does not exist in campaign 'Зола'\n")


def test_bonds_belong_to_vpt(run, wield: str) -> None:
    """bonds on a Wield campaign is refused naming the system."""
    result = run("bonds", wield)
    assert (result.exit_code, result.stderr) == (2, "error: bonds: campaign 'Зола' plays wield; bonds belong to vpt\n")


def test_diff_lists_the_fields_the_breach_changed(run, wield: str) -> None:
    """Between versions 9 and 10 only the breach's fields change (geasa are keyed by their seal's event id)."""
    changes = _json(run("diff", wield, "--from", "9", "--to", "10", "--json"))["changes"]
    seal = _json(run("log", wield, "--type", "wield.geis_sealed", "--json"))["id"]
    assert [(c["character"], c["field"], c["before"], c["after"]) for c in changes] == [
        ("Ёжик", f"geasa.{seal}.broken", False, True), ("Ёжик", f"geasa.{seal}.owed", 0, 2), ("Ёжик", "owed", 0, 2)]


def test_rebuild_reports_each_campaign(run, wield: str) -> None:
    """rebuild folds every campaign again and says how many events it read."""
    result = run("rebuild")
    assert (result.exit_code, result.stdout) == (0, "rebuilt 'Зола': 10 events\n")


def test_rebuild_leaves_queries_answering_the_same(run, wield: str) -> None:
    """After a rebuild, the debts read exactly as before."""
    before = _json(run("debts", wield, "--json"))
    run("rebuild", wield)
    assert _json(run("debts", wield, "--json")) == before


@recorded_with_cli
def vpt(run) -> str:
    """A VPT session: two characters, ticks between them, a revenge."""
    steps = [
        ["campaign", "new", "Пепел", "--system", "vpt", "--master", "Вика"],
        ["member", "add", "Пепел", "Оля"],
        ["member", "add", "Пепел", "Дима"],
        ["--as", "Оля", "vpt", "char", "Пепел", "Вольтаир", "--hit", "1", "--health", "1"],
        ["--as", "Дима", "vpt", "char", "Пепел", "Эдди", "--prep", "5"],
        ["vpt", "char", "Пепел", "Питер", "--morale", "1", "--limit", "2"],
        ["session", "start", "Пепел", "--present", "Оля,Дима"],
        ["--as", "Оля", "vpt", "tick", "Пепел", "Вольтаир", "Эдди", "saved"],
        ["--as", "Дима", "vpt", "tick", "Пепел", "Эдди", "Вольтаир", "saved", "date"],
        ["--as", "Оля", "vpt", "revenge", "Пепел", "Вольтаир", "Питер"],
        ["--as", "Оля", "vpt", "revenge-tick", "Пепел", "Вольтаир", "fought"],
        ["session", "end", "Пепел", "--minutes", "120"],
    ]
    for args in steps:
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
    return "Пепел"


def test_bonds_list_each_pair_with_points(run, vpt: str) -> None:
    """Relationships and the revenge appear pair by pair with their points."""
    rows = _json(run("bonds", vpt, "--json"))["bonds"]
    assert [(r["character"], r["bond"], r["other"], r["points"]) for r in rows] == [
        ("Вольтаир", "relationship", "Эдди", 1), ("Вольтаир", "revenge", "Питер", 1), ("Эдди", "relationship", "Вольтаир", 2)]


def test_bonds_at_the_start_of_the_session_are_empty(run, vpt: str) -> None:
    """As of session:1:start no tick has happened yet."""
    assert _json(run("bonds", vpt, "--as-of", "session:1:start", "--json"))["bonds"] == []


def test_bonds_table_for_people(run, vpt: str) -> None:
    """Without --json, bonds prints a table naming every pair."""
    result = run("bonds", vpt)
    assert result.exit_code == 0
    assert "Вольтаир" in result.stdout and "revenge" in result.stdout and "Питер" in result.stdout


def test_xp_with_nothing_awarded_says_so(run, vpt: str) -> None:
    """A VPT campaign without XP events prints the empty-ledger line."""
    result = run("xp", vpt)
    assert (result.exit_code, result.stdout) == (0, "no experience recorded (version 12)\n")


def test_debts_belong_to_wield(run, vpt: str) -> None:
    """debts on a VPT campaign is refused naming the system."""
    result = run("debts", vpt)
    assert result.exit_code == 2
    assert result.stderr == "error: geis debts: campaign 'Пепел' plays vpt; geis debts belong to wield\n"


@pytest.mark.parametrize("point", ["начало сессии 1", "Начало  сессии 1", "start of session 1"])
def test_as_of_takes_a_sessions_start_as_the_page_names_it(run, wield: str, point: str) -> None:
    """«начало сессии 1» (or "start of session 1") is the point ``session:1:start``: the same answer."""
    run("session", "start", wield, "--present", "John,Jill")
    run("wield", "breach", wield, "Ёжик", "Again")
    assert _json(run("debts", wield, "--as-of", point, "--json")) == _json(
        run("debts", wield, "--as-of", "session:1:start", "--json"))


@pytest.mark.parametrize("point", ["конец сессии 1", "end of session 1", "сессия 1"])
def test_as_of_takes_a_sessions_end_as_the_page_names_it(run, wield: str, point: str) -> None:
    """«конец сессии 1» is the point ``session:1``."""
    run("session", "start", wield, "--present", "John,Jill")
    run("session", "end", wield, "--minutes", "30")
    assert _json(run("debts", wield, "--as-of", point, "--json")) == _json(
        run("debts", wield, "--as-of", "session:1", "--json"))


@pytest.mark.parametrize("point", ["№9", "№ 9", "#9", "v9"])
def test_as_of_takes_an_event_number_as_the_lines_print_it(run, wield: str, point: str) -> None:
    """«№9» (the Russian lines' form), "#9" (the English) and the older ``v9`` are point 9."""
    assert _json(run("debts", wield, "--as-of", point, "--json")) == _json(
        run("debts", wield, "--as-of", "9", "--json"))


@pytest.mark.parametrize("point", ["до №10", "до 10", "перед №10", "before:10", "before №10"])
def test_as_of_takes_the_point_before_an_event_as_people_say_it(run, wield: str, point: str) -> None:
    """«до №10» (the Russian help's form) is the point just before event 10: point 9, the breach not yet owed."""
    assert _json(run("debts", wield, "--as-of", point, "--json")) == _json(
        run("debts", wield, "--as-of", "9", "--json"))


@pytest.mark.parametrize("point", ["сейчас", "Сейчас", "now", "head"])
def test_diff_to_now_is_the_campaigns_newest_event(run, wield: str, point: str) -> None:
    """`--to сейчас` (the default Russian help names) is the head: the same diff as without --to."""
    assert _json(run("diff", wield, "--from", "8", "--to", point, "--json")) == _json(
        run("diff", wield, "--from", "8", "--json"))
