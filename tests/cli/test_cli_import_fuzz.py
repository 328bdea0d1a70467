"""Import fuzz through the real CLI, on both databases: after any import the journal takes, every read command works.

Each example takes the real export of one demo campaign (tests/import_attacks.py), gives it a campaign name and ids
no other example uses, changes one or two fields (a payload's leaf or the actor, to a number, a name of the
campaign, a string, null, a list ...) and recomputes every hash, as a forger rewriting the file would.  Then
``journal import`` either refuses it in one line, the journal as it was, or takes it, and then ``log``, ``sheet``
(each character), ``xp``, the system's own queries (``bonds``; ``debts``, ``control``), ``replay`` and ``verify``
all succeed.  ``JOURNAL_IMPORT_EXAMPLES`` examples per backend (default 15 under the
``ci`` profile, 5 under ``dev``: tests/profiles.py).
"""

from __future__ import annotations

import itertools
import os
import uuid
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from journal.service import Journal
from journal.systems.registry import system as registered
from tests import import_attacks as attacks
from tests.cli.conftest import Invoke
from tests.profiles import examples

EXAMPLES = int(os.environ.get("JOURNAL_IMPORT_EXAMPLES", "0")) or examples(15)
SYSTEMS = {attacks.WIELD: "wield", attacks.STONE: "stone-wheel", attacks.DICHOTOMY: "dichotomy", attacks.VPT: "vpt"}
_names = itertools.count()


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """The paths of every leaf of a payload (a list or dict that is empty counts as a leaf)."""
    if isinstance(value, dict) and value:
        return [leaf for key, inner in value.items() for leaf in _leaves(inner, (*path, key))]
    if isinstance(value, list) and value:
        return [leaf for index, inner in enumerate(value) for leaf in _leaves(inner, (*path, index))]
    return [path]


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _names_of(envelopes: list[dict[str, Any]]) -> list[str]:
    """Every string of the campaign's payloads that names something: members, characters, targets."""
    return sorted({value for e in envelopes for key, value in e["data"].items()
                   if isinstance(value, str) and 0 < len(value) < 40 and key not in ("commitment", "seed")})


def _values(names: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(-3, 12), st.sampled_from([2**31, -(2**40), 0]), st.sampled_from(names),
                     st.text(max_size=8), st.none(), st.booleans(), st.just([]), st.just({}),
                     st.sampled_from(["здоровье", "health", "finesse", "saved_life", "Аня", "\x1b[2J"]))


def _fresh(envelopes: list[dict[str, Any]], campaign: str) -> list[dict[str, Any]]:
    """The export under a campaign name and ids no other example uses."""
    text = orjson.dumps(envelopes).decode().replace(f'"{campaign}"', f'"{campaign} {next(_names)}"')
    for envelope in envelopes:
        text = text.replace(envelope["id"], str(uuid.uuid4()))
    return orjson.loads(text)


def _reads(db_url: str, campaign: str, system: str) -> list[list[str]]:
    """Every read command of the campaign: log, each sheet, xp, the system's queries, replay, verify."""
    journal = Journal.open(db_url)
    try:
        folded = journal.at(campaign)
    finally:
        journal.close()
    descriptor = registered(system)
    sheets = [["sheet", campaign, name] for where in descriptor.sheets for name in folded[where.projection][where.key]]
    queries = [[name, campaign] for name in descriptor.cli_queries]
    return [["log", campaign], *sheets, ["xp", campaign], *queries, ["replay", campaign, "--session", "1"],
            ["verify", campaign]]


@pytest.fixture
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp()


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_export_is_refused_in_one_line_or_every_read_of_it_works(
        run: Invoke, db_url: str, demo: Path, tmp_path: Path, data: st.DataObject) -> None:
    """Refused: one line 'line N: ...', a bad-input exit, nothing written.  Taken: every read command exits 0."""
    campaign = data.draw(st.sampled_from(sorted(SYSTEMS)), label="campaign")
    envelopes = attacks.demo_export(demo, campaign)
    names = _names_of(envelopes)
    for _ in range(data.draw(st.integers(1, 2), label="mutations")):
        at = data.draw(st.integers(1, len(envelopes) - 1), label="line index")
        if data.draw(st.booleans(), label="the actor"):
            envelopes[at]["actor"] = data.draw(st.sampled_from(names), label="actor")
            continue
        path = data.draw(st.sampled_from(_leaves(envelopes[at]["data"])), label="field")
        if path:
            _set(envelopes[at]["data"], path, data.draw(_values(names), label="value"))
    envelopes = _fresh(envelopes, campaign)
    name = envelopes[0]["campaign"]
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(attacks.lines_of(envelopes))
    imported = run("import", str(path))
    assert "Traceback" not in imported.output, imported.output
    if imported.exit_code != 0:
        message = imported.stderr.removeprefix("error: ")
        assert (imported.exit_code, message.startswith("line "), message.count("\n")) == (2, True, 1), message
        assert name not in run("campaign", "list").stdout
        event(f"refused: {message.split(': ', 2)[1][:40]}")
        return
    event("imported")
    for args in _reads(db_url, name, SYSTEMS[campaign]):
        result = run(*args)
        note(f"{args}: {result.output}")
        assert (result.exit_code, "Traceback" in result.output) == (0, False), (args, result.output)
