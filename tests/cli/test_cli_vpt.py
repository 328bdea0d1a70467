"""``journal vpt ...``: one test per verb (exact line printed) and refusals (exit code, 'error: ...' on stderr)."""

from __future__ import annotations

import re

import orjson
import pytest

from journal.service import Journal
from journal.systems.vpt import commands

C = "Пепел"


@pytest.fixture
def vpt(run, db_url):
    """A VPT campaign: GM Вика, player Оля with Вольтаир; Эдди and Питер are the GM's; Voltair's weapons.

    Set up through the service on one connection (quicker); the verbs under test run through the CLI.
    """
    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "vpt", "Вика")
        journal.add_member(C, "Оля")
        commands.create_character(journal, C, "Вольтаир", "Оля", hit_bonus=1)
        commands.create_character(journal, C, "Эдди")
        commands.create_character(journal, C, "Питер")
        commands.set_weapon_table(journal, C, {"дубинка": {"target": 7, "initiative": 4},
                                               "копьё": {"target": 8, "initiative": 8},
                                               "кинжал": {"target": 6, "initiative": 3}})
    finally:
        journal.close()
    return run


def test_char_prints_the_new_sheet(vpt) -> None:
    """char prints name, player and stats."""
    result = vpt("--as", "Оля", "vpt", "char", C, "Ёжик", "--hit", "2", "--health", "-1", "--prep", "5")
    assert (result.exit_code, result.stdout) == (0, "Ёжик (Оля): hit +2, health -1, morale +0, preparation 5\n")


def test_initiative_three_sides(vpt) -> None:
    """The three-sides example prints the order and the winner."""
    result = vpt("vpt", "initiative", C, "reckless", "Ангелы=11:magical", "К-орки=8", "--dice", "4,6")
    assert (result.exit_code, result.stdout) == (
        0, "players: reckless [4, 6] = 10 -> Ангелы 11, players 10, К-орки 8; Ангелы act first\n")


def test_initiative_careful_in_russian(vpt) -> None:
    """'осторожно' is careful mode: one die."""
    result = vpt("vpt", "initiative", C, "осторожно", "волк=4:animal", "--dice", "5")
    assert (result.exit_code, result.stdout) == (0, "players: careful [5] = 5 -> players 5, волк 4; players act first\n")


def test_weapon_prints_the_row(vpt) -> None:
    """weapon prints the row and the size of the table."""
    result = vpt("vpt", "weapon", C, "лук", "--target", "5", "--wi", "2", "--fires-in-melee")
    assert (result.exit_code, result.stdout) == (0, "weapon лук: hits on 5+, WI 2 (4 weapons in the table)\n")


def test_player_setting_the_weapon_table_is_refused(vpt) -> None:
    """A player's weapon row: exit 7, one error line, nothing written."""
    result = vpt("--as", "Оля", "vpt", "weapon", C, "лук", "--target", "5", "--wi", "2")
    assert (result.exit_code, result.stdout, result.stderr) == (
        7, "", "error: only the Master may set the weapon table ('Оля' is a player)\n")


def test_melee_voltair_example(vpt) -> None:
    """Voltair's example: club engaged and spear together at 8, then the engaged dagger at 6."""
    result = vpt("vpt", "melee", C, "Вольтаир:дубинка@Эдди", "Эдди:копьё", "Питер:кинжал@Вольтаир")
    assert (result.exit_code, result.stdout) == (0, "melee: Вольтаир 8 = Эдди 8 -> Питер 6\n")


def test_melee_bad_fighter_is_a_usage_error(vpt) -> None:
    """A fighter without a weapon is a usage error (exit 2)."""
    result = vpt("vpt", "melee", C, "Вольтаир")
    assert result.exit_code == 2
    assert "fighters: 'Вольтаир' is not NAME WEAPON [@ENGAGED], e.g. 'Иван меч @Орк'" in result.stderr


