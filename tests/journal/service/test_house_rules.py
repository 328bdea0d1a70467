"""House rules through the service, on both databases: propose, vote, adopt, and the rule in force at each point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from journal.errors import JournalError, NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.events.corrections import EventVoided
from journal.events.envelope import Event
from journal.i18n import language
from journal.service import Journal
from journal.service.house_rules import (
    adopt_rule,
    find_proposal,
    propose_rule,
    rule_in_force,
    rules_of,
    show_rules,
    vote_rule,
)
from journal.service.sessions import end_session, start_session
from journal.systems.stone_wheel import commands as sw
from journal.systems.wield import commands as wield

CAMPAIGN = "Зола"
FATE = "Судьба"
PLAYERS = ("John", "Jill", "Ro")
STEPS = ["Find the heir", "Win the guard", "Take the gate", "Open the vault", "Claim the throne"]
STONE = "Камень"
MASTER = "Мастер"
CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


def refused(journal: Journal, error: type[JournalError], message: str, call: Callable[[], Any],
            campaign: str = CAMPAIGN) -> None:
    """``call`` raises ``error`` with exactly ``message`` and the campaign's stream does not move."""
    head = journal.store.head(campaign)
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == message
    assert journal.store.head(campaign) == head


@pytest.fixture
def table(journal: Journal) -> Journal:
    """Зола (wield): Fate and three players; Jill's vatcha Ring is wielded by John's hero John."""
    journal.create_campaign(CAMPAIGN, "wield", FATE)
    for player in PLAYERS:
        journal.add_member(CAMPAIGN, player)
    wield.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air"], "Rule the kingdom", STEPS, "Melt it", actor="Jill")
    wield.record_hero(journal, CAMPAIGN, "John", "Ring", "Knight", "Marry the prince", actor="John")
    return journal


@pytest.fixture
def stone(journal: Journal) -> Journal:
    """Камень (stone-wheel): Мастер; Аня plays Ратибор, Боря has no character."""
    journal.create_campaign(STONE, "stone-wheel", MASTER)
    for player in ("Аня", "Боря"):
        journal.add_member(STONE, player)
    sw.create_character(journal, STONE, "Ратибор", "Аня", "physical", "человек", "воин", CHARACTERISTICS, PARAMETERS)
    return journal


def adopted(journal: Journal, key: str, value: str, campaign: str = CAMPAIGN, voters: tuple[str, ...] = ("John", "Jill"),
            actor: str | None = None) -> str:
    """Propose ``key=value``, have ``voters`` vote in favour, adopt it; the proposal's id."""
    proposal = propose_rule(journal, campaign, key, value, actor=actor).id
    for voter in voters:
        vote_rule(journal, proposal, True, actor=voter)
    adopt_rule(journal, proposal)
    return proposal


# -- proposing ---------------------------------------------------------------------------------------------


def test_a_proposal_records_the_key_the_value_and_the_value_in_force(table: Journal) -> None:
    """A player proposes linear: rules.proposed {control_mapping, linear, previous pyramid}, by that player."""
    event = propose_rule(table, CAMPAIGN, "control_mapping", "linear", actor="Ro")
    assert (event.type, event.data, event.actor) == (
        "rules.proposed", {"key": "control_mapping", "value": "linear", "previous": "pyramid"}, "Ro")


def test_the_master_may_propose_too(table: Journal) -> None:
    """Any member proposes, Fate included."""
    assert propose_rule(table, CAMPAIGN, "control_mapping", "linear").actor == FATE


def test_a_rate_is_stored_as_a_whole_number(stone: Journal) -> None:
    """xp_per_hour_player=60 is stored as 60 (an integer), the default 50 as previous."""
    event = propose_rule(stone, STONE, "xp_per_hour_player", " 60 ", actor="Аня")
    assert event.data == {"key": "xp_per_hour_player", "value": 60, "previous": 50}


def test_an_unknown_key_is_refused_naming_it(table: Journal) -> None:
    """An unknown key is refused with the known keys listed; nothing is written."""
    refused(table, ValidationFailed,
            "house rule 'pyramid_rows': unknown key (known: control_mapping, xp_per_heads, xp_per_hour_master, "
            "xp_per_hour_player)",
            lambda: propose_rule(table, CAMPAIGN, "pyramid_rows", "5"))


