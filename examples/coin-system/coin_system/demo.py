"""The coin game's demo campaign for ``journal demo`` (journal.service.demo): one session, tallied."""

from __future__ import annotations

from coin_system.commands import flip, trust
from coin_system.descriptor import DEMO
from journal.service.demo import MINUTES, SESSION
from journal.service.journal import Journal
from journal.service.sessions import end_session, start_session
from journal.service.tallies import commit_tally

#: The campaign the demo records (its name is the descriptor's).
CAMPAIGN = DEMO.campaign


def record(journal: Journal) -> str:
    """ГМ and Аня: two heads on the table's coin and one flip on the journal's dice, a trust, then the tally awards
    the heads."""
    name = CAMPAIGN
    journal.create_campaign(name, "coin", "ГМ")
    journal.add_member(name, "Аня")
    start_session(journal, name, ["ГМ", "Аня"])
    for dice in ([1], None, [1]):
        flip(journal, name, "Аня", dice, actor="Аня")
    trust(journal, name, "Аня", "ГМ", actor="Аня")
    end_session(journal, name, minutes=MINUTES)
    commit_tally(journal, name, SESSION)
    return name
