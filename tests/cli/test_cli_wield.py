"""``journal wield ...`` verbs: one line (or two) for people, 'error: ...' and a non-zero exit on a refusal."""

from __future__ import annotations

import orjson
import pytest

from journal.service import Journal
from journal.systems.wield import commands

STEPS = ["--step", "a", "--step", "b", "--step", "c", "--step", "d", "--step", "e"]


@pytest.fixture
def table(run, db_url):
    """Campaign Зола (Fate: Судьба), players John and Jill, Jill's Ring wielded by John's hero Ёжик."""
    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Зола", "wield", "Судьба")
        for player in ("John", "Jill"):
            journal.add_member("Зола", player)
        commands.record_vatcha(journal, "Зола", "Ring", "Ring", ["Air"], "Kill the Mad King", list("abcde"), "Fire",
                               actor="Jill")
        commands.record_hero(journal, "Зола", "Ёжик", "Ring", "Thief", "Marry the prince", actor="John")
    finally:
        journal.close()
    return run


def test_vatcha(run) -> None:
    """vatcha prints its player, domains (Russian names accepted), goal and Control."""
    run("campaign", "new", "Зола", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Зола", "Jill")
    result = run("--as", "Jill", "wield", "vatcha", "Зола", "Ring", "Ring", "--domains", "Воздух,Water",
                 "--goal", "Kill the Mad King", *STEPS, "--destroyed", "Melt it")
    assert (result.exit_code, result.stdout) == (0, ("vatcha Ring (Jill): Ring of Air, Water; goal: Kill the Mad King; "
                                                     "Control 10 (#3)\n"))


def test_hero(run) -> None:
    """hero prints its player, vatcha, background and destiny."""
    run("campaign", "new", "Зола", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Зола", "Jill")
    run("member", "add", "Зола", "John")
    run("--as", "Jill", "wield", "vatcha", "Зола", "Ring", "Ring", "--domains", "Air", "--goal", "Kill", *STEPS,
        "--destroyed", "Melt it")
    result = run("--as", "John", "wield", "hero", "Зола", "Ёжик", "Ring", "Thief", "Marry the prince")
    assert (result.exit_code, result.stdout) == (0, "hero Ёжик (John) wields Ring; Thief; destiny: Marry the prince (#5)\n")


def test_hero_with_the_goal_as_destiny_is_refused(table) -> None:
    """A destiny equal to the goal: exit 3 and the rule on stderr."""
    table("member", "add", "Зола", "Ro")
    table("wield", "death", "Зола", "Ёжик", "fell")
    result = table("--as", "Ro", "wield", "hero", "Зола", "Ansel", "Ring", "Knight", "kill the mad king")
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == ("error: refused by rule 'wield: destiny is not the goal': the destiny 'kill the mad king' "
                             "is the vatcha's goal\n")


def test_power(table) -> None:
    """power prints the boxes marked and both sides' dice."""
    table("--as", "Jill", "wield", "power", "Зола", "Ring", "Gust", "--rank", "1")
    result = table("--as", "Jill", "wield", "power", "Зола", "Ring", "Whirlwind", "--rank", "2", "--domain", "воздух")
    assert (result.exit_code, result.stdout) == (
        0, "Ring bestows Whirlwind (rank 2) on Ёжик: boxes marked 3, Control lost 2 -> vatcha 8 dice, wielder 2 (#7)\n")


def test_power_of_a_domain_the_vatcha_does_not_command_is_refused_in_russian(table, db_url) -> None:
    """`--domain Тьма` for Ring (Air only): exit 3, one Russian line naming the rule and the Domains; nothing recorded."""
    journal = Journal.open(db_url)
    try:
        before = journal.store.head("Зола")
        result = table("--lang", "ru", "--as", "Jill", "wield", "power", "Зола", "Ring", "Тень", "--rank", "1",
                       "--domain", "Тьма")
        after = journal.store.head("Зола")
    finally:
        journal.close()
    assert (result.exit_code, result.stderr, after) == (
        3, ("Ошибка: отказано по правилу «Владетели: сила из доменов ватчи»: домены ватчи Ring — Воздух; сила домена "
           "«Тьма» не из них\n"), before)


def test_vatcha_in_russian_names_its_domains_in_russian(run) -> None:
    """`--lang ru wield vatcha ... --domains Air,Fire`: the line reads «домены: Воздух, Огонь»."""
    run("campaign", "new", "Зола", "--system", "wield", "--master", "Судьба")
    run("member", "add", "Зола", "Jill")
    result = run("--lang", "ru", "--as", "Jill", "wield", "vatcha", "Зола", "Ring", "Ring", "--domains", "Air,Fire",
                 "--goal", "Kill", *STEPS, "--destroyed", "Melt it")
    assert (result.exit_code, result.stdout) == (
        0, "ватча Ring (Jill): Ring, домены: Воздух, Огонь; цель: Kill; Контроль 10 (№3)\n")


def test_power_beyond_ten_ranks_is_refused(table) -> None:
    """An eleventh rank exits 3 with the rule."""
    table("wield", "power", "Зола", "Ring", "Storm", "--rank", "10")
    result = table("wield", "power", "Зола", "Ring", "Gust", "--rank", "1")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'wield: at most ten ranks bestowed': 10 boxes are marked; a rank 1 power needs 11 "
            "of the 10\n"))


