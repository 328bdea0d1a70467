"""Read-side answers for people: a character's sheet, XP, and what changed (a system's own queries live with it).

Each takes an as-of point (projections.points) and returns plain, JSON-ready data with the version it
describes; the CLI (or any other client) decides how to show it.
"""

from __future__ import annotations

from typing import Any

from journal.errors import NotFound, ValidationFailed
from journal.i18n import _
from journal.service.journal import Journal
from projections.engine import Folded


def need_system(folded: Folded, system: str, what: str) -> None:
    """Refuse a system's own query on a campaign of another system, naming both."""
    if folded.system != system:
        raise ValidationFailed(_("{what}: campaign '{campaign}' plays {system}; {what} belong to {system2}")
                               .format(what=what, campaign=folded.campaign, system=folded.system, system2=system))


def sheets(folded: Folded) -> dict[str, dict[str, Any]]:
    """Every character sheet of the campaign at that point, by name, each with its ``kind`` (the descriptor's)."""
    found: dict[str, dict[str, Any]] = {}
    from journal.systems.registry import system

    for where in system(folded.system).sheets:
        for name, sheet in folded[where.projection][where.key].items():
            found[name] = {"kind": where.kind, **sheet}
    return found


def sheet(journal: Journal, campaign: str, character: str, as_of: str | None = None) -> dict[str, Any]:
    """One character's sheet and XP ledger as of a point."""
    folded = journal.at(campaign, as_of)
    found = sheets(folded)
    if character not in found:
        known = ", ".join(sorted(found)) or "none yet"
        raise NotFound(_("no character named '{character}' in '{campaign}' at version {version} (known: {known})")
                       .format(character=character, campaign=campaign, version=folded.version, known=known))
    return {"campaign": campaign, "system": folded.system, "version": folded.version, "character": character,
            "sheet": found[character],
            "xp": folded["xp"]["characters"].get(character)}


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
    return {"campaign": campaign, "system": folded.system, "version": folded.version, "session": session,
            "ledgers": rows}


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
    return {"campaign": campaign, "system": after.system, "from": before.version, "to": after.version, "changes": changes}


def event_notes(journal: Journal, campaign: str) -> dict[str, str]:
    """What the folds say now of the campaign's earlier events, by id: voided (and by which void), and the
    system's own notes (journal.service.summaries.notes).  The log prints them beside each line."""
    from journal.service.naming import Naming
    from journal.service.summaries import notes
    from projections.engine import voids

    folded = journal.at(campaign)
    return notes(folded.states, folded.system, voids(journal.store, campaign),
                 Naming.of(journal, campaign, folded.states))
