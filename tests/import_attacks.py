"""Crafted import files of issue 18 (item 4), shared by the CLI tests and the threat model's table.

Each attack starts from the real exports of the demo's four campaigns (:func:`demo_exports`, recorded once per
process on a SQLite file of its own) and changes one thing as an attacker would; ``support.rechain`` then
recomputes every hash, so that only the journal's rules stand in the way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from click.testing import CliRunner

from cli.main import cli
from journal.store import open_store
from tests.support import rechain

WIELD, STONE, DICHOTOMY, VPT = "Демо · Владетели", "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"
CAMPAIGNS = (WIELD, STONE, DICHOTOMY, VPT)
Envelopes = list[dict[str, Any]]


#: The demo as recorded once in this process: its database URL, and each campaign's envelopes as JSON.
_DEMO: list[tuple[str, dict[str, bytes]]] = []


def _recorded(folder: Path) -> tuple[str, dict[str, bytes]]:
    if _DEMO:
        return _DEMO[0]
    path = folder / "demo.db"
    url = f"sqlite:///{path}"
    result = CliRunner(env={"JOURNAL_DB": None, "JOURNAL_ACTOR": None}).invoke(cli, ["--db", url, "demo"],
                                                                               catch_exceptions=False)
    assert result.exit_code == 0, result.output
    store = open_store(url)
    try:
        _DEMO.append((url, {name: orjson.dumps([orjson.loads(line) for line in store.export_lines(name)])
                            for name in CAMPAIGNS}))
    finally:
        store.close()
    return _DEMO[0]


def demo_url(folder: Path) -> str:
    """The database the demo was recorded in (its key is the one that committed to its sessions' seeds)."""
    return _recorded(folder)[0]


def demo_export(folder: Path, campaign: str) -> Envelopes:
    """A fresh copy of the envelopes of one demo campaign, as ``journal export`` writes them (the demo is recorded
    once per process, in ``folder`` the first time)."""
    return orjson.loads(_recorded(folder)[1][campaign])


def lines_of(envelopes: Envelopes) -> bytes:
    """The file of ``envelopes`` with every hash and link recomputed."""
    return b"".join(line + b"\n" for line in rechain(envelopes))


def _after(envelopes: Envelopes, type_: str, actor: str, data: dict[str, Any]) -> Envelopes:
    """``envelopes`` and one more line, between sessions, after the last."""
    last = envelopes[-1]
    return [*envelopes, {**last, "id": "01a2ffff-0000-7000-8000-00000000a77a", "version": last["version"] + 1,
                         "decision": "01a2ffff-0000-7000-8000-00000000a77a", "type": type_, "schema": 1,
                         "actor": actor, "session": None, "causation": None, "data": data}]


def xp_spent_on_no_target(folder: Path) -> Envelopes:
    """Stone Wheel, line 21: Ратибор's player spends XP on a parameter 'здоровье' no sheet has."""
    return _after(demo_export(folder, STONE), "stone_wheel.xp_spent", "Аня",
                  {"character": "Ратибор", "amount": 10, "kind": "parameter", "target": "здоровье", "levels": 1,
                   "schools": [], "reason": ""})


def geis_sealed_by_a_player(folder: Path) -> Envelopes:
    """Wield, line 11: the geis Fate sealed, recorded as sealed by the hero's player Борис."""
    envelopes = demo_export(folder, WIELD)
    assert envelopes[10]["type"] == "wield.geis_sealed"
    envelopes[10]["actor"] = "Борис"
    return envelopes


def tick_of_nine(folder: Path) -> Envelopes:
    """VPT, line 25: a tick of 'saved_life' and 'date_successful' (+2) written as +9."""
    envelopes = demo_export(folder, VPT)
    assert (envelopes[24]["type"], envelopes[24]["data"]["change"]) == ("vpt.relationship_ticked", 2)
    envelopes[24]["data"].update(change=9)
    return envelopes


def attributes_all_ten(folder: Path) -> Envelopes:
    """Dichotomy, line 4: a character whose six attributes are all 10."""
    envelopes = demo_export(folder, DICHOTOMY)
    assert envelopes[3]["type"] == "dichotomy.character_created"
    envelopes[3]["data"]["attributes"] = dict.fromkeys(envelopes[3]["data"]["attributes"], 10)
    return envelopes


def _free_roll(folder: Path, **data: Any) -> Envelopes:
    roll = {"notation": "1d6", "rolls": [{"sides": 6, "dice": [4], "source": "table", "counter": None}],
            "result": 4, "pool": False, "description": "1d6: [4] = 4", "purpose": None} | data
    return _after(demo_export(folder, VPT), "roll.made", "Оля", roll)


def ten_megabyte_description(folder: Path) -> Envelopes:
    """VPT, line 31: a free roll whose description is 10 MB."""
    return _free_roll(folder, description="x" * 10_000_000)


def rolls_300k(folder: Path) -> Envelopes:
    """VPT, line 31: a free roll of 300,000 rolls (16.5 MB on one line)."""
    return _free_roll(folder, rolls=[{"sides": 6, "dice": [4], "source": "table", "counter": None}] * 300_000)


def open_session(folder: Path) -> Envelopes:
    """Dichotomy, lines 1-6: the campaign up to its session's start, the session left open."""
    envelopes = demo_export(folder, DICHOTOMY)[:6]
    assert envelopes[5]["type"] == "session.started"
    return envelopes


def foreign_commitment(folder: Path) -> Envelopes:
    """Dichotomy, line 6: a session left open under a commitment to a seed no key of this journal gives."""
    envelopes = open_session(folder)
    envelopes[5]["data"]["commitment"] = "f" * 64
    return envelopes


def time_in_2099(folder: Path) -> Envelopes:
    """Wield, line 13: the session's end recorded in 2099."""
    envelopes = demo_export(folder, WIELD)
    envelopes[-1]["recorded_at"] = "2099-01-01T00:00:00.000000Z"
    return envelopes


def xp_to_no_character(folder: Path) -> Envelopes:
    """Stone Wheel, line 21: session XP awarded to a character the campaign does not have (its fold raises KeyError)."""
    return _after(demo_export(folder, STONE), "stone_wheel.xp_awarded", "Мастер",
                  {"character": "Никто", "amount": 125, "source": "session", "reason": "", "minutes": 150,
                   "master": False, "session": 1})


def free_roll_on_the_table(folder: Path) -> Envelopes:
    """VPT, line 31: a free roll of 1d6 on the table's dice, between sessions, as ``journal roll`` records it."""
    return _free_roll(folder)


def free_roll_rewritten(folder: Path) -> Envelopes:
    """VPT, line 31: a free roll of 1d6 on the table's 4 whose result reads 40."""
    return _free_roll(folder, result=40, description="1d6: [4] = 40")


def bonus_xp_by_a_player(folder: Path) -> Envelopes:
    """Stone Wheel, line 21: Ратибор's player awards him 500 bonus XP."""
    return _after(demo_export(folder, STONE), "stone_wheel.xp_awarded", "Аня",
                  {"character": "Ратибор", "amount": 500, "source": "bonus", "reason": "сам себе", "minutes": None,
                   "master": False, "session": None})


def character_created_by_a_player(folder: Path) -> Envelopes:
    """Stone Wheel, line 5: Ратибор's creation recorded by his player Аня (only the Master brings characters in)."""
    envelopes = demo_export(folder, STONE)
    assert envelopes[4]["type"] == "stone_wheel.character_created"
    envelopes[4]["actor"] = "Аня"
    return envelopes


def carry_over_by_a_player(folder: Path) -> Envelopes:
    """VPT, one line more: Вольтаир carried over with 9 points towards Эдди, recorded by his player Оля."""
    envelopes = demo_export(folder, VPT)
    return _after(envelopes, "vpt.carried_over", "Оля", {
        "character": "Вольтаир", "source": "сессии 1–20", "relationships": [
            {"other": "Эдди", "points": 9, "statuses": []}], "revenge": None, "past_revenges": []})


def _burned(folder: Path, source: str, counter: int | None) -> Envelopes:
    return _after(demo_export(folder, VPT), "dice.burned", "Оля",
                  {"rolls": [{"sides": 6, "dice": [4], "source": source, "counter": counter}], "reason": "x"})


def burned_table_dice(folder: Path) -> Envelopes:
    """VPT, line 31: a d6 of the table's dice recorded as burned (only the journal's server dice are ever burned)."""
    return _burned(folder, "table", None)


def burned_between_sessions(folder: Path) -> Envelopes:
    """VPT, line 31: a server d6 at counter 0 burned between sessions, where no die of the journal is thrown (and
    ``verify --rolls``, which recomputes the dice of closed sessions, never looks at it)."""
    return _burned(folder, "server", 0)


def stone_wheel_carry_over_by_a_player(folder: Path) -> Envelopes:
    """Stone Wheel, one line more: Ратибор carried over with 5000 XP, recorded by his player Аня."""
    return _after(demo_export(folder, STONE), "stone_wheel.carried_over", "Аня", {
        "character": "Ратибор", "source": "моя тетрадь", "xp": {"earned": 5000, "spent": 0}, "current": {},
        "effects": []})
