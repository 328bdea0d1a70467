"""The table's words through the real CLI: VPT's sides and fighters as text rows, hit modifiers and checklist items
by their rule-text names, Wield's Domains and difficulties in Russian (journal.understand, the systems' words)."""

from __future__ import annotations

import orjson

from tests.cli.test_cli_vpt import C, session, vpt  # noqa: F401 - the fixtures
from tests.cli.test_cli_wield import table  # noqa: F401 - the fixture


def test_initiative_takes_the_sides_as_text_rows(vpt) -> None:  # noqa: F811
    """«Жулики 7; Стража 5» are two enemy sides, as the page's text field sends them."""
    result = vpt("vpt", "initiative", C, "осторожно", "Жулики 7; Стража 5", "--dice", "6", "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, [(s["name"], s["initiative"]) for s in data["enemies"]], data["order"]) == (
        0, [("Жулики", 7), ("Стража", 5)], ["Жулики", "players", "Стража"])


def test_initiative_still_takes_the_json_list(vpt) -> None:  # noqa: F811
    """The old scripts' JSON list of sides is read as before."""
    result = vpt("vpt", "initiative", C, "careful", '[{"name": "Жулики", "initiative": 7}]', "--dice", "6", "--json")
    assert (result.exit_code, orjson.loads(result.stdout)["order"]) == (0, ["Жулики", "players"])


def test_initiative_refuses_a_row_without_a_number(vpt) -> None:  # noqa: F811
    """A row with no initiative: exit 2, one line naming the field and the form it takes."""
    result = vpt("vpt", "initiative", C, "careful", "Жулики; Стража 5", "--dice", "6")
    assert (result.exit_code, result.stderr) == (
        2, "error: enemies: 'Жулики' is not NAME INITIATIVE [kind], e.g. 'Жулики 7'\n")


def test_melee_takes_the_fighters_as_text_rows(vpt) -> None:  # noqa: F811
    """«Вольтаир копьё @Питер; Питер 6» names a weapon, whom he engaged and an explicit weapon initiative."""
    result = vpt("vpt", "melee", C, "Вольтаир копьё @Питер; Питер 6", "--json")
    assert (result.exit_code, orjson.loads(result.stdout)["order"]) == (0, [["Вольтаир"], ["Питер"]])


def test_hit_takes_the_rule_texts_modifier_names(vpt) -> None:  # noqa: F811
    """``-m щит=-1`` is the enemy in cover (his shield), ``навязал ближний бой`` engaged."""
    result = vpt("vpt", "hit", C, "Эдди", "Питер", "-t", "7", "-m", "щит=-1", "-m", "Навязал ближний бой",
                 "--dice", "3,4", "--json")
    assert result.exit_code == 0, result.stderr
    assert orjson.loads(result.stdout)[0]["modifiers"] == {"enemy_in_cover": -1, "engaged": 1, "fresh": 1}


def test_tick_takes_the_pages_words(session) -> None:  # noqa: F811
    """«спас жизнь» and «подарок» are saved_life and gave_magic_item."""
    result = session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "спас жизнь", "подарок")
    assert (result.exit_code, result.stdout) == (
        0, "Вольтаир -> Эдди: saved_life +1, gave_magic_item +1 = +2 -> 2 points (session 1)\n")


def test_revenge_tick_takes_the_russian_item(session) -> None:  # noqa: F811
    """«сражались» is fought."""
    session("--as", "Оля", "vpt", "revenge", C, "Вольтаир", "Питер")
    result = session("--as", "Оля", "vpt", "revenge-tick", C, "Вольтаир", "сражались")
    assert (result.exit_code, result.stdout) == (
        0, "Вольтаир's revenge on Питер: fought +1 = +1 -> 1 point (session 1)\n")


def test_chance_takes_the_russian_difficulty(table) -> None:  # noqa: F811
    """«Героическая» is Heroic (the journal prints it so in Russian)."""
    result = table("wield", "chance", "Зола", "Ёжик", "Героическая", "Climb the ladder", "--prof", "--dice", "17,9")
    assert (result.exit_code, result.stdout) == (0, "Ёжик: Climb the ladder vs 20 (Heroic): [17, 9] = 26 -> success (#6)\n")


