"""Tables for people (cli/output.py): what people typed is printed as typed."""

from __future__ import annotations


def test_a_name_holding_rich_markup_prints_as_typed_in_a_sheet(run) -> None:
    """A player named '[/]Аня' and a character named ':smile: Вольтаир': the sheet shows both names verbatim."""
    for args in (["campaign", "new", "Пепел", "--system", "vpt", "--master", "ГМ"], ["member", "add", "Пепел", "[/]Аня"],
                 ["--as", "[/]Аня", "vpt", "character", "new", "Пепел", ":smile: Вольтаир"]):
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
    result = run("sheet", "Пепел", ":smile: Вольтаир")
    rows = {line.split("│")[0].strip(): line.split("│")[1].strip() for line in result.stdout.splitlines() if "│" in line}
    assert (result.exit_code, result.stdout.splitlines()[0], rows["Player"]) == (0, ":smile: Вольтаир at version 3",
                                                                                 "[/]Аня")


def test_a_time_prints_in_russian_as_a_24_hour_local_date_and_time() -> None:
    """01:36:33 UTC in Russian: ``02.12.2026 01:36:33``, never ``1:36:33 AM``."""
    from cli.output import local_time
    from journal.i18n import language

    with language("ru"):
        assert local_time("2026-12-02T01:36:33.123456Z", "2026-12-02T01:36:33") == "02.12.2026 01:36:33"


def test_a_time_prints_in_english_in_the_stable_form_scripts_read() -> None:
    """English keeps the form the release fixtures and scripts read."""
    from cli.output import local_time
    from journal.i18n import language

    with language("en"):
        assert local_time("2026-12-02T13:36:33.123456Z", "2026-12-02T13:36:33") == "2026-12-02T13:36:33"
