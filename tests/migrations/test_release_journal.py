"""The journal recorded by release 0.1 (commit 527888f) still opens, verifies and answers as that release did.

``tests/fixtures/release-0.1.db`` was written by that release's CLI only, and
``tests/fixtures/release-0.1.expected.json`` holds its ``--json`` answers (``_meta.commands`` gives each
key's command line); ``tests/fixtures/release-0.1.md`` describes both.  Every test works on a copy in
``tmp_path``: the committed file is never opened (it is in WAL mode, and opening it would leave
``-wal``/``-shm`` files next to it).

Every query answer of the release (sheets, debts, control, bonds, xp, xp --session K, at the head and
at the recorded as-of points) must come out the same from today's code, except the answers listed in
``CHANGED``, where the release was wrong.  The values there are written out by hand from the rule
digests (/work/shared/rules/) and the fixture's events, not computed by the code under test.
"""

from __future__ import annotations

import copy
import json
import re
import shlex
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cli.main import cli
from journal.store.engine import current_revision, make_engine
from journal.store.tables import SCHEMA_REVISION

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RELEASE_DB = FIXTURES / "release-0.1.db"
EXPECTED: dict[str, Any] = json.loads((FIXTURES / "release-0.1.expected.json").read_text(encoding="utf-8"))

WIELD, STONE, DICHO, VPT = "Демо · Владетели", "Демо · Каменное колесо", "Демо · Дихотомия", "Демо · ВПТ"
SYSTEMS = {WIELD: "wield", STONE: "stone-wheel", DICHO: "dichotomy", VPT: "vpt"}

#: The release's query answers this module compares (the rest of the file is logs, replays, audits, ...).
_QUERY = re.compile(r"^(sheet|stone-wheel sheet|dichotomy sheet|vpt party|debts|control|bonds|xp)/")
QUERY_KEYS = [key for key in EXPECTED if key != "_meta" and _QUERY.match(key)]

#: The as-of points the release's sheets were captured at, after the head (suffixes of the keys).
SHEET_POINTS = {
    WIELD: ["as-of session:1:start", "as-of session:1", "as-of session:2:start", "as-of session:2",
            "as-of 23 (before the void)",
            "as-of before:01a230ce-45fe-7d69-8000-000020463fae (before the overturned event)"],
}

# --------------------------------------------------------------------------------------------------
# Where the release's answer was wrong: key -> (why, {field path: (the release's value, today's value)}).
# A path is dotted ("sheet.current.health", "bonds.0.points"); each old value is checked against the
# release's answer, so this table cannot drift from the file.
# --------------------------------------------------------------------------------------------------

_OVERTURN_SW = ("the overturn of the v24 exchange now also voids v25, the damage its command appended "
                "(8 = weapon 3 + character 3 + margin 2): Ратибор is back to his full Health 20")
_OVERTURN_VPT = "the overturn of the v32 hit now also voids v33, the 1 wound its command appended: Граф Мортен has 0"
_OVERTURN_DI = ("round 1 (v20, 3 damage) is voided and the track is folded from damage, not copied from v21: "
                "round 2 alone is 1 Hit lost on a fresh track, Shaken 1, not Injured")
_SW_S1 = ("session:1 now ends at the session-1 tally's commit (v20, was session.ended v16), so it holds the "
          "session's XP: 150 min x 50 XP/h = 125 for each player present (Ратибор, Ёжик)")
_SW_S2 = ("session:2 now ends at the session-2 tally's commit (v37, was session.ended v32): +120 min x 50 XP/h = "
          "100 each (Ратибор, Ёжик, Мирослава); Ратибор's Health is 20 (the v24 overturn takes out v25)")
_SW_BOOKED = ("a tally's awards (recorded after session.ended, session null) are booked under the session they "
              "tally, not under 'between'")
_VPT_S1 = ("session:1 now ends at the session-1 tally's commit (v29, was session.ended v27); its one tick "
           "(Эдди's revenge -1, no interaction) leaves Эдди's revenge at its floor 0, so only the version moves")
