"""Wield's demo campaign for ``journal demo`` (journal.service.demo): ``record(journal)`` records it
through the same service functions the CLI verbs call and returns its name."""

from __future__ import annotations

from journal.service.demo import MINUTES
from journal.service.journal import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.wield import commands as wield
from journal.systems.wield.descriptor import DEMO

#: The campaign the demo records.
CAMPAIGN = DEMO.campaign


def record(journal: Journal) -> str:
    """Fate (Судьба): Аня's vatcha, the ring Искра; Борис's hero Ёжик wields it.  A power is bestowed, two chances
    (table dice and the journal's), then a geis offered and sealed, which settles the chance over the chasm."""
    name, fate = CAMPAIGN, "Судьба"
    journal.create_campaign(name, "wield", fate)
    for player in ("Аня", "Борис"):
        journal.add_member(name, player)
    wield.record_vatcha(journal, name, "Искра", "кольцо", ["Air", "Fire"], "Свергнуть Безумного короля",
                        ["Найти наследника", "Склонить стражу", "Взять ворота", "Открыть сокровищницу",
                         "Встать перед королём"], "Расплавить в драконьем огне", actor="Аня")
    wield.record_hero(journal, name, "Ёжик", "Искра", "вор", "Жениться на принце", actor="Борис")
    wield.record_power(journal, name, "Искра", "Порыв ветра", 1, domain="Air", actor="Аня")
    start_session(journal, name, ["Аня", "Борис"])
    wield.record_chance(journal, name, "Ёжик", "Взобраться по горящей лестнице", "Heroic", profession=True,
                        dice=[17, 9], actor="Борис")
    wield.record_chance(journal, name, "Ёжик", "Вскрыть замок сокровищницы", 12, actor="Борис")
    wield.offer_geis(journal, name, "Ёжик", "Отдать плащ первому нищему", chance="Перепрыгнуть пропасть",
                     actor="Борис")
    wield.seal_geis(journal, name, "Ёжик", 1)
    wield.record_chance(journal, name, "Ёжик", "Перепрыгнуть пропасть", "Epic", geis=True, actor="Борис")
    end_session(journal, name, minutes=MINUTES)
    return name
