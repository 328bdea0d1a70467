"""``journal dispute rule --overturn``: an overturn leaves a state the rules allow, and a tally line goes alone.

Each case through the real CLI, on SQLite and PostgreSQL (the ``db_url`` fixture behind ``run``).
"""

from __future__ import annotations

import orjson
import pytest

from journal.service import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.dichotomy.commands import create_character as dichotomy_character
from journal.systems.stone_wheel import commands as stone_wheel

D = "Две стороны"
S = "Камень"
ATTRIBUTES = ("finesse", "power", "martial", "spiritual", "natural", "technical")
CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


def _ok(result) -> str:
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    return result.stdout


def _overturn(run, campaign: str, version: int, voters: tuple[str, ...]):
    """Open a dispute on ``version``, every voter votes overturn, the Master rules overturn: the ruling's result."""
    opened = run("--as", voters[0], "dispute", "open", campaign, "--event", str(version), "--reason", "ошибка", "--json")
    dispute = orjson.loads(_ok(opened))["id"]
    for voter in voters:
        _ok(run("--as", voter, "dispute", "vote", dispute, "--overturn"))
    return dispute, run("dispute", "rule", dispute, "--overturn")


@pytest.fixture
def cottage(run, db_url):
    """Две стороны: Взломщик (Давид) fulfils Greed (+2), betrays Truth (+3), buys a Cottage for 5."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(D, "dichotomy", "Ведущий")
        journal.add_member(D, "Давид")
        journal.add_member(D, "Карли")
        dichotomy_character(journal, D, "Взломщик", dict(zip(ATTRIBUTES, (7, 4, 5, 6, 3, 8))),
                            ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
    finally:
        journal.close()
    _ok(run("dichotomy", "adventure", "start", D, "Сундук"))
    _ok(run("dichotomy", "motive", D, "Взломщик", "Greed", "fulfilled"))
    _ok(run("dichotomy", "motive", D, "Взломщик", "Truth", "betrayed"))
    _ok(run("--as", "Давид", "dichotomy", "spend", D, "Взломщик", "Cottage"))
    return run


def test_overturn_leaving_a_dichotomy_purchase_unpaid_is_refused(cottage, events_of) -> None:
    """Voiding «Greed fulfilled» would leave the Cottage bought with 3 XP: refused, naming the purchase."""
    events = events_of(D)
    fulfilled = next(e for e in events if e["type"] == "dichotomy.xp_awarded")["version"]
    spent = next(e for e in events if e["type"] == "dichotomy.xp_spent")["version"]
    _, result = _overturn(cottage, D, fulfilled, ("Давид", "Карли"))
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == (
        f"error: refused by rule 'dispute: overturn': without event version {fulfilled}, version {spent} "
        "(Взломщик spends 5 XP on Cottage) breaks the rule «Experience Points are a resource: a character spends "
        f"no more XP than he gained»: Взломщик: 5 XP spent, 3 XP earned; dispute version {spent} first\n")


def test_refused_dichotomy_overturn_writes_nothing(cottage, events_of) -> None:
    """After the refusal the journal holds the events it held before the ruling, and the balance is 0."""
    fulfilled = next(e for e in events_of(D) if e["type"] == "dichotomy.xp_awarded")["version"]
    _, result = _overturn(cottage, D, fulfilled, ("Давид", "Карли"))
    assert result.exit_code == 3
    assert events_of(D)[-1]["type"] == "dispute.voted"
    sheet = orjson.loads(_ok(cottage("dichotomy", "sheet", D, "Взломщик", "--json")))
    assert sheet["xp"] == {"earned": 5, "spent": 5, "balance": 0}


@pytest.fixture
def wheel(run, db_url):
    """Камень: Аня plays Ратибор, Боря plays Ёжик; session 1 (Аня present, 150 min) ended."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(S, "stone-wheel", "Мастер")
        journal.add_member(S, "Аня")
        journal.add_member(S, "Боря")
        for name, player in (("Ратибор", "Аня"), ("Ёжик", "Боря")):
            stone_wheel.create_character(journal, S, name, player, "physical", "человек", "воин", CHARACTERISTICS,
                                         PARAMETERS)
        start_session(journal, S, ["Аня"])
        end_session(journal, S, minutes=150)
    finally:
        journal.close()
    return run


