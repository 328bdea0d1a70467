"""The demo's recording through the service, on both databases: four campaigns of the four systems, each with
exactly its events in one session; every chain holds and every server die recomputes; a second call records
nothing."""

from __future__ import annotations

from journal.service import Journal
from journal.service.demo import record_demo
from journal.service.sessions import verify_rolls

#: Each demo campaign, its system and how many events it holds once recorded.
CAMPAIGNS = {
    "Демо · Владетели": ("wield", 13),
    "Демо · Каменное колесо": ("stone-wheel", 20),
    "Демо · Дихотомия": ("dichotomy", 16),
    "Демо · ВПТ": ("vpt", 30),
    "Демо · Монетка": ("coin", 11),  # the coin package's (examples/coin-system), installed as CI installs it
}


def test_the_demo_records_one_verifiable_session_in_each_system(journal: Journal) -> None:
    """record_demo writes the five campaigns (exact event counts, one ended session each, the three tallies),
    every chain verifies, every server die recomputes, and a second call writes nothing."""
    shown = record_demo(journal)
    assert shown.recorded == tuple(CAMPAIGNS)
    assert shown.names == tuple(CAMPAIGNS)
    assert {c["name"]: (c["system"], c["version"]) for c in journal.campaigns()} == CAMPAIGNS
    for name in CAMPAIGNS:
        events = list(journal.store.read(name))
        assert [e.data["number"] for e in events if e.type in ("session.started", "session.ended")] == [1, 1]
        assert {e.session for e in events if e.session is not None} == {1}
    tallied = {name for name in CAMPAIGNS for e in journal.store.read(name, types=["tally.committed"])}
    assert tallied == {"Демо · Каменное колесо", "Демо · ВПТ", "Демо · Монетка"} == set(shown.tallied)

    report = journal.store.verify()
    assert (report.ok, report.campaigns, report.events) == (True, len(CAMPAIGNS), sum(n for _, n in CAMPAIGNS.values()))
    checks = verify_rolls(journal)
    assert [(c.campaign, c.session, c.ok) for c in checks] == [(name, 1, True) for name in CAMPAIGNS]
    assert all(c.rolls >= 1 for c in checks)  # every session threw the journal's dice at least once

    audited = journal.store.get(shown.audit_event)
    assert (audited.campaign, audited.version, audited.session) == (shown.audit_campaign, shown.audit_version, 1)
    assert audited.data["attempt"]["roll"]["source"] == "server"

    again = record_demo(journal)
    assert again.recorded == ()
    assert (again.audit_event, again.audit_version) == (shown.audit_event, shown.audit_version)
    assert {c["name"]: c["version"] for c in journal.campaigns()} == {n: v for n, (_, v) in CAMPAIGNS.items()}
