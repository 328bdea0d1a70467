"""The XP ledger: per character and session, experience earned by source, spent on what, and the balance.

Every system's awards end in ``.xp_awarded`` (``character``, ``amount``, ``source``) and its spending
in ``.xp_spent`` (``character``, ``amount`` and what it bought).  Events between sessions are booked
under the session key ``"between"``.
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]


def initial() -> State:
    return {"characters": {}}


def _ledger(state: State, name: str) -> State:
    ledger = state["characters"].get(name)
    if ledger is None:
        ledger = state["characters"][name] = {"earned": 0, "spent": 0, "balance": 0, "by_source": {}, "sessions": {}, "spending": []}
    return ledger


def _session(ledger: State, event: Event) -> State:
    key = "between" if event.session is None else str(event.session)
    entry = ledger["sessions"].get(key)
    if entry is None:
        entry = ledger["sessions"][key] = {"earned": 0, "spent": 0, "by_source": {}}
    return entry


def _bought(data: dict[str, Any]) -> str:
    for key in ("target", "connection", "kind", "reason"):
        if data.get(key):
            return str(data[key])
    return "unspecified"


def wants(event_type: str) -> bool:
    """Every system's XP awards and spending (the engine calls apply only for these)."""
    return event_type.endswith((".xp_awarded", ".xp_spent"))


def apply(state: State, event: Event) -> None:
    kind = event.type
    if kind.endswith(".xp_awarded"):
        data = event.data
        amount, source = data["amount"], data.get("source") or "award"
        ledger = _ledger(state, data["character"])
        entry = _session(ledger, event)
        ledger["earned"] += amount
        ledger["balance"] += amount
        ledger["by_source"][source] = ledger["by_source"].get(source, 0) + amount
        entry["earned"] += amount
        entry["by_source"][source] = entry["by_source"].get(source, 0) + amount
    elif kind.endswith(".xp_spent"):
        data = event.data
        amount = data["amount"]
        ledger = _ledger(state, data["character"])
        ledger["spent"] += amount
        ledger["balance"] -= amount
        _session(ledger, event)["spent"] += amount
        ledger["spending"].append({"amount": amount, "on": _bought(data), "session": event.session, "version": event.version})
