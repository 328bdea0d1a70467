"""Fixtures of the Dichotomy command tests: a campaign with its GM and players, and the characters of
the rule text's worked examples (David, Susan's ranger, Charlotte), created through the service."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from journal.service import Journal
from journal.systems.dichotomy import commands

CAMPAIGN = "Две стороны"
GM = "Ведущий"
DAVID = "Давид"
SUSAN = "Сьюзан"
CARLY = "Карли"
OUTSIDER = "Чужак"

#: David of the lock-pick example: Finesse 7, Technical 8.
DAVID_ATTRIBUTES = {"finesse": 7, "power": 4, "martial": 5, "spiritual": 6, "natural": 3, "technical": 8}
DAVID_ABILITIES = ["Mobility", "Climbing", "Disable Device"]
#: Susan's allocation: 6/5, 8/3, 10/1.
SUSAN_ATTRIBUTES = {"finesse": 6, "power": 5, "martial": 8, "spiritual": 3, "natural": 10, "technical": 1}
SUSAN_ABILITIES = ["Mobility", "Climbing", "Alertness"]


@pytest.fixture
def table(journal: Journal) -> Journal:
    """A Dichotomy campaign: the GM and three players (David, Susan, Carly)."""
    journal.create_campaign(CAMPAIGN, "dichotomy", GM)
    for player in (DAVID, SUSAN, CARLY):
        journal.add_member(CAMPAIGN, player)
    return journal


@pytest.fixture
def david(table: Journal) -> str:
    """David's lock-picker, «Взломщик», created by David himself."""
    commands.create_character(table, CAMPAIGN, "Взломщик", DAVID_ATTRIBUTES, DAVID_ABILITIES, ["Greed", "Truth"],
                              "comfortable", actor=DAVID)
    return "Взломщик"


@pytest.fixture
def ranger(table: Journal) -> str:
    """Susan's ranger «Лесная» (6/5, 8/3, 10/1), created by Susan."""
    commands.create_character(table, CAMPAIGN, "Лесная", SUSAN_ATTRIBUTES, SUSAN_ABILITIES, ["Love", "Faith"],
                              "destitute", actor=SUSAN)
    return "Лесная"


@pytest.fixture
def charlotte(table: Journal) -> str:
    """Charlotte, Carly's character, on a fresh health track."""
    commands.create_character(table, CAMPAIGN, "Шарлотта", SUSAN_ATTRIBUTES, SUSAN_ABILITIES, ["Honor", "Fame"],
                              "affluent", actor=CARLY)
    return "Шарлотта"


@pytest.fixture
def sheets(table: Journal) -> Callable[[], dict[str, Any]]:
    """The Dichotomy state as the as-of engine folds it now (voids honoured), as every query shows it."""
    return lambda: table.at(CAMPAIGN)["dichotomy.sheet"]
