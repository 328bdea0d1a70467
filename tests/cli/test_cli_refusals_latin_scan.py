"""Each rule system's refusals read in Russian: no word in Latin letters, the field by its label, the words a player
types.

Every case runs ``journal --lang ru ARGS`` (the real click CLI, in-process) on the demo journal of
tests/cli/test_cli_latin_scan.py (its ``demo_db``), expects a refusal (a non-zero exit, the journal unchanged: none
of them records) and fails on a Latin word :func:`~tests.cli.test_cli_latin_scan.latin_words` does not explain.  A
refusal that still shows Latin is a strict xfail naming what shows (:data:`NOT_YET`), so the mark fails the day it
is fixed and must be taken off.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.conftest import CLEAN_ENV
from tests.cli.test_cli_latin_scan import DICHOTOMY, STONE, VPT, WIELD, demo_db, latin_words  # noqa: F401 - a fixture

#: Refusals of each system, provoked as a Russian player would: a word no list has, a rule broken, a name unknown.
REFUSALS: list[tuple[str, ...]] = [
    # Dichotomy: the wealth level, a motive's outcome, how a career ends, the injury, attributes, abilities, motives
    ("dichotomy", "wealth", DICHOTOMY, "Шарлотта", "миллионер"),
    ("dichotomy", "motive", DICHOTOMY, "Шарлотта", "Честь", "выполнен"),
    ("dichotomy", "motive", DICHOTOMY, "Шарлотта", "Жадность", "воплощение"),
    ("dichotomy", "damage", DICHOTOMY, "Шарлотта", "--damage", "1", "--end", "пенсия"),
    ("dichotomy", "damage", DICHOTOMY, "Шарлотта", "--damage", "0"),
    ("dichotomy", "damage", DICHOTOMY, "Шарлотта", "--damage", "1", "--end", "смерть"),
    ("dichotomy", "heal", DICHOTOMY, "Шарлотта", "перелом"),
    ("dichotomy", "check", DICHOTOMY, "Шарлотта", "сила", "мощь"),
    ("dichotomy", "spend", DICHOTOMY, "Шарлотта", "Замок"),
    ("dichotomy", "ability", DICHOTOMY, "Шарлотта", "Полёт"),
    ("dichotomy", "ability", DICHOTOMY, "Шарлотта", "Мобильность"),
    ("dichotomy", "dive", DICHOTOMY, "Шарлотта"),
    ("dichotomy", "adventure", "end", DICHOTOMY),
    ("dichotomy", "swap", DICHOTOMY, "Шарлотта", "Честь", "Жадность"),
    ("dichotomy", "new", DICHOTOMY, "Новый", "--attributes", "1,2,3,4,5,6", "--abilities",
     "Мобильность,Лазание,Выживание", "--motives", "Честь,Слава", "--wealth", "нищий"),
    ("dichotomy", "new", DICHOTOMY, "Новый", "--attributes", "5,6,5,6,5,6", "--abilities",
     "Мобильность,Лазание,Выживание", "--motives", "Честь,Ложь", "--wealth", "нищий"),
    # VPT: Initiative's mode, the checklists without a session, a weapon not in the table, points not held, a name
    # taken
    ("vpt", "initiative", VPT, "быстро", "Жулики=7"),
    ("vpt", "tick", VPT, "Эдди", "Вольтаир", "обнял"),
    ("vpt", "revenge-tick", VPT, "Эдди", "Граф Мортен", "плюнул"),
    ("vpt", "hit", VPT, "Эдди", "Питер", "--weapon", "лук"),
    ("vpt", "melee", VPT, "Эдди меч"),
    ("vpt", "spend", VPT, "Эдди", "Граф Мортен", "--points", "9"),
    ("vpt", "char", VPT, "Эдди"),
    # Wield: a Domain no list has, a Domain not the vatcha's, a success nobody rolled
    ("wield", "power", WIELD, "Искра", "Молния", "--rank", "1", "--domain", "Ветер"),
    ("wield", "power", WIELD, "Искра", "Молния", "--rank", "1", "--domain", "Вода"),
    ("wield", "collect", WIELD, "Плыть"),
    # Stone Wheel: an action and a pool no list has, a response without its answer, a threshold, a revival, XP
    ("stone-wheel", "exchange", STONE, "Ратибор", "Ёжик", "--threshold", "6", "--pool", "2", "--action", "пинок"),
    ("stone-wheel", "exchange", STONE, "Ратибор", "Ёжик", "--threshold", "6", "--pool", "2", "--response", "блок"),
    ("stone-wheel", "recover", STONE, "Ратибор", "Удача", "--amount", "1"),
    ("stone-wheel", "request", STONE, "Ратибор", "Прыжок", "--threshold", "11", "--pool", "2"),
    ("stone-wheel", "revive", STONE, "Ратибор", "--by", "Мирослава", "--method", "ритуал", "--health", "1",
     "--survival", "1"),
    ("stone-wheel", "xp", "spend", STONE, "Ратибор", "навык", "Фехтование", "--cost", "9999"),
    ("stone-wheel", "xp", "spend", STONE, "Ратибор", "чары", "Фехтование", "--cost", "1"),
    ("stone-wheel", "xp", "spend", STONE, "Ратибор", "заклинание", "Огонь", "--cost", "1", "--school", "Тьма"),
    ("stone-wheel", "violation", STONE, "Никто"),
]

#: Refusals that still show Latin words, and which (the work left of issue 20).
NOT_YET: dict[tuple[str, ...], str] = {}


def _case(args: tuple[str, ...]) -> object:
    if args in NOT_YET:
        return pytest.param(args, marks=pytest.mark.xfail(strict=True, reason=f"still in Latin: {NOT_YET[args]}"))
    return args


@pytest.mark.parametrize("args", [_case(a) for a in REFUSALS], ids=lambda a: " ".join(a))
def test_the_refusal_reads_in_russian_without_latin_words(demo_db: str, args: tuple[str, ...],  # noqa: F811
                                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``journal --lang ru ARGS`` refuses (exit 2, 3 or 4) in a line with no Latin word outside the allow-list."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner(env={**CLEAN_ENV, "COLUMNS": "200"}).invoke(cli, ["--db", demo_db, "--lang", "ru", *args],
                                                                    prog_name="journal", catch_exceptions=False)
    assert (result.exit_code in (2, 3, 4), latin_words(result.stdout + result.stderr, args)) == (True, [])
