"""VPT's demo campaign for ``journal demo`` (journal.service.demo): ``record(journal)`` records it
through the same service functions the CLI verbs call and returns its name."""

from __future__ import annotations

from journal.service.demo import MINUTES, SESSION
from journal.service.journal import Journal
from journal.service.sessions import add_salt, end_session, start_session
from journal.service.tallies import commit_tally
from journal.systems.vpt import commands as vpt
from journal.systems.vpt.descriptor import DEMO
from journal.systems.vpt.rules import Side

#: The campaign the demo records.
CAMPAIGN = DEMO.campaign


def record(journal: Journal) -> str:
    """Вика (GM): Оля plays Вольтаир, Дима plays Эдди; Вика's Питер fights them, her Граф Мортен stays away.
    The weapon table, the players' initiative and three hits on the table's dice, Питер's morale and Вольтаир's
    death check on the journal's; the checklist ticks and a new revenge, then the tally adds 'no interaction' for
    Эдди's revenge on Граф Мортен, who took no part."""
    name, gm = CAMPAIGN, "Вика"
    journal.create_campaign(name, "vpt", gm)
    for player in ("Оля", "Дима"):
        journal.add_member(name, player)
    vpt.create_character(journal, name, "Вольтаир", hit_bonus=1, health_bonus=1, actor="Оля")
    vpt.create_character(journal, name, "Эдди", preparation=5, actor="Дима")
    vpt.create_character(journal, name, "Питер", morale=1, limit=2)
    vpt.create_character(journal, name, "Граф Мортен", morale=2)
    vpt.set_weapon(journal, name, "дубинка", 7, 4)
    vpt.set_weapon(journal, name, "копьё", 8, 8)
    vpt.set_weapon(journal, name, "кинжал", 6, 3)
    vpt.choose_revenge(journal, name, "Эдди", "Граф Мортен", actor="Дима")
    start_session(journal, name, [gm, "Оля", "Дима"])
    add_salt(journal, name, "котик", actor="Оля")  # Оля's own salt, after the commitment
    vpt.roll_initiative(journal, name, "reckless", [Side("Жулики", 7, "living")], dice=[5, 4], actor="Оля")
    vpt.set_melee_order(journal, name, [vpt.Fighter("Вольтаир", "дубинка", engaged="Питер", won_initiative=True),
                                        vpt.Fighter("Эдди", "копьё", engaged="Питер", won_initiative=True),
                                        vpt.Fighter("Питер", "кинжал")])
    vpt.record_hit(journal, name, "Эдди", "Питер", weapon="копьё", modifiers={"engaged": 1, "won_initiative": 1},
                   dice=[4, 3], actor="Дима")
    vpt.record_hit(journal, name, "Вольтаир", "Питер", weapon="дубинка",
                   modifiers={"engaged": 1, "won_initiative": 1}, dice=[6, 6], actor="Оля")
    vpt.record_hit(journal, name, "Питер", "Вольтаир", weapon="кинжал", dice=[6, 5])
    vpt.check_morale(journal, name, "Питер")
    vpt.check_death(journal, name, "Вольтаир", actor="Оля")  # 2d6 + 1 against 1 wound: he lives, whatever the dice
    vpt.tick_relationship(journal, name, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    vpt.tick_relationship(journal, name, "Эдди", "Вольтаир", ["saved_life", "date_successful"], actor="Дима")
    vpt.choose_revenge(journal, name, "Вольтаир", "Питер", actor="Оля")
    vpt.tick_revenge(journal, name, "Вольтаир", ["fought"], actor="Оля")
    end_session(journal, name, minutes=MINUTES)
    commit_tally(journal, name, SESSION)
    return name
