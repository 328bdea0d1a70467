"""The README's five-minute tour, run command by command through the real CLI (SQLite), and again after ``journal use``.

The tour is read from README.md itself (its first ``sh`` block after "A five-minute tour"), so a command that the
README shows and the CLI refuses fails here.  After ``journal use "Пепел Золы"`` (run right after the campaign is
made, with JOURNAL_DB then unset and every later command typed in another folder) each command must end as it does
without ``use``: first as the README writes it, naming its campaign; then with the campaign left out.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.conftest import CLEAN_ENV

README = Path(__file__).resolve().parents[2] / "README.md"
CAMPAIGN = "Пепел Золы"


def tour() -> list[list[str]]:
    """The tour's commands, each as its argv after ``journal`` (the ``export JOURNAL_DB=…`` line left out)."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A five-minute tour\n.*?```sh\n(.*?)```", text, re.DOTALL)
    assert block is not None
    commands = []
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if words and words[0] == "journal":
            commands.append(words[1:])
    return commands


COMMANDS = tour()


def _run(argv: list[str], cwd: Path, db: str | None) -> tuple[int, str]:
    old = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner(env={**CLEAN_ENV, "JOURNAL_DB": db}).invoke(cli, argv, prog_name="journal",
                                                                       catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.exit_code, result.stderr


def _plain(tmp_path: Path) -> list[int]:
    """The exit code of each tour command run as the README does, with JOURNAL_DB=tour.db."""
    folder = tmp_path / "plain"
    folder.mkdir()
    return [_run(argv, folder, "tour.db")[0] for argv in COMMANDS]


def _after_use(tmp_path: Path, leave_out: bool) -> list[int]:
    """Each tour command's exit code after `campaign new` and `use` in one folder, the rest typed in another."""
    made, elsewhere = tmp_path / "made", tmp_path / "elsewhere"
    made.mkdir()
    elsewhere.mkdir()
    codes = [_run(COMMANDS[0], made, "tour.db")[0]]
    assert _run(["use", CAMPAIGN], made, "tour.db")[0] == 0
    for argv in COMMANDS[1:]:
        if leave_out and argv[0] != "use":
            argv = [word for word in argv if word != CAMPAIGN]
        codes.append(_run(argv, elsewhere, None)[0])
    assert not (elsewhere / "tour.db").exists()
    return codes


def test_the_tour_is_read_from_the_readme() -> None:
    """The tour starts with `campaign new` and ends with `use` then `bonds` without its campaign."""
    assert (COMMANDS[0][:2], COMMANDS[-2][0], COMMANDS[-1]) == (["campaign", "new"], "use", ["bonds"])


def test_every_tour_command_ends_as_the_readme_says(tmp_path: Path) -> None:
    """Run as written: every command exits 0 but the two refusals of a player adding a member (exit 7)."""
    refusals = [n for n, argv in enumerate(COMMANDS) if argv[:2] == ["--as", "Аня"] and "member" in argv] + \
        [n for n, argv in enumerate(COMMANDS) if argv[:4] == ["--lang", "ru", "--as", "Аня"]]
    assert _plain(tmp_path) == [7 if n in refusals else 0 for n in range(len(COMMANDS))]


@pytest.mark.parametrize("leave_out", [False, True], ids=["campaign-named", "campaign-left-out"])
def test_every_tour_command_works_after_use_from_another_folder(tmp_path: Path, leave_out: bool) -> None:
    """After `journal use`, from another folder, each tour command ends as it does without `use`."""
    assert _after_use(tmp_path, leave_out) == _plain(tmp_path)
