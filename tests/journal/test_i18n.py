"""journal.i18n: the language chosen, Russian plural forms, Russian refusals on the CLI, English JSON keys."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from journal.errors import RuleViolation, ValidationFailed
from journal.i18n import catalogue, choose_from_accept_language, choose_language, language, ngettext

#: The locale variables unset so that only what a test gives decides.
CLEAN = {"JOURNAL_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


@pytest.mark.parametrize(("count", "text"), [
    (1, "1 событие"), (2, "2 события"), (5, "5 событий"), (11, "11 событий"),
    (21, "21 событие"), (22, "22 события"), (25, "25 событий"),
])
def test_russian_plural_forms_of_event(count: int, text: str) -> None:
    """ngettext gives the Russian form of "событие" for each count."""
    with language("ru"):
        assert ngettext("{count} event", "{count} events", count).format(count=count) == text


def test_english_plural_forms_of_event() -> None:
    """English keeps its two forms."""
    assert [ngettext("{count} event", "{count} events", n).format(count=n) for n in (1, 2)] == ["1 event", "2 events"]


def test_option_comes_before_the_environment() -> None:
    """--lang wins over JOURNAL_LANG and the locale."""
    assert choose_language("en", {"JOURNAL_LANG": "ru", "LANG": "ru_RU.UTF-8"}) == "en"


def test_journal_lang_chooses_russian() -> None:
    """JOURNAL_LANG=ru gives Russian under an English locale."""
    assert choose_language(None, {"JOURNAL_LANG": "ru", "LANG": "en_US.UTF-8"}) == "ru"


def test_russian_locale_chooses_russian() -> None:
    """LANG=ru_RU.UTF-8 gives Russian."""
    assert choose_language(None, {"LANG": "ru_RU.UTF-8"}) == "ru"


def test_lc_all_comes_before_lang() -> None:
    """LC_ALL overrides LANG, as POSIX says."""
    assert choose_language(None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "en"


def test_a_foreign_locale_gives_english() -> None:
    """A locale of a language the journal does not speak gives English."""
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}) == "en"


def test_an_unknown_journal_lang_is_refused() -> None:
    """JOURNAL_LANG=de is refused with a line naming the variable."""
    with pytest.raises(ValidationFailed) as refused:
        choose_language(None, {"JOURNAL_LANG": "de"})
    assert str(refused.value) == "JOURNAL_LANG: 'de' is not a language of the journal (en, ru)"


def test_accept_language_takes_the_best_weighted_language_spoken() -> None:
    """Accept-Language: the highest q among en and ru decides."""
    assert choose_from_accept_language("de;q=1, en;q=0.5, ru-RU;q=0.8") == "ru"


def test_a_rule_violation_frames_its_message_in_russian() -> None:
    """RuleViolation's framing and the rule's label are Russian; the rule identifier stays English."""
    with language("ru"):
        error = RuleViolation("session: one at a time", "x")
    assert (error.rule, str(error)) == ("session: one at a time", "отказано по правилу «сессия: одна за раз»: x")


def test_the_page_catalogue_holds_plural_forms() -> None:
    """catalogue() maps a plural msgid to its three Russian forms."""
    forms = catalogue("journal", "ru")["{count} event"]
    assert forms == ["{count} событие", "{count} события", "{count} событий"]


def test_lang_ru_prints_the_russian_refusal(tmp_path) -> None:
    """`journal --lang ru session end` without an open session prints the Russian refusal, exit 3."""
    db = f"sqlite:///{tmp_path / 'j.db'}"
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ"],
                         env=CLEAN).exit_code == 0
    result = runner.invoke(cli, ["--db", db, "--lang", "ru", "session", "end", "Зола"], env=CLEAN)
    assert (result.exit_code, result.stderr.strip().splitlines()[-1]) == (
        3, ("Ошибка: отказано по правилу «сессия: нужна открытая сессия»: "
            "завершение сессии: нужна открытая сессия («journal session start»)"))


def test_json_keys_stay_english_under_russian(tmp_path) -> None:
    """`journal --lang ru campaign list --json` keeps its English keys."""
    db = f"sqlite:///{tmp_path / 'j.db'}"
    runner = CliRunner()
    runner.invoke(cli, ["--db", db, "campaign", "new", "Зола", "--system", "vpt", "--master", "ГМ"], env=CLEAN)
    english = runner.invoke(cli, ["--db", db, "campaign", "list", "--json"], env=CLEAN)
    russian = runner.invoke(cli, ["--db", db, "--lang", "ru", "campaign", "list", "--json"], env=CLEAN)
    assert sorted(json.loads(russian.stdout)[0]) == sorted(json.loads(english.stdout)[0])
