"""Campaigns and members through the service: creation, membership, actors, and refusals."""

from __future__ import annotations

import pytest

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.events.campaign import MemberAdded
from journal.service import Journal


def test_a_new_campaign_names_its_master_as_first_member(journal: Journal) -> None:
    """Creating a campaign records system and Master; the Master is its only member."""
    journal.create_campaign("Золa", "wield", "Судьба")
    state = journal.campaign("Золa")
    assert (state["system"], state["master"], state["members"], state["version"]) == ("wield", "Судьба", {"Судьба": "master"}, 1)


def test_the_creating_event_is_recorded_by_the_master(journal: Journal) -> None:
    """The actor of campaign.created is the Master."""
    event = journal.create_campaign("Z", "vpt", "ГМ")
    assert (event.type, event.actor, event.version, event.data) == (
        "campaign.created", "ГМ", 1, {"name": "Z", "system": "vpt", "master": "ГМ"})


def test_a_campaign_name_is_taken_once(journal: Journal) -> None:
    """A second campaign of the same name is refused."""
    journal.create_campaign("Z", "vpt", "ГМ")
    with pytest.raises(ValidationFailed, match="campaign 'Z' already exists"):
        journal.create_campaign("Z", "dichotomy", "Other")
    assert journal.store.head("Z") == 1


def test_an_unknown_system_is_refused(journal: Journal) -> None:
    """The rule system must be one of those installed (the four and the coin game)."""
    with pytest.raises(ValidationFailed, match="system: 'dnd' is not one of coin, dichotomy, stone-wheel, vpt, wield"):
        journal.create_campaign("Z", "dnd", "ГМ")
    assert journal.store.campaigns() == []


def test_an_empty_campaign_name_is_refused(journal: Journal) -> None:
    """A blank name is refused naming the field."""
    with pytest.raises(ValidationFailed, match="campaign name: must not be empty"):
        journal.create_campaign("  ", "vpt", "ГМ")


def test_the_master_adds_players(journal: Journal) -> None:
    """Players added by the Master become members with the player role."""
    journal.create_campaign("Z", "vpt", "ГМ")
    journal.add_member("Z", "Аня")
    journal.add_member("Z", "Борис")
    assert journal.campaign("Z")["members"] == {"ГМ": "master", "Аня": "player", "Борис": "player"}


def test_a_player_cannot_add_members(journal: Journal) -> None:
    """Adding a member as a player is refused and nothing is written."""
    journal.create_campaign("Z", "vpt", "ГМ")
    journal.add_member("Z", "Аня")
    with pytest.raises(NotAuthorized, match="only the Master may add members \\('Аня' is a player\\)"):
        journal.add_member("Z", "Гость", actor="Аня")
    assert journal.store.head("Z") == 2


def test_a_member_is_added_once(journal: Journal) -> None:
    """Adding an existing member again is refused by the membership rule."""
    journal.create_campaign("Z", "vpt", "ГМ")
    journal.add_member("Z", "Аня")
    with pytest.raises(RuleViolation, match="'Аня' is already a member of 'Z'"):
        journal.add_member("Z", "Аня")
    assert journal.store.head("Z") == 2


def test_a_non_member_cannot_record(journal: Journal) -> None:
    """Every event's actor must be a member: a stranger is refused."""
    journal.create_campaign("Z", "vpt", "ГМ")
    with pytest.raises(NotAuthorized, match="'Чужой' is not a member of campaign 'Z'"):
        journal.record("Z", MemberAdded(name="X"), actor="Чужой")
    assert journal.store.head("Z") == 1


def test_an_unknown_campaign_is_not_found(journal: Journal) -> None:
    """Querying a campaign that does not exist names it."""
    with pytest.raises(NotFound, match="no campaign named 'Нет'"):
        journal.campaign("Нет")


def test_campaigns_are_listed_in_the_order_they_began(journal: Journal) -> None:
    """campaigns() lists every campaign, oldest first."""
    for name in ("B", "A", "C"):
        journal.create_campaign(name, "vpt", "ГМ")
    assert [c["name"] for c in journal.campaigns()] == ["B", "A", "C"]