def test_power_refuses_an_unknown_domain_naming_the_field_and_the_words(table) -> None:  # noqa: F811
    """A Domain that is none of the twelve: exit 2, one line with the field's label and the Domains' words."""
    result = table("--lang", "ru", "--as", "Jill", "wield", "power", "Зола", "Ring", "Gust", "--rank", "1",
                   "--domain", "Ветер")
    assert (result.exit_code, result.stderr) == (2, (
        "Ошибка: домен: «Ветер» — не одно из слов «Воздух», «Разрушение», «Земля», «Свет», «Животное», «Тьма», "
        "«Огонь», «Растение», «Создание», «Смерть», «Жизнь», «Вода»\n"))


def _described(run, *command: str) -> str:
    """The description paragraphs of ``journal ARGS --help`` (between the usage and the options), one line."""
    text = run(*command, "--help").stdout
    body = text.split("\n\n", 1)[1].split("\n\n" + ("Параметры:" if "--lang" in command[:2] else "Options:"))[0]
    return " ".join(body.split())


def test_tick_help_in_russian_lists_the_words_a_player_types(run) -> None:
    """--lang ru vpt tick --help: the checklist in the rule text's words the tick takes, not its English keys."""
    assert _described(run, "--lang", "ru", "vpt", "tick") == (
        "Отметка Отношений персонажа ИМЯ к персонажу ДРУГОЙ в конце сессии: «спас жизнь», «подарил магический "
        "предмет», «удачное свидание», «особенно удачное свидание», «прерванное свидание», «не взаимодействовали». "
        "Первая отметка открывает Отношения; «не взаимодействовали» (ГМ) требует открытых Отношений и "
        "останавливается на 0.")


def test_tick_help_in_english_keeps_its_short_words(run) -> None:
    """vpt tick --help in English reads as it always did: saved, gift, date, date+, boring, none."""
    assert _described(run, "vpt", "tick") == (
        "End-of-session relationship tick of NAME towards OTHER: saved, gift, date, date+, boring, none. The first "
        "tick opens the relationship; 'none' (no interaction, the GM) needs one open and stops at 0.")


def test_revenge_tick_help_in_russian_lists_the_words_a_player_types(run) -> None:
    """--lang ru vpt revenge-tick --help: what the target did, in the rule text's words."""
    assert _described(run, "--lang", "ru", "vpt", "revenge-tick") == (
        "Отметка Мести персонажа МСТИТЕЛЬ в конце сессии; что сделала цель: «сражались», «убил приближённых», "
        "«получил магический предмет», «не взаимодействовали».")


def test_chance_help_in_russian_lists_the_difficulties_in_russian(run) -> None:
    """--lang ru wield chance --help: the difficulties as the table says them (the command takes them so)."""
    assert _described(run, "--lang", "ru", "wield", "chance") == (
        "ГЕРОЙ рискует в ЗАДАЧЕ: СЛОЖНОСТЬ — «Лёгкая», «Трудная», «Героическая», «Эпическая», «Невозможная» или "
        "число сложности.")


def test_every_word_the_russian_tick_help_lists_is_taken(session) -> None:  # noqa: F811
    """Checklist words the Russian help names are understood by the tick (one place: the system's words); the GM's
    own «особенно удачное свидание» too."""
    result = session("vpt", "tick", C, "Вольтаир", "Эдди", "спас жизнь", "подарил магический предмет",
                     "особенно удачное свидание", "--json")
    assert (result.exit_code, orjson.loads(result.stdout)["items"]) == (
        0, ["saved_life", "gave_magic_item", "date_especially_successful"])


def test_initiative_takes_the_mode_and_the_kind_as_the_russian_usage_names_them(vpt) -> None:  # noqa: F811
    """``опрометчиво СТОРОНА=ИНИЦИАТИВА:животные`` (the Russian usage line's words): reckless, against animals."""
    result = vpt("vpt", "initiative", C, "опрометчиво", "Волки=4:животные", "--dice", "6,1", "--json")
    data = orjson.loads(result.stdout)
    assert (result.exit_code, data["mode"], data["enemies"]) == (
        0, "reckless", [{"name": "Волки", "initiative": 4, "kind": "animal"}])


def test_initiative_help_in_russian_names_the_modes_and_kinds_in_russian(run) -> None:
    """--lang ru vpt initiative --help: the usage's modes and kinds of sides as the table says them."""
    usage = " ".join(run("--lang", "ru", "vpt", "initiative", "--help").stdout.split("\n\n")[0].split())
    assert usage == ("Использование: journal vpt initiative [ПАРАМЕТРЫ] КАМПАНИЯ {опрометчиво|осторожно} "
                     "СТОРОНА=ИНИЦИАТИВА[:разумные существа|животные|магические существа]...")