@pytest.mark.parametrize(("key", "value", "message"), [
    ("control_mapping", "square", "house rule 'control_mapping': 'square' is not one of pyramid, linear"),
    ("xp_per_hour_player", "sixty", "house rule 'xp_per_hour_player': 'sixty' is not a whole number"),
    ("xp_per_hour_player", "1001", "house rule 'xp_per_hour_player': 1001 is not in 0-1000"),
    ("xp_per_hour_master", "-1", "house rule 'xp_per_hour_master': -1 is not in 0-1000"),
    ("xp_per_hour_master", "7.5", "house rule 'xp_per_hour_master': '7.5' is not a whole number"),
])
def test_a_value_of_the_wrong_type_or_range_is_refused_naming_the_key(stone: Journal, key: str, value: str,
                                                                     message: str) -> None:
    """A bad value is refused with one line naming the key; nothing is written."""
    refused(stone, ValidationFailed, message, lambda: propose_rule(stone, STONE, key, value), STONE)


def test_a_key_of_another_system_is_refused_by_rule(stone: Journal) -> None:
    """control_mapping is a Wield rule: a Stone Wheel campaign cannot switch it."""
    refused(stone, RuleViolation,
            "refused by rule 'house rules: one rule system': 'control_mapping' is a Wield rule; 'Камень' plays Stone Wheel",
            lambda: propose_rule(stone, STONE, "control_mapping", "linear"), STONE)


def test_proposing_the_value_already_in_force_is_refused(table: Journal) -> None:
    """pyramid is the default already: there is nothing to change."""
    refused(table, RuleViolation,
            "refused by rule 'house rules: a change': 'control_mapping' is already 'pyramid' (the default)",
            lambda: propose_rule(table, CAMPAIGN, "control_mapping", "pyramid"))


def test_a_non_member_cannot_propose(table: Journal) -> None:
    """Only members propose."""
    refused(table, NotAuthorized, "'Гость' is not a member of campaign 'Зола'",
            lambda: propose_rule(table, CAMPAIGN, "control_mapping", "linear", actor="Гость"))


# -- voting ------------------------------------------------------------------------------------------------


def test_a_vote_names_the_proposal_and_answers_it(table: Journal) -> None:
    """rules.voted {proposal, in_favour} by the player, with the proposal as causation."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    event = vote_rule(table, proposal, False, actor="Jill")
    assert (event.type, event.data, event.actor, event.causation) == (
        "rules.voted", {"proposal": proposal, "in_favour": False}, "Jill", proposal)


def test_the_master_does_not_vote(table: Journal) -> None:
    """Only players vote; Fate is refused and nothing is written."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    refused(table, NotAuthorized, "only players vote on house rules ('Судьба' is the Master)",
            lambda: vote_rule(table, proposal, True))


def test_a_player_votes_once(table: Journal) -> None:
    """A second vote of the same player is refused, naming the first."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    first = vote_rule(table, proposal, True, actor="John")
    refused(table, RuleViolation,
            f"refused by rule 'house rules: one vote each': 'John' already voted in favour at version {first.version}",
            lambda: vote_rule(table, proposal, False, actor="John"))


def test_a_second_vote_is_refused_in_russian_with_the_side_and_the_point_in_its_words(table: Journal) -> None:
    """John's second vote, refused in Russian: «за» and «№N», no English word left in the line."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    first = vote_rule(table, proposal, True, actor="John")
    with language("ru"):
        refused(table, RuleViolation,
                f"отказано по правилу «домашние правила: у каждого один голос»: «John» уже проголосовал(а) «за» на "
                f"№{first.version}", lambda: vote_rule(table, proposal, False, actor="John"))


def test_a_proposal_of_the_value_in_force_is_refused_in_russian(table: Journal) -> None:
    """pyramid is the default: the refusal names the rule and the value in Wield's words («потеря Контроля»,
    «пирамида») and where it comes from («по умолчанию»)."""
    with language("ru"):
        refused(table, RuleViolation,
                "отказано по правилу «домашние правила: изменение»: «потеря Контроля» уже равно «пирамида» (по умолчанию)",
                lambda: propose_rule(table, CAMPAIGN, "control_mapping", "pyramid"))


