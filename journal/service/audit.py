"""The evidence about one event, for a dispute before the quorum (JSON-ready; the CLI renders it).

``audit(journal, campaign, event)`` gathers:

* ``envelope``: the stored envelope, every field;
* ``recorded``: who recorded it (and their role), when, in which session;
* ``rolls``: every roll in the payload with its proof.  A server roll: the session's commitment, the
  revealed seed (once the session has ended), whether the seed matches the commitment, the dice the
  seed gives (``journal.dice.derive``) and ``verified`` / ``mismatch``; ``sealed`` while the session is
  open.  A table roll: ``table roll`` (nothing to recompute);
* ``sheets``: every character sheet (and XP ledger) just before and just after the event, and the
  fields it changed (sheet fields by dotted path, the XP ledger's under ``ledger.``);
* ``chain``: the campaign's hash chain (``journal.store.verify``) and where its first break stands
  relative to this event (``holds``, ``broken at this event``, ``broken before this event``, or
  ``broken after this event`` when this event and those before it still hold);
* ``disputes``: every dispute about the event with its votes, tally and ruling, and the void that
  took it out of the projections (if any), read from the void events themselves, never only from their marks.
"""

from __future__ import annotations

from typing import Any

import orjson

from journal.dice.derive import derive_roll, session_key, verify_commitment
from journal.i18n import _, ngettext
from journal.service.disputes import resolve_event
from journal.service.disputes import rows as dispute_rows
from journal.service.journal import Journal
from journal.service.naming import Naming
from journal.service.queries import sheets
from journal.service.sessions import session_salts
from projections.engine import voids_from_events

ENVELOPE_FIELDS = ("id", "campaign", "version", "type", "schema", "data", "actor", "recorded_at", "session",
                   "causation", "prev_hash", "hash", "seq")


