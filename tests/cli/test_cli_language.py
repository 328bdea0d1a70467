"""The CLI's help and click's own messages in the chosen language: ``--lang``, JOURNAL_LANG, English unchanged."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner, Result

from cli.language import HelpText, ShownArgument, SpokenWords, Translated
from cli.main import cli
from journal.i18n import JOURNAL, language, translations
from tests.cli.conftest import CLEAN_ENV, Invoke, cli_commands

BIN = Path(sys.executable).parent


def _run(*args: str, env: dict[str, str | None] | None = None) -> Result:
    """``journal ARGS`` in-process, help wrapped at 80 columns whatever the terminal."""
    return CliRunner(env={**CLEAN_ENV, "COLUMNS": "80"}).invoke(cli, list(args), env=env, prog_name="journal",
                                                                 catch_exceptions=False)


def _msgids(message: str | HelpText | SpokenWords | None) -> list[str]:
    if isinstance(message, SpokenWords):  # the words of the systems' choices or rules, no msgid of the CLI's
        return []
    if isinstance(message, HelpText):
        return [message.template, *(m for value in message.values.values() for m in _msgids(value))]
    return [message] if message else []


def test_lang_ru_help_prints_the_russian_usage_and_command_descriptions() -> None:
    """`journal --lang ru --help`: click's Usage and a command's description are Russian."""
    lines = _run("--lang", "ru", "--help").stdout.splitlines()
    assert lines[0] == "Использование: journal [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..."
    assert "  sheet        Лист ПЕРСОНАЖА в КАМПАНИИ (какой бы лист ни вела её система..." in lines


def test_lang_ru_help_of_a_command_is_russian() -> None:
    """`journal --lang ru sheet --help`: its description, an option's help and the help option are Russian."""
    result = _run("--lang", "ru", "sheet", "--help")
    assert result.stdout.splitlines()[2:9] == [
        "  Лист ПЕРСОНАЖА в КАМПАНИИ (какой бы лист ни вела её система правил).",
        "",
        "Параметры:",
        "  --as-of МОМЕНТ  № события (12 или №12) | его идентификатор | «до №12» | время",
        "                  (2026-05-01 20:00) | «начало сессии 1» | «конец сессии 1» (по",
        "                  умолчанию: сейчас).",
        "  --json          Вывести JSON для программ.",
    ]


def test_lang_ru_unknown_option_is_one_russian_line_exit_2() -> None:
    """`journal --lang ru sheet --bogus`: one Russian error line naming the option, exit 2."""
    result = _run("--lang", "ru", "sheet", "--bogus")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Ошибка: Нет такого параметра '--bogus'.")


def test_journal_lang_ru_gives_the_same_russian_refusal() -> None:
    """JOURNAL_LANG=ru without --lang refuses `sheet --bogus` with the same Russian line."""
    result = _run("sheet", "--bogus", env={"JOURNAL_LANG": "ru"})
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Ошибка: Нет такого параметра '--bogus'.")


def test_lang_ru_refuses_an_unknown_option_of_the_group_in_russian() -> None:
    """`journal --lang ru --bogus` (an option of the group itself) is refused in Russian, exit 2."""
    result = _run("--lang", "ru", "--bogus")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Ошибка: Нет такого параметра '--bogus'. Возможно, имелось в виду '--verbose'?")


def test_lang_ru_names_a_missing_argument_in_russian() -> None:
    """`journal --lang ru sheet` without CAMPAIGN: click's "Missing argument" in Russian, exit 2."""
    result = _run("--lang", "ru", "sheet")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Ошибка: Не хватает аргумента 'КАМПАНИЯ'.")


def _refusal(*args: str) -> tuple[int, str]:
    """The exit code and the last line of stderr of ``journal --lang ru ARGS``."""
    result = _run("--lang", "ru", *args)
    return result.exit_code, result.stderr.splitlines()[-1]


def test_lang_ru_suggests_the_command_a_mistyped_one_meant() -> None:
    """`journal --lang ru shet`: click's "No such command" and its "did you mean", in Russian."""
    assert _refusal("shet") == (2, "Ошибка: Нет такой команды 'shet'. Возможно, имелось в виду 'sheet'?")


