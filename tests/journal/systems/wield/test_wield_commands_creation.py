"""Wield creation through the service: vatcha and heroes recorded, and what is refused (nothing written)."""

from __future__ import annotations

from wield_table import CAMPAIGN, STEPS, campaign, fold, refused, table, vatcha

from journal.errors import NotAuthorized, RuleViolation
from journal.service import Journal
from journal.systems.wield import commands


def test_vatcha_recorded_by_its_player_lands_on_the_sheet(journal: Journal) -> None:
    """Jill records her Ring: its sheet holds her domains, goal, steps and a full Control of 10."""
    campaign(journal)
    event = commands.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air", "Water"], "Kill the Mad King", STEPS,
                                   "Melt it in dragon fire", {"Sword": "John saved me"}, actor="Jill")
    assert (event.type, event.actor, event.version) == ("wield.vatcha_created", "Jill", 5)
    ring = fold(journal)["vatcha"]["Ring"]
    assert (ring["player"], ring["domains"], ring["control"], ring["wielder"]) == ("Jill", ["Air", "Water"], 10, None)
    assert ring["connections"] == [{"vatcha": "Sword", "text": "John saved me"}]


def test_fate_may_record_a_players_vatcha(journal: Journal) -> None:
    """Fate, recording for Jill, makes a vatcha that is Jill's."""
    campaign(journal)
    event = commands.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air"], "Kill", STEPS, "Fire", player="Jill")
    assert (event.actor, event.data["player"]) == ("Судьба", "Jill")


def test_hero_bound_to_a_vatcha_becomes_its_wielder(journal: Journal) -> None:
    """John's hero takes up Jill's Ring: the Ring's wielder is John's hero."""
    campaign(journal)
    vatcha(journal, "Jill")
    commands.record_hero(journal, CAMPAIGN, "Ёжик", "Ring", "Thief", "Marry the prince", actor="John")
    state = fold(journal)
    assert state["vatcha"]["Ring"]["wielder"] == "Ёжик"
    assert (state["heroes"]["Ёжик"]["player"], state["heroes"]["Ёжик"]["destiny"]) == ("John", "Marry the prince")


def test_destiny_equal_to_the_goal_is_refused(journal: Journal) -> None:
    """A destiny that is the vatcha's goal (ignoring case and spaces) is refused; nothing is written."""
    campaign(journal)
    vatcha(journal, "Jill")
    refused(journal, RuleViolation,
            "refused by rule 'wield: destiny is not the goal': the destiny 'rule the  kingdom of JILL' is the "
            "vatcha's goal",
            lambda: commands.record_hero(journal, CAMPAIGN, "Ёжик", "Ring", "Thief", "rule the  kingdom of JILL",
                                         actor="John"))


def test_wielding_ones_own_vatcha_is_refused(journal: Journal) -> None:
    """Jill cannot make the hero of her own Ring."""
    campaign(journal)
    vatcha(journal, "Jill")
    refused(journal, RuleViolation,
            "refused by rule 'wield: wielder of another player's vatcha': Jill plays this vatcha and cannot also "
            "play its wielder",
            lambda: commands.record_hero(journal, CAMPAIGN, "Ёжик", "Ring", "Thief", "Marry", actor="Jill"))


def test_a_second_living_wielder_is_refused(journal: Journal) -> None:
    """The Ring already has a living wielder: Ro cannot make another."""
    table(journal)
    refused(journal, RuleViolation,
            "refused by rule 'wield: one wielder at a time': Ring is wielded by John, who lives",
            lambda: commands.record_hero(journal, CAMPAIGN, "Ёжик", "Ring", "Thief", "Marry", actor="Ro"))


