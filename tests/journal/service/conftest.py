"""Fixtures of the service tests: a small VPT table, another process's view of the same database, a cold fold."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from journal.service import Journal
from projections.engine import Engine


@pytest.fixture
def table(journal: Journal, request: pytest.FixtureRequest) -> str:
    """A VPT campaign (named by the test module's ``CAMPAIGN``) with a Master ГМ and two players, Аня and Борис."""
    name: str = request.module.CAMPAIGN
    journal.create_campaign(name, "vpt", "ГМ")
    journal.add_member(name, "Аня")
    journal.add_member(name, "Борис")
    return name


@pytest.fixture
def other(journal: Journal) -> Iterator[Journal]:
    """A second Journal on the same database, as another process has it (its own engine, pool and warm states)."""
    opened = Journal.open(journal.store.engine.url.render_as_string(hide_password=False))
    yield opened
    opened.close()


def cold(journal: Journal, campaign: str) -> dict:
    """The campaign's states at the head as the as-of engine folds them, with no warm state."""
    head = journal.store.head(campaign)
    return Engine(journal.store).fold(campaign, head, head).states
