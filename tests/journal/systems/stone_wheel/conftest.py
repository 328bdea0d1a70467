"""Fixtures of the Stone Wheel service tests: a campaign with a Master, three players and two characters."""

from __future__ import annotations

import pytest
from stone_wheel_table import CAMPAIGN, record_table

from journal.service import Journal


@pytest.fixture
def camp(journal: Journal) -> Journal:
    """Камень (stone-wheel): Мастер; Аня plays Ратибор (Фехтование 2), Боря plays Ёжик; Вера has none."""
    return record_table(journal, CAMPAIGN)
