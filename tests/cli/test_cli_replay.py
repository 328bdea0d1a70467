"""``journal replay CAMPAIGN --session K``: the walk in the terminal, --step, --json, and the session reports.

The golden files in tests/cli/golden/ are the reports of two known sessions recorded through the real
verbs with dice thrown on the table (so every number is stable). Event ids and times change from run to
run: both sides are compared after ``normalise`` turns them into ``<id>`` and ``<time>``. To regenerate
the golden files after an intended change of the report, run

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/cli/test_cli_replay.py -k golden -p no:xdist

then read the diff (``git diff tests/cli/golden``) before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import orjson
import pytest

GOLDEN = Path(__file__).parent / "golden"
VPT = "Пепел"
WHEEL = "Камень"


def normalise(text: str) -> str:
    """Replace what changes from run to run (event ids, timestamps, 64-hex hashes and seeds) by placeholders."""
    text = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?Z?|\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}", "<time>", text)
    return re.sub(r"\b[0-9a-f]{64}\b", "<hash>", text)


def _ok(run, *args: str) -> None:
    result = run(*args)
    assert (result.exit_code, result.stderr) == (0, ""), (args, result.stderr)


def record_vpt_session(run) -> None:
    """The VPT walk-through's session (docs/table/vpt.md) with every die thrown on the table; 150 minutes."""
    for args in (
        ("campaign", "new", VPT, "--system", "vpt", "--master", "Вика"),
        ("member", "add", VPT, "Оля"), ("member", "add", VPT, "Дима"),
        ("--as", "Оля", "vpt", "char", VPT, "Вольтаир", "--hit", "1", "--health", "1"),
        ("--as", "Дима", "vpt", "char", VPT, "Эдди", "--prep", "5"),
        ("vpt", "char", VPT, "Питер", "--morale", "1", "--limit", "2"),
        ("vpt", "weapon", VPT, "дубинка", "--target", "7", "--wi", "4"), ("vpt", "weapon", VPT, "копьё", "--target", "8", "--wi", "8"),
        ("vpt", "weapon", VPT, "кинжал", "--target", "6", "--wi", "3"),
        ("session", "start", VPT, "--present", "Вика,Оля,Дима"),
        ("--as", "Оля", "vpt", "initiative", VPT, "reckless", "Жулики=7:living", "--dice", "5,4"),
        ("vpt", "melee", VPT, "Вольтаир:дубинка@Питер", "Эдди:копьё@Питер", "Питер:кинжал", "--won", "Вольтаир,Эдди"),
        ("--as", "Дима", "vpt", "hit", VPT, "Эдди", "Питер", "-w", "копьё", "-m", "engaged", "-m", "won",
         "--dice", "4,3"),
        ("--as", "Оля", "vpt", "hit", VPT, "Вольтаир", "Питер", "-w", "дубинка", "-m", "engaged", "-m", "won",
         "--dice", "6,6"),
        ("vpt", "hit", VPT, "Питер", "Вольтаир", "-w", "кинжал", "--dice", "6,5"),
        ("vpt", "morale", VPT, "Питер", "--dice", "3,4"),
        ("--as", "Оля", "vpt", "death", VPT, "Вольтаир", "--dice", "2,1"),
        ("--as", "Оля", "vpt", "tick", VPT, "Вольтаир", "Эдди", "saved"),
        ("--as", "Дима", "vpt", "tick", VPT, "Эдди", "Вольтаир", "saved", "date"),
        ("--as", "Дима", "vpt", "status", VPT, "Эдди", "Вольтаир", "побратим"),
        ("--as", "Оля", "vpt", "revenge", VPT, "Вольтаир", "Питер"),
        ("--as", "Оля", "vpt", "revenge-tick", VPT, "Вольтаир", "fought"),
        ("session", "end", VPT, "--minutes", "150"),
    ):
        _ok(run, *args)