def test_lang_ru_names_a_missing_option_in_russian() -> None:
    """`campaign new X` without --system: "Не хватает параметра '--system'", then the choices."""
    result = _run("--lang", "ru", "campaign", "new", "X", "--master", "Y")
    assert (result.exit_code, result.stderr.splitlines()[3]) == (
        2, "Ошибка: Не хватает параметра '--system'. Выберите из:")


def test_lang_ru_refuses_a_bad_choice_in_russian() -> None:
    """`--system nope`: "Недопустимое значение ... — не одно из ..." in Russian."""
    assert _refusal("campaign", "new", "X", "--system", "nope", "--master", "Y") == (
        2, ("Ошибка: Недопустимое значение '--system': 'nope' — не одно из «Монетка», «Дихотомия», «Каменное колесо», "
            "«ВПТ», «Владетели»."))


def test_lang_ru_refuses_an_extra_argument_in_russian() -> None:
    """`sheet a b c`: "Лишний аргумент (c)"."""
    assert _refusal("sheet", "a", "b", "c") == (2, "Ошибка: Лишний аргумент (c)")


def test_lang_ru_refuses_a_word_for_a_number_in_russian() -> None:
    """`tally C --session x`: click's number type is named in Russian («не целое число»)."""
    assert _refusal("tally", "C", "--session", "x") == (2, "Ошибка: Недопустимое значение '--session': 'x' — не целое число.")


def test_lang_ru_refuses_a_number_out_of_range_in_russian() -> None:
    """`tally C --session 0`: "0 вне диапазона 1<=x<=..."."""
    assert _refusal("tally", "C", "--session", "0") == (
        2, "Ошибка: Недопустимое значение '--session': 0 вне диапазона 1<=x<=2147483647.")


def test_lang_ru_help_names_its_sections_in_russian() -> None:
    """`journal --lang ru rules --help`: the sections read «Параметры:» and «Команды:»."""
    lines = _run("--lang", "ru", "rules", "--help").stdout.splitlines()
    assert [line for line in lines if line.endswith(":") and not line.startswith(" ")] == ["Параметры:", "Команды:"]


def test_lang_en_keeps_clicks_number_type_names() -> None:
    """English still says click's own words: 'x' is not a valid integer range."""
    result = _run("--lang", "en", "tally", "C", "--session", "x")
    assert result.stderr.splitlines()[-1] == "Error: Invalid value for '--session': 'x' is not a valid integer range."


def test_lang_ru_usage_line_names_options_and_arguments_in_russian() -> None:
    """`journal --lang ru sheet`: the usage line reads [ПАРАМЕТРЫ] КАМПАНИЯ ПЕРСОНАЖ (cli/metavars.py)."""
    result = _run("--lang", "ru", "sheet")
    assert result.stderr.splitlines()[0] == "Использование: journal sheet [ПАРАМЕТРЫ] КАМПАНИЯ ПЕРСОНАЖ"


def test_every_positional_argument_is_named_in_russian() -> None:
    """Each upper-case word of every argument's metavar (or the whole metavar) has its Russian in cli/metavars.py."""
    from cli.metavars import METAVARS

    ctx = click.Context(cli, info_name="journal")
    metavars = [(path, param.make_metavar(ctx)) for path, command in cli_commands() for param in command.params
                if type(param) in (click.Argument, ShownArgument)]
    unnamed = sorted({f"{path}: {word}" for path, metavar in metavars if metavar.strip("[].{}") not in METAVARS
                      for word in re.findall(r"[A-Z][A-Z0-9_]*", metavar) if word not in METAVARS})
    assert unnamed == []


def test_lang_en_stays_english() -> None:
    """`journal --lang en sheet --bogus` and its help stay exactly English, even under JOURNAL_LANG=ru."""
    refused = _run("--lang", "en", "sheet", "--bogus", env={"JOURNAL_LANG": "ru"})
    shown = _run("--lang", "en", "sheet", "--help", env={"JOURNAL_LANG": "ru"})
    assert (refused.exit_code, refused.stderr.splitlines()) == (2, [
        "Usage: journal sheet [OPTIONS] CAMPAIGN CHARACTER",
        "Try 'journal sheet --help' for help.",
        "",
        "Error: No such option '--bogus'.",
    ])
    assert shown.stdout.splitlines()[2] == "  CHARACTER's sheet in CAMPAIGN (whatever kind of sheet its rule system keeps)."


