"""The core's refusals that used to skip gettext, read with ``--lang ru``: one Russian line, the journal unchanged.

Each test runs the real CLI (in-process) on the test's database and checks the exit code, the exact line on
stderr and that nothing was recorded.  English keeps the same lines byte for byte (the other modules check them).
"""

from __future__ import annotations

import pytest

from tests.cli.conftest import Invoke

C = "Зола"


@pytest.fixture
def zola(run: Invoke) -> Invoke:
    """Campaign Зола (Wield, Master Судьба), its one event."""
    assert run("campaign", "new", C, "--system", "wield", "--master", "Судьба").exit_code == 0
    return run


def _head(run: Invoke) -> int:
    return int(run("campaign", "show", C, "--json").stdout.split('"version":')[1].split("}")[0].strip().rstrip(","))


def test_an_as_of_past_the_head_is_refused_in_russian(zola: Invoke) -> None:
    """`--as-of 99` past the head: exit 2, «№99 позже последнего события кампании (№1)»."""
    result = zola("--lang", "ru", "diff", C, "--from", "1", "--to", "99")
    assert (result.exit_code, result.stderr) == (
        2, "Ошибка: --as-of: №99 позже последнего события кампании (№1)\n")


def test_an_empty_campaign_name_is_refused_in_russian(zola: Invoke) -> None:
    """`campaign new " "`: «название кампании: не может быть пустым», nothing created."""
    result = zola("--lang", "ru", "campaign", "new", " ", "--system", "wield", "--master", "Судьба")
    listed = zola("campaign", "list", "--json").stdout
    assert (result.exit_code, result.stderr, listed.count('"name"')) == (
        2, "Ошибка: название кампании: не может быть пустым\n", 1)


def test_a_table_die_off_its_faces_is_refused_in_russian(zola: Invoke) -> None:
    """`roll 2d6 --dice 9,1`: «кубики: на d6 не может выпасть 9», nothing recorded."""
    before = _head(zola)
    result = zola("--lang", "ru", "roll", C, "2d6", "--dice", "9,1")
    assert (result.exit_code, result.stderr, _head(zola)) == (2, "Ошибка: кубики: на d6 не может выпасть 9\n", before)
