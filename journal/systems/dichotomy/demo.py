"""Dichotomy's demo campaign for ``journal demo`` (journal.service.demo): ``record(journal)`` records it
through the same service functions the CLI verbs call and returns its name."""

from __future__ import annotations

from journal.service.demo import MINUTES
from journal.service.journal import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.dichotomy import commands as di
from journal.systems.dichotomy.descriptor import DEMO

#: The campaign the demo records.
CAMPAIGN = DEMO.campaign


def record(journal: Journal) -> str:
    """Ведущий: Давид plays Взломщик, Карли plays Шарлотта.  An adventure in a crypt: a check on the table's dice,
    one on the journal's, two rounds of damage on Шарлотта's health track, the motives scored as it ends."""
    name, gm = CAMPAIGN, "Ведущий"
    journal.create_campaign(name, "dichotomy", gm)
    for player in ("Давид", "Карли"):
        journal.add_member(name, player)
    di.create_character(journal, name, "Взломщик",
                        {"finesse": 7, "power": 4, "martial": 5, "spiritual": 6, "natural": 3, "technical": 8},
                        ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
    di.create_character(journal, name, "Шарлотта",
                        {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1},
                        ["Mobility", "Climbing", "Alertness"], ["Honor", "Fame"], "affluent", actor="Карли")
    start_session(journal, name, ["Давид", "Карли"])
    di.start_adventure(journal, name, "Сундук в склепе")
    di.record_check(journal, name, "Взломщик", ["finesse", "technical"], dice=[6, 1], action="вскрыть замок сундука",
                    actor="Давид")
    di.record_check(journal, name, "Шарлотта", ["finesse", "natural"], tn=12, action="заметить ловушку",
                    actor="Карли")
    di.apply_damage(journal, name, "Шарлотта", 2, round=1)
    di.apply_damage(journal, name, "Шарлотта", 2, round=2)
    di.end_fight(journal, name, "скелеты рассыпались")
    di.record_motive(journal, name, "Взломщик", "Greed", "betrayed")
    di.record_motive(journal, name, "Шарлотта", "Honor", "fulfilled")
    di.end_adventure(journal, name)
    end_session(journal, name, minutes=MINUTES)
    return name