_VPT_S2 = ("session:2 now ends at the session-2 tally's commit (v44, was session.ended v39): the four "
           "no-interaction -1 ticks are in (Вольтаир->Эдди 1->0, Эдди->Вольтаир 2->1, Вольтаир's revenge 1->0, "
           "Эдди's revenge stays at its floor 0)")


def _sessions(**earned: int) -> dict[str, Any]:
    """The ``sessions`` part of a Stone Wheel XP ledger that earned only session XP: session key -> amount."""
    return {key.lstrip("s"): {"earned": amount, "spent": 0, "by_source": {"session": amount}}
            for key, amount in earned.items()}


def _ledger(**earned: int) -> dict[str, Any]:
    """A whole XP ledger (the ``xp`` of ``journal sheet``) of session XP only: ``_ledger(s1=125, s2=100)``."""
    total = sum(earned.values())
    return {"earned": total, "spent": 0, "balance": total, "by_source": {"session": total},
            "sessions": _sessions(**earned), "spending": []}


def _between(amount: int) -> dict[str, Any]:
    return {"between": {"earned": amount, "spent": 0, "by_source": {"session": amount}}}


def _booked_after_s1() -> tuple[str, dict[str, tuple[Any, Any]]]:
    return _SW_BOOKED, {"xp.sessions": (_between(125), _sessions(s1=125))}


_SW_POINT_29 = "as-of 29 (before the void)"
_SW_POINT_BEFORE = "as-of before:01a230ce-a7c5-7679-8000-0000113d32d3 (before the overturned event)"
_DI_POINT_BEFORE = "as-of before:01a230cf-0f28-77fc-8000-000006d81167 (before the overturned event)"
_VPT_POINT_BEFORE = "as-of before:01a230cf-6397-7768-8000-000009527f47 (before the overturned event)"