def test_chance(table) -> None:
    """chance prints the dice, total, target, tier and outcome."""
    result = table("wield", "chance", "Зола", "Ёжик", "Heroic", "Climb the ladder", "--prof", "--dice", "17,9")
    assert (result.exit_code, result.stdout) == (0, "Ёжик: Climb the ladder vs 20 (Heroic): [17, 9] = 26 -> success (#6)\n")


def test_chance_json(table) -> None:
    """chance --json prints the stored event."""
    result = table("wield", "chance", "Зола", "Ёжик", "12", "Pick the lock", "--dice", "11", "--json")
    data = orjson.loads(result.stdout)
    assert (data["type"], data["version"], data["target"], data["total"], data["success"]) == (
        "wield.chance_rolled", 6, 12, 11, False)


def test_chance_without_dice_or_session_is_refused(table) -> None:
    """No --dice and no open session: exit 3."""
    result = table("wield", "chance", "Зола", "Ёжик", "Hard", "Pick the lock")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'dice: server rolls need an open session': start a session for the journal's dice, "
            "or give the table's dice with --dice\n"))


@pytest.mark.parametrize("attack", ["a", "а"], ids=["a", "russian а"])
def test_round(table, attack: str) -> None:
    """round prints the reconsiderations and rolls, then the hits in order and the wounds; an attack is ``a`` or, as
    the Russian help writes it, «а» (атака)."""
    result = table("wield", "round", "Зола", f"Ёжик:{attack}3@Guard", f"Guard:{attack}3@Ёжик", f"Bandit:{attack}2>Ёжик",
                   "--switch", "Ёжик", "--dice", "12,20,15")
    assert (result.exit_code, result.stdout) == (
        0, ("round (#6): Ёжик reconsiders: defends himself; Ёжик vs 10: [12] = 12 ok; Guard vs 20: [20] = 20 ok; "
            "Bandit vs 10: [15] = 15 ok\n"
            "hits: Guard->Ёжик 3-2 = 1; Bandit->Ёжик 2-2 = 0; wounds: Ёжик 1\n"))


@pytest.mark.parametrize("defend", ["d", "з"], ids=["d", "russian з"])
def test_round_without_attacks(table, defend: str) -> None:
    """A round of defences only (``d`` or «з», защита) ends at once."""
    result = table("wield", "round", "Зола", f"Ёжик:{defend}1", f"Guard:{defend}2")
    assert (result.exit_code, result.stdout) == (0, "round (#6): no one attacks, the round is over\n")


