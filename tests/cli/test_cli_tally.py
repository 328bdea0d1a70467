"""``journal tally``: the proposal table, the commit, --json, and refusals (exit code, one 'error:' line, no write)."""

from __future__ import annotations

import orjson
import pytest

from journal.service import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.stone_wheel import commands as stone_wheel
from journal.systems.vpt import commands as vpt

C = "Камень"
CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}
RULE = "━" * 20 + "╇" + "━" * 12 + "╇" + "━" * 11 + "╇" + "━" * 9 + "╇" + "━" * 19 + "╇" + "━" * 8 + "╇"


@pytest.fixture
def tally(run, db_url):
    """Камень: Аня plays Ратибор, Боря plays Ёжик; session 1 (Аня present) lasted 150 min; returns ``run``."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "stone-wheel", "Мастер")
        journal.add_member(C, "Аня")
        journal.add_member(C, "Боря")
        for name, player in (("Ратибор", "Аня"), ("Ёжик", "Боря")):
            stone_wheel.create_character(journal, C, name, player, "physical", "человек", "воин", CHARACTERISTICS,
                                         PARAMETERS)
        start_session(journal, C, ["Аня"])
        end_session(journal, C, minutes=150)
    finally:
        journal.close()
    return run


def head(db_url: str, campaign: str = C) -> int:
    journal = Journal.open(db_url)
    try:
        return journal.store.head(campaign)
    finally:
        journal.close()


def test_tally_prints_the_proposed_lines(tally) -> None:
    """Without --commit: a table of the lines (the bonus given too) and how to commit them."""
    result = tally("tally", C, "--session", "1", "--bonus", "Ёжик=30:нашёл карту")
    assert (result.exit_code, result.stderr) == (0, "")
    assert [row.rstrip() for row in result.stdout.splitlines()] == [
        "session 1 tally (150 min; present: Аня)",
        " line               ┃ kind       ┃ character ┃ towards ┃ item              ┃ amount ┃ status   ┃ reason",
        RULE + "━" * 10 + "╇" + "━" * 28,
        (" session_xp:Ратибор │ session_xp │ Ратибор   │         │ 150 min x 50 XP/h │ +125   │ proposed │"
         " present"),
        (" master_xp:Мастер   │ master_xp  │ Мастер    │         │ 150 min x 75 XP/h │ +187   │ proposed │"
         " the Master ran the session"),
        " bonus_xp:Ёжик      │ bonus_xp   │ Ёжик      │         │ bonus             │ +30    │ proposed │ нашёл карту",
        "3 line(s) proposed; the Master records them with --commit",
    ]


def test_tally_in_russian_names_each_lines_kind_in_russian(tally) -> None:
    """`--lang ru`: the kind column reads опыт за сессию, опыт Мастера, бонусный опыт, and so does each line's key."""
    result = tally("--lang", "ru", "tally", C, "--session", "1", "--bonus", "Ёжик=30:нашёл карту")
    rows = [[cell.strip() for cell in row.split("│")[:2]] for row in result.stdout.splitlines() if "│" in row]
    assert (result.exit_code, rows) == (0, [["опыт за сессию:Ратибор", "опыт за сессию"],
                                            ["опыт Мастера:Мастер", "опыт Мастера"],
                                            ["бонусный опыт:Ёжик", "бонусный опыт"]])


def test_tally_skip_takes_a_lines_key_as_the_russian_table_shows_it(tally) -> None:
    """`--lang ru --skip "опыт Мастера:Мастер"` drops the line the table names so (master_xp:Мастер)."""
    result = tally("--lang", "ru", "tally", C, "--session", "1", "--skip", "опыт Мастера:Мастер")
    rows = [[cell.strip() for cell in row.split("│")] for row in result.stdout.splitlines() if "│" in row]
    assert (result.exit_code, [(row[0], row[6]) for row in rows]) == (
        0, [("опыт за сессию:Ратибор", "предложено"), ("опыт Мастера:Мастер", "пропущено")])


def test_tally_without_commit_writes_nothing(tally, db_url) -> None:
    """A proposal (by a player, too) leaves the head where it was."""
    before = head(db_url)
    assert tally("--as", "Боря", "tally", C, "--session", "1").exit_code == 0
    assert head(db_url) == before


