"""The rule-system registry: the four systems are found by their folders, and a fifth registered in a test works.

The fifth system is tests/coin_system/: a coin-flip game with one verb and one sheet field.  Registering
its descriptor is the only step; the CLI, the API, the engine and the log need no other change.
"""

from __future__ import annotations

from collections.abc import Iterator

import orjson
import pytest
from coin_system.descriptor import DESCRIPTOR as COIN
from fastapi.testclient import TestClient

from journal.service import Journal
from journal.service.tokens import issue
from journal.store import open_store
from journal.systems import registry


@pytest.fixture
def run(db_url: str):
    """The real ``journal`` CLI on the test's database, after ``journal init``."""
    from click.testing import CliRunner

    from cli.main import cli

    def invoke(*args: str):
        return CliRunner(env={"JOURNAL_ACTOR": None, "JOURNAL_DB": None, "COLUMNS": None}).invoke(
            cli, ["--db", db_url, *args], prog_name="journal", catch_exceptions=False)

    assert invoke("init").exit_code == 0
    return invoke


@pytest.fixture
def coin() -> Iterator[registry.SystemDescriptor]:
    """The coin game, registered for one test."""
    registry.register(COIN)
    yield COIN
    registry.unregister(COIN.name)


def test_the_four_systems_are_found_by_their_folders() -> None:
    """Each folder under journal/systems/ with a descriptor registers its system."""
    assert registry.names() == ["dichotomy", "stone-wheel", "vpt", "wield"]


def test_an_unregistered_system_is_refused_naming_the_known_ones() -> None:
    """A campaign of a system nobody registered is refused by the descriptor lookup."""
    from journal.errors import ValidationFailed

    with pytest.raises(ValidationFailed, match="^system: 'coin' is not one of dichotomy, stone-wheel, vpt, wield$"):
        registry.system("coin")


def test_a_fifth_system_records_and_folds_through_the_cli(coin: registry.SystemDescriptor, run) -> None:
    """`campaign new --system coin`, two `coin flip`s with the table's d2, and the sheet counts one heads."""
    assert run("campaign", "new", "Монетка", "--system", "coin", "--master", "ГМ").exit_code == 0
    assert run("member", "add", "Монетка", "Аня").exit_code == 0
    heads = run("--as", "Аня", "coin", "flip", "Монетка", "Аня", "--dice", "1")
    tails = run("--as", "Аня", "coin", "flip", "Монетка", "Аня", "--dice", "2")
    assert (heads.exit_code, heads.stdout, tails.stdout) == (0, "Аня flips heads\n", "Аня flips tails\n")
    sheet = run("sheet", "Монетка", "Аня", "--json")
    assert orjson.loads(sheet.stdout)["sheet"] == {"kind": "character", "heads": 1}
    assert "Аня flips tails" in run("log", "Монетка").stdout


def test_a_fifth_system_is_served_by_the_api(coin: registry.SystemDescriptor, db_url: str) -> None:
    """POST /api/coin/flip is generated from the verb's signature; /api/sheets shows the fold."""
    from web.app import create_app

    journal = Journal(open_store(db_url, upgrade=True))
    try:
        journal.create_campaign("Монетка", "coin", "ГМ")
        journal.add_member("Монетка", "Аня")
        token = issue(journal, "Монетка", "Аня").token
        with TestClient(create_app(db_url, journal=journal)) as client:
            headers = {"Authorization": f"Bearer {token}"}
            flipped = client.post("/api/coin/flip", json={"character": "Аня", "dice": [1]}, headers=headers)
            assert flipped.status_code == 200
            assert [e["type"] for e in flipped.json()["events"]] == ["coin.flipped"]
            sheets = client.get("/api/sheets", headers=headers).json()
        assert sheets["sheets"] == {"Аня": {"kind": "character", "heads": 1}}
    finally:
        journal.close()


@pytest.mark.parametrize("name", registry.names())
def test_every_reference_of_a_descriptor_loads(name: str) -> None:
    """Each lazy reference of each registered system names an object that exists (none is a typo found at a table)."""
    missing = []
    for reference in registry.system(name).references():
        try:
            reference.load()
        except (ImportError, AttributeError) as exc:
            missing.append(f"{reference}: {exc}")
    assert missing == []


def test_a_plain_string_is_taken_as_a_lazy_reference() -> None:
    """A descriptor given ``"module:attribute"`` where a reference goes holds a Lazy of it (the coin system's)."""
    assert (COIN.summaries, COIN.cli) == (registry.Lazy("coin_system.summaries:LINES"), registry.Lazy("coin_system.cli:group"))


def test_a_reference_that_is_not_module_attribute_is_refused() -> None:
    """A Lazy of an empty module name is refused when the descriptor is built, naming what was given."""
    with pytest.raises(TypeError, match="a lazy reference is 'module:attribute', not ':LINES'"):
        registry.Lazy(":LINES")
