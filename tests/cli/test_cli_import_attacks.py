"""Crafted imports through the real ``journal import``, on both databases: what no command could have written stays out.

Each file is one of ``tests/import_attacks.py`` (a real export of a demo campaign, one thing changed as an attacker
would, every hash recomputed), so that only the journal's rules stand in the way.  A refusal is one line naming the
line and the rule, exit 2, and the journal exactly as it was.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from journal.service import Journal
from journal.service.importing import import_file
from journal.store import open_store
from journal.store.keys import identity_of, locate
from journal.systems.stone_wheel import commands as sw
from journal.systems.vpt import commands as vpt
from tests import import_attacks as attacks
from tests.cli.conftest import Invoke


@pytest.fixture
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the demo is recorded in (once per process: tests/import_attacks.py)."""
    return tmp_path_factory.getbasetemp()


def _refused(run: Invoke, db_url: str, tmp_path: Path, envelopes: attacks.Envelopes) -> str:
    """Import ``envelopes`` re-chained; assert exit 2, one line, nothing written; return the message."""
    path = tmp_path / "crafted.jsonl"
    path.write_bytes(attacks.lines_of(envelopes))
    result = run("import", str(path))
    store = open_store(db_url)
    try:
        assert (result.exit_code, store.campaigns(), result.stderr.count("\n")) == (2, [], 1), result.stderr
    finally:
        store.close()
    assert "Traceback" not in result.output
    return result.stderr.removeprefix("error: ").rstrip("\n")


def test_an_xp_spend_on_a_target_no_sheet_has_is_refused(run: Invoke, db_url: str, demo: Path,
                                                         tmp_path: Path) -> None:
    """Stone Wheel: XP spent on a parameter named 'здоровье' (the fold's KeyError ever after) is the verb's refusal."""
    assert _refused(run, db_url, tmp_path, attacks.xp_spent_on_no_target(demo)) == (
        "line 21: refused by rule 'stone_wheel: improvement': 'здоровье' is not a parameter")


def test_a_geis_sealed_by_a_player_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """Wield: only Fate seals a geis; the seal's line recorded by the hero's player is refused."""
    assert _refused(run, db_url, tmp_path, attacks.geis_sealed_by_a_player(demo)) == (
        "line 11: only the Master may seal a geis ('Борис' is a player)")


def test_a_relationship_tick_worth_more_than_its_items_is_refused(run: Invoke, db_url: str, demo: Path,
                                                                  tmp_path: Path) -> None:
    """VPT: the tick's items score +2; the same tick written as +9 is not what the verb records."""
    assert _refused(run, db_url, tmp_path, attacks.tick_of_nine(demo)) == (
        "line 25: vpt.relationship_ticked: field 'change' is not what the command records here")


def test_dichotomy_attributes_all_ten_are_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """Dichotomy: each pair of attributes sums to 11; a character with every attribute 10 is the verb's refusal."""
    assert _refused(run, db_url, tmp_path, attacks.attributes_all_ten(demo)) == (
        "line 4: refused by rule 'dichotomy: pair sums to 11': finesse/power: finesse 10 + power 10 = 20, not 11")


def test_a_ten_megabyte_description_is_refused_by_the_body_cap(run: Invoke, db_url: str, demo: Path,
                                                               tmp_path: Path) -> None:
    """A line past the HTTP body cap (64 KiB) is refused before it is read: here a free roll's 10 MB description."""
    envelopes = attacks.ten_megabyte_description(demo)
    size = len(attacks.lines_of(envelopes).splitlines(keepends=True)[-1])  # its newline too
    assert _refused(run, db_url, tmp_path, envelopes) == f"line 31: {size} bytes, more than the 65536 a command takes"