def record_wheel_session(run) -> None:
    """The Stone Wheel walk-through's session with table dice, a bonus in it and the session awards after it."""
    for args in (
        ("campaign", "new", WHEEL, "--system", "stone-wheel", "--master", "Мастер"),
        ("member", "add", WHEEL, "Аня"), ("member", "add", WHEEL, "Боря"),
        ("stone-wheel", "character", WHEEL, "Ратибор", "Аня", "--kind", "physical", "--race", "человек", "--class",
         "воин", "--chars", "5,6,4,3,2,2,3,4,1,2", "--params",
         "здоровье=20,выносливость=3,мана=6,выживание=10,урон=3,health_recovery=2,mana_recovery=1",
         "--skill", "Фехтование=2"),
        ("stone-wheel", "character", WHEEL, "Ёжик", "Боря", "--kind", "general", "--race", "ёж", "--class", "вор",
         "--chars", "3,2,6,5,3,3,4,3,1,4", "--params", "здоровье=8,выносливость=4,мана=2,выживание=4,урон=1"),
        ("session", "start", WHEEL, "--present", "Мастер,Аня,Боря"),
        ("--as", "Аня", "stone-wheel", "request", WHEEL, "Ратибор", "восприятие", "--threshold", "7", "--pool", "3", "--skill", "Фехтование",
         "--dice", "4,10,5"),
        ("stone-wheel", "turn", "start", WHEEL, "--reason", "засада"),
        ("stone-wheel", "exchange", WHEEL, "Ратибор", "Ёжик", "--threshold", "7", "--pool", "4", "--dice", "7,8,9,2", "--response", "block",
         "--answer-threshold", "8", "--answer-pool", "2", "--answer-dice", "8,3", "--weapon", "2"),
        ("stone-wheel", "turn", "end", WHEEL),
        ("stone-wheel", "xp", "bonus", WHEEL, "Ратибор", "--amount", "30", "разгадал загадку"),
        ("session", "end", WHEEL, "--minutes", "150"),
        ("stone-wheel", "xp", "session", WHEEL, "--session", "1"),
    ):
        _ok(run, *args)


def record_short_session(run) -> None:
    """A short Stone Wheel session: Ратибор (Аня) gets a bonus in session 1 (30 min) and the awards after it."""
    for args in (
        ("campaign", "new", WHEEL, "--system", "stone-wheel", "--master", "Мастер"),
        ("member", "add", WHEEL, "Аня"),
        ("stone-wheel", "character", WHEEL, "Ратибор", "Аня", "--kind", "physical", "--race", "человек", "--class",
         "воин", "--chars", "5,6,4,3,2,2,3,4,1,2", "--params", "здоровье=20,выживание=10"),
        ("session", "start", WHEEL, "--present", "Мастер,Аня"),
        ("stone-wheel", "xp", "bonus", WHEEL, "Ратибор", "--amount", "30", "разгадал загадку"),
        ("session", "end", WHEEL, "--minutes", "30"),
        ("stone-wheel", "xp", "session", WHEEL, "--session", "1"),
    ):
        _ok(run, *args)


def _compare_with_golden(name: str, produced: str) -> None:
    path = GOLDEN / name
    produced = normalise(produced)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(produced, encoding="utf-8")
    assert produced == path.read_text(encoding="utf-8")


# -- golden reports ------------------------------------------------------------------------------


def test_the_reports_of_a_known_vpt_session_match_the_golden_files(run, tmp_path) -> None:
    """--format md (stdout) and --format html -o FILE equal golden/replay_session.md and .html once normalised."""
    record_vpt_session(run)
    result = run("replay", VPT, "--session", "1", "--format", "md")
    assert (result.exit_code, result.stderr) == (0, "")
    _compare_with_golden("replay_session.md", result.stdout)
    path = tmp_path / "report.html"
    result = run("replay", VPT, "--session", "1", "--format", "html", "-o", str(path))
    assert (result.exit_code, result.stdout) == (0, f"wrote the report of session 1 of '{VPT}' to {path}\n")
    _compare_with_golden("replay_session.html", path.read_text(encoding="utf-8"))


def test_the_markdown_report_of_a_known_stone_wheel_session_matches_the_golden_file(run) -> None:
    """The Stone Wheel session's report (XP in and after the session) equals replay_session_stone_wheel.md."""
    record_wheel_session(run)
    result = run("replay", WHEEL, "--session", "1", "--format", "md")
    assert (result.exit_code, result.stderr) == (0, "")
    _compare_with_golden("replay_session_stone_wheel.md", result.stdout)


# -- the HTML page -------------------------------------------------------------------------------