def _results_row(result) -> str:
    """The value of the results row of ``journal sheet``'s table (labelled «Results» or «Результаты»)."""
    [row] = [line for line in result.stdout.splitlines() if line.split("│")[0].strip() in ("Results", "Результаты")]
    return row.split("│")[1].strip()


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "№: 6, Вид: бой, что: (действие: атакует, Ранения: 2, цель: Стражник), успех: да"),
    ("en", "version: 6, Kind: combat, what: (action: attack, Wounds: 2, target: Стражник), success: yes"),
], ids=["ru", "en"])
def test_a_combat_result_reads_in_the_readers_language_on_the_sheet(table, lang: str, said: str) -> None:
    """Ёжик attacks the Стражник for 2 (12 against 10): ``journal --lang ru sheet`` names his result's action in
    Russian («атакует», «цель»), ``--lang en`` in English; the sheet stores neither."""
    table("wield", "round", "Зола", "Ёжик:a2@Стражник", "Стражник:d1", "--dice", "12")
    result = table("--lang", lang, "sheet", "Зола", "Ёжик")
    assert (result.exit_code, _results_row(result)) == (0, said)


def test_a_combat_results_action_is_named_in_russian_in_the_diff(table) -> None:
    """``journal --lang ru diff`` after Ёжик's attack: the result is named «№6 «атакует 2 @Стражник»» (the report's and
    a dispute's name for it, as the timeline says the action) and each of the action's fields by its word."""
    table("wield", "round", "Зола", "Ёжик:a2@Стражник", "Стражник:d1", "--dice", "12")
    result = table("--lang", "ru", "diff", "Зола", "--from", "5")
    rows = [[cell.strip() for cell in line.split("│")] for line in result.stdout.splitlines() if "· что ·" in line]
    named = "Результаты · №6 «атакует 2 @Стражник» · что"
    assert (result.exit_code, rows) == (0, [["Ёжик", f"{named} · действие", "", "атакует"],
                                            ["Ёжик", f"{named} · цель", "", "Стражник"],
                                            ["Ёжик", f"{named} · Ранения", "", "2"]])


def test_round_by_a_player_is_refused(table) -> None:
    """Only Fate records a round: exit 7."""
    result = table("--as", "John", "wield", "round", "Зола", "Ёжик:d1")
    assert (result.exit_code, result.stderr) == (
        7, "error: only the Master may record a combat round ('John' is a player)\n")


def test_risk(table) -> None:
    """risk prints both pools and the winner."""
    table("wield", "power", "Зола", "Ring", "Gust", "--rank", "1")
    result = table("--as", "Jill", "wield", "risk", "Зола", "Ёжик", "Flee", "--destiny",
                   "--dice", "15,14,3,2,1,1,1,1,1,20,2")
    assert (result.exit_code, result.stdout) == (
        0, "Ёжик vs Ring, 'Flee': vatcha [15, 14, 3, 2, 1, 1, 1, 1, 1] vs wielder [20, 2] -> the wielder wins (#7)\n")


def test_reroll_without_a_tie_is_refused(table) -> None:
    """reroll with no tie waiting exits 3."""
    result = table("wield", "reroll", "Зола")
    assert (result.exit_code, result.stderr) == (
        3, "error: refused by rule 'wield: only a complete tie is re-rolled': no tied Control Risk is waiting\n")


def test_offer_refuse_counter_seal(table) -> None:
    """The geis verbs print one line each."""
    outputs = [
        table("--as", "John", "wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap").stdout,
        table("wield", "refuse", "Зола", "Ёжик").stdout,
        table("--as", "John", "wield", "offer", "Зола", "Ёжик", "Feed the beggar").stdout,
        table("wield", "counter", "Зола", "Ёжик", "Never drink wine").stdout,
        table("wield", "seal", "Зола", "Ёжик", "--rank", "3").stdout,
    ]
    assert outputs == [
        "Ёжик makes Fate an offer for 'Leap': Give my cloak away (#6)\n",
        "Ёжик's geis: Fate refuses the offer (#7)\n",
        "Ёжик makes Fate a second offer for 'Leap': Feed the beggar (#8)\n",
        "Fate's terms for Ёжик: Never drink wine (#9)\n",
        "geis sealed: Ёжик promises 'Never drink wine', rank 3 (major); the chance succeeds without a roll (#10)\n",
    ]