def test_fate_plays_no_vatcha(journal: Journal) -> None:
    """A vatcha recorded by Fate for herself is refused."""
    campaign(journal)
    refused(journal, RuleViolation,
            "refused by rule 'wield: characters belong to players': Судьба is Fate and plays no vatcha or hero",
            lambda: commands.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air"], "Kill", STEPS, "Fire"))


def test_a_player_may_not_make_another_players_vatcha(journal: Journal) -> None:
    """John cannot record a vatcha that is Jill's."""
    campaign(journal)
    refused(journal, NotAuthorized, "only Jill or Fate may make Jill's vatcha ('John' may not)",
            lambda: commands.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air"], "Kill", STEPS, "Fire",
                                           player="Jill", actor="John"))


def test_a_non_member_records_nothing(journal: Journal) -> None:
    """Someone who is not a member of the campaign is refused."""
    campaign(journal)
    refused(journal, NotAuthorized, "'Mallory' is not a member of campaign 'Зола'",
            lambda: commands.record_vatcha(journal, CAMPAIGN, "Ring", "Ring", ["Air"], "Kill", STEPS, "Fire",
                                           actor="Mallory"))


def test_a_non_member_takes_no_chance(journal: Journal) -> None:
    """A non-member cannot record a chance either."""
    table(journal)
    refused(journal, NotAuthorized, "'Mallory' is not a member of campaign 'Зола'",
            lambda: commands.record_chance(journal, CAMPAIGN, "John", "climb", "Hard", dice=[12], actor="Mallory"))


def test_a_campaign_of_another_system_is_refused(journal: Journal) -> None:
    """Wield verbs refuse a Dichotomy campaign."""
    campaign(journal, "dichotomy")
    refused(journal, RuleViolation,
            "refused by rule 'campaign: one rule system': 'Зола' plays dichotomy, not wield",
            lambda: vatcha(journal, "Jill"))


def test_a_name_is_used_once(journal: Journal) -> None:
    """A hero may not take the name of a vatcha."""
    campaign(journal)
    vatcha(journal, "Jill")
    refused(journal, RuleViolation,
            "refused by rule 'wield: one character per name': 'Ring' is already a vatcha or hero of this campaign",
            lambda: commands.record_hero(journal, CAMPAIGN, "Ring", "Ring", "Thief", "Marry", actor="John"))


def test_death_ends_the_hero_and_frees_the_vatcha_for_a_new_pawn(journal: Journal) -> None:
    """Fate records John's hero's death; Ro may then make a new wielder for the Ring."""
    table(journal)
    commands.record_death(journal, CAMPAIGN, "John", "fell from the wall")
    commands.record_hero(journal, CAMPAIGN, "Ёжик", "Ring", "Thief", "Marry", actor="Ro")
    state = fold(journal)
    assert (state["heroes"]["John"]["alive"], state["heroes"]["John"]["death"]) == (False, "fell from the wall")
    assert state["vatcha"]["Ring"]["wielder"] == "Ёжик"


def test_a_player_may_not_record_a_death(journal: Journal) -> None:
    """Only Fate records a hero's death."""
    table(journal)
    refused(journal, NotAuthorized, "only the Master may record a hero's death ('John' is a player)",
            lambda: commands.record_death(journal, CAMPAIGN, "John", "despair", actor="John"))


def test_conditions_are_gained_and_removed(journal: Journal) -> None:
    """A condition gained goes on the sheet with its dice and bonus, and comes off when removed."""
    table(journal)
    commands.record_condition(journal, CAMPAIGN, "John", "Blessed", "may roll an additional d20", 1, 5, actor="John")
    assert fold(journal)["heroes"]["John"]["conditions"] == {
        "Blessed": {"effect": "may roll an additional d20", "extra_dice": 1, "bonus": 5}
    }
    commands.remove_condition(journal, CAMPAIGN, "John", "Blessed", "the blessing fades")
    assert fold(journal)["heroes"]["John"]["conditions"] == {}


def test_removing_a_condition_not_held_is_refused(journal: Journal) -> None:
    """Only a held condition can be removed."""
    table(journal)
    refused(journal, RuleViolation, "refused by rule 'wield: condition held': 'On fire' is not held",
            lambda: commands.remove_condition(journal, CAMPAIGN, "John", "On fire"))
