"""The CLI at the table: ``journal use``, the database notice, "did you mean", events named one way, ``character new``."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
from click.testing import CliRunner, Result

from cli.main import cli
from tests.cli.conftest import CLEAN_ENV, Invoke


def _bare(*args: str, cwd: Path | None = None) -> Result:
    """The CLI with no --db (and no JOURNAL_DB), as typed at the table."""
    runner = CliRunner(env=CLEAN_ENV)
    if cwd is None:
        return runner.invoke(cli, list(args), prog_name="journal", catch_exceptions=False)
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return runner.invoke(cli, list(args), prog_name="journal", catch_exceptions=False)
    finally:
        os.chdir(old)


def _vpt(run: Invoke) -> None:
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля"),
                 ("--as", "Оля", "vpt", "character", "new", "Лес", "Вольтаир", "--hit", "1")):
        assert run(*args).exit_code == 0


def test_use_remembers_the_campaign_so_a_command_may_leave_it_out(run: Invoke, db_url: str) -> None:
    """After `journal use Лес`, `journal vpt wound Вольтаир` records in Лес on the remembered database."""
    _vpt(run)
    assert run("use", "Лес").exit_code == 0
    result = _bare("vpt", "wound", "Вольтаир", "--wounds", "2")
    assert (result.exit_code, result.stdout) == (0, "Вольтаир takes 2 wounds: 2 in all\n")


def test_a_command_from_the_config_says_which_database_it_used(run: Invoke, db_url: str) -> None:
    """A database taken from `journal use` is named on stderr, one line."""
    _vpt(run)
    run("use", "Лес")
    result = _bare("vpt", "party", "--json")
    assert result.stderr == f"database: {db_url} (remembered by 'journal use' in {os.environ['JOURNAL_CONFIG']})\n"


def test_use_alone_prints_what_is_remembered(run: Invoke, db_url: str) -> None:
    """`journal use` without a campaign prints the campaign and the database."""
    _vpt(run)
    run("use", "Лес")
    assert _bare("use").stdout == f"campaign: Лес\ndatabase: {db_url}\n"


def test_use_clear_forgets(run: Invoke) -> None:
    """`journal use --clear` removes the config; `journal use` then says nothing is remembered."""
    _vpt(run)
    run("use", "Лес")
    assert _bare("use", "--clear").exit_code == 0
    assert _bare("use").stdout.startswith("nothing remembered")


def test_the_current_folder_database_is_named_on_stderr(tmp_path: Path) -> None:
    """Without --db, JOURNAL_DB or `journal use`, the command says it used journal.db in the current folder."""
    result = _bare("campaign", "list", cwd=tmp_path)
    notice = "database: sqlite:///journal.db (journal.db in the current folder; --db, JOURNAL_DB or 'journal use' name another)\n"
    assert (result.exit_code, result.stderr) == (0, notice)


def test_a_campaign_in_the_wrong_case_is_refused_with_did_you_mean(run: Invoke) -> None:
    """`лес` is not `Лес`: refused (exit 4) naming the stored spelling, nothing written."""
    _vpt(run)
    result = run("vpt", "wound", "лес", "Вольтаир")
    assert (result.exit_code, result.stderr) == (4, "error: no campaign named 'лес'; did you mean 'Лес'?\n")


def test_a_member_in_the_wrong_case_is_refused_with_did_you_mean(run: Invoke) -> None:
    """`--as оля` is refused naming the member `Оля`."""
    _vpt(run)
    result = run("--as", "оля", "vpt", "character", "new", "Лес", "Эдди")
    assert (result.exit_code, result.stderr) == (4, "error: no member named 'оля' in 'Лес'; did you mean 'Оля'?\n")


def test_a_character_in_the_wrong_case_is_refused_with_did_you_mean(run: Invoke) -> None:
    """`вольтаир` is refused naming the character `Вольтаир`."""
    _vpt(run)
    result = run("vpt", "wound", "Лес", "вольтаир")
    assert (result.exit_code, result.stderr) == (
        4, "error: no character named 'вольтаир' in 'Лес'; did you mean 'Вольтаир'?\n")


def _audit(run: Invoke, ref: str) -> dict:
    result = run("audit", "Лес", ref, "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)


def test_an_event_named_by_version_id_and_prefix_gives_the_same_audit(run: Invoke, events_of) -> None:
    """`3`, «№3» (as the Russian lines print it), `#3`, `v3`, the id and its first 13 characters all audit event 3."""
    _vpt(run)
    event = events_of("Лес")[2]
    reports = [_audit(run, ref) for ref in ("3", "№3", "№ 3", "#3", "v3", event["id"], event["id"][:13])]
    assert [r["envelope"]["id"] for r in reports] == [event["id"]] * 7


def test_the_audit_format_takes_the_russian_word(run: Invoke) -> None:
    """`--format текст` (the word Russian help lists) prints the same audit as `--format text`."""
    _vpt(run)
    assert run("audit", "Лес", "3", "--format", "текст").stdout == run("audit", "Лес", "3", "--format", "text").stdout


def test_a_format_the_audit_lacks_is_refused_listing_the_russian_words(run: Invoke) -> None:
    """--lang ru `--format pdf`: refused (exit 2) naming «текст», md and html, the words it takes."""
    _vpt(run)
    result = run("--lang", "ru", "audit", "Лес", "3", "--format", "pdf")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Ошибка: Недопустимое значение '--format': 'pdf' — не одно из «текст», «md», «html».")


def test_an_ambiguous_prefix_is_refused_listing_the_candidates(run: Invoke, events_of) -> None:
    """A prefix two event ids share is refused (exit 2) naming both."""
    _vpt(run)
    first, second = (e["id"] for e in events_of("Лес")[:2])
    common = next(i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)
    third = [e["id"] for e in events_of("Лес") if e["id"].startswith(first[:common])]
    result = run("audit", "Лес", first[:common])
    assert (result.exit_code, result.stderr) == (2, f"error: event: '{first[:common]}' is ambiguous: {', '.join(third)}\n")


def test_vpt_character_new_stores_what_char_stored(run: Invoke, events_of) -> None:
    """`vpt character new` and the hidden `vpt char` store the same payload."""
    _vpt(run)
    run("--as", "Оля", "vpt", "char", "Лес", "Эдди", "--hit", "1")
    new, old = (e for e in events_of("Лес") if e["type"] == "vpt.character_created")
    assert {**new["data"], "name": "Эдди"} == old["data"]


def test_help_shows_character_new_not_the_old_verb(run: Invoke) -> None:
    """`journal vpt --help` lists `character` and no longer `char`."""
    listed = [line.split()[0] for line in run("vpt", "--help").stdout.split("Commands:")[1].splitlines() if line.strip()]
    assert "character" in listed and "char" not in listed


def test_a_command_naming_its_campaign_works_after_use(run: Invoke) -> None:
    """After `journal use Лес`, `journal bonds Лес` (the campaign named, as before) answers as without `use`."""
    _vpt(run)
    run("use", "Лес")
    result = _bare("bonds", "Лес")
    assert (result.exit_code, result.stdout) == (0, "no relationships or revenge in 'Лес' (version 3)\n")


def test_a_verb_naming_its_campaign_and_a_character_works_after_use(run: Invoke) -> None:
    """`vpt character new Лес Эдди` after `use Лес` creates Эдди in Лес, not 'Got unexpected extra argument'."""
    _vpt(run)
    run("use", "Лес")
    result = _bare("--as", "Оля", "vpt", "character", "new", "Лес", "Эдди")
    assert (result.exit_code, result.stdout) == (0, "Эдди (Оля): hit +0, health +0, morale +0, preparation 0\n")


def test_use_remembers_a_relative_sqlite_path_as_absolute(tmp_path: Path) -> None:
    """`journal --db tour.db use Лес` in a folder remembers that folder's tour.db by its absolute path."""
    (tmp_path / "a").mkdir()
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("use", "Лес")):
        assert _bare("--db", "tour.db", *args, cwd=tmp_path / "a").exit_code == 0
    saved = orjson.loads(Path(os.environ["JOURNAL_CONFIG"]).read_bytes())
    assert saved == {"campaign": "Лес", "db": str(tmp_path / "a" / "tour.db")}


