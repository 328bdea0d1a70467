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
