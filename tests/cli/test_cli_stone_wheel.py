"""``journal stone-wheel ...``: each verb's exact output line, and refusals as one 'error:' line with exit codes."""

from __future__ import annotations

import orjson
import pytest

from journal.service import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.stone_wheel import commands as sw

SW = "stone-wheel"
CHARS = "5,6,4,3,2,2,3,4,1,2"
PARAMS = "здоровье=20,выносливость=3,мана=6,выживание=10,урон=3,health_recovery=2,mana_recovery=1"


@pytest.fixture
def table(run, db_url):
    """Камень with Мастер, Аня (Ратибор, Фехтование 2) and Боря (Ёжик: Health 8, Survival 4); returns ``run``."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Камень", "stone-wheel", "Мастер")
        journal.add_member("Камень", "Аня")
        journal.add_member("Камень", "Боря")
        chars = dict(zip(("constitution", "strength", "dexterity", "perception", "intelligence", "wisdom", "charisma",
                          "will", "magic", "luck"), map(int, CHARS.split(",")), strict=True))
        params = dict.fromkeys(("attack", "dodge", "block", "casting", "search", "stamina_recovery",
                                "disease_resistance", "toxin_resistance", "magic_resistance", "reaction", "movement",
                                "carry"), 0)
        params |= {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "damage": 3, "health_recovery": 2,
                   "mana_recovery": 1}
        sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", chars, params,
                            skills={"Фехтование": 2})
        sw.create_character(journal, "Камень", "Ёжик", "Боря", "general", "ёж", "вор", chars,
                            {**params, "health": 8, "survival": 4, "damage": 1})
    finally:
        journal.close()
    return run


def ok(result, text: str) -> None:
    """Exit 0, exactly ``text`` on stdout, nothing on stderr."""
    assert (result.exit_code, result.stdout, result.stderr) == (0, text, "")


def error(result, code: int, text: str) -> None:
    """Exit ``code``, nothing on stdout, exactly 'error: text' on stderr."""
    assert (result.exit_code, result.stdout, result.stderr) == (code, "", f"error: {text}\n")


def test_character_prints_its_pools(run) -> None:
    """The Master creates Лис: 'Лис (Аня): mental лис маг; Health 9, Stamina 2, Mana 5, Survival 3'."""
    run("campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер")
    run("member", "add", "Камень", "Аня")
    ok(run(SW, "character", "Камень", "Лис", "Аня", "--kind", "mental", "--race", "лис", "--class", "маг",
           "--chars", CHARS, "--params", "health=9,stamina=2,mana=5,survival=3", "--spell", "Искра:creation"),
       "Лис (Аня): mental лис маг; Health 9, Stamina 2, Mana 5, Survival 3\n")


def test_a_player_creating_a_character_is_refused(table) -> None:
    """Exit 7 and the NotAuthorized line."""
    error(table("--as", "Аня", SW, "character", "Камень", "Лис", "Аня", "--kind", "mental", "--race", "лис",
                "--class", "маг", "--chars", CHARS, "--params", "health=9,survival=3"),
          7, "only the Master may create a character ('Аня' is a player)")


def test_bad_characteristics_are_a_usage_error(table) -> None:
    """Nine numbers for ten characteristics: exit 2."""
    result = table(SW, "character", "Камень", "Лис", "Аня", "--kind", "mental", "--race", "лис", "--class", "маг",
                   "--chars", "1,2,3,4,5,6,7,8,9", "--params", "health=9,survival=3")
    assert result.exit_code == 2
    assert "give 10 numbers in the order constitution" in result.stderr


def test_request_prints_threshold_dice_and_successes(table) -> None:
    """Аня rolls with her skill on the table's dice."""
    ok(table("--as", "Аня", SW, "request", "Камень", "Ратибор", "восприятие", "--threshold", "7", "--pool", "3", "--skill", "Фехтование",
             "--dice", "5,6,2"),
       "Ратибор: восприятие from 7 (Фехтование 2 -> from 5): 3d10 [5, 6, 2] = 2 successes\n")


def test_request_json_is_the_stored_event(table) -> None:
    """--json prints the event with its type and payload."""
    result = table(SW, "request", "Камень", "Ёжик", "поиск", "--threshold", "8", "--pool", "1", "--dice", "9", "--json")
    data = orjson.loads(result.stdout)
    assert (data["type"], data["version"], data["attempt"]["successes"]) == ("stone_wheel.request_rolled", 6, 1)


