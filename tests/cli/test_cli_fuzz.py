"""A fuzz of the CLI: random argv from the real command tree with hostile values, on a real SQLite file.

Each example copies one prepared database file (a VPT campaign with a Master, two players, a character
each and an open session), runs ``journal --db <copy> <path> <args>`` through click's CliRunner and
asserts exactly: no traceback and no escaped exception, an exit code of the README's table (or 0), and
after a refusal (any non-zero exit) the events table row for row as it was.  Values mix names the
campaign knows with huge and negative integers, control characters, 300-character strings and unicode.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cli.main import cli
from tests.cli.conftest import CLEAN_ENV
from tests.profiles import examples

README = Path(__file__).resolve().parents[2] / "README.md"
#: Commands left out: ``serve`` runs until stopped, ``demo`` records four campaigns (slow, and tested on its own).
SKIPPED = {("serve",), ("demo",)}
KNOWN = ["Лес", "Вика", "Оля", "Дима", "Вольтаир", "Эдди", "1", "2", "session:1", "saved", "дубинка", "2d6"]


def exit_codes() -> set[int]:
    """The exit codes the README's table lists, and 0."""
    return {0} | {int(code) for code in re.findall(r"^\| +(\d+) \|", README.read_text(encoding="utf-8"), re.MULTILINE)}


def command_paths() -> list[tuple[tuple[str, ...], click.Command]]:
    """Every leaf command of the real CLI with its path, e.g. (("vpt", "weapon"), <Command>)."""
    found: list[tuple[tuple[str, ...], click.Command]] = []

    def walk(group: click.Group, ctx: click.Context, prefix: tuple[str, ...]) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            path = (*prefix, name)
            if command is None or path in SKIPPED:
                continue
            if isinstance(command, click.Group):
                walk(command, click.Context(command, parent=ctx, info_name=name), path)
            else:
                found.append((path, command))

    root = click.Context(cli, info_name="journal")
    walk(cli, root, ())
    return found


COMMANDS = command_paths()
CODES = exit_codes()

huge = st.integers(min_value=2**31, max_value=2**80).map(str)
negative = st.integers(min_value=-(2**70), max_value=-1).map(str)
control = st.text(alphabet=st.sampled_from(["\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\u2028", "\u202e", " "]),
                  min_size=1, max_size=4).map(lambda s: f"Ев{s}ил")
long_text = st.sampled_from(["x", "я", "7", "a"]).map(lambda ch: ch * 300)
unicode_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)
VALUE = st.one_of(st.sampled_from(KNOWN), huge, negative, control, long_text, unicode_text,
                  st.integers(min_value=-3, max_value=30).map(str))
#: The campaign argument: mostly the seeded one, so that the commands get past the lookup to their checks.
CAMPAIGN = st.one_of(st.just("Лес"), st.just("Лес"), st.just("Лес"), VALUE)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    """A command path of the real tree, a value for each argument, and some of its options with values."""
    path, command = draw(st.sampled_from(COMMANDS))
    args: list[str] = []
    if draw(st.booleans()):
        args += ["--as", draw(st.one_of(st.sampled_from(["Оля", "Дима", "Вика"]), VALUE))]
    args += list(path)
    for param in command.params:
        if isinstance(param, click.Argument):
            count = 1 if param.nargs == 1 else draw(st.integers(min_value=0, max_value=3))
            value = CAMPAIGN if "campaign" in (param.name or "") else VALUE
            args += [draw(value) for _ in range(count)]
        elif isinstance(param, click.Option) and draw(st.integers(min_value=0, max_value=3)) == 0:
            name = param.opts[-1]
            if param.is_flag:
                args.append(name)
            else:
                args += [name, *(draw(VALUE) for _ in range(max(param.nargs, 1)))]
    return args


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with a VPT campaign, two players, their characters and an open session (closed cleanly)."""
    path = tmp_path_factory.mktemp("fuzz") / "seed.db"
    runner = CliRunner(env=CLEAN_ENV)
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля"),
                 ("member", "add", "Лес", "Дима"), ("--as", "Оля", "vpt", "char", "Лес", "Вольтаир"),
                 ("--as", "Дима", "vpt", "char", "Лес", "Эдди"), ("vpt", "weapon", "Лес", "дубинка", "--target", "7", "--wi", "4"),
                 ("session", "start", "Лес", "--present", "Оля,Дима")):
        result = runner.invoke(cli, ["--db", str(path), *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the fuzzed commands run in (an ``-o`` file lands here, never in the checkout)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _events(path: Path) -> list[tuple]:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.exec_driver_sql("SELECT * FROM events ORDER BY seq")]
    finally:
        engine.dispose()


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(args=argv())
def test_random_argv_never_shows_a_traceback_and_a_refusal_writes_nothing(seeded: Path, workdir: Path,
                                                                          args: list[str]) -> None:
    """Whatever the argv: no traceback, an exit code of the README's table, and a refusal leaves the events as they were."""
    db = workdir / "journal.db"
    shutil.copyfile(seeded, db)
    before = _events(db)
    runner = CliRunner(env={**CLEAN_ENV, "JOURNAL_KEY_DIR": str(workdir / "keys")})
    result = runner.invoke(cli, ["--db", str(db), *args], prog_name="journal", input="")
    event(f"exit {result.exit_code}")
    escaped = result.exception if not isinstance(result.exception, SystemExit) else None
    assert (escaped, "Traceback" in result.output, result.exit_code in CODES) == (None, False, True), (args, result.output)
    if result.exit_code != 0:
        assert _events(db) == before, args