def test_tally_commit_prints_what_it_appended(tally, db_url) -> None:
    """--commit --skip: the committed lines, then the tally's version and id and what was skipped."""
    result = tally("tally", C, "--session", "1", "--commit", "--skip", "master_xp:Мастер")
    assert (result.exit_code, result.stderr) == (0, "")
    version = head(db_url)
    journal = Journal.open(db_url)
    try:
        done = next(journal.store.read(C, types=["tally.committed"]))
    finally:
        journal.close()
    assert [row.rstrip() for row in result.stdout.splitlines()] == [
        "session 1 tally committed",
        " line               ┃ kind       ┃ character ┃ towards ┃ item              ┃ amount ┃ status    ┃ reason",
        RULE + "━" * 11 + "╇" + "━" * 9,
        " session_xp:Ратибор │ session_xp │ Ратибор   │         │ 150 min x 50 XP/h │ +125   │ committed │ present",
        f"session 1 tallied at version {version} (event {done.id}): 1 line(s) appended; skipped: master_xp:Мастер",
    ]


def test_tally_commit_json_lists_the_appended_events(tally) -> None:
    """--commit --json: the tally's id and version and every appended event, tally.committed last."""
    result = tally("tally", C, "--session", "1", "--commit", "--json")
    document = orjson.loads(result.stdout)
    assert [(e["type"], e.get("character"), e.get("amount")) for e in document["events"]] == [
        ("stone_wheel.xp_awarded", "Ратибор", 125), ("stone_wheel.xp_awarded", "Мастер", 187),
        ("tally.committed", None, None)]
    assert document["tally"] == {"id": document["events"][-1]["id"], "version": document["events"][-1]["version"]}


def test_tally_json_is_the_proposal(tally) -> None:
    """--json prints the proposal: session, minutes, present, lines with their status."""
    document = orjson.loads(tally("tally", C, "--session", "1", "--json").stdout)
    assert (document["session"], document["minutes"], document["present"], document["tallied"],
            [(r["key"], r["amount"], r["status"]) for r in document["lines"]]) == (
        1, 150, ["Аня"], None, [("session_xp:Ратибор", 125, "proposed"), ("master_xp:Мастер", 187, "proposed")])


def test_tally_second_commit_is_refused(tally, db_url) -> None:
    """The second --commit exits 3 naming the first tally, and writes nothing."""
    tally("tally", C, "--session", "1", "--commit")
    before = head(db_url)
    journal = Journal.open(db_url)
    try:
        done = next(journal.store.read(C, types=["tally.committed"]))
    finally:
        journal.close()
    result = tally("tally", C, "--session", "1", "--commit")
    assert (result.exit_code, result.stdout, result.stderr) == (
        3, "", (f"error: refused by rule 'tally: once per session': session 1 was already tallied at version "
                f"{done.version} (event {done.id})\n"))
    assert head(db_url) == before


def test_tally_commit_by_a_player_is_refused(tally, db_url) -> None:
    """A player's --commit exits 7 and writes nothing."""
    before = head(db_url)
    result = tally("--as", "Аня", "tally", C, "--session", "1", "--commit")
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may commit a session tally ('Аня' is a player)\n")
    assert head(db_url) == before


def test_tally_of_an_open_session_is_refused(tally, db_url) -> None:
    """Session 2 is open: exit 3, and nothing is written."""
    tally("session", "start", C, "--present", "Аня")
    before = head(db_url)
    result = tally("tally", C, "--session", "2", "--commit")
    assert (result.exit_code, result.stdout, result.stderr) == (
        3, "", "error: refused by rule 'tally: ended sessions only': session 2 has not ended yet\n")
    assert head(db_url) == before


def test_tally_malformed_bonus_is_bad_input(tally) -> None:
    """--bonus needs CHAR=AMOUNT:REASON (exit 2)."""
    result = tally("tally", C, "--session", "1", "--bonus", "Ёжик=30")
    assert result.exit_code == 2
    assert "Invalid value for --bonus: 'Ёжик=30' is not CHAR=AMOUNT:REASON" in result.stderr