def test_offer_in_a_conflict_between_players_is_refused(table) -> None:
    """A geis against another player's character exits 3."""
    result = table("wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Outrun", "--against", "Jill")
    assert (result.exit_code, result.stderr) == (
        3, ("error: refused by rule 'wield: no geis in a conflict between players': Fate does not play favourites "
            "between heroes\n"))


def test_seal_by_a_player_is_refused(table) -> None:
    """Only Fate seals: exit 7."""
    table("wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap")
    result = table("--as", "John", "wield", "seal", "Зола", "Ёжик", "--rank", "1")
    assert (result.exit_code, result.stderr) == (7, "error: only the Master may seal a geis ('John' is a player)\n")


def test_breach_and_collect(table) -> None:
    """breach prints the debt; collect turns a later success into a failure."""
    table("wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap")
    table("wield", "seal", "Зола", "Ёжик", "--rank", "2")
    breach = table("wield", "breach", "Зола", "Ёжик", "Kept the cloak")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe", "--dice", "16")
    collect = table("wield", "collect", "Зола", "v9")
    assert breach.stdout == "Ёжик broke his geis (Kept the cloak): he owes Fate 2 failure(s) (#8)\n"
    assert collect.stdout == "Fate collects: Ёжик's success in “Bribe” is a failure; still owed on that geis: 1 (#10)\n"


def test_collect_not_owed_is_refused(table) -> None:
    """Collecting from a hero who owes nothing exits 3."""
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe", "--dice", "16")
    result = table("wield", "collect", "Зола", "6")
    assert (result.exit_code, result.stderr) == (
        3, "error: refused by rule 'wield: a failure is owed': the hero owes no failure on this geis\n")


def _owing(table) -> None:
    """Ёжик's geis «Give my cloak away» sealed (rank 2) and breached (v8); then his rolled successes «Bribe» (v9) and
    «Climb» (v10)."""
    table("wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap")
    table("wield", "seal", "Зола", "Ёжик", "--rank", "2")
    table("wield", "breach", "Зола", "Ёжик", "Kept the cloak")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe", "--dice", "16")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Climb", "--dice", "15")


@pytest.mark.parametrize("said", ["last", "Ёжик: Climb", "Climb", "№10", "#10", "v10", "10"])
def test_collect_takes_the_success_as_a_player_says_it(table, events_of, said: str) -> None:
    """``last``, the picker's «HERO: what was rolled», what was rolled alone, or its event's number as the lines print
    it («№10», "#10", the old ``v10``, ``10``): the same success (№10) is collected, and the line names it by what was rolled."""
    _owing(table)
    result = table("wield", "collect", "Зола", said)
    assert (result.exit_code, result.stdout, events_of("Зола")[-1]["data"]["success"]) == (
        0, "Fate collects: Ёжик's success in “Climb” is a failure; still owed on that geis: 1 (#11)\n",
        events_of("Зола")[9]["id"])


def test_collect_in_russian_takes_the_last_success(table, events_of) -> None:
    """--lang ru «последний»: the newest success, named in Russian."""
    _owing(table)
    result = table("--lang", "ru", "wield", "collect", "Зола", "последний")
    assert (result.exit_code, result.stdout, events_of("Зола")[-1]["data"]["success"]) == (
        0, "Судьба взыскивает: успех Ёжик в «Climb» становится провалом; ещё причитается по этому гейсу: 1 (№11)\n",
        events_of("Зола")[9]["id"])


