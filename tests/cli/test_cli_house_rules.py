"""``journal rules propose|vote|adopt|show``: one line per record, 'error: ...' and a non-zero exit on a refusal."""

from __future__ import annotations

import orjson
import pytest

from journal.service import Journal
from journal.systems.wield import commands

#: The Wield rule as show labels it: its meaning (the descriptor's), as the page does.
MEANING = "Control lost for the boxes marked: pyramid = the row of the last box (10 when full); linear = one per box"
#: ... and in Russian.
MEANING_RU = ("Потеря Контроля за отмеченные клетки: пирамида — по ряду последней клетки (10, когда все заполнены); "
              "линейно — по одному за клетку")


@pytest.fixture
def table(run, db_url):
    """Campaign Зола (wield; Fate: Судьба), players John, Jill and Ro; Jill's Ring wielded by John's hero Ёжик."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Зола", "wield", "Судьба")
        for player in ("John", "Jill", "Ro"):
            journal.add_member("Зола", player)
        commands.record_vatcha(journal, "Зола", "Ring", "Ring", ["Air"], "Kill the Mad King", list("abcde"), "Fire",
                               actor="Jill")
        commands.record_hero(journal, "Зола", "Ёжик", "Ring", "Thief", "Marry the prince", actor="John")
    finally:
        journal.close()
    return run


@pytest.fixture
def proposal(table, events_of) -> str:
    """Ro's proposal control_mapping=linear (version 7); its id."""
    result = table("--as", "Ro", "rules", "propose", "Зола", "--set", "control_mapping=linear")
    assert result.exit_code == 0, result.stderr
    return events_of("Зола")[-1]["id"]


def test_propose_prints_the_proposal_and_the_quorum_it_needs(table, events_of) -> None:
    """propose prints the proposal's id, the change and the quorum: 2 of 3 players."""
    result = table("--as", "Ro", "rules", "propose", "Зола", "--set", "control_mapping = linear")
    event = events_of("Зола")[-1]
    assert (event["type"], event["data"], event["actor"]) == (
        "rules.proposed", {"key": "control_mapping", "value": "linear", "previous": "pyramid"}, "Ro")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == (f"proposal {event['id']}: control_mapping = linear (in force: pyramid); "
                             "2 of 3 players in favour needed (#7)\n")


def test_propose_in_russian_names_its_event_by_its_number(table, events_of) -> None:
    """--lang ru propose: the line ends «(№7)», the event's number in the log, not «(в7)»."""
    result = table("--lang", "ru", "--as", "Ro", "rules", "propose", "Зола", "--set", "control_mapping=linear")
    assert (result.exit_code, result.stdout.rsplit("; ", 1)[1]) == (0, "нужно 2 голоса «за» из 3 игроков (№7)\n")


def test_propose_in_russian_with_one_player_needs_one_vote_of_one_player(run) -> None:
    """The counts take their plural forms: «нужен 1 голос «за» из 1 игрока», not «1 голосов … 1 игроков»."""
    run("campaign", "new", "Угли", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Угли", "Аня")
    result = run("--lang", "ru", "--as", "Аня", "rules", "propose", "Угли", "--set", "control_mapping=linear")
    assert (result.exit_code, result.stdout.rsplit("; ", 1)[1]) == (0, "нужен 1 голос «за» из 1 игрока (№3)\n")


def test_propose_json_prints_the_stored_event(table, events_of) -> None:
    """propose --json prints the event's id, campaign, version, type and payload."""
    result = table("rules", "propose", "Зола", "--set", "control_mapping=linear", "--json")
    event = events_of("Зола")[-1]
    assert orjson.loads(result.stdout) == {"id": event["id"], "campaign": "Зола", "version": 7, "type": "rules.proposed",
                                           "key": "control_mapping", "value": "linear", "previous": "pyramid"}


def test_propose_refuses_an_unknown_key(table, events_of) -> None:
    """An unknown key: exit 2, one line naming it and the known keys, nothing written."""
    result = table("rules", "propose", "Зола", "--set", "pyramid_rows=5")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: house rule 'pyramid_rows': unknown key "
                             "(known: control_mapping, xp_per_heads, xp_per_hour_master, xp_per_hour_player)\n")
    assert len(events_of("Зола")) == 6