def test_tally_vpt_proposes_no_interaction(run, db_url) -> None:
    """VPT: the pair no event of the session linked gets "no interaction" -1 in the table."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Пепел", "vpt", "Вика")
        for name in ("Ёжик", "Белка"):
            vpt.create_character(journal, "Пепел", name)
        start_session(journal, "Пепел", ["Вика"])
        vpt.tick_relationship(journal, "Пепел", "Ёжик", "Белка", ["saved_life"])
        end_session(journal, "Пепел", minutes=60)
        start_session(journal, "Пепел", ["Вика"])
        end_session(journal, "Пепел", minutes=60)
    finally:
        journal.close()
    result = run("tally", "Пепел", "--session", "2")
    rows = [row.rstrip() for row in result.stdout.splitlines()]
    assert rows[3:] == [
        (" relationship:Ёжик/Белка │ relationship │ Ёжик      │ Белка   │ no_interaction │ -1     │ proposed │ no event"
         " of session 2 names both"),
        "1 line(s) proposed; the Master records them with --commit",
    ]


# --- --set LINE=AMOUNT: the Master changes a line's amount -------------------------------------------------------


def _stored(db_url: str) -> list[tuple[str, int | None, int | None]]:
    """(type, amount, session) of every event from the first award on, as stored."""
    journal = Journal.open(db_url)
    try:
        return [(e.type, e.data.get("amount"), e.data.get("session"))
                for e in journal.store.read(C) if e.type in ("stone_wheel.xp_awarded", "tally.committed")]
    finally:
        journal.close()


def test_tally_set_shows_the_changed_amount_beside_the_proposal(tally) -> None:
    """--set session_xp:Ратибор=150: the line reads '+150 (proposed +125)', still proposed."""
    result = tally("tally", C, "--session", "1", "--set", "session_xp:Ратибор=150")
    assert (result.exit_code, result.stderr) == (0, "")
    assert [row.rstrip() for row in result.stdout.splitlines()][3] == (
        " session_xp:Ратибор │ session_xp │ Ратибор   │         │ 150 min x 50 XP/h │ +150 (proposed +125) │ proposed │"
        " present")


def test_tally_commit_set_stores_the_changed_amount(tally, db_url) -> None:
    """--commit --set: Ратибор's award is stored at 150, the Master's at 187; the tally lists 150 with 125 proposed."""
    result = tally("tally", C, "--session", "1", "--commit", "--set", "session_xp:Ратибор=150")
    assert (result.exit_code, result.stderr) == (0, "")
    assert _stored(db_url) == [("stone_wheel.xp_awarded", 150, 1), ("stone_wheel.xp_awarded", 187, 1),
                               ("tally.committed", None, 1)]
    journal = Journal.open(db_url)
    try:
        summary = next(journal.store.read(C, types=["tally.committed"])).data["summary"]
    finally:
        journal.close()
    assert [(e["key"], e["amount"], e["proposed"]) for e in summary] == [
        ("session_xp:Ратибор", 150, 125), ("master_xp:Мастер", 187, None)]


def test_tally_set_of_a_line_not_proposed_is_refused_and_writes_nothing(tally, db_url) -> None:
    """--set session_xp:Ёжик=10 (Боря was absent): exit 2, one 'error:' line naming --set's rule, no write."""
    before = head(db_url)
    result = tally("tally", C, "--session", "1", "--commit", "--set", "session_xp:Ёжик=10")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", ("error: set: 'session_xp:Ёжик' is not a proposed line of session 1 (proposed: session_xp:Ратибор, "
                "master_xp:Мастер)\n"))
    assert head(db_url) == before


def test_tally_set_out_of_range_is_refused_and_writes_nothing(tally, db_url) -> None:
    """--set session_xp:Ратибор=0: an award is at least 1; exit 2, one line, no write."""
    before = head(db_url)
    result = tally("tally", C, "--session", "1", "--commit", "--set", "session_xp:Ратибор=0")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "error: set: the amount of 'session_xp:Ратибор' must be a whole number from 1 to 2147483647, not 0\n")
    assert head(db_url) == before