def test_a_unique_prefix_names_a_proposal(table: Journal) -> None:
    """The proposal's id may be shortened to any prefix no other proposal shares."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    assert vote_rule(table, proposal[:13].upper(), True, actor="Ro").data["proposal"] == proposal


def test_a_shared_prefix_is_ambiguous(table: Journal) -> None:
    """A prefix that begins two proposals' ids is refused, nothing written."""
    first = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    second = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    common = next(i for i, (a, b) in enumerate(zip(first, second)) if a != b)
    refused(table, ValidationFailed,
            f"proposal '{first[:common]}': ambiguous, it begins 2 proposals' ids ({first}, {second})",
            lambda: vote_rule(table, first[:common], True, actor="Ro"))


def test_an_unknown_proposal_is_not_found(table: Journal) -> None:
    """An id that names no proposal (here: a member event) is NotFound."""
    member = next(table.store.read(CAMPAIGN, from_version=2, to_version=2)).id
    refused(table, NotFound, f"no house-rule proposal '{member}'", lambda: vote_rule(table, member, True, actor="Ro"))


# -- adopting ----------------------------------------------------------------------------------------------


def test_adoption_is_refused_until_a_first_degree_quorum_is_in_favour(table: Journal) -> None:
    """3 players: 2 in favour needed; 1 in favour and 1 against is refused, naming the quorum."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, False, actor="Jill")
    refused(table, RuleViolation,
            "refused by rule 'house rules: first-degree quorum': 2 of 3 players in favour needed, 1 is",
            lambda: adopt_rule(table, proposal))


def test_adoption_records_the_rule_and_the_tally(table: Journal) -> None:
    """2 of 3 in favour: rules.adopted {proposal, key, value, previous, tally}, answering the proposal."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, False, actor="Ro")
    vote_rule(table, proposal, True, actor="Jill")
    event = adopt_rule(table, proposal)
    assert (event.type, event.causation) == ("rules.adopted", proposal)
    assert event.data == {"proposal": proposal, "key": "control_mapping", "value": "linear", "previous": "pyramid",
                          "in_favour": 2, "against": 1, "required": 2, "players": 3}


@pytest.mark.parametrize(("players", "required"), [(2, 2), (3, 2), (4, 3), (5, 4), (6, 4), (7, 5), (8, 6)])
def test_the_quorum_is_two_thirds_of_all_players_rounded_up(journal: Journal, players: int, required: int) -> None:
    """N players: ceil(2N/3) in favour adopt; one fewer is refused, whoever was present or absent."""
    journal.create_campaign(STONE, "stone-wheel", MASTER)
    names = [f"P{i}" for i in range(players)]
    for name in names:
        journal.add_member(STONE, name)
    proposal = propose_rule(journal, STONE, "xp_per_hour_player", "60").id
    for name in names[: required - 1]:
        vote_rule(journal, proposal, True, actor=name)
    verb = "is" if required - 1 == 1 else "are"
    refused(journal, RuleViolation,
            f"refused by rule 'house rules: first-degree quorum': {required} of {players} players in favour needed, "
            f"{required - 1} {verb}", lambda: adopt_rule(journal, proposal), STONE)
    vote_rule(journal, proposal, True, actor=names[required - 1])
    assert adopt_rule(journal, proposal).data["in_favour"] == required