def test_collect_last_takes_the_newest_success_whose_hero_owes_fate(table, events_of) -> None:
    """``last`` passes over Ansel's newer success (he owes Fate nothing) and takes Ёжик's «Climb» (v10), whose
    hero owes her two failures."""
    _owing(table)
    table("--as", "John", "wield", "vatcha", "Зола", "Sword", "Sword", "--domains", "Fire", "--goal", "Win",
          *STEPS, "--destroyed", "Melt it")
    table("--as", "Jill", "wield", "hero", "Зола", "Ansel", "Sword", "Knight", "Be king")
    table("wield", "chance", "Зола", "Ansel", "Hard", "Swim", "--dice", "16")
    result = table("wield", "collect", "Зола", "last")
    assert (result.exit_code, result.stdout, events_of("Зола")[-1]["data"]["success"]) == (
        0, "Fate collects: Ёжик's success in “Climb” is a failure; still owed on that geis: 1 (#14)\n",
        events_of("Зола")[9]["id"])


def test_collect_last_when_no_hero_owes_fate_is_refused_in_russian_by_the_rule(table, events_of) -> None:
    """«последний» with a rolled success but no debt to Fate: exit 3, one line naming the rule, nothing written."""
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe", "--dice", "16")
    result = table("--lang", "ru", "wield", "collect", "Зола", "последний")
    assert (result.exit_code, result.stdout, result.stderr, len(events_of("Зола"))) == (
        3, "", ("Ошибка: отказано по правилу «Владетели: провал причитается»: ни один герой не должен Судьбе провала "
                "за успех, выпавший после нарушения его гейса\n"), 6)


def test_collect_last_of_a_hero_who_owes_nothing_is_refused_naming_him(table, events_of) -> None:
    """``last --hero Ёжик`` after his one failure owed is paid: exit 3, the rule and the hero, nothing written."""
    table("wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap")
    table("wield", "seal", "Зола", "Ёжик", "--rank", "1")
    table("wield", "breach", "Зола", "Ёжик", "Kept the cloak")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe", "--dice", "16")
    table("wield", "collect", "Зола", "last")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Climb", "--dice", "15")
    result = table("wield", "collect", "Зола", "last", "--hero", "Ёжик")
    assert (result.exit_code, result.stderr, len(events_of("Зола"))) == (
        3, ("error: refused by rule 'wield: a failure is owed': Ёжик owes Fate no failure on a success rolled since "
            "his geis was broken\n"), 11)


def test_collect_takes_the_geis_by_its_promise(table, events_of) -> None:
    """--geis «Give my cloak away»: the broken geis named by its promise pays."""
    _owing(table)
    result = table("wield", "collect", "Зола", "Bribe", "--geis", "Give my cloak away")
    assert (result.exit_code, events_of("Зола")[-1]["data"]["geis"]) == (0, events_of("Зола")[6]["id"])


def test_collect_of_a_success_nobody_rolled_is_refused_naming_the_ones_offered(table, events_of) -> None:
    """A text that names no success, nor an event: exit 4, the successes there are to collect, nothing written."""
    _owing(table)
    result = table("wield", "collect", "Зола", "Swim")
    assert (result.exit_code, result.stderr, len(events_of("Зола"))) == (
        4, ("error: no success 'Swim' to collect in 'Зола'; say 'last', what was rolled or as the page offers it: "
           "Ёжик: Climb, Ёжик: Bribe\n"), 10)


def test_collect_of_a_success_nobody_rolled_is_refused_in_russian(table) -> None:
    """--lang ru: the refusal in Russian."""
    _owing(table)
    result = table("--lang", "ru", "wield", "collect", "Зола", "Плыть")
    assert (result.exit_code, result.stderr) == (
        4, ("Ошибка: в «Зола» нет успеха «Плыть», на котором можно взыскать; скажите «последний», что бросали, или как "
           "предлагает страница: Ёжик: Climb, Ёжик: Bribe\n"))