def test_hit_prints_the_roll_and_the_wounds(vpt) -> None:
    """A player's hit: dice, bonus, modifiers, total vs target, and the defender's wounds on a second line."""
    result = vpt("--as", "Оля", "vpt", "hit", C, "Вольтаир", "Эдди", "-w", "дубинка", "-m", "engaged", "--dice", "5,3")
    assert (result.exit_code, result.stdout) == (
        0, ("Вольтаир hits Эдди (melee, дубинка): [5, 3] +1 hit +1 engaged in melee +1 Fresh = 11 vs 7 -> 1 wound\n"
            "Эдди: 1 wound in all\n"))


def test_hit_takes_a_modifier_in_the_words_its_russian_help_lists(vpt) -> None:
    """-m «навязал Ближний Бой», as ``--lang ru vpt hit --help`` lists it: the same hit as ``-m engaged``."""
    result = vpt("--as", "Оля", "vpt", "hit", C, "Вольтаир", "Эдди", "-w", "дубинка", "-m", "навязал Ближний Бой",
                 "--dice", "5,3")
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        0, "Вольтаир hits Эдди (melee, дубинка): [5, 3] +1 hit +1 engaged in melee +1 Fresh = 11 vs 7 -> 1 wound")


def test_the_russian_help_of_hit_lists_the_modifiers_in_words(run) -> None:
    """--lang ru vpt hit --help: the recorder's Hit modifiers in the rule text's Russian words, none in Latin."""
    result = run("--lang", "ru", "vpt", "hit", "--help")
    option = " ".join(result.stdout.split("  -m, --mod ", 1)[1].split("  --shield")[0].split())
    assert (result.exit_code, option) == (0, (
        "ИМЯ[=ЗНАЧЕНИЕ] Модификатор Попадания: «навязал Ближний Бой», «верхом подходящим оружием», «Дальняя Атака с "
        "возвышенности», «в Ближнем Бою союзников больше», «выиграл Инициативу», «Дальняя Атака не двигаясь», "
        "«противник в укрытии», «в Ближнем Бою со всадником, не в седле», «Подготовка противника больше 4» (можно "
        "повторять)."))


def test_hit_json_lists_the_hit_and_the_wounds(vpt) -> None:
    """--json prints both stored events: the hit and the wounds it dealt."""
    result = vpt("vpt", "hit", C, "Питер", "Эдди", "-w", "кинжал", "--dice", "6,6", "--json")
    events = orjson.loads(result.stdout)
    assert [(e["type"], e.get("wounds")) for e in events] == [("vpt.hit_rolled", 2), ("vpt.wounds_taken", 2)]


def test_hit_refusal_exits_three(vpt) -> None:
    """An unknown modifier is refused by rule: exit 3, 'error: refused by rule ...'."""
    result = vpt("vpt", "hit", C, "Питер", "Эдди", "-w", "кинжал", "-m", "luck", "--dice", "6,6")
    assert (result.exit_code, result.stderr) == (3, "error: refused by rule 'vpt: hit modifiers': unknown modifier 'luck'\n")


def test_wound_prints_the_total(vpt) -> None:
    """wound adds wounds and prints the total."""
    vpt("vpt", "wound", C, "Эдди")
    result = vpt("vpt", "wound", C, "Эдди", "--wounds", "2")
    assert (result.exit_code, result.stdout) == (0, "Эдди takes 2 wounds: 3 in all\n")


def test_death_prints_the_check(vpt) -> None:
    """death: 2d6 + Health against the wounds."""
    vpt("vpt", "wound", C, "Вольтаир", "--wounds", "3")
    result = vpt("--as", "Оля", "vpt", "death", C, "Вольтаир", "--dice", "1,1")
    assert (result.exit_code, result.stdout) == (0, "Вольтаир: death check [1, 1] +0 health = 2 vs 3 wounds -> dies\n")