def test_the_html_report_is_self_contained_and_draws_the_xp_chart(run) -> None:
    """One document, no script and no link out; SVGs for the system's XP and Health, its dice and the XP per character;
    no chart of bonds the system does not keep."""
    record_short_session(run)
    page = run("replay", WHEEL, "--session", "1", "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert ("<script" in page, "href=" in page, "src=" in page) == (False, False, False)
    assert page.count("<svg") == 4
    assert 'aria-label="XP per character"' in page
    assert ("Relationship changes" in page, "Revenge changes" in page) == (False, False)  # Stone Wheel keeps no bonds


def test_the_html_report_of_the_wield_demo_draws_debts_control_and_dice_with_named_rows(run) -> None:
    """The Wield demo's session report: its figures are the geis debts, Control and the dice; rows name the geis."""
    assert run("demo").exit_code == 0
    page = run("replay", "Демо · Владетели", "--session", "1", "--format", "html").stdout
    assert re.findall(r'<figure class="chart" data-chart="(\w+)">', page) == ["debts", "control", "dice"]
    assert ("<td>Geasa · «Отдать плащ первому нищему» · Owed to Fate</td>" in page,
            re.search(r"<td>[^<]*[0-9a-f]{8}-[0-9a-f]{4}-", page)) == (True, None)


# -- the terminal walk ---------------------------------------------------------------------------


def test_replay_prints_a_header_then_each_event_and_the_fields_it_changed(run) -> None:
    """The text walk: the header, one line per event, an indented line per sheet field changed, then the XP."""
    record_short_session(run)
    result = run("replay", WHEEL, "--session", "1")
    assert (result.exit_code, result.stderr) == (0, "")
    assert normalise(result.stdout).splitlines() == [
        f"Session 1 of {WHEEL} (Stone Wheel): present Мастер, Аня; #4–#6; 30 min",
        "    4 <time> Мастер: Session started — session 1 started; present: Мастер, Аня",
        "    5 <time> Мастер: Experience awarded — Ратибор +30 XP bonus (разгадал загадку)",
        "        Ратибор Experience · balance: 0 -> 30",
        "        Ратибор Experience · earned: 0 -> 30",
        "    6 <time> Мастер: Session ended — session 1 ended after 30 min; 0 server dice; seed revealed",
        "after the session:",
        "    7 <time> Мастер: Experience awarded — Ратибор +25 XP for session 1, 30 min",
        "        Ратибор Experience · balance: 30 -> 55",
        "        Ратибор Experience · earned: 30 -> 55",
        "    8 <time> Мастер: Experience awarded — Мастер (Master) +37 XP for session 1, 30 min",
        "XP: Мастер (Master) +37 (session 37), Ратибор +55 (bonus 30, session 25)",
    ]


def test_step_without_a_terminal_prints_the_same_as_without_it(run) -> None:
    """Piped (not a terminal), --step waits for nothing and prints the whole walk."""
    record_short_session(run)
    plain, stepped = run("replay", WHEEL, "--session", "1"), run("replay", WHEEL, "--session", "1", "--step")
    assert (stepped.exit_code, stepped.stderr) == (0, "")
    assert stepped.stdout == plain.stdout


def test_step_in_a_terminal_waits_after_each_event_and_q_stops(run, monkeypatch) -> None:
    """In a terminal, --step prompts on stderr after an event; the key q ends the walk there."""
    import cli.replay

    record_short_session(run)
    monkeypatch.setattr(cli.replay, "_interactive", lambda: True)
    result = run("replay", WHEEL, "--session", "1", "--step", input="xq")
    assert result.exit_code == 0
    assert normalise(result.stdout).splitlines() == [
        f"Session 1 of {WHEEL} (Stone Wheel): present Мастер, Аня; #4–#6; 30 min",
        "    4 <time> Мастер: Session started — session 1 started; present: Мастер, Аня",
        "    5 <time> Мастер: Experience awarded — Ратибор +30 XP bonus (разгадал загадку)",
        "        Ратибор Experience · balance: 0 -> 30",
        "        Ратибор Experience · earned: 0 -> 30",
    ]
    assert result.stderr == "-- any key: next event, q: stop --\n" * 2


def test_replay_json_is_the_walk_for_machines(run) -> None:
    """--json prints one document: the session, its events with their changes, the XP and the bonds."""
    record_short_session(run)
    result = run("replay", WHEEL, "--session", "1", "--json")
    assert result.exit_code == 0
    walk = orjson.loads(result.stdout)
    assert (walk["campaign"], walk["system"], walk["session"], walk["minutes"]) == (WHEEL, "stone-wheel", 1, 30)
    assert [(e["version"], e["type"], e["part"]) for e in walk["events"]] == [
        (4, "session.started", "session"), (5, "stone_wheel.xp_awarded", "session"), (6, "session.ended", "session"),
        (7, "stone_wheel.xp_awarded", "after"), (8, "stone_wheel.xp_awarded", "after")]
    assert walk["events"][1]["changes"] == [
        {"character": "Ратибор", "field": "xp.balance", "before": 0, "after": 30},
        {"character": "Ратибор", "field": "xp.earned", "before": 0, "after": 30}]
    assert walk["xp"] == [
        {"character": "Мастер", "amount": 37, "by_source": {"session": 37}, "master": True},
        {"character": "Ратибор", "amount": 55, "by_source": {"bonus": 30, "session": 25}, "master": False},
    ]
    assert walk["bonds"] == []


# -- refusals ------------------------------------------------------------------------------------


def test_replay_of_an_unknown_session_exits_4_and_writes_no_file(run, tmp_path) -> None:
    """A session that does not exist: exit 4, one line naming it, no report file."""
    record_short_session(run)
    path = tmp_path / "none.md"
    result = run("replay", WHEEL, "--session", "2", "--format", "md", "-o", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (4, "", f"error: no session 2 in campaign '{WHEEL}'\n")
    assert not path.exists()


def test_replay_of_an_unknown_campaign_exits_4(run) -> None:
    """A campaign that does not exist: exit 4, 'no campaign named ...'."""
    result = run("replay", "Нет такой", "--session", "1")
    assert (result.exit_code, result.stdout, result.stderr) == (4, "", "error: no campaign named 'Нет такой'\n")


def test_replay_needs_the_session_option(run) -> None:
    """Without --session click refuses the command (exit 2) before touching the database."""
    result = run("replay", VPT)
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: Missing option '--session'.\n")


@pytest.mark.parametrize("fmt", ["pdf"])
def test_replay_refuses_an_unknown_format(run, fmt: str) -> None:
    """--format takes text, md or html only (exit 2)."""
    result = run("replay", VPT, "--session", "1", "--format", fmt)
    assert result.exit_code == 2
    assert "Invalid value for '--format': 'pdf' is not one of 'text', 'md', 'html'." in result.stderr


def test_the_replay_header_names_the_system_by_its_title_in_russian(run) -> None:
    """In Russian the header names the system as the rule text does («Каменное колесо»), not by its id."""
    record_short_session(run)
    result = run("--lang", "ru", "replay", WHEEL, "--session", "1")
    assert (result.exit_code, result.stderr) == (0, "")
    assert normalise(result.stdout).splitlines()[0] == (
        f"Сессия 1 кампании {WHEEL} (Каменное колесо): присутствуют Мастер, Аня; №4–№6; 30 мин")


def test_the_replay_names_event_types_and_sheet_fields_in_russian(run) -> None:
    """In Russian an event line says what happened and which field changed in words, not `stone_wheel.xp_awarded`
    and `xp.balance`."""
    record_short_session(run)
    result = run("--lang", "ru", "replay", WHEEL, "--session", "1")
    assert (result.exit_code, result.stderr) == (0, "")
    assert normalise(result.stdout).splitlines()[2:4] == [
        "    5 <time> Мастер: Начислен опыт — Ратибор +30 ЕО бонус (разгадал загадку)",
        "        Ратибор Опыт · остаток: 0 -> 30"]


def test_the_russian_reports_name_each_event_by_its_number_as_the_timeline_does(run, tmp_path) -> None:
    """In Russian the Markdown report's events are «### №5 · …» and its span «№4–№6», the HTML one's (the page's
    «Весь отчёт») «№5 · Мастер»: never «v5» nor «версия»."""
    record_short_session(run)
    markdown = run("--lang", "ru", "replay", WHEEL, "--session", "1", "--format", "md").stdout
    path = tmp_path / "report.html"
    _ok(run, "--lang", "ru", "replay", WHEEL, "--session", "1", "--format", "html", "-o", str(path))
    page = path.read_text(encoding="utf-8")
    assert ([line for line in markdown.splitlines() if line.startswith(("### ", "| события"))],
            re.findall(r'<span class="who">([^<]*)</span>', page), re.search(r"\bv\d|верси", markdown + page)) == (
        ["| события | №4–№6 |", "### №4 · Начало сессии · Мастер", "### №5 · Начислен опыт · Мастер",
         "### №6 · Конец сессии · Мастер", "### №7 · Начислен опыт · Мастер", "### №8 · Начислен опыт · Мастер"],
        ["№4 · Мастер", "№5 · Мастер", "№6 · Мастер", "№7 · Мастер", "№8 · Мастер"], None)


def test_the_markdown_reports_event_lines_say_when_and_no_event_id(run) -> None:
    """In Russian each event of the Markdown report reads «записано … по Гринвичу» under its «№N» heading, as the
    HTML report: no event id anywhere (the audit keeps ids)."""
    record_short_session(run)
    markdown = normalise(run("--lang", "ru", "replay", WHEEL, "--session", "1", "--format", "md").stdout)
    lines = markdown.splitlines()
    heading = lines.index("### №4 · Начало сессии · Мастер")
    assert (lines[heading + 2], "<id>" in markdown) == ("записано <time> по Гринвичу", False)


def test_a_russian_report_names_the_bonds_and_their_checklist_items_in_the_systems_words(run) -> None:
    """The VPT session's Markdown report in Russian: each bond row reads «Отношения»/«Месть» and the checklist's
    items as the rule text's words («спас жизнь», «удачное свидание», «сражались»), not their keys."""
    record_vpt_session(run)
    result = run("--lang", "ru", "replay", VPT, "--session", "1", "--format", "md")
    table = result.stdout.split("## Отношения и Месть\n\n", 1)[1].splitlines()[2:5]
    assert table == ["| Вольтаир | Отношения | Эдди | +1 | 1 | спас жизнь |",
                     "| Вольтаир | Месть | Питер | +1 | 1 | сражались |",
                     "| Эдди | Отношения | Вольтаир | +2 | 2 | спас жизнь, удачное свидание |"]