def test_a_command_in_another_folder_opens_the_remembered_file(tmp_path: Path) -> None:
    """From another folder a command opens the remembered file, and makes no empty tour.db there."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("use", "Лес")):
        assert _bare("--db", "sqlite:///tour.db", *args, cwd=tmp_path / "a").exit_code == 0
    result = _bare("bonds", cwd=tmp_path / "b")
    assert (result.exit_code, result.stdout, sorted(p.name for p in (tmp_path / "b").iterdir())) == (
        0, "no relationships or revenge in 'Лес' (version 1)\n", [])


def test_a_relative_path_in_an_older_config_is_refused(tmp_path: Path) -> None:
    """A config an older journal wrote with `tour.db` is refused, one line, instead of opening a new empty file."""
    Path(os.environ["JOURNAL_CONFIG"]).write_text('{"campaign": "Лес", "db": "tour.db"}', encoding="utf-8")
    result = _bare("bonds", cwd=tmp_path)
    assert (result.exit_code, result.stderr, list(tmp_path.iterdir())) == (2, (
        "error: config: the remembered database 'tour.db' is a relative path, which names another file in each "
        "folder: run 'journal use CAMPAIGN' again where it is, or give --db\n"), [])


def test_use_forget_forgets(run: Invoke) -> None:
    """`journal use --forget` removes the config; `journal use` then says nothing is remembered."""
    _vpt(run)
    run("use", "Лес")
    forgot = _bare("use", "--forget")
    assert (forgot.exit_code, forgot.stdout) == (0, f"forgot the campaign and the database ({os.environ['JOURNAL_CONFIG']})\n")
    assert _bare("use").stdout.startswith("nothing remembered")


def test_a_free_roll_ends_with_its_event_number_in_each_language(run: Invoke) -> None:
    """A roll thrown on the table names its event as the timeline numbers it: "(table, #4)" in English, «(стол, №5)»
    in Russian, never "v4"."""
    _vpt(run)
    english = run("roll", "Лес", "2d6", "--dice", "3,4")
    russian = run("--lang", "ru", "roll", "Лес", "2d6", "--dice", "5,6")
    assert (english.stdout, russian.stdout) == ("2d6: [3, 4] = 7  (table, #4)\n", "2d6: [5, 6] = 11  (стол, №5)\n")