CHANGED: dict[str, tuple[str, dict[str, tuple[Any, Any]]]] = {
    # -- Stone Wheel: Ратибор --------------------------------------------------------------------
    f"sheet/{STONE}/Ратибор": (_OVERTURN_SW + "; " + _SW_BOOKED, {
        "sheet.current.health": (12, 20),
        "xp.sessions": (_between(225), _sessions(s1=125, s2=100))}),
    f"stone-wheel sheet/{STONE}/Ратибор": (_OVERTURN_SW, {"current.health": (12, 20)}),
    f"sheet/{STONE}/Ратибор/as-of session:1": (_SW_S1, {
        "version": (16, 20),
        "sheet.xp": ({"earned": 0, "spent": 0, "balance": 0}, {"earned": 125, "spent": 0, "balance": 125}),
        "xp": (None, _ledger(s1=125))}),
    f"sheet/{STONE}/Ратибор/as-of session:2:start": _booked_after_s1(),
    f"sheet/{STONE}/Ратибор/as-of session:2": (_SW_S2, {
        "version": (32, 37),
        "sheet.current.health": (12, 20),
        "sheet.xp": ({"earned": 125, "spent": 0, "balance": 125}, {"earned": 225, "spent": 0, "balance": 225}),
        "xp": ({"earned": 125, "spent": 0, "balance": 125, "by_source": {"session": 125},
                "sessions": _between(125), "spending": []}, _ledger(s1=125, s2=100))}),
    f"sheet/{STONE}/Ратибор/{_SW_POINT_29}": _booked_after_s1(),
    f"sheet/{STONE}/Ратибор/{_SW_POINT_BEFORE}": _booked_after_s1(),
    # -- Stone Wheel: Ёжик -----------------------------------------------------------------------
    f"sheet/{STONE}/Ёжик": (_SW_BOOKED, {"xp.sessions": (_between(225), _sessions(s1=125, s2=100))}),
    f"sheet/{STONE}/Ёжик/as-of session:1": (_SW_S1, {
        "version": (16, 20),
        "sheet.xp": ({"earned": 0, "spent": 0, "balance": 0}, {"earned": 125, "spent": 0, "balance": 125}),
        "xp": (None, _ledger(s1=125))}),
    f"sheet/{STONE}/Ёжик/as-of session:2:start": _booked_after_s1(),
    f"sheet/{STONE}/Ёжик/as-of session:2": (_SW_S2, {
        "version": (32, 37),
        "sheet.xp": ({"earned": 125, "spent": 0, "balance": 125}, {"earned": 225, "spent": 0, "balance": 225}),
        "xp": ({"earned": 125, "spent": 0, "balance": 125, "by_source": {"session": 125},
                "sessions": _between(125), "spending": []}, _ledger(s1=125, s2=100))}),
    f"sheet/{STONE}/Ёжик/{_SW_POINT_29}": _booked_after_s1(),
    f"sheet/{STONE}/Ёжик/{_SW_POINT_BEFORE}": _booked_after_s1(),
    # -- Stone Wheel: Мирослава (present in session 2 only) and Разбойник (no XP) ----------------
    f"sheet/{STONE}/Мирослава": (_SW_BOOKED, {"xp.sessions": (_between(100), _sessions(s2=100))}),
    f"sheet/{STONE}/Мирослава/as-of session:1": (_SW_S1 + " (Мирослава was not there: only the version)",
                                                  {"version": (16, 20)}),
    f"sheet/{STONE}/Мирослава/as-of session:2": (_SW_S2, {
        "version": (32, 37),
        "sheet.xp": ({"earned": 0, "spent": 0, "balance": 0}, {"earned": 100, "spent": 0, "balance": 100}),
        "xp": (None, _ledger(s2=100))}),
    f"sheet/{STONE}/Разбойник/as-of session:1": (_SW_S1 + " (an NPC without XP: only the version)",
                                                  {"version": (16, 20)}),
    f"sheet/{STONE}/Разбойник/as-of session:2": (_SW_S2 + " (an NPC without XP: only the version)",
                                                  {"version": (32, 37)}),
    # -- Stone Wheel: XP of a session includes its tally -----------------------------------------
    f"xp/{STONE}/--session 1": (("the session-1 tally's awards (v17-v19: 150 min x 50 XP/h = 125 per player, "
                                 "x 75 XP/h = 187 for the Master) count for session 1"), {
        "ledgers": ([], [
            {"character": "Ёжик", "earned": 125, "spent": 0, "by_source": {"session": 125}},
            {"character": "Мастер", "earned": 187, "spent": 0, "by_source": {"session": 187}},
            {"character": "Ратибор", "earned": 125, "spent": 0, "by_source": {"session": 125}}])}),
    f"xp/{STONE}/--session 2": (("the session-2 tally's awards (v33-v36: 120 min x 50 XP/h = 100 per player, "
                                 "x 75 XP/h = 150 for the Master) count for session 2"), {
        "ledgers": ([], [
            {"character": "Ёжик", "earned": 100, "spent": 0, "by_source": {"session": 100}},
            {"character": "Мастер", "earned": 150, "spent": 0, "by_source": {"session": 150}},
            {"character": "Мирослава", "earned": 100, "spent": 0, "by_source": {"session": 100}},
            {"character": "Ратибор", "earned": 100, "spent": 0, "by_source": {"session": 100}}])}),
    # -- Dichotomy: Взломщик ---------------------------------------------------------------------
    f"sheet/{DICHO}/Взломщик": (_OVERTURN_DI, {
        "sheet.health.injured": (True, False), "sheet.health.drawing": ("|●○|●|○|", "|●○|○|○|")}),
    f"sheet/{DICHO}/Взломщик/as-of session:2": (_OVERTURN_DI, {
        "sheet.health.injured": (True, False), "sheet.health.drawing": ("|●○|●|○|", "|●○|○|○|")}),
    f"dichotomy sheet/{DICHO}/Взломщик": (_OVERTURN_DI, {
        "health.injured": (True, False), "health.drawing": ("|●○|●|○|", "|●○|○|○|")}),
    # -- VPT -------------------------------------------------------------------------------------
    f"sheet/{VPT}/Граф Мортен": (_OVERTURN_VPT, {"sheet.wounds": (1, 0)}),
    f"vpt party/{VPT}": (_OVERTURN_VPT, {"Граф Мортен.wounds": (1, 0)}),
    f"sheet/{VPT}/Граф Мортен/as-of session:2": (_VPT_S2 + "; " + _OVERTURN_VPT, {
        "version": (39, 44), "sheet.wounds": (1, 0)}),
    f"sheet/{VPT}/Вольтаир/as-of session:2": (_VPT_S2, {
        "version": (39, 44), "sheet.relationships.Эдди.points": (1, 0), "sheet.revenge.points": (1, 0)}),
    f"sheet/{VPT}/Эдди/as-of session:2": (_VPT_S2, {
        "version": (39, 44), "sheet.relationships.Вольтаир.points": (2, 1)}),
    f"sheet/{VPT}/Питер/as-of session:2": (_VPT_S2 + " (none of them is Питер's: only the version)",
                                            {"version": (39, 44)}),
    f"bonds/{VPT}/as-of session:2": (_VPT_S2, {
        "version": (39, 44),
        "bonds.0.points": (1, 0),   # relationship Вольтаир -> Эдди
        "bonds.1.points": (1, 0),   # revenge Вольтаир -> Питер
        "bonds.2.points": (2, 1)}),  # relationship Эдди -> Вольтаир (bonds.3, Эдди's revenge, stays 0)
    **{f"sheet/{VPT}/{name}/as-of session:1": (_VPT_S1, {"version": (27, 29)})
       for name in ("Вольтаир", "Эдди", "Питер", "Граф Мортен")},
    f"bonds/{VPT}/as-of session:1": (_VPT_S1, {"version": (27, 29)}),
}

