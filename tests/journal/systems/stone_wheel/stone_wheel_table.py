"""Shared data of the Stone Wheel service tests (a uniquely named module: conftest names collide)."""

from __future__ import annotations

from typing import Any

from journal.service import Journal
from journal.systems.stone_wheel import commands
from journal.systems.stone_wheel.folds import sheet

CAMPAIGN = "Камень"
MASTER = "Мастер"
CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


def folded(journal: Journal, campaign: str = CAMPAIGN) -> dict[str, Any]:
    """The sheet projection folded over the whole campaign."""
    state = sheet.initial()
    for event in journal.store.read(campaign):
        sheet.apply(state, event)
    return state


def record_table(journal: Journal, campaign: str) -> Journal:
    """``campaign`` (stone-wheel): Мастер; Аня plays Ратибор (Фехтование 2), Боря plays Ёжик; Вера has none."""
    journal.create_campaign(campaign, "stone-wheel", MASTER)
    for player in ("Аня", "Боря", "Вера"):
        journal.add_member(campaign, player)
    commands.create_character(journal, campaign, "Ратибор", "Аня", "physical", "человек", "воин", CHARACTERISTICS,
                              PARAMETERS, skills={"Фехтование": 2}, spells=[{"name": "Искра", "schools": ["creation"]}])
    commands.create_character(journal, campaign, "Ёжик", "Боря", "general", "ёж", "вор", CHARACTERISTICS,
                              {**PARAMETERS, "health": 8, "survival": 4, "damage": 1})
    return journal