def test_morale_prints_the_band(vpt) -> None:
    """morale: 2d6 + Morale and the band."""
    result = vpt("vpt", "morale", C, "Питер", "--group-health", "-3", "--dice", "2,2")
    assert (result.exit_code, result.stdout) == (0, "Питер: morale [2, 2] +0 -3 group = 1 -> flees\n")


def test_tick_needs_a_session(vpt) -> None:
    """A tick between sessions: exit 3 and the session rule."""
    result = vpt("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "saved")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'session: open session needed': a relationship tick needs an open session "
            "('journal session start')\n"))


@pytest.fixture
def session(vpt):
    """Session 1 open, Вика and Оля present."""
    assert vpt("session", "start", C, "--present", "Вика,Оля").exit_code == 0
    return vpt


def test_tick_prints_items_and_points(session) -> None:
    """tick with aliases: saved +1, date +1 -> 2 points in session 1."""
    result = session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "saved", "date")
    assert (result.exit_code, result.stdout) == (
        0, "Вольтаир -> Эдди: saved_life +1, date_successful +1 = +2 -> 2 points (session 1)\n")


def test_tick_twice_is_refused(session) -> None:
    """The same item twice for the pair in one session: exit 3, the rule named."""
    session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "gift")
    result = session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "gift")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: once per pair per session': 'gave_magic_item' is already scored for this "
            "pair this session\n"))


def test_revenge_then_tick_then_forgive(session) -> None:
    """revenge, revenge-tick and forgive print their lines."""
    chosen = session("--as", "Оля", "vpt", "revenge", C, "Вольтаир", "Питер")
    ticked = session("--as", "Оля", "vpt", "revenge-tick", C, "Вольтаир", "fought", "killed")
    forgiven = session("--as", "Оля", "vpt", "forgive", C, "Вольтаир")
    assert [r.stdout for r in (chosen, ticked, forgiven)] == [
        "Вольтаир craves revenge on Питер (0 points)\n",
        "Вольтаир's revenge on Питер: fought +1, killed_associates +2 = +3 -> 3 points (session 1)\n",
        "Вольтаир renounces revenge on Питер (3 points kept, frozen)\n",
    ]


def test_second_revenge_is_refused(session) -> None:
    """A second revenge target: exit 3 and the rule's message."""
    session("vpt", "revenge", C, "Эдди", "Вольтаир")
    result = session("vpt", "revenge", C, "Эдди", "Питер")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'vpt: one revenge target at a time': Эдди already craves revenge on Вольтаир; "
            "renounce it first\n"))


def test_status_gained_and_renounced(session) -> None:
    """status, then status --renounce by the holder's player."""
    session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "saved")
    gained = session("vpt", "status", C, "Вольтаир", "Эдди", "друг")
    renounced = session("--as", "Оля", "vpt", "status", C, "Вольтаир", "Эдди", "друг", "--renounce")
    assert [r.stdout for r in (gained, renounced)] == [
        "Вольтаир gains the Status 'друг' towards Эдди\n", "Вольтаир renounces the Status 'друг' towards Эдди\n"]


def test_spend_prints_what_is_left(session) -> None:
    """spend prints the amount, the purpose and what is left."""
    session("--as", "Оля", "vpt", "tick", C, "Вольтаир", "Эдди", "saved", "gift")
    result = session("--as", "Оля", "vpt", "spend", C, "Вольтаир", "Эдди", "--points", "1", "--for", "услуга")
    assert (result.exit_code, result.stdout) == (0, "Вольтаир spends 1 relationship point towards Эдди (услуга): 1 left\n")


def test_journal_dice_are_marked(session) -> None:
    """Without --dice the journal's dice are thrown and marked as such."""
    result = session("vpt", "death", C, "Питер")
    assert (result.exit_code, result.stderr) == (
        3, "error: refused by rule 'vpt: death check': only a wounded character makes a death check (Питер: 0 wounds)\n")
    session("vpt", "wound", C, "Питер", "--wounds", "1")
    result = session("vpt", "death", C, "Питер")
    assert result.exit_code == 0
    assert "(journal dice)" in result.stdout


