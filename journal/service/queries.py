"""Read-side answers for people: a character's sheet, geis debts, Control, bonds, XP, and what changed.

Each takes an as-of point (projections.points) and returns plain, JSON-ready data with the version it
describes; the CLI (or any other client) decides how to show it.
"""

from __future__ import annotations

from typing import Any

from journal.errors import NotFound, ValidationFailed
from journal.service.journal import Journal
from projections.engine import Folded

#: Where each system's sheet projection keeps its characters: (projection, key, kind of sheet).
SHEETS: dict[str, list[tuple[str, str, str]]] = {
    "wield": [("wield.sheet", "heroes", "hero"), ("wield.sheet", "vatcha", "vatcha")],
    "stone-wheel": [("stone_wheel.sheet", "characters", "character")],
    "dichotomy": [("dichotomy.sheet", "characters", "character")],
    "vpt": [("vpt.sheet", "characters", "character")],
}


def _need(folded: Folded, system: str, what: str) -> None:
    if folded.system != system:
        raise ValidationFailed(f"{what}: campaign '{folded.campaign}' plays {folded.system}; {what} belong to {system}")


def sheets(folded: Folded) -> dict[str, dict[str, Any]]:
    """Every character sheet of the campaign at that point, by name (with ``kind`` for Wield)."""
    found: dict[str, dict[str, Any]] = {}
    for projection, key, kind in SHEETS[folded.system]:
        for name, sheet in folded[projection][key].items():
            found[name] = {"kind": kind, **sheet}
    return found


def sheet(journal: Journal, campaign: str, character: str, as_of: str | None = None) -> dict[str, Any]:
    """One character's sheet and XP ledger as of a point."""
    folded = journal.at(campaign, as_of)
    found = sheets(folded)
    if character not in found:
        known = ", ".join(sorted(found)) or "none yet"
        raise NotFound(f"no character named '{character}' in '{campaign}' at version {folded.version} (known: {known})")
    return {"campaign": campaign, "version": folded.version, "character": character, "sheet": found[character],
            "xp": folded["xp"]["characters"].get(character)}


def debts(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Every sealed geis with what its hero owes Fate, has paid, and what vanished at death."""
    folded = journal.at(campaign, as_of)
    _need(folded, "wield", "geis debts")
    rows = [
        {"hero": g["hero"], "geis": g["promise"], "rank": g["rank"], "broken": g["broken"], "owed": g["owed"],
         "collected": len(g["collected"]), "vanished": g["vanished"], "id": geis_id}
        for geis_id, g in folded["wield.geis"]["geasa"].items()
    ]
    return {"campaign": campaign, "version": folded.version, "geasa": rows}


def control(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Control standings: each vatcha and each of its wielders, with transfers and risks."""
    folded = journal.at(campaign, as_of)
    _need(folded, "wield", "Control standings")
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


def bonds(journal: Journal, campaign: str, as_of: str | None = None) -> dict[str, Any]:
    """Relationship and Revenge standings as a table of pairs."""
    from projections.vpt.bonds import table

    folded = journal.at(campaign, as_of)
    _need(folded, "vpt", "bonds")
    return {"campaign": campaign, "version": folded.version, "bonds": table(folded["vpt.bonds"])}


def xp(journal: Journal, campaign: str, session: int | None = None, as_of: str | None = None) -> dict[str, Any]:
    """Each character's XP: earned by source, spent, balance (or one session's earnings and spending)."""
    folded = journal.at(campaign, as_of)
    rows = []
    for name, ledger in sorted(folded["xp"]["characters"].items()):
        if session is None:
            rows.append({"character": name, "earned": ledger["earned"], "spent": ledger["spent"],
                         "balance": ledger["balance"], "by_source": ledger["by_source"], "spending": ledger["spending"]})
        elif str(session) in ledger["sessions"]:
            entry = ledger["sessions"][str(session)]
            rows.append({"character": name, "earned": entry["earned"], "spent": entry["spent"],
                         "by_source": entry["by_source"]})
    return {"campaign": campaign, "version": folded.version, "session": session, "ledgers": rows}


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict) and value:
        flat: dict[str, Any] = {}
        for key, item in value.items():
            flat.update(_flatten(item, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: value}


def diff(journal: Journal, campaign: str, start: str, end: str) -> dict[str, Any]:
    """Every field of every sheet (and XP ledger) that differs between two points."""
    before, after = journal.at(campaign, start), journal.at(campaign, end)
    changes = []
    old_sheets, new_sheets = sheets(before), sheets(after)
    for name in sorted(set(old_sheets) | set(new_sheets)):
        old = _flatten(old_sheets.get(name, {}))
        old.update({f"xp.{k}": v for k, v in _flatten(before["xp"]["characters"].get(name, {})).items()})
        new = _flatten(new_sheets.get(name, {}))
        new.update({f"xp.{k}": v for k, v in _flatten(after["xp"]["characters"].get(name, {})).items()})
        for field in sorted(set(old) | set(new)):
            if old.get(field) != new.get(field):
                changes.append({"character": name, "field": field, "before": old.get(field), "after": new.get(field)})
    return {"campaign": campaign, "from": before.version, "to": after.version, "changes": changes}