def test_a_request_by_a_dead_character_is_refused(table) -> None:
    """Exit 3 and the 'stone_wheel: death' line."""
    table(SW, "damage", "Камень", "Ёжик", "--amount", "12")
    error(table(SW, "request", "Камень", "Ёжик", "поиск", "--threshold", "8", "--pool", "1", "--dice", "9"),
          3, "refused by rule 'stone_wheel: death': Ёжик is dead and cannot act")


def test_exchange_prints_the_outcome_and_the_damage(table) -> None:
    """A critical hit of margin 8 with a weapon of 4: two lines, Ёжик dead."""
    ok(table(SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "6", "--pool", "8", "--dice", "6,6,6,6,6,6,6,6", "--response",
             "block", "--answer-threshold", "8", "--answer-pool", "1", "--answer-dice", "1", "--weapon", "4"),
       "Ратибор attack -> Ёжик (block): 8 vs 0 successes, margin 8 -> Ратибор lands with 8, critical\n"
       "Ёжик takes 18 damage (Health 0/8, Survival 0/4: dead)\n")


def test_exchange_prints_a_parry(table) -> None:
    """A dodge by 5: 'parry!'."""
    ok(table(SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "7", "--pool", "1", "--dice", "1", "--response", "dodge",
             "--answer-threshold", "7", "--answer-pool", "5", "--answer-dice", "7,7,7,7,7"),
       "Ратибор attack -> Ёжик (dodge): 0 vs 5 successes, margin -5 -> parry!\n")


def test_damage_prints_the_vitals(table) -> None:
    """25 damage off 20 Health: 'Health 0/20, Survival 5/10: unconscious'."""
    ok(table(SW, "damage", "Камень", "Ратибор", "--amount", "25", "--cause", "падение"),
       "Ратибор takes 25 damage (падение): Health 0/20, Survival 5/10: unconscious\n")


def test_damage_without_a_cause_names_it_in_the_readers_words(table) -> None:
    """No --cause in Russian: the default reads «урон», not the English key, on the line and in the timeline."""
    result = table("--lang", "ru", SW, "damage", "Камень", "Ратибор", "--amount", "2")
    timeline = table("--lang", "ru", "log", "Камень")
    assert (result.exit_code, result.stdout, timeline.stdout.splitlines()[-1].split(" -- ", 1)[1]) == (
        0, "Ратибор получает урон 2 (урон): Здоровье 18/20, Выживание 10/10\n",
        "Мастер: Ратибор получает 2 урона (урон)  [Урон]")


def test_a_player_recording_damage_is_refused(table) -> None:
    """Exit 7 for Аня."""
    error(table("--as", "Аня", SW, "damage", "Камень", "Ёжик", "--amount", "3"),
          7, "only the Master may record damage ('Аня' is a player)")


def test_turn_start_and_end(table) -> None:
    """turn start prints the version and reason; turn end its version."""
    ok(table(SW, "turn", "start", "Камень", "--reason", "засада"), "turn mode on (version 6): засада\n")
    ok(table(SW, "turn", "end", "Камень"), "turn mode off (version 7)\n")


def test_turn_end_when_off_is_refused(table) -> None:
    """Exit 3 and the 'stone_wheel: turn mode' line."""
    error(table(SW, "turn", "end", "Камень"), 3, "refused by rule 'stone_wheel: turn mode': turn mode is not on")


def test_violation_prints_the_penalty(table) -> None:
    """The second violation costs half of the current Health."""
    table(SW, "turn", "start", "Камень")
    table(SW, "violation", "Камень", "Ратибор")
    ok(table(SW, "violation", "Камень", "Ратибор"),
       "Ратибор: turn-order violation 2 -> 10 damage (Health 10/20, Survival 10/10)\n")


def test_sleep_prints_hours_and_recovery(table) -> None:
    """d12 = 5: 5 h, +10 Health after 12 lost."""
    table(SW, "damage", "Камень", "Ратибор", "--amount", "12")
    ok(table("--as", "Аня", SW, "sleep", "Камень", "Ратибор", "--dice", "5"),
       "Ратибор sleeps 5 h (d12 [5]): +10 Health, +0 Mana\n")


def test_effect_gained_and_removed(table) -> None:
    """effect prints 'gained', --remove prints 'removed'."""
    ok(table(SW, "effect", "Камень", "Ратибор", "ожог"), "Ратибор: ожог gained\n")
    ok(table(SW, "effect", "Камень", "Ратибор", "ожог", "--remove"), "Ратибор: ожог removed\n")