def test_propose_refuses_a_key_of_another_system(table, events_of) -> None:
    """xp_per_hour_player in a Wield campaign: exit 3, refused by rule, nothing written."""
    result = table("rules", "propose", "Зола", "--set", "xp_per_hour_player=60")
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == ("error: refused by rule 'house rules: one rule system': 'xp_per_hour_player' is a "
                             "Stone Wheel rule; 'Зола' plays Wield\n")
    assert len(events_of("Зола")) == 6


def test_propose_needs_key_equals_value(table, events_of) -> None:
    """--set without '=' is a usage error (exit 2); nothing written."""
    result = table("rules", "propose", "Зола", "--set", "linear")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Invalid value for --set: 'linear' is not KEY=VALUE"
    assert len(events_of("Зола")) == 6


def test_vote_prints_the_running_tally(table, proposal) -> None:
    """vote (by a prefix of the id) prints the player's side and the count so far."""
    result = table("--as", "John", "rules", "vote", proposal[:24], "--in-favour")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ("John votes in favour of control_mapping = linear: 1 in favour, 0 against; "
                             "2 of 3 players in favour needed (#8)\n")
    result = table("--as", "Jill", "rules", "vote", proposal, "--against")
    assert result.stdout == ("Jill votes against control_mapping = linear: 1 in favour, 1 against; "
                             "2 of 3 players in favour needed (#9)\n")


def test_vote_needs_a_side(table, proposal, events_of) -> None:
    """vote without --in-favour or --against is a usage error; nothing written."""
    result = table("--as", "John", "rules", "vote", proposal)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: give --in-favour or --against"
    assert len(events_of("Зола")) == 7


def test_the_master_cannot_vote(table, proposal, events_of) -> None:
    """Fate votes: exit 7, nothing written."""
    result = table("rules", "vote", proposal, "--in-favour")
    assert (result.exit_code, result.stderr) == (7, "error: only players vote on house rules ('Судьба' is the Master)\n")
    assert len(events_of("Зола")) == 7


def test_an_unknown_proposal_is_not_found(table) -> None:
    """A prefix no proposal has: exit 4."""
    result = table("--as", "John", "rules", "vote", "ffff", "--in-favour")
    assert (result.exit_code, result.stderr) == (4, "error: no house-rule proposal 'ffff'\n")


def test_adopt_without_quorum_is_refused_naming_the_quorum(table, proposal, events_of) -> None:
    """One of three in favour: exit 3, the first-degree quorum named, nothing written."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    result = table("rules", "adopt", proposal)
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == ("error: refused by rule 'house rules: first-degree quorum': "
                             "2 of 3 players in favour needed, 1 is\n")
    assert len(events_of("Зола")) == 8


def test_adopt_by_a_player_is_refused(table, proposal, events_of) -> None:
    """A player adopts: exit 7, nothing written."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    result = table("--as", "Ro", "rules", "adopt", proposal)
    assert (result.exit_code, result.stderr) == (7, "error: only the Master may adopt a house rule ('Ro' is a player)\n")
    assert len(events_of("Зола")) == 9


def test_adopt_prints_the_rule_in_force_and_the_tally(table, proposal, events_of) -> None:
    """Two of three in favour: the Master adopts; the rule is in force from that version."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    result = table("rules", "adopt", proposal)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ("control_mapping = linear in force from version 10 (was pyramid; "
                             "2 of 3 players in favour, 2 needed)\n")
    event = events_of("Зола")[-1]
    assert (event["type"], event["causation"], event["data"]["proposal"]) == ("rules.adopted", proposal, proposal)


def test_adopt_in_russian_counts_the_players_in_their_plural_form(table, proposal) -> None:
    """--lang ru adopt: «за — 2 из 3 игроков, нужно 2» (the genitive plural after «из»)."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    result = table("--lang", "ru", "rules", "adopt", proposal)
    assert (result.exit_code, result.stdout.rsplit("; ", 1)[1]) == (0, "за — 2 из 3 игроков, нужно 2)\n")