def test_party_json(vpt) -> None:
    """party --json holds every character with his wounds."""
    vpt("vpt", "wound", C, "Эдди", "--wounds", "2")
    state = orjson.loads(vpt("vpt", "party", C, "--json").stdout)
    assert {name: c["wounds"] for name, c in state.items()} == {"Вольтаир": 0, "Эдди": 2, "Питер": 0}


def test_party_table_lists_the_characters(vpt) -> None:
    """party prints one row per character, the dead marked."""
    vpt("vpt", "wound", C, "Эдди", "--wounds", "3")
    vpt("vpt", "death", C, "Эдди", "--dice", "1,1")
    result = vpt("vpt", "party", C)
    rows = [[cell.strip() for cell in line.split("│")] for line in result.stdout.splitlines()[2:]]
    assert [(r[0], r[6], r[7]) for r in rows] == [("Вольтаир", "0", "yes"), ("Эдди", "3", "dead"), ("Питер", "0", "yes")]


def test_non_member_is_refused(vpt) -> None:
    """A stranger recording anything: exit 7, nothing written."""
    result = vpt("--as", "Чужак", "vpt", "wound", C, "Эдди")
    assert (result.exit_code, result.stderr) == (7, "error: 'Чужак' is not a member of campaign 'Пепел'\n")


def _sheet(run, name: str) -> dict:
    """``journal sheet Пепел NAME --json``: the character's folded sheet."""
    result = run("sheet", C, name, "--json")
    assert result.exit_code == 0, result.stderr
    return orjson.loads(result.stdout)["sheet"]


def test_overturned_first_hit_leaves_peter_two_wounds(vpt) -> None:
    """The issue's example: Питер takes 1 wound, then 2 more (3); the quorum overturns the first hit: 2.

    The overturn voids the hit and the wounds it dealt (one decision); the sheet and the party table say 2.
    """
    first = orjson.loads(vpt("vpt", "hit", C, "Эдди", "Питер", "-w", "кинжал", "--dice", "3,2", "--json").stdout)
    second = vpt("--as", "Оля", "vpt", "hit", C, "Вольтаир", "Питер", "-w", "дубинка", "--dice", "6,6")
    assert [e["type"] for e in first] == ["vpt.hit_rolled", "vpt.wounds_taken"]
    assert second.stdout.splitlines()[-1] == "Питер: 3 wounds in all"
    assert _sheet(vpt, "Питер")["wounds"] == 3
    opened = vpt("--as", "Оля", "dispute", "open", C, "--event", first[0]["id"], "--reason", "кинжал был в ножнах",
                 "--json")
    dispute = orjson.loads(opened.stdout)["id"]
    assert vpt("--as", "Оля", "dispute", "vote", dispute, "--overturn").exit_code == 0
    ruled = vpt("dispute", "rule", dispute, "--overturn")
    assert ruled.exit_code == 0, ruled.stderr
    assert _sheet(vpt, "Питер")["wounds"] == 2
    assert orjson.loads(vpt("vpt", "party", C, "--json").stdout)["Питер"]["wounds"] == 2


def test_overturned_wounds_leave_peter_two_wounds(vpt) -> None:
    """The wounds of the first hit alone overturned (the event after the hit): the sheet says 2, not 3."""
    first = orjson.loads(vpt("vpt", "hit", C, "Эдди", "Питер", "-w", "кинжал", "--dice", "3,2", "--json").stdout)
    vpt("--as", "Оля", "vpt", "hit", C, "Вольтаир", "Питер", "-w", "дубинка", "--dice", "6,6")
    opened = vpt("--as", "Оля", "dispute", "open", C, "--event", first[1]["id"], "--reason", "промах", "--json")
    dispute = orjson.loads(opened.stdout)["id"]
    vpt("--as", "Оля", "dispute", "vote", dispute, "--overturn")
    assert vpt("dispute", "rule", dispute, "--overturn").exit_code == 0
    assert _sheet(vpt, "Питер")["wounds"] == 2


