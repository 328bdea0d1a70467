"""Wield's own queries, as of any point: geis debts and Control standings (listed in the descriptor)."""

from __future__ import annotations

from typing import Any

from journal.service.journal import Journal
from journal.service.queries import need_system


def debts(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Every sealed geis with what its hero owes Fate, has paid, and what vanished at death."""
    folded = journal.at(campaign, as_of)
    need_system(folded, "wield", "geis debts")
    rows = [
        {"hero": g["hero"], "geis": g["promise"], "rank": g["rank"], "broken": g["broken"], "owed": g["owed"],
         "collected": len(g["collected"]), "vanished": g["vanished"], "id": geis_id}
        for geis_id, g in folded["wield.geis"]["geasa"].items()
    ]
    return {"campaign": campaign, "version": folded.version, "geasa": rows}


def control(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Control standings: each vatcha and each of its wielders, with transfers and risks."""
    folded = journal.at(campaign, as_of)
    need_system(folded, "wield", "Control standings")
    rows = []
    for vatcha, record in folded["wield.control"]["vatcha"].items():
        for hero, standing in record["wielders"].items():
            rows.append({
                "vatcha": vatcha, "hero": hero, "current": record.get("wielder") == hero,
                "control_lost": standing["control_lost"], "vatcha_dice": standing["vatcha_dice"],
                "wielder_dice": standing["wielder_dice"], "transfers": standing["transfers"],
                "risks": standing["risks"], "wins": standing["wins"],
            })
    return {"campaign": campaign, "version": folded.version, "standings": rows}