def test_tally_set_without_a_whole_number_is_bad_input(tally, db_url) -> None:
    """--set session_xp:Ратибор=много: exit 2 naming --set, no write."""
    before = head(db_url)
    result = tally("tally", C, "--session", "1", "--commit", "--set", "session_xp:Ратибор=много")
    assert result.exit_code == 2
    assert "Invalid value for --set: 'много' is not a whole number" in result.stderr
    assert head(db_url) == before


def test_tally_of_a_release_journal_reads_its_old_tally(tmp_path) -> None:
    """A tally.committed of release 0.1 (no 'proposed' in its summary) reads back recorded, none proposed."""
    import shutil
    from pathlib import Path

    from tests.cli.conftest import _invoker

    copy = tmp_path / "release.db"
    shutil.copyfile(Path(__file__).resolve().parents[1] / "fixtures" / "release-0.1.db", copy)
    result = _invoker(f"sqlite:///{copy}")("tally", "Демо · Каменное колесо", "--session", "2", "--json")
    assert result.exit_code == 0, result.stderr
    assert [(r["key"], r["amount"], r["status"], r["proposed"]) for r in orjson.loads(result.stdout)["lines"]] == [
        ("session_xp:Ратибор", 100, "recorded", None), ("session_xp:Ёжик", 100, "recorded", None),
        ("session_xp:Мирослава", 100, "recorded", None), ("master_xp:Мастер", 150, "recorded", None)]


# --- a tally input a system declares: Dichotomy's --motive CHAR=MOTIVE:OUTCOME -------------------------------------

DI = "Две стороны"


@pytest.fixture
def adventure(run, db_url):
    """Две стороны: Давид plays Взломщик (Greed, Truth); session 1 ran adventure 1, Greed fulfilled; returns ``run``."""
    from journal.systems.dichotomy import commands as dichotomy

    journal = Journal.open(db_url)
    try:
        journal.create_campaign(DI, "dichotomy", "Лея")
        journal.add_member(DI, "Давид")
        dichotomy.create_character(journal, DI, "Взломщик", {"finesse": 7, "power": 4, "martial": 5, "spiritual": 6,
                                                             "natural": 3, "technical": 8},
                                   ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable",
                                   actor="Давид")
        start_session(journal, DI, ["Лея", "Давид"])
        dichotomy.start_adventure(journal, DI, "Склеп")
        dichotomy.record_motive(journal, DI, "Взломщик", "Greed", "fulfilled")
        dichotomy.end_adventure(journal, DI)
        end_session(journal, DI, minutes=200)
    finally:
        journal.close()
    return run


def test_tally_motive_commits_the_outcome_the_option_names(adventure) -> None:
    """--motive Взломщик=Truth:betrayed (the option Dichotomy's descriptor declares): Truth betrayed, +3 XP."""
    result = adventure("tally", DI, "--session", "1", "--motive", "Взломщик=Truth:betrayed",
                       "--commit", "--json")
    assert result.exit_code == 0, result.stderr
    award = orjson.loads(result.stdout)["events"][0]
    assert (award["type"], award["motive"], award["outcome"], award["amount"]) == (
        "dichotomy.xp_awarded", "Truth", "betrayed", 3)


def test_tally_malformed_motive_is_bad_input_naming_the_inputs_form(adventure) -> None:
    """--motive needs CHAR=MOTIVE:fulfilled|betrayed (exit 2), the form built from the declared input."""
    result = adventure("tally", DI, "--session", "1", "--motive", "Взломщик=Truth")
    assert result.exit_code == 2
    assert "Invalid value for --motive: 'Взломщик=Truth' is not CHAR=MOTIVE:fulfilled|betrayed" in result.stderr


def test_tally_motive_on_a_stone_wheel_campaign_is_refused_by_the_inputs_rule(tally, db_url) -> None:
    """A motive outcome in a Stone Wheel tally: one line naming the rule and Dichotomy, exit non-zero, nothing written."""
    before = head(db_url)
    result = tally("tally", C, "--session", "1", "--motive", "Ратибор=Greed:fulfilled", "--commit")
    assert (result.exit_code != 0, result.stderr.strip().splitlines()[-1], head(db_url)) == (
        True, "error: refused by rule 'tally: motives': motive outcomes are Dichotomy's; 'Камень' plays stone-wheel",
        before)