def test_the_adoption_in_the_russian_log_counts_the_players_in_their_plural_form(table, proposal) -> None:
    """The log's line of the adoption: «нужно 2 из 3 игроков», the count and its noun agreeing."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    result = table("--lang", "ru", "log", "Зола")
    assert (result.exit_code, result.stdout.splitlines()[-1].rsplit("; ", 1)[1].split("  ")[0]) == (
        0, "нужно 2 из 3 игроков)")


def test_adopt_twice_is_refused_naming_the_first(table, proposal) -> None:
    """A second adoption: exit 3, naming the version of the first."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    result = table("rules", "adopt", proposal)
    assert (result.exit_code, result.stderr) == (
        3, f"error: refused by rule 'house rules: adopted once': proposal {proposal} was adopted at version 10\n")


def test_show_prints_the_rules_in_force_and_the_proposals(table, proposal) -> None:
    """show: the rule and where it comes from, then each proposal with its votes and status."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    result = table("rules", "show", "Зола")
    assert (result.exit_code, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert (lines[0].strip(), lines[4].strip()) == ("rules in force at version 10", "proposals")
    rows = [[cell.strip() for cell in row.split("│")] for row in lines if "│" in row]
    assert rows == [
        [MEANING, "linear", "house rule, adopted at version 10", "pyramid | linear"],
        [proposal, MEANING, "linear", "Ro", "2", "0", "2 of 3", "adopted at version 10"],
    ]


def test_show_as_of_before_the_adoption_shows_the_default(table, proposal) -> None:
    """--as-of a version before the adoption: pyramid by default, the proposal open with its votes then."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    result = table("rules", "show", "Зола", "--as-of", "8")
    rows = [[cell.strip() for cell in row.split("│")] for row in result.stdout.splitlines() if "│" in row]
    assert result.stdout.splitlines()[0].strip() == "rules in force at version 8"
    assert rows == [[MEANING, "pyramid", "default", "pyramid | linear"],
                    [proposal, MEANING, "linear", "Ro", "1", "0", "2 of 3", "open"]]


def test_show_in_russian_labels_each_rule_by_its_meaning_and_its_values_in_words(table, proposal) -> None:
    """--lang ru show: the rule by its meaning, «линейно», «пирамида | линейно» (no key, no value in Latin)."""
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Jill", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    result = table("--lang", "ru", "rules", "show", "Зола", env={"COLUMNS": "300"})
    rows = [[cell.strip() for cell in row.split("│")] for row in result.stdout.splitlines() if "│" in row]
    assert (result.exit_code, rows) == (0, [
        [MEANING_RU, "линейно", "домашнее правило, принято на №10", "пирамида | линейно"],
        [proposal, MEANING_RU, "линейно", "Ro", "2", "0", "2 из 3", "принято на №10"]])


def test_propose_in_russian_takes_the_rule_and_its_value_in_words(table, events_of) -> None:
    """--set «потеря Контроля=Линейно» (the words the help lists, any case): the key and value recorded, the line
    in words."""
    result = table("--lang", "ru", "--as", "Ro", "rules", "propose", "Зола", "--set", "потеря контроля = Линейно")
    event = events_of("Зола")[-1]
    assert (result.exit_code, event["data"], result.stdout.split(": ", 1)[1].split(";")[0]) == (
        0, {"key": "control_mapping", "value": "linear", "previous": "pyramid"},
        "потеря Контроля = линейно (действует: пирамида)")


def test_propose_in_russian_refuses_a_value_naming_the_rule_and_the_words_it_takes(table, events_of) -> None:
    """A value the rule does not take: one line naming the rule and its values in words; nothing written."""
    result = table("--lang", "ru", "--as", "Ro", "rules", "propose", "Зола", "--set", "потеря Контроля=кругом")
    assert (result.exit_code, result.stderr, len(events_of("Зола"))) == (
        2, "Ошибка: домашнее правило «потеря Контроля»: 'кругом' — не из списка пирамида, линейно\n", 6)


