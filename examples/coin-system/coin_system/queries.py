"""The coin game's own query, as of any point: every character's heads and tails (``/api/coins``, the page panel)."""

from __future__ import annotations

from typing import Any

from journal.service.journal import Journal
from journal.service.queries import need_system


def coins(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Every character's heads and tails."""
    folded = journal.at(campaign, as_of)
    need_system(folded, "coin", "coins")
    rows = [{"character": name, "heads": sheet["heads"], "tails": sheet["tails"]}
            for name, sheet in sorted(folded["coin.sheet"]["characters"].items())]
    return {"campaign": campaign, "version": folded.version, "coins": rows}