#: Fields a sheet gained since the release (not totals; their values are not compared): key -> paths.
NEW_FIELDS: dict[str, tuple[str, ...]] = {
    # Every sheet and XP answer now names its system (the CLI prints its labels in the reader's words by it).
    **{key: ("system",) for key in QUERY_KEYS if key.startswith(("sheet/", "xp/"))},
    # Wield: the hero sheet now lists each chance's result (v8 success, v9 failure, ...), uncollected.
    **{key: ("sheet.results", "system")
       for key in [f"sheet/{WIELD}/Ёжик"] + [f"sheet/{WIELD}/Ёжик/{point}" for point in SHEET_POINTS[WIELD]]},
}

#: Fields the release's sheets had that are gone today: key -> paths (none so far).
REMOVED_FIELDS: dict[str, tuple[str, ...]] = {}

UNCHANGED_KEYS = [key for key in QUERY_KEYS if key not in CHANGED]

_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                  ["a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
                   "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"]))
_TAGS = {WIELD: "wield", STONE: "stone-wheel", DICHO: "dichotomy", VPT: "vpt"}


def _id(key: str) -> str:
    """A short ASCII test id for a key: 'sheet/stone-wheel/Ratibor/as-of before:01a230ce-a7c5'."""
    for campaign, tag in _TAGS.items():
        key = key.replace(campaign, tag)
    key = re.sub(r" \(.*\)$", "", key)
    key = re.sub(r"(before:[0-9a-f]{8}-[0-9a-f]{4})[-0-9a-f]*", r"\1", key)
    return "".join(_LATIN.get(c.lower(), c).capitalize() if c.isupper() and c.lower() in _LATIN
                   else _LATIN.get(c, c) for c in key)


# -- helpers ---------------------------------------------------------------------------------------

def _copy_release(directory: Path) -> Path:
    """A copy of the release's database (and its -wal/-shm files when present) in ``directory``."""
    target = directory / RELEASE_DB.name
    shutil.copyfile(RELEASE_DB, target)
    for suffix in ("-wal", "-shm"):
        side = RELEASE_DB.with_name(RELEASE_DB.name + suffix)
        if side.exists():
            shutil.copyfile(side, target.with_name(target.name + suffix))
    return target


def _run(db: Path, *args: str) -> Result:
    runner = CliRunner(env={"JOURNAL_ACTOR": None, "JOURNAL_DB": None})
    return runner.invoke(cli, ["--db", f"sqlite:///{db}", *args], prog_name="journal", catch_exceptions=False)


def _answer(db: Path, key: str) -> Any:
    """Today's answer to the release's command line of ``key``, in the shape the release's answers were kept."""
    words = shlex.split(EXPECTED["_meta"]["commands"][key])
    assert words[0] == "journal"
    result = _run(db, *words[1:])
    if result.exit_code != 0:
        return {"error": result.stderr.strip(), "exit": result.exit_code}
    return json.loads(result.stdout)


