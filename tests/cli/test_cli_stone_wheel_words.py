"""``journal stone-wheel ...`` takes the words a player types in Russian as in English (the system's choices, read
by journal.understand): a challenge's action and response, a pool, how a soul returns, what XP improves and the school,
a character's type; a word it does not know is refused listing the words in the reader's language."""

from __future__ import annotations

import orjson

from tests.cli.test_cli_stone_wheel import CHARS, SW, error, ok, table  # noqa: F401 - the fixture


def test_exchange_takes_the_action_and_the_response_in_russian(table) -> None:  # noqa: F811
    """«захват» answered by «уклонение»: the exchange records grab and dodge."""
    result = table(SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "7", "--pool", "1", "--dice", "1",
                   "--action", "захват", "--response", "Уклонение", "--answer-threshold", "7", "--answer-pool", "1",
                   "--answer-dice", "1", "--json")
    data = orjson.loads(result.stdout)[0]
    assert (result.exit_code, data["action"], data["response"]) == (0, "grab", "dodge")


def test_recover_takes_the_pool_as_the_sheet_names_it(table) -> None:  # noqa: F811
    """«Здоровье», as the sheet and the carry-over name the pool: 6 Health back after 10 lost."""
    table(SW, "damage", "Камень", "Ратибор", "--amount", "10")
    ok(table(SW, "recover", "Камень", "Ратибор", "Здоровье", "--amount", "6", "--reason", "зелье"),
       "Ратибор: health 16/20 (зелье)\n")


def test_recover_in_russian_says_its_default_reason_in_russian(table) -> None:  # noqa: F811
    """No --reason: the line says «отдых», as the help does."""
    table(SW, "damage", "Камень", "Ратибор", "--amount", "10")
    ok(table("--lang", "ru", SW, "recover", "Камень", "Ратибор", "здоровье", "--amount", "6"),
       "Ратибор: здоровье 16/20 (отдых)\n")


def test_revive_takes_the_method_in_russian(table) -> None:  # noqa: F811
    """«ритуал» is the ritual."""
    table(SW, "damage", "Камень", "Ёжик", "--amount", "12")
    ok(table(SW, "revive", "Камень", "Ёжик", "--by", "Ратибор", "--method", "ритуал", "--health", "2",
             "--survival", "1"), "Ёжик revived by Ратибор (ritual): Health 2/8, Survival 1/4\n")


def test_xp_spend_takes_what_it_improves_in_russian(table) -> None:  # noqa: F811
    """«навык»: 100 of 125 XP on Фехтование."""
    table(SW, "xp", "bonus", "Камень", "Ратибор", "--amount", "125", "подвиг")
    ok(table("--as", "Аня", SW, "xp", "spend", "Камень", "Ратибор", "навык", "Фехтование", "--cost", "100"),
       "Ратибор -100 XP: skill Фехтование +1; balance 25\n")


def test_xp_spend_takes_a_new_spells_school_in_russian(table) -> None:  # noqa: F811
    """«заклинание» of the «Создание» school: the sheet holds Искра of creation."""
    table(SW, "xp", "bonus", "Камень", "Ратибор", "--amount", "125", "подвиг")
    table("--as", "Аня", SW, "xp", "spend", "Камень", "Ратибор", "заклинание", "Искра", "--cost", "100", "--school",
          "Создание")
    sheet = orjson.loads(table(SW, "sheet", "Камень", "Ратибор", "--json").stdout)
    assert sheet["spells"] == {"Искра": {"schools": ["creation"], "mastery": 1, "efficiency": 1}}


def test_character_takes_its_type_in_russian(run) -> None:
    """«умственный» is mental."""
    run("campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер")
    run("member", "add", "Камень", "Аня")
    ok(run(SW, "character", "Камень", "Лис", "Аня", "--kind", "умственный", "--race", "лис", "--class", "маг",
           "--chars", CHARS, "--params", "health=9,stamina=2,mana=5,survival=3"),
       "Лис (Аня): mental лис маг; Health 9, Stamina 2, Mana 5, Survival 3\n")


def test_an_unknown_action_is_refused_in_russian_with_the_words_it_takes(table) -> None:  # noqa: F811
    """«пинок»: exit 2, click's refusal naming the option and the four actions as a player types them."""
    result = table("--lang", "ru", SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "7", "--pool", "1",
                   "--action", "пинок")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Ошибка: Недопустимое значение '--action': 'пинок' — не одно из «атака», «захват», «сотворение», «другое».")


def test_an_unknown_action_is_refused_in_english_as_click_did(table) -> None:  # noqa: F811
    """'kick': exit 2, click's own refusal listing the rules words, as before."""
    result = table(SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "7", "--pool", "1", "--action", "kick")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Error: Invalid value for '--action': 'kick' is not one of 'attack', 'grab', 'cast', 'other'.")