def test_recover_prints_the_pool(table) -> None:
    """6 Health back after 10 lost: 16/20."""
    table(SW, "damage", "Камень", "Ратибор", "--amount", "10")
    ok(table(SW, "recover", "Камень", "Ратибор", "health", "--amount", "6", "--reason", "зелье"), "Ратибор: health 16/20 (зелье)\n")


def test_revive_prints_the_vitals(table) -> None:
    """A dead Ёжик returns with Health 2 and Survival 1."""
    table(SW, "damage", "Камень", "Ёжик", "--amount", "12")
    ok(table(SW, "revive", "Камень", "Ёжик", "--by", "Ратибор", "--method", "ritual", "--health", "2",
             "--survival", "1"), "Ёжик revived by Ратибор (ritual): Health 2/8, Survival 1/4\n")


def test_xp_session_prints_every_award(table, db_url) -> None:
    """A 150-minute session with Аня present: Ратибор +125, the Master +187; Боря absent gets nothing."""
    journal = Journal.open(db_url)
    start_session(journal, "Камень", ["Мастер", "Аня"])
    end_session(journal, "Камень", minutes=150)
    journal.close()
    ok(table(SW, "xp", "session", "Камень", "--session", "1"),
       "session 1 (150 min): Ратибор +125, Мастер (Master) +187\n")


def test_xp_session_twice_is_refused(table, db_url) -> None:
    """The second award names the first (version 8)."""
    journal = Journal.open(db_url)
    start_session(journal, "Камень", ["Аня"])
    end_session(journal, "Камень", minutes=60)
    journal.close()
    table(SW, "xp", "session", "Камень", "--session", "1")
    result = table(SW, "xp", "session", "Камень", "--session", "1")
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr.startswith("error: refused by rule 'stone_wheel: session award': session 1 was already "
                                    "awarded (version 8, event ")


def test_xp_bonus_prints_the_balance(table) -> None:
    """30 bonus XP: balance 30."""
    ok(table(SW, "xp", "bonus", "Камень", "Ратибор", "--amount", "30", "разгадал загадку"),
       "Ратибор +30 XP (разгадал загадку): balance 30\n")


def test_a_player_awarding_bonus_xp_is_refused(table) -> None:
    """Exit 7 for Аня."""
    error(table("--as", "Аня", SW, "xp", "bonus", "Камень", "Ратибор", "--amount", "30", "сама себе"),
          7, "only the Master may award bonus experience ('Аня' is a player)")


def test_xp_spend_prints_the_purchase(table) -> None:
    """100 of 125 XP on Фехтование: balance 25."""
    table(SW, "xp", "bonus", "Камень", "Ратибор", "--amount", "125", "подвиг")
    ok(table("--as", "Аня", SW, "xp", "spend", "Камень", "Ратибор", "skill", "Фехтование", "--cost", "100"),
       "Ратибор -100 XP: skill Фехтование +1; balance 25\n")


def test_xp_spend_beyond_the_balance_is_refused(table) -> None:
    """Exit 3 and the 'stone_wheel: not enough experience' line."""
    error(table("--as", "Аня", SW, "xp", "spend", "Камень", "Ратибор", "parameter", "здоровье", "--cost", "100"),
          3, "refused by rule 'stone_wheel: not enough experience': the cost is 100 XP, the character has 0")


def test_sheet_prints_one_line_per_character(table) -> None:
    """Ратибор's line: pools, XP, skills, effects."""
    ok(table(SW, "sheet", "Камень", "Ратибор"),
       "Ратибор (Аня, alive): Health 20/20, Stamina 3/3, Mana 6/6, Survival 10/10; XP 0; skills: Фехтование 2; "
       "effects: -\n")


def test_a_non_member_is_refused(table) -> None:
    """Exit 7 for Глеб."""
    error(table("--as", "Глеб", SW, "request", "Камень", "Ратибор", "поиск", "--threshold", "7", "--pool", "1", "--dice", "7"),
          7, "'Глеб' is not a member of campaign 'Камень'")


