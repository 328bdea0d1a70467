"""Stone Wheel's demo campaign for ``journal demo`` (journal.service.demo): ``record(journal)`` records it
through the same service functions the CLI verbs call and returns its name."""

from __future__ import annotations

from journal.service.demo import MINUTES, SESSION
from journal.service.journal import Journal
from journal.service.sessions import end_session, start_session
from journal.service.tallies import commit_tally
from journal.systems.stone_wheel import commands as sw
from journal.systems.stone_wheel.descriptor import DEMO

#: The campaign the demo records.
CAMPAIGN = DEMO.campaign


_CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                    "charisma": 3, "will": 4, "magic": 1, "luck": 2}
_PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
               "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
               "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
               "carry": 40}


def record(journal: Journal) -> str:
    """Мастер: Аня plays Ратибор, Боря plays Ёжик, Вера (absent) plays Мирослава; the Master's bandit ambushes them.
    A request on the journal's dice, one on the table's, a combat exchange whose hit lands, XP tallied per hour."""
    name, master = CAMPAIGN, "Мастер"
    journal.create_campaign(name, "stone-wheel", master)
    for player in ("Аня", "Боря", "Вера"):
        journal.add_member(name, player)
    sw.create_character(journal, name, "Ратибор", "Аня", "physical", "человек", "воин", _CHARACTERISTICS,
                        _PARAMETERS, skills={"Фехтование": 2})
    sw.create_character(journal, name, "Ёжик", "Боря", "general", "ёж", "вор",
                        {**_CHARACTERISTICS, "dexterity": 6, "perception": 5},
                        {**_PARAMETERS, "health": 8, "survival": 4, "damage": 1})
    sw.create_character(journal, name, "Мирослава", "Вера", "mental", "эльф", "маг",
                        {**_CHARACTERISTICS, "intelligence": 6, "magic": 5}, {**_PARAMETERS, "mana": 12})
    sw.create_character(journal, name, "Разбойник", master, "physical", "человек", "разбойник", _CHARACTERISTICS,
                        {**_PARAMETERS, "health": 12, "survival": 6})
    start_session(journal, name, ["Аня", "Боря"])
    sw.record_request(journal, name, "Ратибор", "восприятие", 7, 3, skill="Фехтование", actor="Аня")
    sw.record_request(journal, name, "Ёжик", "поиск", 6, 2, dice=[6, 3], actor="Боря")
    sw.start_turn_mode(journal, name, reason="засада на тракте")
    sw.record_exchange(journal, name, "Ратибор", "Разбойник", threshold=7, pool=4, dice=[7, 8, 9, 2],
                       response="block", answer_threshold=8, answer_pool=2, answer_dice=[8, 3], weapon=2)
    sw.end_turn_mode(journal, name)
    end_session(journal, name, minutes=MINUTES)
    commit_tally(journal, name, SESSION)
    return name