def test_condition_and_lift(table) -> None:
    """condition prints what it adds; lift ends it."""
    gained = table("wield", "condition", "Зола", "Ёжик", "Blessed", "--extra-dice", "1", "--bonus", "5")
    lifted = table("wield", "lift", "Зола", "Ёжик", "Blessed")
    assert (gained.stdout, lifted.stdout) == ("Ёжик gains 'Blessed' (+1 d20, +5) (#6)\n",
                                              "Ёжик is no longer 'Blessed' (#7)\n")


def test_death(table) -> None:
    """death prints the debts that vanish."""
    result = table("wield", "death", "Зола", "Ёжик", "fell")
    assert (result.exit_code, result.stdout) == (0, "Ёжик dies (fell); failures owed that vanish: 0 (#6)\n")


def test_a_non_member_is_refused(table) -> None:
    """Anyone not in the campaign exits 7."""
    result = table("--as", "Mallory", "wield", "chance", "Зола", "Ёжик", "Easy", "Walk")
    assert (result.exit_code, result.stderr) == (7, "error: 'Mallory' is not a member of campaign 'Зола'\n")


def test_a_malformed_declaration_is_refused(table) -> None:
    """A declaration that does not parse exits 2 with the expected shapes."""
    result = table("wield", "round", "Зола", "Ёжик-attack")
    assert (result.exit_code, result.stderr) == (
        2, "error: declaration: 'Ёжик-attack' is not NAME:aN@TARGET, NAME:dN[@WHOM] or NAME:pRANK=POWER[@TARGET]\n")


def test_a_geis_offered_sealed_breached_and_a_failure_collected_then_overturned(table) -> None:
    """The note's example: the geis settles its own chance only, once; after the breach Fate collects on a rolled
    success, which the sheet then reads as a failure and the debts count; overturning the collection restores both."""
    steps = [
        ("--as", "John", "wield", "offer", "Зола", "Ёжик", "Free the town for no reward", "--chance", "Leap the chasm"),
        ("wield", "seal", "Зола", "Ёжик", "--rank", "2"),
        ("wield", "chance", "Зола", "Ёжик", "Epic", "Leap the chasm", "--geis"),
        ("wield", "breach", "Зола", "Ёжик", "Took the gold"),
        ("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe the guard", "--dice", "16"),
        ("wield", "collect", "Зола", "10"),
    ]
    outputs = [table(*args).stdout for args in steps[:2]]
    other = table("wield", "chance", "Зола", "Ёжик", "Hard", "Pick the lock", "--geis")
    outputs += [table(*args).stdout for args in steps[2:]]
    assert outputs == [
        "Ёжик makes Fate an offer for 'Leap the chasm': Free the town for no reward (#6)\n",
        ("geis sealed: Ёжик promises 'Free the town for no reward', rank 2 (large); the chance succeeds without a roll "
         "(#7)\n"),
        "Ёжик: Leap the chasm vs 35 (Epic): sealed geis -> success without a roll (#8)\n",
        "Ёжик broke his geis (Took the gold): he owes Fate 2 failure(s) (#9)\n",
        "Ёжик: Bribe the guard vs 10 (Hard): [16] = 16 -> success (#10)\n",
        "Fate collects: Ёжик's success in “Bribe the guard” is a failure; still owed on that geis: 1 (#11)\n",
    ]
    again = table("wield", "chance", "Зола", "Ёжик", "Epic", "Leap the chasm", "--geis")
    assert (other.exit_code, other.stderr, again.exit_code, again.stderr) == (
        3, ("error: refused by rule 'wield: a sealed geis settles one chance': Ёжик's sealed geis was offered for "
            "'Leap the chasm', not 'Pick the lock'\n"),
        3, ("error: refused by rule 'wield: a sealed geis settles one chance': 'Leap the chasm' was taken at #8: "
            "Ёжик's geis settles no other chance\n"))
    (debt,) = orjson.loads(table("debts", "Зола", "--json").stdout)["geasa"]
    assert (debt["rank"], debt["broken"], debt["owed"], debt["collected"]) == (2, True, 1, 1)
    sheet = orjson.loads(table("sheet", "Зола", "Ёжик", "--json").stdout)["sheet"]
    results = [(r["version"], r["what"], r["success"], r["collected"]) for r in sheet["results"].values()]
    assert (sheet["owed"], results) == (1, [(8, "Leap the chasm", True, None), (10, "Bribe the guard", False, debt["id"])])
    opened = orjson.loads(table("--as", "Jill", "dispute", "open", "Зола", "--event", "11", "--reason", "too late",
                                "--json").stdout)["id"]
    for player in ("John", "Jill"):
        assert table("--as", player, "dispute", "vote", opened, "--overturn").exit_code == 0
    assert table("dispute", "rule", opened, "--overturn").exit_code == 0
    (debt,) = orjson.loads(table("debts", "Зола", "--json").stdout)["geasa"]
    sheet = orjson.loads(table("sheet", "Зола", "Ёжик", "--json").stdout)["sheet"]
    assert (debt["owed"], debt["collected"], sheet["owed"]) == (2, 0, 2)
    assert [(r["version"], r["success"], r["collected"]) for r in sheet["results"].values()] == [
        (8, True, None), (10, True, None)]