def test_an_overturned_attack_gives_back_its_damage(table) -> None:
    """Ёжик hits Ратибор for 7 (Health 20 -> 13); Аня disputes the exchange, Аня and Боря (present) vote
    overturn, the Master overturns: the roll and the damage it dealt are voided, Health 20/20 exactly.

    Needs the whole-decision void (the exchange and its damage are one decision, one append)."""
    table("session", "start", "Камень", "--present", "Мастер,Аня,Боря")
    ok(table("--as", "Боря", SW, "exchange", "Камень", "Ёжик", "Ратибор", "--threshold", "7", "--pool", "3", "--dice", "7,8,9", "--weapon", "3"),
       "Ёжик attack -> Ратибор (none): 3 successes, margin 3 -> Ёжик lands with 3\n"
       "Ратибор takes 7 damage (Health 13/20, Survival 10/10)\n")
    opened = table("--as", "Аня", "dispute", "open", "Камень", "--event", "7", "--reason", "Ёжик ходил вне очереди",
                   "--json")
    assert opened.exit_code == 0, opened.stderr
    dispute = orjson.loads(opened.stdout)
    assert (dispute["data"]["target_type"], dispute["data"]["voters"]) == ("stone_wheel.combat_exchanged", ["Аня", "Боря"])
    for voter in ("Аня", "Боря"):
        voted = table("--as", voter, "dispute", "vote", dispute["id"], "--overturn")
        assert voted.exit_code == 0, voted.stderr
    ruled = table("dispute", "rule", dispute["id"], "--overturn", "--json")
    assert ruled.exit_code == 0, ruled.stderr
    voids = [e for e in orjson.loads(ruled.stdout) if e["type"] == "correction.voided"]
    assert sorted(e["data"]["target_version"] for e in voids) == [7, 8]
    ok(table(SW, "sheet", "Камень", "Ратибор"),
       "Ратибор (Аня, alive): Health 20/20, Stamina 3/3, Mana 6/6, Survival 10/10; XP 0; skills: Фехтование 2; "
       "effects: -\n")
    assert orjson.loads(table(SW, "sheet", "Камень", "Ратибор", "--json").stdout)["current"]["health"] == 20


def test_a_second_violation_after_an_overturned_damage_keeps_the_penalty_the_table_applied(table) -> None:
    """4 damage, then violations: the 2nd takes 16 // 2 = 8.  The damage overturned by the quorum: the 2nd still
    costs the 8 applied at the table (docs/rulings.md, Stone Wheel A11), Health 12/20."""
    table(SW, "damage", "Камень", "Ратибор", "--amount", "4", "--cause", "стрела")
    table(SW, "turn", "start", "Камень")
    table(SW, "violation", "Камень", "Ратибор")
    ok(table(SW, "violation", "Камень", "Ратибор"),
       "Ратибор: turn-order violation 2 -> 8 damage (Health 8/20, Survival 10/10)\n")
    opened = orjson.loads(table("--as", "Боря", "dispute", "open", "Камень", "--event", "6", "--reason", "промах",
                                "--json").stdout)
    for voter in ("Аня", "Боря"):
        table("--as", voter, "dispute", "vote", opened["id"], "--overturn")
    assert table("dispute", "rule", opened["id"], "--overturn").exit_code == 0
    ok(table(SW, "sheet", "Камень", "Ратибор"),
       "Ратибор (Аня, alive): Health 12/20, Stamina 3/3, Mana 6/6, Survival 10/10; XP 0; skills: Фехтование 2; "
       "effects: -\n")


def test_the_armour_minus_one_attack_is_refused_before_its_dice(table) -> None:
    """Issue 18's attack: `while journal --as Аня stone-wheel exchange ... --armour -1; do :; done` stopped on the
    first refusal, which came only when the hit (a 10) landed, and the next `roll 1d10` was that 10. Now each attempt
    is refused by the rule before any die is thrown, the journal is unchanged, and the next roll gets counter 0."""
    table("session", "start", "Камень", "--present", "Аня,Боря")
    table("--as", "Аня", "session", "salt", "Камень", "--salt", "лиса")
    head = orjson.loads(table("log", "Камень", "--json").stdout.splitlines()[-1])["version"]
    attack = ("--as", "Аня", SW, "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "10", "--pool", "1",
              "--weapon", "2", "--armour", "-1")
    for _ in range(3):
        error(table(*attack), 3, "refused by rule 'stone_wheel: damage terms': armour value cannot be -1")
    after = orjson.loads(table("log", "Камень", "--json").stdout.splitlines()[-1])["version"]
    rolled = orjson.loads(table("--as", "Аня", "roll", "Камень", "1d10", "--json").stdout)
    assert (after, rolled["rolls"][0]["counter"]) == (head, 0)