def test_overturn_leaving_a_stone_wheel_spend_unpaid_is_refused(wheel, events_of) -> None:
    """A 166 XP award, then 150 spent: voiding the award would leave -150, so it is refused, naming the spend."""
    _ok(wheel("stone-wheel", "xp", "bonus", S, "Ратибор", "нашёл карту", "--amount", "166"))
    _ok(wheel("--as", "Аня", "stone-wheel", "xp", "spend", S, "Ратибор", "skill", "Фехтование", "--cost", "150"))
    events = events_of(S)
    award = next(e for e in events if e["type"] == "stone_wheel.xp_awarded")["version"]
    spent = next(e for e in events if e["type"] == "stone_wheel.xp_spent")["version"]
    _, result = _overturn(wheel, S, award, ("Аня", "Боря"))
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr.startswith(
        f"error: refused by rule 'dispute: overturn': without event version {award}, version {spent} (")
    assert result.stderr.endswith(
        "breaks the rule «experience is spent on skills and parameters: no more than was gained»: "
        f"Ратибор: 150 XP spent, 0 XP earned; dispute version {spent} first\n")


def test_a_disputed_tally_line_voids_that_line_alone(wheel, events_of) -> None:
    """Overturning one award of a tally commit voids it; the other awards of the commit stand."""
    _ok(wheel("tally", S, "--session", "1", "--commit", "--bonus", "Ёжик=30:нашёл карту"))
    events = events_of(S)
    awards = [e for e in events if e["type"] == "stone_wheel.xp_awarded"]
    assert len(awards) >= 2
    line = next(e for e in awards if e["data"]["character"] == "Ёжик")
    _, result = _overturn(wheel, S, line["version"], ("Аня", "Боря"))
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    voids = [e for e in events_of(S) if e["type"] == "correction.voided"]
    assert [e["data"]["target"] for e in voids] == [line["id"]]


def test_a_ruling_prints_each_void_with_its_summary_and_no_stray_correction(wheel, events_of) -> None:
    """The ruling's output: the ruling, then one line per voided event with its summary; no 'corrected' line."""
    _ok(wheel("tally", S, "--session", "1", "--commit", "--bonus", "Ёжик=30:нашёл карту"))
    line = next(e for e in events_of(S) if e["type"] == "stone_wheel.xp_awarded" and e["data"]["character"] == "Ёжик")
    _dispute, result = _overturn(wheel, S, line["version"], ("Аня", "Боря"))
    void = events_of(S)[-1]
    assert (void["type"], result.exit_code, result.stderr) == ("correction.voided", 0, "")
    assert result.stdout == (
        "dispute #1 about “Ёжик +30 XP bonus (нашёл карту)” ruled: overturn (0 uphold, 2 overturn of 2; following the "
        "majority)\n"
        "voided: “Ёжик +30 XP bonus (нашёл карту)”\n")


def test_a_refused_overturn_names_the_rule_in_russian(cottage, events_of) -> None:
    """With ``--lang ru`` the refusal gives the rule in the rule text's Russian words and how to proceed."""
    events = events_of(D)
    fulfilled = next(e for e in events if e["type"] == "dichotomy.xp_awarded")["version"]
    spent = next(e for e in events if e["type"] == "dichotomy.xp_spent")["version"]
    dispute, _ = _overturn(cottage, D, fulfilled, ("Давид", "Карли"))
    result = cottage("--lang", "ru", "dispute", "rule", dispute, "--overturn")
    assert result.exit_code == 3
    assert "«Единицы Опыта — ресурс: персонаж тратит не больше опыта, чем получил»" in result.stderr
    assert result.stderr.rstrip().endswith(f"сначала оспорьте №{spent}")


def test_a_tally_with_a_voided_line_says_how_many_lines_stand(wheel, events_of) -> None:
    """After one award of three is overturned, the log's tally line counts 2 awards and marks the 3 committed."""
    _ok(wheel("tally", S, "--session", "1", "--commit", "--bonus", "Ёжик=30:нашёл карту"))
    events = events_of(S)
    committed = next(e for e in events if e["type"] == "tally.committed")
    line = next(e for e in events if e["type"] == "stone_wheel.xp_awarded" and e["data"]["character"] == "Ёжик")
    _, result = _overturn(wheel, S, line["version"], ("Аня", "Боря"))
    assert result.exit_code == 0, result.stderr
    logged = _ok(wheel("log", S, "--type", "tally.committed")).splitlines()
    assert committed["data"]["lines"] == 3
    assert [row.split(": ", 1)[1].rsplit("  [", 1)[0] for row in logged] == [
        "session 1 tallied: 2 awards (at the table: 3)"]