def _collected(table, success: int = 10) -> None:
    """Ёжик's geis sealed and breached, his rolled success (v10), Fate's collection on it (v11)."""
    table("--as", "John", "wield", "offer", "Зола", "Ёжик", "Free the town for no reward", "--chance", "Leap the chasm")
    table("wield", "seal", "Зола", "Ёжик", "--rank", "2")
    table("wield", "chance", "Зола", "Ёжик", "Epic", "Leap the chasm", "--geis")
    table("wield", "breach", "Зола", "Ёжик", "Took the gold")
    table("wield", "chance", "Зола", "Ёжик", "Hard", "Bribe the guard", "--dice", "16")
    assert table("wield", "collect", "Зола", str(success)).exit_code == 0


def test_a_collected_success_reads_as_a_failure_in_the_log(table) -> None:
    """`log` prints the turned chance's line with the folds' note: made a failure by Fate."""
    _collected(table)
    lines = table("log", "Зола").stdout.splitlines()
    assert lines[9].endswith("Ёжик: Bribe the guard vs 10 (Hard): [16] = 16 -> success "
                             "(made a failure by Fate (Ёжик owed it))  [wield.chance_rolled]")


def test_a_collected_success_reads_as_a_failure_in_the_replay(table) -> None:
    """The session's replay (JSON) carries the same note on the chance; the collection has none."""
    table("session", "start", "Зола", "--present", "John,Jill")
    _collected(table, success=11)
    replay = orjson.loads(table("replay", "Зола", "--session", "1", "--json").stdout)
    notes = {entry["version"]: entry["note"] for entry in replay["events"]}
    assert (notes[11], notes[12]) == ("made a failure by Fate (Ёжик owed it)", None)


def test_an_overturned_event_reads_as_voided_in_the_log(table) -> None:
    """After the quorum overturns the collection, its line names the dispute as people name it (#1); the chance reads as a success again."""
    _collected(table)
    opened = orjson.loads(table("--as", "Jill", "dispute", "open", "Зола", "--event", "11", "--reason", "too late",
                                "--json").stdout)["id"]
    for player in ("John", "Jill"):
        table("--as", player, "dispute", "vote", opened, "--overturn")
    table("dispute", "rule", opened, "--overturn")
    lines = table("log", "Зола").stdout.splitlines()
    assert lines[9].endswith("-> success  [wield.chance_rolled]")
    assert lines[10].endswith("still owed on that geis: 1 (voided by dispute #1)  [wield.failure_collected]")


