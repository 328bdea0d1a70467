"""``journal dichotomy ...`` takes the words a player types in Russian as in English (the system's choices, read by
journal.understand): how a career ends and the injury healed; its Russian help lists them, and the attributes and
wealth levels, in the rule text's words."""

from __future__ import annotations

import orjson

from tests.cli.test_cli_dichotomy import CARLY, C, _ok, table  # noqa: F401 - the fixture


def test_damage_takes_the_end_of_a_career_in_russian(table) -> None:  # noqa: F811
    """The third Hit after both state circles with --end «конец карьеры»: the career ends."""
    for damage in ("3", "3", "1", "1"):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", damage)
    data = orjson.loads(_ok(table("dichotomy", "damage", C, "Шарлотта", "--damage", "1", "--end", "Конец карьеры",
                                  "--json")))
    assert data["end"] == "career_ended"


def test_heal_takes_the_serious_injury_in_russian(table) -> None:  # noqa: F811
    """«Серьёзное ранение» (ё or е) is the serious injury healed."""
    for damage in ("3", "3", "1"):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", damage)
    table("dichotomy", "fight-end", C)
    table(*CARLY, "dichotomy", "recover", C, "Шарлотта", "--rest")
    assert _ok(table("dichotomy", "heal", C, "Шарлотта", "серьезное ранение")) == (
        "Шарлотта: serious healed -> |○○|●|○|\n")


def test_the_motive_outcome_named_by_the_russian_usage_is_taken(table) -> None:  # noqa: F811
    """«воплощён», as the Russian usage line names it: the motive is fulfilled."""
    table("dichotomy", "adventure", "start", C)
    data = orjson.loads(_ok(table("dichotomy", "motive", C, "Шарлотта", "Честь", "воплощён", "--json")))
    assert (data["motive"], data["outcome"]) == ("Honor", "fulfilled")


def test_the_russian_help_lists_the_wealth_levels_in_russian(run) -> None:
    """--lang ru dichotomy wealth --help: the levels as the command takes them."""
    result = run("--lang", "ru", "dichotomy", "wealth", "--help")
    assert " ".join(result.stdout.split("\n\n")[1].split()) == (
        "Между приключениями достаток ПЕРСОНАЖА становится УРОВЕНЬ («нищий», «комфортный», «богатый»).")


def _head(table) -> str:  # noqa: F811
    return orjson.loads(_ok(table("campaign", "show", C, "--json")))["version"]


def test_an_unknown_wealth_level_is_refused_in_russian_by_the_fields_label(table) -> None:  # noqa: F811
    """--lang ru wealth «миллионер»: «Богатство» and the levels as a player types them, nothing recorded."""
    before = _head(table)
    result = table("--lang", "ru", *CARLY, "dichotomy", "wealth", C, "Шарлотта", "миллионер")
    assert (result.exit_code, result.stderr, _head(table)) == (
        2, "Ошибка: Богатство: «миллионер» — не одно из слов «нищий», «комфортный», «богатый»\n", before)


def test_an_unknown_motive_outcome_is_refused_in_russian_by_the_rule_texts_words(table) -> None:  # noqa: F811
    """--lang ru motive … «выполнен»: «исход мотива» and «воплощение», «предательство», nothing recorded."""
    table("dichotomy", "adventure", "start", C)
    before = _head(table)
    result = table("--lang", "ru", "dichotomy", "motive", C, "Шарлотта", "Честь", "выполнен")
    assert (result.exit_code, result.stderr, _head(table)) == (
        2, "Ошибка: исход мотива: «выполнен» — не одно из слов «воплощение», «предательство»\n", before)


def test_the_motive_outcome_named_as_the_sheet_shows_it_is_taken(table) -> None:  # noqa: F811
    """«предательство», the word the journal prints for a betrayed motive, is taken back."""
    table("dichotomy", "adventure", "start", C)
    data = orjson.loads(_ok(table("dichotomy", "motive", C, "Шарлотта", "Честь", "предательство", "--json")))
    assert data["outcome"] == "betrayed"


def test_a_wealth_level_already_held_is_refused_in_russian_by_its_word(table) -> None:  # noqa: F811
    """Шарлотта is «богатый» already: the refusal names the level in Russian, not ``affluent``."""
    result = table("--lang", "ru", *CARLY, "dichotomy", "wealth", C, "Шарлотта", "богатый")
    refused = ("Ошибка: отказано по правилу «Дихотомия: Уровень достатка меняется между приключениями»: "
               "Уровень достатка уже богатый\n")
    assert (result.exit_code, result.stderr) == (3, refused)