def test_english_help_after_russian_help_is_english() -> None:
    """Help shown in Russian first does not stay Russian: the help option's text is translated when shown."""
    _run("--lang", "ru", "log", "--help")
    lines = _run("--lang", "en", "log", "--help").stdout.splitlines()
    assert lines[-1] == "  -h, --help    Show this message and exit."


def _option_lines(*args: str, option: str) -> list[str]:
    """The lines of ``journal ARGS --help`` from ``option``'s to the next option's."""
    lines = _run(*args, "--help").stdout.splitlines()
    start = next(n for n, text in enumerate(lines) if text.lstrip().startswith(option))
    end = next(n for n in range(start + 1, len(lines)) if lines[n].lstrip().startswith("-"))
    return lines[start:end]


def test_lang_ru_help_lists_the_words_an_option_takes_and_its_default_in_russian() -> None:
    """`--lang ru audit --help`: --format lists «текст», md, html, and its default is «текст»."""
    assert _option_lines("--lang", "ru", "audit", option="--format") == [
        "  --format [текст|md|html]  Текст для терминала или отчёт в Markdown или в",
        "                            самодостаточном HTML.  [по умолчанию: текст]"]


def test_lang_en_help_lists_the_values_an_option_takes_as_before() -> None:
    """`--lang en audit --help`: --format lists text, md, html with the default text, as it always read."""
    assert _option_lines("--lang", "en", "audit", option="--format") == [
        "  --format [text|md|html]  Text for the terminal, or a Markdown or self-",
        "                           contained HTML report.  [default: text]"]


def test_lang_ru_help_names_the_default_point_now() -> None:
    """`--lang ru diff --help`: --to defaults to «сейчас», the word it takes (English help keeps ``head``)."""
    assert (_option_lines("--lang", "ru", "diff", option="--to"), _option_lines("--lang", "en", "diff", option="--to")) == (
        ["  --to МОМЕНТ    [по умолчанию: сейчас]"], ["  --to POINT    [default: head]"])


def test_serve_log_level_takes_the_russian_word() -> None:
    """`serve --log-level отладка` (the word Russian help lists) is uvicorn's ``debug``; ``debug`` stays."""
    from cli.serve import LOG_LEVEL

    assert (LOG_LEVEL.convert("отладка", None, None), LOG_LEVEL.convert("debug", None, None)) == ("debug", "debug")


def test_every_command_translates_its_help_when_shown() -> None:
    """Every command and group of the CLI (systems' included) is of the translating classes of cli/language.py."""
    untranslated = sorted(path for path, command in cli_commands() if not isinstance(command, Translated))
    assert untranslated == []


def _in_a_systems_catalogue(msgid: str) -> bool:
    """Whether a system declares ``msgid`` in the ``journal`` catalogues (a tally input's option, an installed
    system's own catalogue), which cli.language.translate reads after the ``cli`` one."""
    with language("ru"):
        return JOURNAL.gettext(msgid) != msgid


def test_every_help_text_has_russian() -> None:
    """Every command's and every option's help text, as the tree holds it, has a Russian translation."""
    russian: dict[object, str] = getattr(translations("cli", "ru"), "_catalog", {})
    missing = set()
    for path, command in cli_commands():
        assert isinstance(command, Translated)
        for msgid in _msgids(command.help_msgid):
            if not russian.get(msgid) and not _in_a_systems_catalogue(msgid):
                missing.add(f"{path}: {msgid}")
        for param in command.params:
            help_text = getattr(param, "help", None)
            if isinstance(help_text, HelpText):  # an option listing the words a player types (cli.language.WordsOption)
                missing.update(f"{path} {param.name}: {msgid}" for msgid in _msgids(help_text)
                               if not russian.get(msgid) and not _in_a_systems_catalogue(msgid))
            elif help_text and not russian.get(help_text) and not _in_a_systems_catalogue(help_text):
                missing.add(f"{path} {param.name}: {help_text}")
    assert sorted(missing) == []


