"""VPT's own query, as of any point: Relationship and Revenge standings (listed in the descriptor)."""

from __future__ import annotations

from typing import Any

from journal.service.journal import Journal
from journal.service.queries import need_system


def bonds(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Relationship and Revenge standings as a table of pairs."""
    from journal.systems.vpt.folds.bonds import table

    folded = journal.at(campaign, as_of)
    need_system(folded, "vpt", "bonds")
    return {"campaign": campaign, "version": folded.version, "bonds": table(folded["vpt.bonds"])}
