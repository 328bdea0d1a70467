"""``journal dichotomy ...``: one line (or two) per verb for people, --json, refusals on stderr with exit codes."""

from __future__ import annotations

import orjson
import pytest

C = "Две стороны"
DAVID = ("--as", "Давид")
CARLY = ("--as", "Карли")
ATTRIBUTES = ("finesse", "power", "martial", "spiritual", "natural", "technical")


@pytest.fixture
def table(run, db_url):
    """A Dichotomy campaign with players Давид and Карли and their characters Взломщик and Шарлотта
    (set up through the service, to keep the CLI runs for the verbs under test)."""
    from journal.service import Journal
    from journal.systems.dichotomy.commands import create_character

    journal = Journal.open(db_url)
    try:
        journal.create_campaign(C, "dichotomy", "Ведущий")
        journal.add_member(C, "Давид")
        journal.add_member(C, "Карли")
        create_character(journal, C, "Взломщик", dict(zip(ATTRIBUTES, (7, 4, 5, 6, 3, 8))),
                         ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
        create_character(journal, C, "Шарлотта", dict(zip(ATTRIBUTES, (6, 5, 8, 3, 10, 1))),
                         ["Mobility", "Climbing", "Alertness"], ["Honor", "Fame"], "affluent", actor="Карли")
    finally:
        journal.close()
    return run


def _ok(result) -> str:
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    return result.stdout


def _refused(result, code: int, message: str) -> None:
    assert (result.exit_code, result.stdout, result.stderr) == (code, "", f"error: {message}\n")


def test_new_prints_the_character_in_two_lines(run) -> None:
    """dichotomy character new prints the attributes and capacity, then abilities, motives and wealth."""
    run("campaign", "new", C, "--system", "dichotomy", "--master", "Ведущий")
    result = run("dichotomy", "character", "new", C, "Лесная", "--attributes", "6/5,8/3,10/1", "--abilities", "Мобильность,Climbing,Alertness",
                 "--motives", "Любовь,Судьба", "--wealth", "нищий")
    assert _ok(result) == (
        "Лесная (Ведущий): finesse 6 / power 5, martial 8 / spiritual 3, natural 10 / technical 1; carries 7\n"
        "abilities: Mobility, Climbing, Alertness; motives: Love, Faith; destitute\n")


def test_new_refuses_a_pair_not_summing_to_eleven(table, events_of) -> None:
    """A 6/6 pair exits 3 with the rule on stderr; nothing is written."""
    before = len(events_of(C))
    result = table("dichotomy", "character", "new", C, "Лесная", "--attributes", "6,6,8,3,10,1", "--abilities", "Mobility,Climbing,Alertness",
                   "--motives", "Love,Faith", "--wealth", "comfortable")
    _refused(result, 3, "refused by rule 'dichotomy: pair sums to 11': "
                        "finesse/power: finesse 6 + power 6 = 12, not 11")
    assert len(events_of(C)) == before


def test_new_needs_six_attributes(table) -> None:
    """Five numbers are a usage error (exit 2)."""
    result = table("dichotomy", "character", "new", C, "Лесная", "--attributes", "6,5,8,3,10", "--abilities", "Mobility,Climbing,Alertness",
                   "--motives", "Love,Faith", "--wealth", "comfortable")
    assert result.exit_code == 2
    assert "must give six attributes" in result.stderr


def test_check_prints_the_lock_pick_example(table) -> None:
    """David's lock-pick with the table's 6 and 1 is a partial success."""
    result = table(*DAVID, "dichotomy", "check", C, "Взломщик", "f", "tech", "--dice", "6,1")
    assert _ok(result) == (
        "Взломщик: [6, 1]: finesse 7+6 = 13 vs TN 10 hit; technical 8+1 = 9 vs TN 10 miss -> partial\n")


def test_check_with_tns_and_modifiers_per_die(table) -> None:
    """--tn 10,15 --mod -4,0 are applied die by die."""
    result = table("dichotomy", "check", C, "Взломщик", "изящество", "техническое", "--tn", "10,15", "--mod", "-4,0",
                   "--dice", "9,8")
    assert _ok(result) == (
        "Взломщик: [9, 8]: finesse 7+9-4 = 12 vs TN 10 hit; technical 8+8 = 16 vs TN 15 hit -> total\n")


def test_check_against_another_character(table) -> None:
    """--vs Шарлотта --against finesse,natural sets TN 11 and 15."""
    result = table(*DAVID, "dichotomy", "check", C, "Взломщик", "finesse", "technical", "--vs", "Шарлотта",
                   "--against", "finesse,natural", "--dice", "5,6")
    assert _ok(result) == (
        "Взломщик vs Шарлотта: [5, 6]: finesse 7+5 = 12 vs TN 11 hit; technical 8+6 = 14 vs TN 15 miss -> partial\n")


def test_check_json_prints_the_stored_event(table) -> None:
    """--json prints the event's version and payload."""
    result = table("dichotomy", "check", C, "Взломщик", "f", "t", "--dice", "10,10", "--json")
    data = orjson.loads(_ok(result))
    assert (data["version"], data["outcome"], data["roll"]["dice"]) == (6, "critical", [10, 10])


def test_check_with_server_dice_says_so(table) -> None:
    """In an open session without --dice the journal throws the dice and the line says so."""
    table("session", "start", C, "--present", "Давид,Карли")
    out = _ok(table(*DAVID, "dichotomy", "check", C, "Взломщик", "f", "t"))
    assert out.startswith("Взломщик: [") and " (journal dice): finesse 7+" in out


def test_check_of_one_pair_is_refused(table) -> None:
    """Finesse with Power exits 3 naming the rule."""
    result = table("dichotomy", "check", C, "Взломщик", "finesse", "power", "--dice", "6,1")
    _refused(result, 3, "refused by rule 'dichotomy: two attributes from one pair': "
                        "finesse and power are both of finesse/power")


def test_ability_prints_the_count_and_monster_slayer(table) -> None:
    """dichotomy ability prints the ability's attribute, the count and the bonus."""
    result = table(*DAVID, "dichotomy", "ability", C, "Взломщик", "Cleave")
    assert _ok(result) == "Взломщик learns Cleave (power): 4 abilities, Monster Slayer +0\n"


def test_ability_over_its_cap_is_refused(table) -> None:
    """Шарлотта (Technical 1) cannot learn Find Traps: exit 3."""
    result = table(*CARLY, "dichotomy", "ability", C, "Шарлотта", "Find Traps")
    _refused(result, 3, "refused by rule 'dichotomy: one ability per 3 points of its attribute': "
                        "technical 1 allows 0 abilities and 0 are held; cannot add 'Find Traps'")


def test_adventure_start_and_end(table) -> None:
    """adventure start / end print the adventure's number."""
    assert _ok(table("dichotomy", "adventure", "start", C, "Сундук")) == "adventure 1 started: Сундук\n"
    assert _ok(table("dichotomy", "adventure", "end", C)) == "adventure 1 ended\n"


def test_a_player_starting_an_adventure_is_not_authorized(table) -> None:
    """Карли starting an adventure exits 7."""
    _refused(table(*CARLY, "dichotomy", "adventure", "start", C), 7,
             "only the Master may start an adventure ('Карли' is a player)")


def test_a_non_member_is_not_authorized(table) -> None:
    """An outsider recording a check exits 7."""
    _refused(table("--as", "Чужак", "dichotomy", "check", C, "Взломщик", "f", "t", "--dice", "6,1"), 7,
             "'Чужак' is not a member of campaign 'Две стороны'")


def test_motive_betrayed_prints_the_xp_and_the_lock(table) -> None:
    """A betrayed motive: +3 XP and the slot's lock."""
    table("dichotomy", "adventure", "start", C)
    result = table("dichotomy", "motive", C, "Взломщик", "Жадность", "предан")
    assert _ok(result) == "Взломщик: Greed betrayed in adventure 1: +3 XP; slot empty until adventure 2 ends\n"


def test_new_motive_after_the_lock(table) -> None:
    """After adventure 2 ends, a new motive fills the betrayed slot."""
    table("dichotomy", "adventure", "start", C)
    table("dichotomy", "motive", C, "Взломщик", "Greed", "betrayed")
    for verb in ("end", "start", "end"):
        table("dichotomy", "adventure", verb, C)
    result = table(*DAVID, "dichotomy", "new-motive", C, "Взломщик", "Revenge")
    assert _ok(result) == "Взломщик takes the motive Revenge (from adventure 3)\n"


def test_swap_between_adventures(table) -> None:
    """An untouched motive is swapped after the adventure."""
    table("dichotomy", "adventure", "start", C)
    table("dichotomy", "adventure", "end", C)
    assert _ok(table(*DAVID, "dichotomy", "swap", C, "Взломщик", "Truth", "Fame")) == (
        "Взломщик: Truth -> Fame (from adventure 2)\n")


def test_renown_prints_the_award(table) -> None:
    """renown prints the XP and the reason."""
    assert _ok(table("dichotomy", "renown", C, "Шарлотта", "--xp", "2", "held the gate")) == (
        "Шарлотта: +2 XP renown (held the gate)\n")


def test_damage_prints_charlottes_fourth_round(table) -> None:
    """Round 4 of Charlotte's fight: 5 damage, 2 Hits lost, 3 discarded, Serious; she may dive."""
    for number, damage in (("1", "2"), ("2", "2"), ("3", "1")):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", damage, "--round", number)
    assert _ok(table("dichotomy", "damage", C, "Шарлотта", "--damage", "5", "--round", "4")) == (
        "Шарлотта, round 4: 5 damage, 2 Hits lost, 3 discarded -> |○○|●|●| (may take a dive)\n")


def test_damage_by_a_player_is_not_authorized(table) -> None:
    """Карли recording damage exits 7."""
    _refused(table(*CARLY, "dichotomy", "damage", C, "Шарлотта", "--damage", "2"), 7,
             "only the Master may apply damage ('Карли' is a player)")


def test_dive_fight_end_recover_and_heal(table) -> None:
    """After a Serious injury: dive, end of the fight, rest, healing, each with its line."""
    for damage in ("3", "3", "1"):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", damage)
    assert _ok(table(*CARLY, "dichotomy", "dive", C, "Шарлотта")) == (
        "Шарлотта takes a dive (no action until the fight ends)\n")
    assert _ok(table("dichotomy", "fight-end", C)) == "the fight is over\n"
    assert _ok(table(*CARLY, "dichotomy", "recover", C, "Шарлотта", "--rest")) == (
        "Шарлотта recovers 1 Hit (rest) -> |○○|●|●|\n")
    assert _ok(table("dichotomy", "heal", C, "Шарлотта", "serious")) == "Шарлотта: serious healed -> |○○|●|○|\n"


def test_dive_without_a_serious_injury_is_refused(table) -> None:
    """A dive on a fresh track exits 3."""
    _refused(table(*CARLY, "dichotomy", "dive", C, "Шарлотта"), 3,
             "refused by rule 'dichotomy: dive after a serious injury': "
             "only after taking a Serious injury or losing Hits while Seriously Injured")


def test_recover_action_restores_one_hit(table) -> None:
    """recover without --rest is the Recover action: 1 Hit."""
    table("dichotomy", "damage", C, "Шарлотта", "--damage", "2")
    assert _ok(table(*CARLY, "dichotomy", "recover", C, "Шарлотта")) == (
        "Шарлотта recovers 1 Hit (Recover) -> |●○|○|○|\n")


def test_wealth_between_adventures(table) -> None:
    """wealth prints the old and new level."""
    assert _ok(table(*DAVID, "dichotomy", "wealth", C, "Взломщик", "богатый")) == "Взломщик: comfortable -> affluent\n"


def test_spend_xp_not_available_is_refused(table) -> None:
    """A Cottage with no XP exits 3."""
    _refused(table(*DAVID, "dichotomy", "spend", C, "Взломщик", "Cottage"), 3,
             "refused by rule 'dichotomy: XP not available': 5 XP needed, 0 XP available")


def test_spend_prints_the_cost(table) -> None:
    """With 5 XP of renown a Cottage is bought for 5."""
    table("dichotomy", "renown", C, "Взломщик", "--xp", "5")
    assert _ok(table(*DAVID, "dichotomy", "spend", C, "Взломщик", "Cottage")) == "Взломщик spends 5 XP on Cottage\n"


def test_pack_prints_the_load(table) -> None:
    """Взломщик (Power 4, Martial 5) carries up to 5 items."""
    assert _ok(table(*DAVID, "dichotomy", "pack", C, "Взломщик", "Rope", "Lantern", "Toolkit")) == (
        "Взломщик carries 3/5: Rope, Lantern, Toolkit\n")


def test_pack_over_capacity_is_refused(table) -> None:
    """Six items with capacity 5 exit 3."""
    _refused(table(*DAVID, "dichotomy", "pack", C, "Взломщик", "a", "b", "c", "d", "e", "f"), 3,
             "refused by rule 'dichotomy: carrying capacity': 6 items packed, the capacity is 5")


def test_sheet_prints_two_lines(table) -> None:
    """sheet shows attributes, track, XP and wealth, then abilities, motives and load."""
    assert _ok(table("dichotomy", "sheet", C, "Взломщик")) == (
        "Взломщик (Давид, active): F7/P4 M5/S6 N3/T8  |○○|○|○|  XP 0 (0 earned, 0 spent)  comfortable\n"
        "abilities: Mobility, Climbing, Disable Device (Monster Slayer +0); motives: Greed, Truth; carries 0/5\n")


def test_sheet_of_an_unknown_character_is_not_found(table) -> None:
    """sheet of a name nobody created exits 4."""
    _refused(table("dichotomy", "sheet", C, "Никто"), 4, "no character named 'Никто' in campaign 'Две стороны'")


def _overturn_by_the_quorum(table, event_id: str) -> None:
    """Давид opens a dispute on the event, Давид and Карли vote overturn, the GM rules overturn (all via the CLI)."""
    opened = orjson.loads(_ok(table(*DAVID, "dispute", "open", C, "--event", event_id, "--reason", "не было удара",
                                    "--json")))["id"]
    for voter in (DAVID, CARLY):
        _ok(table(*voter, "dispute", "vote", opened, "--overturn"))
    _ok(table("dispute", "rule", opened, "--overturn"))


def test_sheet_after_an_overturned_round_shows_the_track_journal_sheet_shows(table) -> None:
    """2 damage leaves Шарлотта |●●|○|○|; overturned by the quorum, `dichotomy sheet` and `journal sheet`
    both show the same fresh track, shaken 0."""
    hit = orjson.loads(_ok(table("dichotomy", "damage", C, "Шарлотта", "--damage", "2", "--round", "1", "--json")))
    assert hit["track"] == {"shaken": 2, "injured": False, "serious": False}
    _overturn_by_the_quorum(table, hit["id"])
    mine = orjson.loads(_ok(table("dichotomy", "sheet", C, "Шарлотта", "--json")))
    shared = orjson.loads(_ok(table("sheet", C, "Шарлотта", "--json")))["sheet"]
    fresh = {"shaken": 0, "injured": False, "serious": False, "drawing": "|○○|○|○|"}
    assert mine["health"] == shared["health"] == fresh
    assert {"kind": "character", **mine} == shared
    assert _ok(table("dichotomy", "sheet", C, "Шарлотта")).splitlines()[0] == (
        "Шарлотта (Карли, active): F6/P5 M8/S3 N10/T1  |○○|○|○|  XP 0 (0 earned, 0 spent)  affluent")
    assert "shaken: 0, injured: no, seriously injured: no, track: |○○|○|○|" in _ok(table("sheet", C, "Шарлотта"))


def test_sheet_after_an_overturned_round_recomputes_the_later_rounds(table) -> None:
    """Rounds of 2 and 1 (|○○|●|○|); round 1 overturned: both sheets show the 1 as a Shaken Hit, |●○|○|○|."""
    first = orjson.loads(_ok(table("dichotomy", "damage", C, "Шарлотта", "--damage", "2", "--round", "1", "--json")))
    _ok(table("dichotomy", "damage", C, "Шарлотта", "--damage", "1", "--round", "2"))
    _overturn_by_the_quorum(table, first["id"])
    mine = orjson.loads(_ok(table("dichotomy", "sheet", C, "Шарлотта", "--json")))
    shared = orjson.loads(_ok(table("sheet", C, "Шарлотта", "--json")))["sheet"]
    assert mine["health"] == shared["health"] == {"shaken": 1, "injured": False, "serious": False,
                                                  "drawing": "|●○|○|○|"}


def test_sheet_as_of_a_version_shows_the_track_then(table) -> None:
    """--as-of 5 (before the damage at version 6) shows the fresh track; now it shows |●●|○|○|."""
    table("dichotomy", "damage", C, "Шарлотта", "--damage", "2")
    assert "|○○|○|○|" in _ok(table("dichotomy", "sheet", C, "Шарлотта", "--as-of", "5"))
    assert "|●●|○|○|" in _ok(table("dichotomy", "sheet", C, "Шарлотта"))


def test_sheet_before_the_character_existed_is_not_found(table) -> None:
    """--as-of 4 (before Шарлотта was created at version 5) exits 4 naming the version."""
    _refused(table("dichotomy", "sheet", C, "Шарлотта", "--as-of", "4"), 4,
             "no character named 'Шарлотта' in campaign 'Две стороны' at version 4")


def test_sheet_of_a_campaign_of_another_system_is_refused(run) -> None:
    """dichotomy sheet on a Stone Wheel campaign exits 3 naming the rule system."""
    run("campaign", "new", "Колесо", "--system", "stone-wheel", "--master", "Ведущий")
    _refused(run("dichotomy", "sheet", "Колесо", "Кто-то"), 3,
             "refused by rule 'campaign: one rule system': 'Колесо' plays stone-wheel, not dichotomy")


def _overturn_damage(table, index: int = 0) -> None:
    """The quorum (Давид and Карли) overturns Шарлотта's round of damage ``index``; the Master rules."""
    rounds = [e for e in map(orjson.loads, table("log", C, "--json").stdout.splitlines())
              if e["type"] == "dichotomy.damage_applied"]
    dispute = orjson.loads(_ok(table(*CARLY, "dispute", "open", C, "--event", rounds[index]["id"], "--reason", "промах",
                                     "--json")))["id"]
    table(*CARLY, "dispute", "vote", dispute, "--overturn")
    table(*DAVID, "dispute", "vote", dispute, "--overturn")
    _ok(table("dispute", "rule", dispute, "--overturn"))


def _said(line: str) -> str:
    """A log line's summary and note, without the version, time, actor and type."""
    return line.split(": ", 1)[1].rsplit("  [", 1)[0]


def _recovered_after_an_overturn(table) -> None:
    """1 damage twice (|●●|○|○|), Recover (|●○|○|○|); the first round is overturned."""
    for _round in range(2):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", "1")
    table(*CARLY, "dichotomy", "recover", C, "Шарлотта")
    _overturn_damage(table)


def _healed_after_an_overturn(table) -> None:
    """1 damage four times (|●○|●|○|), the Injury healed (|●○|○|○|); the fourth round is overturned (the healing
    does not depend on it: the Injury came with the third)."""
    for _round in range(4):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", "1")
    table("dichotomy", "heal", C, "Шарлотта", "injury")
    _overturn_damage(table, 3)


def test_recover_stores_no_track_and_prints_the_folds(table, events_of) -> None:
    """A recovery's payload is schema 2, without ``track``; ``--json`` still shows the track after it (the fold's)."""
    table("dichotomy", "damage", C, "Шарлотта", "--damage", "2")
    shown = orjson.loads(_ok(table(*CARLY, "dichotomy", "recover", C, "Шарлотта", "--json")))
    stored = events_of(C)[-1]
    assert (stored["schema"], stored["data"], shown["track"]) == (
        2, {"character": "Шарлотта", "how": "recover_action", "hits": 1},
        {"shaken": 1, "injured": False, "serious": False})


def test_heal_stores_no_track_and_prints_the_folds(table, events_of) -> None:
    """A healing's payload is schema 2, without ``track``; ``--json`` still shows the track after it (the fold's)."""
    for _round in range(3):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", "1")
    shown = orjson.loads(_ok(table("dichotomy", "heal", C, "Шарлотта", "injury", "--json")))
    stored = events_of(C)[-1]
    assert (stored["schema"], stored["data"], shown["track"]) == (
        2, {"character": "Шарлотта", "injury": "injury"}, {"shaken": 0, "injured": False, "serious": False})


def test_log_after_an_overturn_draws_the_recovered_track_as_it_stands(table) -> None:
    """The recovery's line shows the track folded without the voided round and draws the table's one beside it."""
    _recovered_after_an_overturn(table)
    [line] = table("log", C, "--type", "dichotomy.hits_recovered").stdout.splitlines()
    assert _said(line) == "Шарлотта recovers 1 Hit (recover_action) -> |○○|○|○| (at the table: |●○|○|○|)"


def test_log_after_an_overturn_draws_the_recovered_track_in_russian(table) -> None:
    """The same line in Russian: «за столом было» with the track's drawing, not its fields."""
    _recovered_after_an_overturn(table)
    [line] = table("--lang", "ru", "log", C, "--type", "dichotomy.hits_recovered").stdout.splitlines()
    assert _said(line) == ("Шарлотта восстанавливает 1 Хит (действие Восстановления) -> |○○|○|○| "
                           "(за столом было: |●○|○|○|)")


def test_log_after_an_overturn_draws_the_damage_track_as_it_stands(table) -> None:
    """A later round's line marks the table's track as its drawing (``|●●|○|○|``), not ``shaken 2, injured False``."""
    _recovered_after_an_overturn(table)
    lines = table("log", C, "--type", "dichotomy.damage_applied").stdout.splitlines()
    assert _said(lines[1]) == "Шарлотта: 1 damage, 1 Hit lost, 0 discarded -> |●○|○|○| (at the table: |●●|○|○|)"


def test_log_after_an_overturn_draws_the_healed_track_as_it_stands(table) -> None:
    """Without the fourth round no Shaken Hit is lost: the healing's line shows |○○|○|○|, the table's beside."""
    _healed_after_an_overturn(table)
    [line] = table("log", C, "--type", "dichotomy.injury_healed").stdout.splitlines()
    assert _said(line) == "Шарлотта: injury healed -> |○○|○|○| (at the table: |●○|○|○|)"


def test_a_schema_1_recovery_reads_its_track_from_the_fold_and_marks_the_recorded_one(table, db_url) -> None:
    """A recovery recorded with its ``track`` (schema 1) reads the fold's track; the recorded one is what the table saw."""
    from journal.events.envelope import NewEvent
    from journal.service import Journal

    table("dichotomy", "damage", C, "Шарлотта", "--damage", "2")
    journal = Journal.open(db_url)
    try:
        old = {"character": "Шарлотта", "how": "recover_action", "hits": 1,
               "track": {"shaken": 2, "injured": True, "serious": False}}
        journal.store.append(C, [NewEvent("dichotomy.hits_recovered", old, "Карли", schema=1)], journal.store.head(C))
    finally:
        journal.close()
    [line] = table("log", C, "--type", "dichotomy.hits_recovered").stdout.splitlines()
    assert _said(line) == "Шарлотта recovers 1 Hit (recover_action) -> |●○|○|○| (at the table: |●●|●|○|)"


def test_a_schema_1_healing_reads_its_track_from_the_fold(table, db_url) -> None:
    """A healing recorded with its ``track`` (schema 1) as the fold has it shows no mark."""
    from journal.events.envelope import NewEvent
    from journal.service import Journal

    for _round in range(3):
        table("dichotomy", "damage", C, "Шарлотта", "--damage", "1")
    journal = Journal.open(db_url)
    try:
        old = {"character": "Шарлотта", "injury": "injury", "track": {"shaken": 0, "injured": False, "serious": False}}
        journal.store.append(C, [NewEvent("dichotomy.injury_healed", old, "Ведущий", schema=1)], journal.store.head(C))
    finally:
        journal.close()
    [line] = table("log", C, "--type", "dichotomy.injury_healed").stdout.splitlines()
    assert _said(line) == "Шарлотта: injury healed -> |○○|○|○|"