def test_relationship_opens_at_zero_and_no_interaction_keeps_it_there(session) -> None:
    """relationship opens Вольтаир -> Эдди at 0; the GM's 'none' tick then records -1 and leaves 0."""
    chosen = session("--as", "Оля", "vpt", "relationship", C, "Вольтаир", "Эдди")
    ticked = session("vpt", "tick", C, "Вольтаир", "Эдди", "none")
    assert [(r.exit_code, r.stdout) for r in (chosen, ticked)] == [
        (0, "Вольтаир -> Эдди: relationship chosen (0 points)\n"),
        (0, "Вольтаир -> Эдди: no_interaction -1 = -1 -> 0 points (session 1)\n"),
    ]
    assert _sheet(session, "Вольтаир")["relationships"] == {"Эдди": {"points": 0, "statuses": []}}


def test_relationship_twice_is_refused(vpt) -> None:
    """Choosing the same relationship again: exit 3 and the rule named."""
    vpt("--as", "Оля", "vpt", "relationship", C, "Вольтаир", "Эдди")
    result = vpt("--as", "Оля", "vpt", "relationship", C, "Вольтаир", "Эдди")
    assert (result.exit_code, result.stderr) == (
        3, "error: refused by rule 'vpt: relationship already open': Вольтаир already has a relationship with Эдди\n")


def test_wound_with_the_count_as_its_last_word_works_with_a_deprecation_warning(vpt) -> None:
    """The 0.1 form ``vpt wound C NAME N`` adds N wounds, as ``--wounds N`` would, with the warning naming it."""
    result = vpt("vpt", "wound", C, "Эдди", "2")
    assert (result.exit_code, result.stdout) == (0, "Эдди takes 2 wounds: 2 in all\n")
    assert result.stderr == ("warning: 'journal vpt wound … 2' is deprecated and goes in the next release: write "
                             "'journal vpt wound … --wounds 2'\n")


def _wounds_overturned(vpt) -> list[str]:
    """Питер takes 2 wounds, then 1 (3 in all); the quorum overturns the first: the log's two wound lines."""
    vpt("vpt", "wound", C, "Питер", "--wounds", "2")
    assert vpt("vpt", "wound", C, "Питер", "--wounds", "1").stdout == "Питер takes 1 wound: 3 in all\n"
    first = next(e for e in map(orjson.loads, vpt("log", C, "--json").stdout.splitlines())
                 if e["type"] == "vpt.wounds_taken")
    dispute = orjson.loads(vpt("--as", "Оля", "dispute", "open", C, "--event", first["id"], "--reason", "промах",
                               "--json").stdout)["id"]
    vpt("--as", "Оля", "dispute", "vote", dispute, "--overturn")
    assert vpt("dispute", "rule", dispute, "--overturn").exit_code == 0
    return vpt("log", C, "--type", "vpt.wounds_taken").stdout.splitlines()


def _said(line: str) -> str:
    """A log line's summary and note, without the version, time, actor, type and the dispute's id."""
    said = line.split(": ", 1)[1].rsplit("  [", 1)[0]
    return re.sub(r" \((dispute|спор) [0-9a-f-]+\)", "", said)


def test_log_after_an_overturn_shows_the_wounds_in_all_as_they_stand(vpt) -> None:
    """The second wound's line says 1 in all, not 3, and marks what the table was shown (3)."""
    lines = _wounds_overturned(vpt)
    assert [_said(line) for line in lines] == ["Питер takes 2 wounds: 2 in all (voided by dispute #1)",
                                               "Питер takes 1 wound: 1 in all (at the table: 3)"]