def test_only_the_master_adopts(table: Journal) -> None:
    """A player cannot adopt, even with the quorum in favour."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, True, actor="Jill")
    refused(table, NotAuthorized, "only the Master may adopt a house rule ('John' is a player)",
            lambda: adopt_rule(table, proposal, actor="John"))


def test_a_proposal_is_adopted_once(table: Journal) -> None:
    """A second adoption is refused, naming the version of the first."""
    proposal = adopted(table, "control_mapping", "linear")
    version = table.store.head(CAMPAIGN)
    refused(table, RuleViolation,
            f"refused by rule 'house rules: adopted once': proposal {proposal} was adopted at version {version}",
            lambda: adopt_rule(table, proposal))


def test_voting_closes_at_the_adoption(table: Journal) -> None:
    """A vote on an adopted proposal is refused."""
    proposal = adopted(table, "control_mapping", "linear")
    version = table.store.head(CAMPAIGN)
    refused(table, RuleViolation,
            f"refused by rule 'house rules: adopted once': proposal {proposal} was adopted at version {version}",
            lambda: vote_rule(table, proposal, True, actor="Ro"))


def test_an_overtaken_proposal_may_still_be_adopted_and_wins_from_then_on(stone: Journal) -> None:
    """60 and 70 proposed; 70 adopted, then 60: 60 is in force from its own adoption on."""
    sixty = propose_rule(stone, STONE, "xp_per_hour_player", "60").id
    seventy = adopted(stone, "xp_per_hour_player", "70", STONE, voters=("Аня", "Боря"))
    middle = stone.store.head(STONE)
    for voter in ("Аня", "Боря"):
        vote_rule(stone, sixty, True, actor=voter)
    event = adopt_rule(stone, sixty)
    assert (event.data["previous"], rule_in_force(stone.at(STONE), "xp_per_hour_player")) == (70, 60)
    assert stone.at(STONE, middle)["house_rules"]["in_force"]["xp_per_hour_player"]["proposal"] == seventy


def _two_proposals_of_60_one_adopted(stone: Journal) -> tuple[Event, str]:
    """Two proposals of 60, each voted for by both players, the first adopted: (its adoption, the second's id)."""
    first = propose_rule(stone, STONE, "xp_per_hour_player", "60").id
    second = propose_rule(stone, STONE, "xp_per_hour_player", "60").id
    for proposal in (first, second):
        for voter in ("Аня", "Боря"):
            vote_rule(stone, proposal, True, actor=voter)
    return adopt_rule(stone, first), second


def test_a_proposal_whose_value_is_already_in_force_is_not_adopted(stone: Journal) -> None:
    """Two proposals of 60: once one is adopted, the other changes nothing and is refused."""
    adoption, second = _two_proposals_of_60_one_adopted(stone)
    refused(stone, RuleViolation,
            f"refused by rule 'house rules: a change': 'xp_per_hour_player' is already 60 "
            f"(adopted at version {adoption.version})", lambda: adopt_rule(stone, second), STONE)


def test_a_proposal_already_in_force_names_its_adoption_in_russian(stone: Journal) -> None:
    """The same refusal in Russian: the adoption named «принято на №N»."""
    adoption, second = _two_proposals_of_60_one_adopted(stone)
    with language("ru"):
        refused(stone, RuleViolation,
                f"отказано по правилу «домашние правила: изменение»: «опыт игрока в час» уже равно 60 "
                f"(принято на №{adoption.version})", lambda: adopt_rule(stone, second), STONE)


# -- the rule in force -------------------------------------------------------------------------------------


def test_the_rule_in_force_is_the_default_until_an_adoption(table: Journal) -> None:
    """pyramid before the adoption (proposal and votes change nothing), linear from it on."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, True, actor="Jill")
    before = table.store.head(CAMPAIGN)
    adopt_rule(table, proposal)
    assert rule_in_force(table.at(CAMPAIGN, before), "control_mapping") == "pyramid"
    assert rule_in_force(table.at(CAMPAIGN), "control_mapping") == "linear"
    assert rule_in_force(table.at(CAMPAIGN).states, "control_mapping") == "linear"


def test_show_lists_the_rules_in_force_and_the_proposals_as_of_a_point(table: Journal) -> None:
    """As of before the adoption the rule is the default and the proposal open; after, a house rule."""
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear", actor="Ro").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, True, actor="Jill")
    adoption = adopt_rule(table, proposal)
    before = show_rules(table, CAMPAIGN, f"before:{adoption.id}")
    after = show_rules(table, CAMPAIGN)
    assert [(r["key"], r["value"], r["house_rule"]) for r in before["rules"]] == [("control_mapping", "pyramid", False)]
    assert [(r["key"], r["value"], r["adopted_version"]) for r in after["rules"]] == [
        ("control_mapping", "linear", adoption.version)]
    assert before["proposals"] == [{
        "id": proposal, "key": "control_mapping", "value": "linear", "previous": "pyramid", "proposed_by": "Ro",
        "version": adoption.version - 3, "votes": {"John": True, "Jill": True}, "in_favour": 2, "against": 0,
        "required": 2, "players": 3, "quorum_reached": True, "adopted_version": None,
    }]
    assert after["proposals"][0]["adopted_version"] == adoption.version


@pytest.mark.parametrize(("system", "keys"), [("wield", ["control_mapping"]),
                                              ("stone-wheel", ["xp_per_hour_player", "xp_per_hour_master"]),
                                              ("vpt", []), ("dichotomy", [])])
def test_the_rules_of_a_system_are_its_descriptors_keys_in_order(system: str, keys: list[str]) -> None:
    """rules_of(system): the keys its descriptor lets a group switch, in order; none for VPT and Dichotomy."""
    assert [known.key for known in rules_of(system)] == keys


def test_a_voided_adoption_no_longer_counts_from_the_void_on(table: Journal) -> None:
    """A void of the adoption (a dispute overturned) restores pyramid after it and keeps linear before it."""
    adopted(table, "control_mapping", "linear")
    adoption = next(table.store.read(CAMPAIGN, from_version=table.store.head(CAMPAIGN)))
    table.execute(CAMPAIGN, lambda ctx: [EventVoided(target=adoption.id, target_version=adoption.version,
                                                     reason="quorum miscounted")])
    assert rule_in_force(table.at(CAMPAIGN, adoption.version), "control_mapping") == "linear"
    assert rule_in_force(table.at(CAMPAIGN), "control_mapping") == "pyramid"


def test_find_proposal_searches_every_campaign(table: Journal) -> None:
    """Without a campaign, a proposal's prefix is found in whichever campaign holds it."""
    table.create_campaign(STONE, "stone-wheel", MASTER)
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear").id
    assert find_proposal(table, proposal[:20]) == (CAMPAIGN, proposal)


# -- projections honour the rule in force at each point ----------------------------------------------------


def test_the_control_mapping_changes_projections_only_from_its_adoption_on(table: Journal) -> None:
    """Rank 3 before linear: 3 boxes, Control lost 2 (pyramid); rank 1 after: 4 boxes, Control lost 4 (linear).
    The sheet as of before the adoption keeps the pyramid value; the payloads name the mapping used and the rank."""
    first = wield.record_power(table, CAMPAIGN, "Ring", "Gust", 3, actor="Jill")
    proposal = propose_rule(table, CAMPAIGN, "control_mapping", "linear", actor="John").id
    vote_rule(table, proposal, True, actor="John")
    vote_rule(table, proposal, True, actor="Ro")
    adoption = adopt_rule(table, proposal)
    second = wield.record_power(table, CAMPAIGN, "Ring", "Storm", 1, actor="Jill")
    assert [(e.data["mapping"], e.data["rank"]) for e in (first, second)] == [("pyramid", 3), ("linear", 1)]
    ring = lambda point: table.at(CAMPAIGN, point)["wield.sheet"]["vatcha"]["Ring"]
    assert [(ring(e.id)["boxes"], ring(e.id)["control_lost"]) for e in (first, second)] == [(3, 2), (4, 4)]
    assert (ring(f"before:{adoption.id}")["control_lost"], ring(adoption.id)["control_lost"]) == (2, 2)
    assert (ring(None)["control_lost"], ring(None)["control"]) == (4, 6)
    assert table.at(CAMPAIGN)["wield.control"]["vatcha"]["Ring"]["wielders"]["John"]["control_lost"] == 4


def test_session_xp_uses_the_rates_in_force_when_it_is_awarded(stone: Journal) -> None:
    """Two 90-minute sessions: 75/112 at 50/75 before the adoption of 60/90, 90/135 after it."""
    for number in (1, 2):
        start_session(stone, STONE, ["Аня"])
        end_session(stone, STONE, minutes=90)
    before = sw.award_session_xp(stone, STONE, 1)
    adopted(stone, "xp_per_hour_player", "60", STONE, voters=("Аня", "Боря"))
    adopted(stone, "xp_per_hour_master", "90", STONE, voters=("Аня", "Боря"), actor="Аня")
    after = sw.award_session_xp(stone, STONE, 2)
    assert [(e.data["character"], e.data["amount"]) for e in before + after] == [
        ("Ратибор", 75), ("Мастер", 112), ("Ратибор", 90), ("Мастер", 135)]
    ledger = lambda point: stone.at(STONE, point)["xp"]["characters"]["Ратибор"]["earned"]
    assert (ledger(before[-1].version), ledger(None)) == (75, 165)
