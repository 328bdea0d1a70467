"""Every ``journal ...`` line of README.md and docs/**/*.md runs, in order per file, against a scratch database.

The lines are read from the fenced ``sh`` and ``console`` blocks of each file (``$ journal ...`` in a console
block; a bare ``journal ...`` in a sh block).  Each file runs in a folder of its own with a fresh SQLite journal:
whatever ``--db`` a line names is that file's scratch database (and the output is compared with the doc's path
put back).  A line must exit 0, unless the doc shows it refused (its output, or a comment, says ``error:`` /
"refused"): then it must exit non-zero.  Where a console block shows the output, the output must be exactly that.

Lines that cannot run here (a server, a phone, a PostgreSQL URL, a file the doc does not make) are listed in
:data:`SKIPPED` with the reason, and lines whose output holds what changes each run (the journal's own dice, a
commitment, a time) in :data:`UNCOMPARED`: both in this one place.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.conftest import CLEAN_ENV

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: (file, a piece of the line) -> why the line does not run here.
SKIPPED: dict[tuple[str, str], str] = {
    ("README.md", "journal serve"): "a server: it runs until stopped (tests/web start one)",
    ("README.md", "--serve"): "the campaign made, then a server for the Master's phone (tests/web/test_web_links.py)",
    ("docs/backups.md", "journal serve"): "a server with its backup thread (tests/cli/test_cli_backups.py)",
    ("docs/hosting.md", "serve"): "a server for the phones (tests/docs/test_hosting_doc.py)",
    ("docs/scale.md", "serve"): "a server on a PostgreSQL primary and its standby",
    ("docs/backups.md", "postgresql://"): "a PostgreSQL server the doc names (tests/cli/test_cli_backups.py)",
    ("docs/dice.md", "roll Камень"): "one line of an example campaign the doc does not make",
    ("docs/table/vpt.md", "carry-over Пепел"): "the Master's sheet file (voltair.json) and campaign are the doc's "
                                               "example, not made by it (tests/cli/test_cli_vpt_carry_over.py)",
    ("docs/table/vpt.md", "spend Пепел"): "follows the carry-over above",
    ("docs/table/dichotomy.md", 'carry-over "Две стороны"'): "the Master's sheet file (vzlomshik.json) is the doc's "
                                                            "example (tests/cli/test_cli_dichotomy_carry_over.py)",
    ("docs/table/dichotomy.md", "Лодка --cost 16"): "follows the carry-over above",
    ("docs/table/dichotomy.md", 'new-motive "Две стороны" Взломщик Честь'): "follows the carry-over above",
    ("docs/table/stone-wheel.md", "carry-over Камень"): "the Master's sheet file (ratibor.json) is the doc's example "
                                                        "(tests/cli/test_cli_stone_wheel_carry_over.py)",
    ("docs/table/stone-wheel.md", "Фехтование --cost 351"): "follows the carry-over above",
    ("docs/table/wield.md", "carry-over Зола"): "the Master's sheet file (ezhik.json) is the doc's example "
                                                "(tests/cli/test_cli_wield_carry_over.py)",
    ("docs/table/wield.md", "chance Зола Ёжик Hard Bribe"): "follows the carry-over above",
    ("docs/table/wield.md", "collect Зола v7"): "follows the carry-over above",
    ("docs/table/wield.md", "power Зола Ring Буря --rank 8"): "follows the carry-over above",
}

#: file -> the lines that make what the doc takes as there before its first line (each as its argv).
SETUP: dict[str, list[list[str]]] = {
    "docs/backups.md": [["--db", "evening.db", "init"], ["--db", "evening.db", "demo"]],  # "the evening's journal"
}

#: (file, a piece of the line) -> why its output is not compared (it still must exit as the doc says).
UNCOMPARED: dict[tuple[str, str], str] = {
    ("docs/table/dichotomy.md", "session start"): "the dice commitment is a fresh seed's each session",
    ("docs/table/dichotomy.md", "f n --tn"): "the journal's own dice",
}

#: An event or dispute id as the CLI prints it: the doc's run made other ones, matched by place (:func:`_same`).
ID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

#: The doc's way of showing an exit code under a refusal's output.
EXIT = re.compile(r"\n\(exit (\d+)\)\n$")


@dataclass(frozen=True)
class Line:
    """One command line of a doc: where it is, its words after ``journal``, and the output the doc shows."""

    where: int
    text: str
    argv: list[str]
    output: str | None
    refused: bool

    @property
    def exit(self) -> int | None:
        """The exit code the doc shows, ``(exit N)`` under the output, if it shows one."""
        found = EXIT.search(self.output or "")
        return None if found is None else int(found.group(1))

    @property
    def shown(self) -> str | None:
        """The output the doc shows, without its ``(exit N)`` line."""
        return None if self.output is None else EXIT.sub("\n", self.output)


def _blocks(text: str) -> list[tuple[str, int, str]]:
    return [(m.group(1), text.count("\n", 0, m.start(2)) + 1, m.group(2))
            for m in re.finditer(r"^```(sh|console)\n(.*?)^```", text, re.MULTILINE | re.DOTALL)]


def lines_of(path: Path) -> list[Line]:
    """The command lines of ``path``, in order."""
    found: list[Line] = []
    for kind, start, body in _blocks(path.read_text(encoding="utf-8")):
        rows = body.splitlines()
        for index, row in enumerate(rows):
            command = row[2:] if kind == "console" and row.startswith("$ ") else row if kind == "sh" else ""
            if not (command.startswith("journal ") or command == "journal"):
                continue
            output = None
            if kind == "console":
                shown = []
                for after in rows[index + 1:]:
                    if after.startswith("$ "):
                        break
                    shown.append(after)
                output = "\n".join(shown) + "\n" if shown else None
            comment = command.split(" #", 1)[1] if " #" in command else ""
            refused = "error:" in (output or "") or "refus" in comment
            for part in command.split(" && "):  # ``journal a && journal b``: each in turn
                words = shlex.split(part, comments=True)
                found.append(Line(start + index, part, words[1:], output, refused))
    return found


def _same(shown: str, said: str, ids: dict[str, str]) -> bool:
    """Whether ``said`` is the output ``shown``, an id in it standing for any id (the pairs kept in ``ids``)."""
    pattern = re.escape(shown)
    for found in set(re.findall(ID, shown)):
        pattern = pattern.replace(re.escape(found), f"(?P<i{found.replace('-', '_')}>{ID})")
    match = re.fullmatch(pattern, said)
    if match is None:
        return False
    ids.update({name[1:].replace("_", "-"): value for name, value in match.groupdict().items()})
    return True


def _renamed(argv: list[str], ids: dict[str, str]) -> list[str]:
    """``argv`` with each id, or id prefix (8 characters or more), the doc's run printed, named as this run's."""
    def rename(word: str) -> str:
        for old, new in ids.items():
            if len(word) >= 8 and old.startswith(word):
                return new[:len(word)]
        return word

    return [rename(word) for word in argv]


def _listed(table: dict[tuple[str, str], str], name: str, line: Line) -> str | None:
    return next((why for (file, piece), why in table.items() if file == name and piece in line.text), None)


def _scratch(argv: list[str], folder: Path) -> tuple[list[str], str | None]:
    """``argv`` with an absolute database path it names (``--db /tmp/x.db``) moved into ``folder``; and that path
    (a relative one is in ``folder`` already, where the lines run)."""
    if "--db" in argv and argv[argv.index("--db") + 1].startswith("/"):
        at = argv.index("--db")
        return [*argv[:at + 1], str(folder / Path(argv[at + 1]).name), *argv[at + 2:]], argv[at + 1]
    return argv, None


DOCS = [path for path in FILES if lines_of(path)]


@pytest.mark.parametrize("path", DOCS, ids=[str(path.relative_to(ROOT)) for path in DOCS])
def test_every_command_line_of_the_doc_runs_as_shown(path: Path, tmp_path: Path) -> None:
    """Each line of the file, in order, against one scratch journal: the exit the doc implies and its output."""
    name = str(path.relative_to(ROOT))
    env = {**CLEAN_ENV, "JOURNAL_DB": str(tmp_path / "scratch.db"), "JOURNAL_KEY_DIR": str(tmp_path / "keys"),
           "JOURNAL_CONFIG": str(tmp_path / "config.json")}
    problems = []
    ids: dict[str, str] = {}
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        for argv in SETUP.get(name, []):
            made = CliRunner(env=env).invoke(cli, argv, prog_name="journal")
            assert made.exit_code == 0, made.output
        for line in lines_of(path):
            if _listed(SKIPPED, name, line) is not None:
                continue
            argv, named = _scratch(_renamed(line.argv, ids), tmp_path)
            result = CliRunner(env=env).invoke(cli, argv, prog_name="journal")
            said = result.stdout + result.stderr
            if named is not None:
                said = said.replace(str(tmp_path / Path(named).name), named)
            if (result.exit_code != 0) != line.refused or line.exit not in (None, result.exit_code):
                problems.append(f"{name}:{line.where}: exit {result.exit_code}: {line.text}\n{said}")
            elif line.shown is not None and _listed(UNCOMPARED, name, line) is None and not _same(line.shown, said,
                                                                                                    ids):
                problems.append(f"{name}:{line.where}: output differs: {line.text}\n--- doc\n{line.shown}--- now\n"
                                f"{said}")
    finally:
        os.chdir(old)
    assert problems == []


def test_a_changed_output_is_not_the_output_shown() -> None:
    """The check itself: one word changed in the output fails, while a fresh id in its place passes (and is kept)."""
    shown = "dispute 01a230da-1967-79b2-8000-00003c7e6160 ruled: overturn\n"
    ids: dict[str, str] = {}
    assert not _same(shown, "dispute 01a230da-1967-79b2-8000-00003c7e6160 ruled: uphold\n", ids)
    assert _same(shown, "dispute 01a2371f-9f2e-7c85-8000-000021dd7c7c ruled: overturn\n", ids)
    assert _renamed(["dispute", "vote", "01a230da"], ids) == ["dispute", "vote", "01a2371f"]


def test_a_refusal_shown_with_its_exit_code_must_exit_so() -> None:
    """The check itself: ``(exit 3)`` under an ``error:`` output is read as the exit the line must give."""
    line = Line(1, "journal x", ["x"], "error: refused by rule 'r': no\n(exit 3)\n", True)
    assert (line.exit, line.shown) == (3, "error: refused by rule 'r': no\n")