def _rolls(value: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every roll (a dict with ``sides``, ``dice`` and ``source``) nested in a payload, with where it sits."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(value, dict):
        if {"sides", "dice", "source"} <= value.keys():
            return [(path or "roll", value)]
        for key, item in value.items():
            found += _rolls(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _rolls(item, f"{path}[{index}]")
    return found


def _roll_proofs(journal: Journal, event: Any) -> list[dict[str, Any]]:
    marks = journal.store.marks(event.campaign, types=["session.started", "session.ended"])
    started = {e.data["number"]: e.data for e in marks if e.type == "session.started"}
    start_events = {e.data["number"]: e for e in marks if e.type == "session.started"}
    ended = {e.data["number"]: e for e in marks if e.type == "session.ended"}
    proofs = []
    for path, roll in _rolls(event.data):
        proof: dict[str, Any] = {"path": path, "sides": roll["sides"], "dice": list(roll["dice"]),
                                 "source": roll["source"], "counter": roll.get("counter")}
        if roll["source"] != "server":
            proofs.append({**proof, "status": "table roll"})
            continue
        record = started.get(event.session) if event.session is not None else None
        if record is None:
            proofs.append({**proof, "status": "no session", "problem": _("a server roll recorded outside any session")})
            continue
        end = ended.get(event.session)
        salts = session_salts(journal, event.campaign, start_events[event.session],
                              end.version if end is not None else event.version)
        proof.update(session=event.session, commitment=record["commitment"], salts=sorted(salts))
        if end is None:
            proofs.append({**proof, "status": "sealed", "seed": None,
                           "problem": _("session {number} is still open: its seed is revealed at its end").format(
                               number=event.session)})
            continue
        seed = bytes.fromhex(end.data["seed"])
        expected = derive_roll(session_key(seed, salts), event.campaign, event.session,
                               roll["counter"], roll["sides"], len(roll["dice"]))
        commitment_ok = verify_commitment(seed, record["commitment"])
        matches = expected == list(roll["dice"])
        proof.update(seed=end.data["seed"], commitment_ok=commitment_ok, recomputed=expected,
                     status="verified" if matches and commitment_ok else "mismatch")
        if not commitment_ok:
            proof["problem"] = _("the revealed seed does not match the session's commitment")
        elif not matches:
            proof["problem"] = _("recorded {recorded}, the seed gives {expected}").format(recorded=list(roll["dice"]),
                                                                                          expected=expected)
        proofs.append(proof)
    return proofs


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict) and (value or not prefix):
        flat: dict[str, Any] = {}
        for key, item in value.items():
            flat.update(_flatten(item, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: value}


def _sheets(folded: Any) -> dict[str, Any]:
    found = sheets(folded)
    ledgers = folded["xp"]["characters"]
    return {name: {"sheet": found.get(name), "xp": ledgers.get(name)} for name in sorted(set(found) | set(ledgers))}


def _changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    changes = []
    for name in sorted(set(before) | set(after)):
        old = {**_flatten((before.get(name) or {}).get("sheet") or {}),
               **{f"ledger.{k}": v for k, v in _flatten((before.get(name) or {}).get("xp") or {}).items()}}
        new = {**_flatten((after.get(name) or {}).get("sheet") or {}),
               **{f"ledger.{k}": v for k, v in _flatten((after.get(name) or {}).get("xp") or {}).items()}}
        for field in sorted(set(old) | set(new)):
            if old.get(field) != new.get(field):
                changes.append({"character": name, "field": field, "before": old.get(field), "after": new.get(field)})
    return changes


def _chain(journal: Journal, event: Any) -> dict[str, Any]:
    report = journal.store.verify(event.campaign)
    result: dict[str, Any] = {"ok": report.ok, "events": report.events, "break": None}
    if report.ok:
        result["status"] = "holds"
        result["summary"] = _("the chain holds: {events}, this one (version {version}) included").format(
            events=ngettext("{count} event", "{count} events", report.events).format(count=report.events),
            version=event.version)
        return result
    first = report.breaks[0]
    result["break"] = {"version": first.version, "id": first.id, "reason": first.reason}
    if first.version == event.version:
        result["status"] = "broken at this event"
        result["summary"] = _("chain broken at this event (version {version}, {id}): {reason}").format(
            version=event.version, id=event.id, reason=first.reason)
    elif first.version < event.version:
        result["status"] = "broken before this event"
        result["summary"] = _("chain broken before this event, at version {version} ({id}): {reason}").format(
            version=first.version, id=first.id, reason=first.reason)
    else:
        result["status"] = "broken after this event"
        result["summary"] = _("the chain holds up to this event (version {version}); first broken at "
                              "version {broken} ({id}): {reason}").format(
            version=event.version, broken=first.version, id=first.id, reason=first.reason)
    return result


def audit(journal: Journal, campaign: str, event: str) -> dict[str, Any]:
    """Every piece of evidence about ``event`` (a version, an id or a unique id prefix) of ``campaign``."""
    target = resolve_event(journal, campaign, event)
    after = journal.at(campaign, target.version)
    before = journal.at(campaign, target.version - 1) if target.version > 1 else None
    head = journal.at(campaign)
    members = head["campaign"]["members"]
    sheets_before = _sheets(before) if before is not None else {}
    sheets_after = _sheets(after)
    disputes_state = head["disputes"]
    disputes = dispute_rows(journal, campaign, head.states, disputes_state["by_target"].get(target.id, []))
    named = {d["id"]: d for d in disputes}
    voided = [{"id": v.by, "version": v.version, "reason": v.reason, "dispute": v.dispute,
               "dispute_number": named[v.dispute]["number"] if v.dispute in named else None}
              for v in voids_from_events(journal.store, campaign) if v.target == target.id]
    changes = _changes(sheets_before, sheets_after)
    naming = Naming.of(journal, campaign, head.states)
    return {
        "campaign": campaign,
        "system": head.system,
        "version": head.version,
        "envelope": {name: getattr(target, name) for name in ENVELOPE_FIELDS},
        "recorded": {"by": target.actor, "role": members.get(target.actor, "not a member"),
                     "at": target.recorded_at, "session": target.session},
        "rolls": _roll_proofs(journal, target),
        "sheets": {"before_version": target.version - 1, "after_version": target.version,
                   "before": sheets_before, "after": sheets_after, "changes": changes},
        # what the records keyed by an event's id in the changed fields are (a geis's promise, a chance's task)
        "names": naming.names_in(orjson.dumps(changes).decode()),
        "chain": _chain(journal, target),
        "disputes": disputes,
        "voided": voided,
    }