def test_log_after_an_overturn_shows_the_wounds_in_all_in_russian(vpt) -> None:
    """The same line in Russian: «всего 1», not «всего 3»."""
    _wounds_overturned(vpt)
    lines = vpt("--lang", "ru", "log", C, "--type", "vpt.wounds_taken").stdout.splitlines()
    assert _said(lines[1]) == "Питер получает 1 Ранение: всего 1 (за столом было: 3)"
    assert "всего 3" not in "\n".join(lines)


def _revenge_renounced_after_an_overturn(session) -> list[str]:
    """Вольтаир's revenge on Питер ticked to 3, then renounced (3 kept); the quorum overturns the tick."""
    session("--as", "Оля", "vpt", "revenge", C, "Вольтаир", "Питер")
    session("--as", "Оля", "vpt", "revenge-tick", C, "Вольтаир", "fought", "killed")
    session("--as", "Оля", "vpt", "forgive", C, "Вольтаир")
    tick = next(e for e in map(orjson.loads, session("log", C, "--json").stdout.splitlines())
                if e["type"] == "vpt.revenge_ticked")
    dispute = orjson.loads(session("--as", "Оля", "dispute", "open", C, "--event", tick["id"], "--reason", "не было",
                                   "--json").stdout)["id"]
    session("--as", "Оля", "dispute", "vote", dispute, "--overturn")
    assert session("dispute", "rule", dispute, "--overturn").exit_code == 0
    return session("log", C, "--type", "vpt.revenge_renounced").stdout.splitlines()


def test_forgive_stores_no_points_and_prints_the_folds(session, events_of) -> None:
    """A renounced revenge's payload is schema 2, without ``points``; ``--json`` shows the standing it froze."""
    session("--as", "Оля", "vpt", "revenge", C, "Вольтаир", "Питер")
    session("--as", "Оля", "vpt", "revenge-tick", C, "Вольтаир", "fought", "killed")
    shown = orjson.loads(session("--as", "Оля", "vpt", "forgive", C, "Вольтаир", "--json").stdout)
    stored = events_of(C)[-1]
    assert (stored["schema"], stored["data"], shown["points"]) == (2, {"avenger": "Вольтаир", "target": "Питер"}, 3)


def test_log_after_an_overturn_shows_the_frozen_revenge_as_it_stands(session) -> None:
    """Without the tick the revenge froze at 0: the line says 0 kept and marks the 3 the table was shown."""
    [line] = _revenge_renounced_after_an_overturn(session)
    assert _said(line) == "Вольтаир renounces revenge on Питер (0 points kept, frozen) (at the table: 3)"


def test_log_after_an_overturn_shows_the_frozen_revenge_in_russian(session) -> None:
    """The same line in Russian, with «за столом было: 3»."""
    _revenge_renounced_after_an_overturn(session)
    [line] = session("--lang", "ru", "log", C, "--type", "vpt.revenge_renounced").stdout.splitlines()
    assert _said(line).endswith("(за столом было: 3)")


def test_a_schema_1_renounce_reads_the_frozen_standing_from_the_fold(session, db_url) -> None:
    """A renounce recorded with ``points`` (schema 1, here 5) shows the fold's 3 and the recorded 5 as the table's."""
    from journal.events.envelope import NewEvent

    session("--as", "Оля", "vpt", "revenge", C, "Вольтаир", "Питер")
    session("--as", "Оля", "vpt", "revenge-tick", C, "Вольтаир", "fought", "killed")
    journal = Journal.open(db_url)
    try:
        old = {"avenger": "Вольтаир", "target": "Питер", "points": 5}
        journal.store.append(C, [NewEvent("vpt.revenge_renounced", old, "Оля", schema=1)], journal.store.head(C))
    finally:
        journal.close()
    [line] = session("log", C, "--type", "vpt.revenge_renounced").stdout.splitlines()
    assert _said(line) == "Вольтаир renounces revenge on Питер (3 points kept, frozen) (at the table: 5)"
