"""What a query's process imports: the dependencies it needs, not the ones only other commands use.

bench/side_by_side.py measures the time (``journal sheet`` against the import floor); these tests keep the modules
that made it slow out of a query's process: cryptography (signing), alembic (migrating), the web server, Babel and
pydantic's validator machinery (built by the payload models, which a query does not load).
"""

from __future__ import annotations

import subprocess
import sys

from tests.cli.conftest import recorded_with_cli

#: Modules a query must not import (each is imported where the command that needs it runs).
#: (pydantic.functional_validators is no longer among them: the payload base holds the one integer bound of every
#: field, journal.events.numbers, as a field validator, so loading any payload model loads it.)
HEAVY = ("alembic", "babel", "cryptography", "fastapi", "segno", "uvicorn", "web")

#: Run the real ``journal`` entry point with ARGS, then say on stderr which HEAVY modules the process holds.
SCRIPT = """
import sys
from cli.main import main
sys.argv = ["journal", *sys.argv[1:]]
try:
    main()
except SystemExit as exit:
    code = exit.code
heavy = sorted(name for name in {heavy!r} if name in sys.modules)
print("exit", code, "heavy", heavy, file=sys.stderr)
"""


@recorded_with_cli
def campaign(run) -> str:
    """A VPT campaign with one character (the bench's query: ``journal sheet``)."""
    for args in (["campaign", "new", "Пепел", "--system", "vpt", "--master", "ГМ"], ["member", "add", "Пепел", "Аня"],
                 ["--as", "Аня", "vpt", "character", "new", "Пепел", "Вольтаир", "--hit", "1"]):
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
    return "Пепел"


def _journal(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT.format(heavy=HEAVY), *args], capture_output=True, text=True,
                          check=False)


def test_a_sheet_query_imports_none_of_the_heavy_modules(db_url: str, campaign: str) -> None:
    """`journal sheet` in a process of its own prints the sheet with none of HEAVY imported."""
    done = _journal("--db", db_url, "sheet", campaign, "Вольтаир")
    assert (done.stdout.splitlines()[0], done.stderr.splitlines()[-1]) == ("Вольтаир at version 3", "exit 0 heavy []")


def test_a_bonds_query_imports_none_of_the_heavy_modules(db_url: str, campaign: str) -> None:
    """A system's own query (`journal bonds`, VPT) is as light: exit 0, none of HEAVY imported."""
    done = _journal("--db", db_url, "bonds", campaign)
    assert done.stderr.splitlines()[-1] == "exit 0 heavy []"


#: What ``journal --help`` needs is click and the command table: none of the service's dependencies.
NOT_FOR_HELP = ("sqlalchemy", "pydantic", "structlog", "journal.store", "journal.service.journal", "journal.events.payload")

#: Say on stderr which of the given modules the process holds after running the real entry point with ARGS.
HOLDS = """
import sys
from cli.main import main
sys.argv = ["journal", *sys.argv[1:]]
try:
    main()
except SystemExit as exit:
    code = exit.code
print("exit", code, "holds", sorted(name for name in {names!r} if name in sys.modules), file=sys.stderr)
"""


def _holding(names: tuple[str, ...], *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", HOLDS.format(names=names), *args], capture_output=True, text=True,
                          check=False)
    return done.stderr.splitlines()[-1]


def test_the_help_imports_neither_the_service_nor_its_libraries() -> None:
    """`journal --help` lists every command (each one's module loaded for its help line) and imports none of
    NOT_FOR_HELP: a command module's light imports (labels, words) no longer bring the whole service."""
    assert _holding(NOT_FOR_HELP, "--help") == "exit 0 holds []"


def test_a_sheet_query_builds_no_payload_model(db_url: str, campaign: str) -> None:
    """`journal sheet` reads and folds events without loading the payload models (pydantic's model building),
    which only a write needs (journal.service.burning, loaded by Journal.execute)."""
    assert _holding(("journal.events.payload", "journal.service.burning"), "--db", db_url, "sheet", campaign,
                    "Вольтаир") == "exit 0 holds []"