def _steps(path: str) -> list[str]:
    return path.split(".")


def _walk(value: Any, step: str) -> Any:
    return value[int(step)] if isinstance(value, list) else value[step]


def _has(value: Any, path: str) -> bool:
    for step in _steps(path):
        if isinstance(value, list):
            if not step.isdigit() or int(step) >= len(value):
                return False
        elif not isinstance(value, dict) or step not in value:
            return False
        value = _walk(value, step)
    return True


def _get(value: Any, path: str) -> Any:
    for step in _steps(path):
        value = _walk(value, step)
    return value


def _set(value: Any, path: str, new: Any) -> None:
    *parents, last = _steps(path)
    for step in parents:
        value = _walk(value, step)
    value[int(last) if isinstance(value, list) else last] = new


def _drop(value: Any, path: str) -> None:
    *parents, last = _steps(path)
    for step in parents:
        value = _walk(value, step)
    del value[last]


@pytest.fixture(scope="module")
def release_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the release's journal for the read-only tests of this module (reads may save read models)."""
    return _copy_release(tmp_path_factory.mktemp("release-0.1"))


# -- the file opens with today's code --------------------------------------------------------------

def test_the_release_journal_upgrades_to_the_head_on_first_use_and_verifies(tmp_path: Path) -> None:
    """A copy at alembic 0003 reaches the head revision when first opened; verify --rolls says what the release said."""
    db = _copy_release(tmp_path)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [("0003",)]
        stored = conn.execute("SELECT id, hash FROM events ORDER BY seq").fetchall()
    assert len(stored) == 136

    result = _run(db, "verify", "--rolls")

    assert (result.exit_code, result.stdout, result.stderr) == (
        0, ("ok: 136 events in 4 campaigns, every chain holds\n"
            "ok: 9 server rolls in 8 closed sessions recomputed exactly\n"), "")
    assert result.stdout == EXPECTED["verify --rolls"]["text"]
    engine = make_engine(f"sqlite:///{db}")
    try:
        assert current_revision(engine) == SCHEMA_REVISION
    finally:
        engine.dispose()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT id, hash FROM events ORDER BY seq").fetchall() == stored
        assert conn.execute("SELECT COUNT(*), COUNT(decision) FROM events").fetchone() == (136, 0)
    current = _run(db, "db", "current")
    assert (current.exit_code, current.stdout) == (0, f"{SCHEMA_REVISION} (head)\n")


def test_the_compared_keys_are_every_query_answer_of_the_release() -> None:
    """124 query answers are compared; every corrected or restructured key is one of them, and names a real change."""
    kinds: dict[str, int] = {}
    for key in QUERY_KEYS:
        kinds[key.split("/")[0]] = kinds.get(key.split("/")[0], 0) + 1
    assert kinds == {"sheet": 84, "stone-wheel sheet": 4, "dichotomy sheet": 2, "vpt party": 1,
                     "debts": 7, "control": 7, "bonds": 7, "xp": 12}
    assert len(QUERY_KEYS) == 124
    assert set(CHANGED) <= set(QUERY_KEYS)
    assert set(NEW_FIELDS) <= set(QUERY_KEYS) and set(REMOVED_FIELDS) <= set(QUERY_KEYS)
    for key, (reason, changes) in CHANGED.items():
        assert reason and changes, key
        for path, (old, new) in changes.items():
            assert old != new, f"{key}: {path}"
    assert len(CHANGED) == 35


# -- the release's answers, today ------------------------------------------------------------------

def _compare(db: Path, key: str, expected: Any) -> None:
    got = _answer(db, key)
    for path in NEW_FIELDS.get(key, ()):
        assert _has(got, path) and not _has(EXPECTED[key], path), f"{key}: {path} should be new"
        _drop(got, path)
    for path in REMOVED_FIELDS.get(key, ()):
        assert _has(expected, path) and not _has(got, path), f"{key}: {path} should be gone"
        _drop(expected, path)
    assert got == expected