def test_a_chance_with_more_dice_than_a_roll_throws_is_refused_before_any_is_drawn(table) -> None:
    """A condition of 2^31 - 1 extra d20s, then a chance on the journal's dice: exit 2 naming the bound, at once
    (no die is drawn, none of 2^31), nothing written."""
    assert table("session", "start", "Зола", "--present", "John,Jill").exit_code == 0
    assert table("wield", "condition", "Зола", "Ёжик", "Бешенство", "--extra-dice", "2147483647").exit_code == 0
    head = table("log", "Зола", "--json").stdout.count("\n")
    result = table("wield", "chance", "Зола", "Ёжик", "Hard", "climb")
    assert (result.exit_code, result.stderr) == (
        2, "error: dice: a roll throws 1..100 dice of 2..1000 faces, not 2147483648 d20\n")
    assert table("log", "Зола", "--json").stdout.count("\n") == head


def test_a_chance_at_a_huge_target_number_is_refused_naming_the_field(table) -> None:
    """DIFFICULTY 99999999999999999999 (a target number): exit 2 naming the event's field and the bound, no traceback."""
    result = table("wield", "chance", "Зола", "Ёжик", "99999999999999999999", "climb", "--dice", "3")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", (
        "error: wield.chance_rolled: field 'target': 99999999999999999999 is out of range (at most 2147483647 either "
        "way)\n"))


def test_power_with_the_rank_as_its_last_word_works_with_a_deprecation_warning(table) -> None:
    """The 0.1 form ``wield power C VATCHA POWER RANK`` still bestows the power, as ``--rank`` would, and says on one
    line of stderr that it is deprecated, naming the new form."""
    result = table("wield", "power", "Зола", "Ring", "Gust", "2")
    assert (result.exit_code, result.stdout) == (
        0, "Ring bestows Gust (rank 2) on Ёжик: boxes marked 2, Control lost 2 -> vatcha 8 dice, wielder 2 (#6)\n")
    assert result.stderr == ("warning: 'journal wield power … 2' is deprecated and goes in the next release: write "
                             "'journal wield power … --rank 2'\n")


def test_seal_with_the_rank_as_its_last_word_works_with_a_deprecation_warning(table) -> None:
    """The 0.1 form ``wield seal C HERO RANK`` seals the geis at that rank, with the warning naming ``--rank``."""
    table("--as", "John", "wield", "offer", "Зола", "Ёжик", "Give my cloak away", "--chance", "Leap")
    result = table("wield", "seal", "Зола", "Ёжик", "1")
    assert (result.exit_code, result.stdout) == (
        0, "geis sealed: Ёжик promises 'Give my cloak away', rank 1 (small); the chance succeeds without a roll (#7)\n")
    assert result.stderr == ("warning: 'journal wield seal … 1' is deprecated and goes in the next release: write "
                             "'journal wield seal … --rank 1'\n")


def test_the_deprecation_warning_is_said_in_russian(table) -> None:
    """Under ``--lang ru`` the warning is Russian, on one line."""
    result = table("--lang", "ru", "wield", "power", "Зола", "Ring", "Gust", "1")
    assert result.exit_code == 0
    assert result.stderr == ("Предупреждение: «journal wield power … 1» устарело и уйдёт в следующем выпуске: пишите "
                             "«journal wield power … --rank 1»\n")


def test_power_given_the_rank_in_both_places_is_refused(table, db_url) -> None:
    """``--rank`` and the old last word together: a usage error (exit 2) naming --rank; nothing is recorded."""
    result = table("wield", "power", "Зола", "Ring", "Gust", "2", "--rank", "3")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == ("Error: --rank given twice: as --rank and as the last word (its old "
                                              "place)")
    journal = Journal.open(db_url)
    try:
        assert journal.store.head("Зола") == 5
    finally:
        journal.close()


def test_power_without_a_rank_is_refused_as_before(table) -> None:
    """Neither form: click's own refusal of the missing --rank, exit 2."""
    result = table("wield", "power", "Зола", "Ring", "Gust")
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (2, "Error: Missing option '--rank'.")


def test_the_old_form_is_not_in_the_usage_line(run) -> None:
    """The help shows the new form only."""
    result = run("wield", "power", "--help")
    assert result.stdout.splitlines()[0] == "Usage: journal wield power [OPTIONS] CAMPAIGN VATCHA POWER"
