"""Crafted imports through the real ``journal import``, on both databases: what no command could have written stays out.

Each file starts from a real export of the demo's campaigns (recorded once per module on a SQLite file), changes
one thing as an attacker would and recomputes every hash (``support.rechain``), so that only the journal's rules
stand in the way.  A refusal is one line naming the line and the rule, exit 2, and the journal exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner
from support import rechain

from cli.main import cli
from journal.store import open_store
from journal.store.keys import key_path
from tests.cli.conftest import CLEAN_ENV, Invoke

WIELD, STONE, DICHOTOMY, VPT = "Демо · Владетели", "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"
Demo = dict[str, Any]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    """The envelopes of each demo campaign, as ``journal export`` writes them."""
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    result = CliRunner(env=CLEAN_ENV).invoke(cli, ["--db", f"sqlite:///{path}", "demo"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    store = open_store(f"sqlite:///{path}")
    try:
        return {"url": f"sqlite:///{path}"} | {name: [orjson.loads(line) for line in store.export_lines(name)]
                                               for name in (WIELD, STONE, DICHOTOMY, VPT)}
    finally:
        store.close()


def _copy(demo: Demo, campaign: str) -> list[dict[str, Any]]:
    return orjson.loads(orjson.dumps(demo[campaign]))


def _after(envelopes: list[dict[str, Any]], type_: str, actor: str, data: dict[str, Any],
           session: int | None = None) -> list[dict[str, Any]]:
    """``envelopes`` and one more line after the last, by ``actor``."""
    last = envelopes[-1]
    return [*envelopes, {**last, "id": "01a2ffff-0000-7000-8000-00000000a77a", "version": last["version"] + 1,
                         "decision": "01a2ffff-0000-7000-8000-00000000a77a", "type": type_, "schema": 1,
                         "actor": actor, "session": session, "causation": None, "data": data}]


def _refused(run: Invoke, db_url: str, tmp_path: Path, envelopes: list[dict[str, Any]], *,
             lines: Callable[[list[bytes]], list[bytes]] = lambda lines: lines) -> str:
    """Import ``envelopes`` re-chained; assert exit 2, one line, nothing written; return the message."""
    path = tmp_path / "crafted.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines(rechain(envelopes))))
    result = run("import", str(path))
    store = open_store(db_url)
    try:
        assert (result.exit_code, store.campaigns(), result.stderr.count("\n")) == (2, [], 1), result.stderr
    finally:
        store.close()
    assert "Traceback" not in result.output
    return result.stderr.removeprefix("error: ").rstrip("\n")


def test_an_xp_spend_on_a_target_no_sheet_has_is_refused(run: Invoke, db_url: str, demo: Demo,
                                                         tmp_path: Path) -> None:
    """Stone Wheel: XP spent on a parameter named 'здоровье' (the fold's KeyError ever after) is the verb's refusal."""
    crafted = _after(_copy(demo, STONE), "stone_wheel.xp_spent", "Аня",
                     {"character": "Ратибор", "amount": 10, "kind": "parameter", "target": "здоровье", "levels": 1,
                      "schools": [], "reason": ""})
    assert _refused(run, db_url, tmp_path, crafted) == (
        "line 21: refused by rule 'stone_wheel: improvement': 'здоровье' is not a parameter")


def test_a_geis_sealed_by_a_player_is_refused(run: Invoke, db_url: str, demo: Demo, tmp_path: Path) -> None:
    """Wield: only Fate seals a geis; the seal's line recorded by the hero's player is refused."""
    crafted = _copy(demo, WIELD)
    assert crafted[10]["type"] == "wield.geis_sealed"
    crafted[10]["actor"] = "Борис"
    assert _refused(run, db_url, tmp_path, crafted) == "line 11: only the Master may seal a geis ('Борис' is a player)"


def test_a_relationship_tick_worth_more_than_its_items_is_refused(run: Invoke, db_url: str, demo: Demo,
                                                                  tmp_path: Path) -> None:
    """VPT: a 'saved_life' tick scores +1; the same tick written as +9 (10 points) is not what the verb records."""
    crafted = _copy(demo, VPT)
    tick = crafted[24]
    assert (tick["type"], tick["data"]["change"]) == ("vpt.relationship_ticked", 2)
    tick["data"].update(change=9, points=10)
    assert _refused(run, db_url, tmp_path, crafted) == (
        "line 25: vpt.relationship_ticked: field 'change' is not what the command records here")


def test_dichotomy_attributes_all_ten_are_refused(run: Invoke, db_url: str, demo: Demo, tmp_path: Path) -> None:
    """Dichotomy: each pair of attributes sums to 11; a character with every attribute 10 is the verb's refusal."""
    crafted = _copy(demo, DICHOTOMY)
    assert crafted[3]["type"] == "dichotomy.character_created"
    crafted[3]["data"]["attributes"] = dict.fromkeys(crafted[3]["data"]["attributes"], 10)
    assert _refused(run, db_url, tmp_path, crafted) == (
        "line 4: refused by rule 'dichotomy: pair sums to 11': finesse/power: finesse 10 + power 10 = 20, not 11")


def _free_roll(envelopes: list[dict[str, Any]], **data: Any) -> list[dict[str, Any]]:
    roll = {"notation": "1d6", "rolls": [{"sides": 6, "dice": [4], "source": "table", "counter": None}],
            "result": 4, "pool": False, "description": "1d6: [4] = 4", "purpose": None} | data
    return _after(envelopes, "roll.made", "Оля", roll)


def test_a_ten_megabyte_description_is_refused_by_the_body_cap(run: Invoke, db_url: str, demo: Demo,
                                                               tmp_path: Path) -> None:
    """A line past the HTTP body cap (64 KiB) is refused before it is read: here a free roll's 10 MB description."""
    crafted = _free_roll(_copy(demo, VPT), description="x" * 10_000_000)
    assert _refused(run, db_url, tmp_path, crafted).startswith("line 31: 10000")
    assert _refused(run, db_url, tmp_path, crafted).endswith("bytes, more than the 65536 a command takes")


def test_a_line_of_300k_rolls_is_refused_by_the_body_cap(run: Invoke, db_url: str, demo: Demo, tmp_path: Path) -> None:
    """A free roll of 300,000 rolls (16.5 MB on one line) is refused by the same cap."""
    rolls = [{"sides": 6, "dice": [4], "source": "table", "counter": None}] * 300_000
    crafted = _free_roll(_copy(demo, VPT), rolls=rolls)
    message = _refused(run, db_url, tmp_path, crafted)
    assert (message.startswith("line 31: 1"), message.endswith("bytes, more than the 65536 a command takes")) == (
        True, True), message


def test_a_session_left_open_under_another_journals_commitment_is_refused(run: Invoke, db_url: str, demo: Demo,
                                                                          tmp_path: Path) -> None:
    """A file that leaves a session open must commit to a seed this journal gives: another's would leave the
    campaign unable to roll, end or start a session."""
    crafted = _copy(demo, DICHOTOMY)[:6]
    assert crafted[5]["type"] == "session.started"
    crafted[5]["data"]["commitment"] = "f" * 64
    assert _refused(run, db_url, tmp_path, crafted) == (
        "line 6: session 1 is left open, and refused by rule 'dice: server rolls need the session seed': this "
        "journal's key does not give the seed the session committed to")


def test_a_session_left_open_imports_and_ends_under_the_key_that_committed(run: Invoke, demo: Demo,
                                                                          tmp_path: Path) -> None:
    """A file that leaves a session open imports where the key that committed to its seed is (``JOURNAL_KEY``
    naming the demo's), and the session then ends."""
    path = tmp_path / "open.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in rechain(_copy(demo, DICHOTOMY)[:6])))
    env = {"JOURNAL_KEY": str(key_path(demo["url"]))}
    imported = run("import", str(path), env=env)
    assert (imported.exit_code, imported.stderr) == (0, "")
    ended = run("session", "end", DICHOTOMY, "--minutes", "30", env=env)
    assert (ended.exit_code, ended.stderr) == (0, "")


def test_a_time_beyond_the_clock_is_refused(run: Invoke, db_url: str, demo: Demo, tmp_path: Path) -> None:
    """A ``recorded_at`` in 2099 would make every later append go backwards: refused."""
    crafted = _copy(demo, WIELD)
    crafted[-1]["recorded_at"] = "2099-01-01T00:00:00.000000Z"
    message = _refused(run, db_url, tmp_path, crafted)
    assert message.startswith("line 13: field 'recorded_at' lies in the future (2099-01-01T00:00:00.000000Z; this "
                              "journal's clock allows up to 20"), message


def test_an_event_no_fold_can_read_is_refused(run: Invoke, db_url: str, demo: Demo, tmp_path: Path) -> None:
    """An event the folds raise on (XP awarded to a character the campaign does not have) is refused, naming it."""
    crafted = _after(_copy(demo, STONE), "stone_wheel.xp_awarded", "Мастер",
                     {"character": "Никто", "amount": 5, "source": "bonus", "reason": "за красивые глаза",
                      "minutes": None, "master": False, "session": None})
    assert _refused(run, db_url, tmp_path, crafted) == (
        "line 21: stone_wheel.xp_awarded: the journal's folds cannot read it (KeyError)")


def test_the_demo_exports_import_whole(run: Invoke, demo: Demo, tmp_path: Path) -> None:
    """Every untouched export of the demo imports, and every chain and server die of it verifies."""
    for name in (WIELD, STONE, DICHOTOMY, VPT):
        envelopes = demo[name]
        path = tmp_path / "whole.jsonl"
        path.write_bytes(b"".join(orjson.dumps(envelope) + b"\n" for envelope in envelopes))
        assert run("import", str(path)).exit_code == 0, name
    verified = run("verify", "--rolls")
    assert (verified.exit_code, verified.stderr) == (0, ""), verified.output
