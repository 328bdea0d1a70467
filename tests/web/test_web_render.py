"""web.render: the events the page lists carry the totals as the fold has them, and the table's when they changed."""

from __future__ import annotations

from journal.service import Journal
from journal.service import disputes as D
from journal.systems.dichotomy import commands as dichotomy
from web.render import timeline_json

C = "Две стороны"
ATTRIBUTES = ("finesse", "power", "martial", "spiritual", "natural", "technical")


def test_the_page_draws_a_recovered_track_as_it_stands_and_the_tables(journal: Journal) -> None:
    """Two rounds of 1, Recover, the first round overturned: the recovery reads |○○|○|○| and the table's |●○|○|○|."""
    journal.create_campaign(C, "dichotomy", "Ведущий")
    for player in ("Давид", "Карли"):
        journal.add_member(C, player)
    dichotomy.create_character(journal, C, "Шарлотта", dict(zip(ATTRIBUTES, (6, 5, 8, 3, 10, 1), strict=True)),
                               ["Mobility", "Climbing", "Alertness"], ["Honor", "Fame"], "affluent", actor="Карли")
    first = dichotomy.apply_damage(journal, C, "Шарлотта", 1)
    dichotomy.apply_damage(journal, C, "Шарлотта", 1)
    recovered = dichotomy.recover_hits(journal, C, "Шарлотта", actor="Карли")
    opened = D.open_dispute(journal, C, first.id, "промах", actor="Карли")
    for player in ("Давид", "Карли"):
        D.vote(journal, opened.id, "overturn", actor=player)
    D.rule(journal, opened.id, "overturn", actor="Ведущий")
    [item] = [e for e in timeline_json(journal, C, journal.store.read(C)) if e["id"] == recovered.id]
    assert (item["summary"], item["data"]) == (
        "Шарлотта recovers 1 Hit (recover_action) -> |○○|○|○| (at the table: |●○|○|○|)",
        {"character": "Шарлотта", "how": "recover_action", "hits": 1})
