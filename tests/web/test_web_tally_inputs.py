"""A tally input a system declares (Dichotomy's motive outcomes) through a real ``journal serve``, on SQLite and
PostgreSQL: the proposal names it for the console, and the commit's body takes it under its name (``motives``)."""

from __future__ import annotations

import httpx
import pytest

from journal.service import Journal
from journal.service.sessions import end_session, start_session
from tests.web.conftest import auth

#: One server and database per worker and backend, with the other modules so marked (tests/web/conftest.py).
pytestmark = pytest.mark.shared_server

LEAD = "Лея"


def _adventure(module_db: str, new_campaign) -> tuple[str, dict[str, str]]:
    """A Dichotomy campaign: Давид's Взломщик (Greed, Truth); session 1 ran adventure 1, Greed fulfilled."""
    from journal.systems.dichotomy import commands as dichotomy

    name, tokens = new_campaign("dichotomy", LEAD, ["Давид"])
    journal = Journal.open(module_db)
    try:
        dichotomy.create_character(journal, name, "Взломщик", {"finesse": 7, "power": 4, "martial": 5,
                                                               "spiritual": 6, "natural": 3, "technical": 8},
                                   ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable",
                                   actor="Давид")
        start_session(journal, name, [LEAD, "Давид"])
        dichotomy.start_adventure(journal, name, "Склеп")
        dichotomy.record_motive(journal, name, "Взломщик", "Greed", "fulfilled")
        dichotomy.end_adventure(journal, name)
        end_session(journal, name, minutes=200)
    finally:
        journal.close()
    return name, tokens


def test_the_proposal_names_the_input_and_the_line_that_asks_for_it_in_russian(live, module_db, new_campaign) -> None:
    """GET /api/tally/1?lang=ru: the motives input with its Russian label and words; Truth's line asks for it."""
    _, tokens = _adventure(module_db, new_campaign)
    answer = httpx.get(live + "/api/tally/1", params={"lang": "ru"}, headers=auth(tokens[LEAD]), timeout=30).json()
    [given] = answer["inputs"]
    assert (given["name"], given["label"], given["none"], [v["word"] for v in given["values"]]) == (
        "motives", "исход", "без исхода", ["воплощение", "предательство"])
    assert [line["choice"] for line in answer["lines"] if line["status"] == "pending"] == [
        {"input": "motives", "item": "Truth"}]


def test_the_commit_takes_the_inputs_choices_under_its_name(live, module_db, new_campaign) -> None:
    """POST /api/tally/1/commit {"motives": [{character, motive, outcome}]}: Truth betrayed, +3 XP."""
    _, tokens = _adventure(module_db, new_campaign)
    answer = httpx.post(live + "/api/tally/1/commit", headers=auth(tokens[LEAD]), timeout=30, json={
        "motives": [{"character": "Взломщик", "motive": "Truth", "outcome": "betrayed"}]})
    award = answer.json()["events"][0]
    assert (answer.status_code, award["type"], award["data"]["outcome"], award["data"]["amount"]) == (
        200, "dichotomy.xp_awarded", "betrayed", 3)