def test_installed_journal_command_speaks_russian() -> None:
    """The installed ``journal`` script, run as a process with JOURNAL_LANG=ru, prints Russian help."""
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"} | {"JOURNAL_LANG": "ru"}
    done = subprocess.run([str(BIN / "journal"), "--help"], capture_output=True, text=True, env=env, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "Использование: journal [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...")


def _headers(table_line: str) -> list[str]:
    """The cells of a rich table's header line (`` поле ┃ значение ``)."""
    return [cell.strip() for cell in table_line.split("┃")]


def test_lang_ru_sheet_prints_a_russian_title_and_headers(run: Invoke) -> None:
    """`journal --lang ru sheet`: the table's title, its column headers and each field's label are Russian."""
    run("campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ")
    run("vpt", "char", "Зола", "Эдди", "--hit", "1")
    lines = run("--lang", "ru", "sheet", "Зола", "Эдди").stdout.splitlines()
    assert (lines[0].strip(), _headers(lines[1]), lines[5].split()) == (
        "Эдди на №2", ["поле", "значение"], ["Бонус", "Попадания", "│", "1"])


def test_lang_ru_verify_counts_events_and_campaigns_with_russian_plurals(run: Invoke) -> None:
    """`journal --lang ru verify` says 1 событие, 2 события, 5 событий (and 1 кампании, 2 кампаниях)."""
    run("campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ")
    said = [run("--lang", "ru", "verify").stdout]
    run("member", "add", "Зола", "Оля")
    said.append(run("--lang", "ru", "verify").stdout)
    for name in ("Дима", "Вика", "Лиса"):
        run("member", "add", "Зола", name)
    said.append(run("--lang", "ru", "verify").stdout)
    run("campaign", "new", "Лес", "--system", "vpt", "--master", "ГМ")
    said.append(run("--lang", "ru", "verify").stdout)
    assert said == ["в порядке: 1 событие в 1 кампании, все цепочки целы\n",
                    "в порядке: 2 события в 1 кампании, все цепочки целы\n",
                    "в порядке: 5 событий в 1 кампании, все цепочки целы\n",
                    "в порядке: 6 событий в 2 кампаниях, все цепочки целы\n"]


def test_lang_ru_after_the_command_speaks_russian_like_before_it(run: Invoke) -> None:
    """`journal verify --lang ru` prints the same Russian line as `journal --lang ru verify`."""
    run("campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ")
    assert run("verify", "--lang", "ru").stdout == "в порядке: 1 событие в 1 кампании, все цепочки целы\n"


def test_lang_ru_after_a_subcommand_refuses_an_unknown_option_in_russian() -> None:
    """`journal campaign list --lang=ru --bogus`: click's refusal is Russian, exit 2."""
    result = _run("campaign", "list", "--lang=ru", "--bogus")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Ошибка: Нет такого параметра '--bogus'.")


def test_an_unknown_language_after_the_command_is_a_usage_error_naming_lang() -> None:
    """`journal verify --lang xx`: exit 2, the last line names --lang and the languages the journal speaks."""
    result = _run("verify", "--lang", "xx")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Error: --lang: 'xx' is not a language of the journal (en, ru)")


def test_lang_ru_refusal_starts_with_the_russian_error_prefix() -> None:
    """The journal's own refusal (a --db scheme it does not open) is one line after "Ошибка: ", exit 2."""
    result = _run("--lang", "ru", "--db", "ftp://example.org/j", "campaign", "list")
    assert (result.exit_code, result.stderr) == (
        2, "Ошибка: --db: поддерживаются только пути и адреса sqlite и postgresql://\n")


def test_lang_en_keeps_the_english_error_prefix() -> None:
    """In English the journal's own refusal keeps its "error: " prefix, byte for byte."""
    result = _run("--lang", "en", "--db", "ftp://example.org/j", "campaign", "list")
    assert (result.exit_code, result.stderr) == (2, "error: --db: only sqlite paths/URLs and postgresql:// are supported\n")
