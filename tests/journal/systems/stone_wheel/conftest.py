"""Fixtures of the Stone Wheel service tests: a campaign with a Master, three players and two characters."""

from __future__ import annotations

import pytest
from stone_wheel_table import CAMPAIGN, CHARACTERISTICS, MASTER, PARAMETERS

from journal.service import Journal
from journal.systems.stone_wheel import commands


@pytest.fixture
def camp(journal: Journal) -> Journal:
    """Камень (stone-wheel): Мастер; Аня plays Ратибор (Фехтование 2), Боря plays Ёжик; Вера has none."""
    journal.create_campaign(CAMPAIGN, "stone-wheel", MASTER)
    for player in ("Аня", "Боря", "Вера"):
        journal.add_member(CAMPAIGN, player)
    commands.create_character(journal, CAMPAIGN, "Ратибор", "Аня", "physical", "человек", "воин", CHARACTERISTICS,
                              PARAMETERS, skills={"Фехтование": 2}, spells=[{"name": "Искра", "schools": ["creation"]}])
    commands.create_character(journal, CAMPAIGN, "Ёжик", "Боря", "general", "ёж", "вор", CHARACTERISTICS,
                              {**PARAMETERS, "health": 8, "survival": 4, "damage": 1})
    return journal
