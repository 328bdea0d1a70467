"""The CLI's help and click's own messages in the chosen language: ``--lang``, JOURNAL_LANG, English unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
from click.testing import CliRunner, Result

from cli.language import HelpText, Translated
from cli.main import cli
from journal.i18n import JOURNAL, language, translations
from tests.cli.conftest import CLEAN_ENV, Invoke

BIN = Path(sys.executable).parent


def _run(*args: str, env: dict[str, str | None] | None = None) -> Result:
    """``journal ARGS`` in-process, help wrapped at 80 columns whatever the terminal."""
    return CliRunner(env={**CLEAN_ENV, "COLUMNS": "80"}).invoke(cli, list(args), env=env, prog_name="journal",
                                                                 catch_exceptions=False)


def _commands() -> Iterator[tuple[str, click.Command]]:
    """Every command of the CLI with its path (``wield character new``), groups included."""
    ctx = click.Context(cli, info_name="journal")
    stack: list[tuple[str, click.Command]] = [("journal", cli)]
    while stack:
        path, command = stack.pop()
        yield path, command
        if isinstance(command, click.Group):
            names = command.list_commands(ctx)
            stack += [(f"{path} {name}", sub) for name in names
                      if (sub := command.get_command(ctx, name)) is not None]


def _msgids(message: str | HelpText | None) -> list[str]:
    if isinstance(message, HelpText):
        return [message.template, *(m for value in message.values.values() for m in _msgids(value))]
    return [message] if message else []


def test_lang_ru_help_prints_the_russian_usage_and_command_descriptions() -> None:
    """`journal --lang ru --help`: click's Usage and a command's description are Russian."""
    lines = _run("--lang", "ru", "--help").stdout.splitlines()
    assert lines[0] == "Использование: journal [OPTIONS] COMMAND [ARGS]..."
    assert "  sheet        Лист ПЕРСОНАЖА в КАМПАНИИ (какой бы лист ни вела её система..." in lines


def test_lang_ru_help_of_a_command_is_russian() -> None:
    """`journal --lang ru sheet --help`: its description, an option's help and the help option are Russian."""
    result = _run("--lang", "ru", "sheet", "--help")
    assert result.stdout.splitlines()[2:8] == [
        "  Лист ПЕРСОНАЖА в КАМПАНИИ (какой бы лист ни вела её система правил).",
        "",
        "Параметры:",
        "  --as-of POINT  N | EVENT_ID | before:EVENT_ID | время ISO | session:K |",
        "                 session:K:start (по умолчанию: сейчас).",
        "  --json         Вывести JSON для программ.",
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
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Ошибка: Не хватает аргумента 'CAMPAIGN'.")


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


def test_every_command_translates_its_help_when_shown() -> None:
    """Every command and group of the CLI (systems' included) is of the translating classes of cli/language.py."""
    untranslated = sorted(path for path, command in _commands() if not isinstance(command, Translated))
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
    for path, command in _commands():
        assert isinstance(command, Translated)
        for msgid in _msgids(command.help_msgid):
            if not russian.get(msgid) and not _in_a_systems_catalogue(msgid):
                missing.add(f"{path}: {msgid}")
        for param in command.params:
            help_text = getattr(param, "help", None)
            if help_text and not russian.get(help_text) and not _in_a_systems_catalogue(help_text):
                missing.add(f"{path} {param.name}: {help_text}")
    assert sorted(missing) == []


def test_installed_journal_command_speaks_russian() -> None:
    """The installed ``journal`` script, run as a process with JOURNAL_LANG=ru, prints Russian help."""
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"} | {"JOURNAL_LANG": "ru"}
    done = subprocess.run([str(BIN / "journal"), "--help"], capture_output=True, text=True, env=env, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "Использование: journal [OPTIONS] COMMAND [ARGS]...")


def _headers(table_line: str) -> list[str]:
    """The cells of a rich table's header line (`` поле ┃ значение ``)."""
    return [cell.strip() for cell in table_line.split("┃")]


def test_lang_ru_sheet_prints_a_russian_title_and_headers(run: Invoke) -> None:
    """`journal --lang ru sheet`: the table's title, its column headers and each field's label are Russian."""
    run("campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ")
    run("vpt", "char", "Зола", "Эдди", "--hit", "1")
    lines = run("--lang", "ru", "sheet", "Зола", "Эдди").stdout.splitlines()
    assert (lines[0].strip(), _headers(lines[1]), lines[5].split()) == (
        "Эдди на версии 2", ["поле", "значение"], ["Бонус", "Попадания", "│", "1"])


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
    assert said == ["ok: 1 событие в 1 кампании, все цепочки целы\n",
                    "ok: 2 события в 1 кампании, все цепочки целы\n",
                    "ok: 5 событий в 1 кампании, все цепочки целы\n",
                    "ok: 6 событий в 2 кампаниях, все цепочки целы\n"]


def test_lang_ru_after_the_command_speaks_russian_like_before_it(run: Invoke) -> None:
    """`journal verify --lang ru` prints the same Russian line as `journal --lang ru verify`."""
    run("campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ")
    assert run("verify", "--lang", "ru").stdout == "ok: 1 событие в 1 кампании, все цепочки целы\n"


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
        2, "Ошибка: --db: поддерживаются только пути/URL sqlite и postgresql://\n")


def test_lang_en_keeps_the_english_error_prefix() -> None:
    """In English the journal's own refusal keeps its "error: " prefix, byte for byte."""
    result = _run("--lang", "en", "--db", "ftp://example.org/j", "campaign", "list")
    assert (result.exit_code, result.stderr) == (2, "error: --db: only sqlite paths/URLs and postgresql:// are supported\n")
