"""The ``wield_log`` fixture: an empty in-memory Wield log (see ``wield_log.py``)."""

from __future__ import annotations

import pytest
from wield_log import WieldLog


@pytest.fixture
def wield_log() -> WieldLog:
    """An empty Wield log."""
    return WieldLog()