def test_a_line_of_300k_rolls_is_refused_by_the_body_cap(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """A free roll of 300,000 rolls (16.5 MB on one line) is refused by the same cap."""
    envelopes = attacks.rolls_300k(demo)
    size = len(attacks.lines_of(envelopes).splitlines(keepends=True)[-1])  # its newline too
    assert size > 16_000_000
    assert _refused(run, db_url, tmp_path, envelopes) == f"line 31: {size} bytes, more than the 65536 a command takes"


def test_a_session_left_open_under_another_journals_commitment_is_refused(run: Invoke, db_url: str, demo: Path,
                                                                          tmp_path: Path) -> None:
    """A file that leaves a session open must commit to a seed this journal gives: another's would leave the
    campaign unable to roll, end or start a session."""
    assert _refused(run, db_url, tmp_path, attacks.foreign_commitment(demo)) == (
        "line 6: session 1 is left open, and refused by rule 'dice: server rolls need the session seed': this "
        "journal's key does not give the seed the session committed to")


def test_a_session_left_open_imports_and_ends_under_the_key_that_committed(run: Invoke, demo: Path,
                                                                          tmp_path: Path) -> None:
    """A file that leaves a session open imports where the key that committed to its seed is (``JOURNAL_KEY``
    naming a copy of the demo's key, found by the demo's identity, without the witness that holds the demo's own
    campaign further on), and the session then ends."""
    path = tmp_path / "open.jsonl"
    path.write_bytes(attacks.lines_of(attacks.open_session(demo)))
    url = attacks.demo_url(demo)
    key = tmp_path / "keys" / "demo.key"
    key.parent.mkdir()
    shutil.copyfile(locate(url, identity_of(url)), key)
    env = {"JOURNAL_KEY": str(key)}
    imported = run("import", str(path), env=env)
    assert (imported.exit_code, imported.stderr) == (0, "")
    ended = run("session", "end", attacks.DICHOTOMY, "--minutes", "30", env=env)
    assert (ended.exit_code, ended.stderr) == (0, "")


def test_a_time_beyond_the_clock_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """A ``recorded_at`` in 2099 would make every later append go backwards: refused."""
    message = _refused(run, db_url, tmp_path, attacks.time_in_2099(demo))
    assert message.startswith("line 13: field 'recorded_at' lies in the future (2099-01-01T00:00:00.000000Z; this "
                              "journal's clock allows up to 20"), message


def test_an_event_no_fold_can_read_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """An event the folds raise on (XP awarded to a character the campaign does not have) is refused, naming it."""
    assert _refused(run, db_url, tmp_path, attacks.xp_to_no_character(demo)) == (
        "line 21: stone_wheel.xp_awarded: the journal's folds cannot read it (KeyError)")


def test_the_demo_exports_import_whole(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """Every untouched export of the demo imports, and every chain and server die of it verifies."""
    for name in attacks.CAMPAIGNS:
        path = tmp_path / "whole.jsonl"
        path.write_bytes(b"".join(orjson.dumps(envelope) + b"\n" for envelope in attacks.demo_export(demo, name)))
        assert run("import", str(path)).exit_code == 0, name
    verified = run("verify", "--rolls")
    # verify's one note on a SQLite file whose -wal still holds writes (the imports ran in this process) is no problem
    problems = [line for line in verified.stderr.splitlines() if not line.startswith("note: journal.db-wal holds")]
    assert (verified.exit_code, problems) == (0, []), verified.output


def test_a_free_roll_whose_result_was_rewritten_is_refused(run: Invoke, db_url: str, demo: Path,
                                                           tmp_path: Path) -> None:
    """A free roll on the table's dice is decided again by ``journal roll``'s verb: 1d6 showing 4 is not 40."""
    assert _refused(run, db_url, tmp_path, attacks.free_roll_rewritten(demo)) == (
        "line 31: roll.made: field 'description' is not what the command records here")


def test_a_free_roll_as_the_verb_records_it_imports(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """The same roll as ``journal roll`` records it is taken."""
    path = tmp_path / "roll.jsonl"
    path.write_bytes(attacks.lines_of(attacks.free_roll_on_the_table(demo)))
    imported = run("import", str(path))
    assert (imported.exit_code, imported.stdout) == (0, f"imported 31 events of campaign '{attacks.VPT}'\n")


def test_bonus_xp_awarded_by_a_player_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """Stone Wheel: only the Master awards bonus experience; a player's award to his own character is refused."""
    assert _refused(run, db_url, tmp_path, attacks.bonus_xp_by_a_player(demo)) == (
        "line 21: only the Master may award bonus experience ('Аня' is a player)")


def test_a_character_created_by_a_player_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """Stone Wheel: only the Master creates a character; the demo's creation recorded by its player is refused."""
    assert _refused(run, db_url, tmp_path, attacks.character_created_by_a_player(demo)) == (
        "line 5: only the Master may create a character ('Аня' is a player)")


def _recorded_further(demo: Path, tmp_path: Path, campaign: str, record: Callable[[Journal], object]) -> Path:
    """The export of ``campaign`` after ``record`` added to it, through the service, in a journal of its own."""
    journal = Journal.open(f"sqlite:///{tmp_path / 'further.db'}")
    try:
        import_file(journal, attacks.lines_of(attacks.demo_export(demo, campaign)).splitlines())
        record(journal)
        path = tmp_path / "further.jsonl"
        path.write_bytes(b"".join(line + b"\n" for line in journal.store.export_lines(campaign)))
    finally:
        journal.close()
    return path


def test_stone_wheel_bonus_xp_and_spending_as_the_verbs_record_them_import(run: Invoke, demo: Path,
                                                                           tmp_path: Path) -> None:
    """A bonus award and spends on a skill, a spell of two schools and a parameter, all recorded by the verbs, are
    taken: the rehearsals call each verb with what its payload holds."""

    def record(journal: Journal) -> None:
        sw.award_bonus_xp(journal, attacks.STONE, "Ратибор", 400, "за спасение деревни")
        sw.spend_xp(journal, attacks.STONE, "Ратибор", "skill", "Фехтование", 100, actor="Аня")
        sw.spend_xp(journal, attacks.STONE, "Ратибор", "spell", "Щит", 100, schools=["control", "creation"])
        sw.spend_xp(journal, attacks.STONE, "Ратибор", "parameter", "health", 50, levels=2, reason="закалка")

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.STONE, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr


def test_vpt_bonds_as_the_verbs_record_them_import(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """A relationship opened, a status gained and points spent, all recorded by the verbs, are taken."""

    def record(journal: Journal) -> None:
        vpt.open_relationship(journal, attacks.VPT, "Вольтаир", "Питер", actor="Оля")
        vpt.spend_points(journal, attacks.VPT, "Эдди", "Вольтаир", 1, purpose="переброс", actor="Дима")

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.VPT, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr


def test_a_carry_over_recorded_by_a_player_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """VPT: only the Master brings a character in; a carry-over line recorded by Оля is the verb's refusal."""
    line = len(attacks.demo_export(demo, attacks.VPT)) + 1
    assert _refused(run, db_url, tmp_path, attacks.carry_over_by_a_player(demo)) == (
        f"line {line}: only the Master may bring a character in ('carry-over') ('Оля' is a player)")


def test_a_vpt_carry_over_as_the_verb_records_it_imports(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """A character brought in by the Master's carry-over, then ticked on, is taken: the rehearsal calls the verb."""

    def record(journal: Journal) -> None:
        vpt.create_character(journal, attacks.VPT, "Грог")
        vpt.carry_over(journal, attacks.VPT, {
            "character": "Грог", "source": "сессии 1–20, тетрадь Мастера",
            "relationships": [{"other": "Питер", "points": 5, "statuses": ["Брат"]}],
            "revenge": {"target": "Вольтаир", "points": 2}})
        vpt.spend_points(journal, attacks.VPT, "Грог", "Питер", 5)

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.VPT, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr


def test_a_burn_of_the_tables_dice_is_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """A ``dice.burned`` of the table's dice: no command burns those (only the journal's thrown dice), refused."""
    assert _refused(run, db_url, tmp_path, attacks.burned_table_dice(demo)) == (
        "line 31: dice.burned: field 'data': Value error, burned dice are the journal's server dice, not the table's")


def test_server_dice_between_sessions_are_refused(run: Invoke, db_url: str, demo: Path, tmp_path: Path) -> None:
    """A ``dice.burned`` of a server die between sessions: the journal throws its dice only in an open session."""
    assert _refused(run, db_url, tmp_path, attacks.burned_between_sessions(demo)) == (
        "line 31: dice.burned: the journal's dice are thrown only in an open session, and this line is between "
        "sessions")


def test_a_stone_wheel_carry_over_recorded_by_a_player_is_refused(run: Invoke, db_url: str, demo: Path,
                                                                  tmp_path: Path) -> None:
    """Stone Wheel: only the Master brings a character in; a carry-over line recorded by Аня is the verb's refusal."""
    line = len(attacks.demo_export(demo, attacks.STONE)) + 1
    assert _refused(run, db_url, tmp_path, attacks.stone_wheel_carry_over_by_a_player(demo)) == (
        f"line {line}: only the Master may bring a character in ('carry-over') ('Аня' is a player)")


def test_a_stone_wheel_carry_over_as_the_verb_records_it_imports(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """A newcomer brought in by the Master's carry-over (pools in the table's words), then spending, is taken."""
    from support import CHARS, PARAMS

    def record(journal: Journal) -> None:
        sw.create_character(journal, attacks.STONE, "Гость", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
        sw.carry_over(journal, attacks.STONE, {"character": "Гость", "source": "сессии 1–20, бумажный лист",
                                               "xp": {"earned": 300, "spent": 100}, "current": {"Здоровье": 5}})
        sw.spend_xp(journal, attacks.STONE, "Гость", "parameter", "attack", 200)

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.STONE, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr


def test_a_dichotomy_carry_over_as_the_verb_records_it_imports(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """A newcomer brought in by the GM's carry-over (motives and wealth in Russian), then spending, is taken."""
    from journal.systems.dichotomy import commands as dichotomy

    def record(journal: Journal) -> None:
        dichotomy.create_character(journal, attacks.DICHOTOMY, "Гостья", dict(zip(
            ("finesse", "power", "martial", "spiritual", "natural", "technical"), (7, 4, 5, 6, 3, 8), strict=True)),
            ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", player="Давид",
            actor="Ведущий")
        dichotomy.carry_over(journal, attacks.DICHOTOMY, {
            "character": "Гостья", "source": "сессии 1–20", "xp": {"earned": 12, "spent": 5},
            "connections": [{"name": "Cottage", "cost": 5}], "motives": [{"motive": "Честь"}, {"motive": "Правда"}],
            "health": {"shaken": 2, "injured": False, "serious": False}, "wealth": "нищий"})
        dichotomy.spend_xp(journal, attacks.DICHOTOMY, "Гостья", "Assistant")

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.DICHOTOMY, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr


def test_a_wield_carry_over_as_the_verb_records_it_imports(run: Invoke, demo: Path, tmp_path: Path) -> None:
    """A newcomer brought in by Fate's carry-over (a broken geis owing), then a success Fate collects on, is taken."""
    from journal.systems.wield import commands as wield

    def record(journal: Journal) -> None:
        wield.record_vatcha(journal, attacks.WIELD, "Огонёк", "Огниво", ["Fire"], "Сжечь башню", list("abcde"),
                            "Вода", actor="Борис")
        wield.record_hero(journal, attacks.WIELD, "Гость", "Огонёк", "Вор", "Найти сестру", actor="Аня")
        wield.carry_over(journal, attacks.WIELD, {
            "hero": "Гость", "source": "сессии 1–20", "powers": [{"power": "Искра", "rank": 2, "domain": "Огонь"}],
            "geasa": [{"promise": "Не красть у бедных", "rank": 1, "broken": True, "owed": 1}]})
        chance = wield.record_chance(journal, attacks.WIELD, "Гость", "Вскрыть замок", "Hard", dice=[17])
        wield.collect_failure(journal, attacks.WIELD, chance.id)

    imported = run("import", str(_recorded_further(demo, tmp_path, attacks.WIELD, record)))
    assert (imported.exit_code, imported.stderr) == (0, ""), imported.stderr