@pytest.mark.parametrize("key", UNCHANGED_KEYS, ids=_id)
def test_the_release_answer_still_holds(release_db: Path, key: str) -> None:
    """Today's CLI gives the release's answer to the same command line (listed new/removed fields aside)."""
    _compare(release_db, key, copy.deepcopy(EXPECTED[key]))


@pytest.mark.parametrize("key", list(CHANGED), ids=_id)
def test_a_wrong_release_answer_is_corrected(release_db: Path, key: str) -> None:
    """Where the release was wrong, today's answer is the release's with exactly the fields of CHANGED corrected."""
    expected = copy.deepcopy(EXPECTED[key])
    _reason, changes = CHANGED[key]
    for path, (old, new) in changes.items():
        assert _get(expected, path) == old, f"{key}: the release answered {path} = {_get(expected, path)!r}"
        _set(expected, path, new)
    _compare(release_db, key, expected)


# -- an overturn made by the release takes out the whole decision ----------------------------------

#: Campaign -> the void's version -> the versions it takes out (the disputed event and its command's others).
WHOLE_OVERTURNS = {
    WIELD: (24, [19]),        # the geis breach alone
    STONE: (30, [24, 25]),    # the exchange and the damage it dealt
    DICHO: (26, [20]),        # the round-1 damage alone (round 2, v21, was a separate command)
    VPT: (38, [32, 33]),      # the hit and the wound it dealt
}


@pytest.mark.parametrize("campaign", list(WHOLE_OVERTURNS), ids=_id)
def test_the_voided_set_at_the_head_is_the_overturned_events_whole_decision(release_db: Path, campaign: str) -> None:
    """The engine's voided set at the head: each release void takes out every event its target's command appended."""
    from journal.service import Journal
    from projections.engine import voids

    journal = Journal.open(f"sqlite:///{release_db}")
    try:
        found = voids(journal.store, campaign)
    finally:
        journal.close()
    void, targets = WHOLE_OVERTURNS[campaign]
    assert sorted((v.version, v.target_version) for v in found) == [(void, target) for target in targets]


@pytest.mark.parametrize("campaign", [STONE, VPT], ids=_id)
def test_the_session_replay_marks_every_event_of_the_overturned_decision(release_db: Path, campaign: str) -> None:
    """replay --session 2 marks the exchange AND its damage (Stone Wheel), the hit AND its wound (VPT) voided."""
    result = _run(release_db, "replay", campaign, "--session", "2", "--json")
    assert result.exit_code == 0, result.stderr
    voided = {entry["version"]: entry["voided"]["version"]
              for entry in json.loads(result.stdout)["events"] if entry["voided"] is not None}
    void, targets = WHOLE_OVERTURNS[campaign]
    assert voided == {target: void for target in targets}


DIFF_ACROSS_THE_VOID = {
    STONE: (29, 30, [{"character": "Ратибор", "field": "current.health", "before": 12, "after": 20}]),
    VPT: (37, 38, [{"character": "Граф Мортен", "field": "wounds", "before": 1, "after": 0}]),
    DICHO: (25, 26, [{"character": "Взломщик", "field": "health.drawing", "before": "|●○|●|○|", "after": "|●○|○|○|"},
                     {"character": "Взломщик", "field": "health.injured", "before": True, "after": False}]),
    WIELD: (23, 24, [
        {"character": "Ёжик", "field": "geasa.01a230ce-2b64-7ef6-8000-00002205524a.broken", "before": True, "after": False},
        {"character": "Ёжик", "field": "geasa.01a230ce-2b64-7ef6-8000-00002205524a.owed", "before": 2, "after": 0},
        {"character": "Ёжик", "field": "owed", "before": 2, "after": 0}]),
}


@pytest.mark.parametrize("campaign", list(DIFF_ACROSS_THE_VOID), ids=_id)
def test_the_void_itself_undoes_what_the_overturned_command_did(release_db: Path, campaign: str) -> None:
    """diff across the release's void shows the consequence undone too (the release showed no change for SW/VPT)."""
    start, end, changes = DIFF_ACROSS_THE_VOID[campaign]
    result = _run(release_db, "diff", campaign, "--from", str(start), "--to", str(end), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"campaign": campaign, "system": SYSTEMS[campaign], "from": start, "to": end,
                                         "changes": changes}