def test_the_russian_help_of_propose_lists_each_rule_as_a_player_types_it(run) -> None:
    """--lang ru rules propose --help: «ПРАВИЛО=ЗНАЧЕНИЕ» and every registered rule in words, from the descriptors."""
    result = run("--lang", "ru", "rules", "propose", "--help")
    option = " ".join(result.stdout.split("  --set ", 1)[1].split("  --json")[0].split())
    assert (result.exit_code, option) == (0, ("ПРАВИЛО=ЗНАЧЕНИЕ Правило и его значение: «опыт за орла=1», «опыт игрока в "
                                             "час=50», «опыт Мастера в час=75», «потеря Контроля=линейно». [обязательно]"))


def test_show_json(table, proposal) -> None:
    """show --json: the rules of the campaign's system, the proposals, the adoptions."""
    result = table("rules", "show", "Зола", "--json")
    assert orjson.loads(result.stdout) == {
        "campaign": "Зола", "system": "wield", "version": 7,
        "rules": [{"key": "control_mapping", "value": "pyramid", "default": "pyramid", "house_rule": False,
                   "proposal": None, "adopted_version": None, "allowed": "pyramid | linear",
                   "choices": ["pyramid", "linear"], "low": None, "high": None,
                   "meaning": "Control lost for the boxes marked: pyramid = the row of the last box (10 when full); "
                              "linear = one per box"}],
        "proposals": [{"id": proposal, "key": "control_mapping", "value": "linear", "previous": "pyramid",
                       "proposed_by": "Ro", "version": 7, "votes": {}, "in_favour": 0, "against": 0, "required": 2,
                       "players": 3, "quorum_reached": False, "adopted_version": None}],
        "adoptions": [],
    }


def test_show_of_a_system_without_house_rules(run) -> None:
    """A Dichotomy campaign has no rulings to switch: show says so."""
    run("campaign", "new", "Две", "--system", "dichotomy", "--master", "Ведущий")
    result = run("rules", "show", "Две")
    assert (result.exit_code, result.stdout) == (0, "Dichotomy has no rulings a campaign may switch (version 1)\n")


def test_a_power_after_the_adoption_of_linear_loses_control_box_by_box(table, proposal) -> None:
    """Rank 3 before: Control lost 2 (pyramid); rank 1 after linear is adopted: 4 boxes, Control lost 4."""
    before = table("--as", "Jill", "wield", "power", "Зола", "Ring", "Gust", "--rank", "3")
    table("--as", "John", "rules", "vote", proposal, "--in-favour")
    table("--as", "Ro", "rules", "vote", proposal, "--in-favour")
    table("rules", "adopt", proposal)
    after = table("--as", "Jill", "wield", "power", "Зола", "Ring", "Storm", "--rank", "1")
    assert before.stdout == ("Ring bestows Gust (rank 3) on Ёжик: boxes marked 3, Control lost 2 -> vatcha 8 dice, "
                             "wielder 2 (#8)\n")
    assert after.stdout == ("Ring bestows Storm (rank 1) on Ёжик: boxes marked 4, Control lost 4 -> vatcha 6 dice, "
                            "wielder 4 (#12)\n")
    sheet = orjson.loads(table("sheet", "Зола", "Ring", "--json", "--as-of", "10").stdout)["sheet"]
    assert sheet["control_lost"] == 2


def test_stone_wheel_show_lists_both_rates(run) -> None:
    """A Stone Wheel campaign: the two XP rates with their defaults, 50 and 75."""
    run("campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер")
    result = run("rules", "show", "Камень", "--json")
    assert [(r["key"], r["value"], r["allowed"]) for r in orjson.loads(result.stdout)["rules"]] == [
        ("xp_per_hour_player", 50, "a whole number 0-1000"), ("xp_per_hour_master", 75, "a whole number 0-1000")]
