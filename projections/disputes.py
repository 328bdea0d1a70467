"""The disputes projection: every dispute of a campaign, its votes, its ruling and the void it caused.

State (JSON-ready)::

    {"disputes": {ID: {"id", "target", "target_version", "target_type", "session", "reason",
                       "opened_by", "opened_at", "version", "voters": [...],
                       "votes": {PLAYER: {"choice", "version", "at"}},
                       "status": "open" | "upheld" | "overturned",
                       "ruling": None | {"ruling", "by", "at", "version", "id", "tally", "majority",
                                         "followed_majority", "reason", "void", "corrected"}}},
     "by_target": {EVENT_ID: [DISPUTE_ID, ...]},
     "voids": {VOID_ID: DISPUTE_ID}}

A dispute's id is the id of its ``dispute.opened`` event.  The void an overturn appends names the
dispute (``correction.voided.dispute``); the corrected event that follows names the void as its
causation, which is how the fold finds it without knowing its type.
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

State = dict[str, Any]

#: What apply reads (projections.catalog): these types, and every event that names a causation (the correction
#: that follows a void names it, whatever the correction's type).
TYPES = ("dispute.opened", "dispute.voted", "dispute.ruled", "correction.voided")
CAUSED = True


def initial() -> State:
    return {"disputes": {}, "by_target": {}, "voids": {}}


def apply(state: State, event: Event) -> None:
    kind = event.type
    if kind == "dispute.opened":
        data = event.data
        state["disputes"][event.id] = {
            "id": event.id, "target": data["target"], "target_version": data["target_version"],
            "target_type": data["target_type"], "session": data["session"], "reason": data["reason"],
            "opened_by": event.actor, "opened_at": event.recorded_at, "version": event.version,
            "voters": list(data["voters"]), "votes": {}, "status": "open", "ruling": None,
        }
        state["by_target"].setdefault(data["target"], []).append(event.id)
    elif kind == "dispute.voted":
        dispute = state["disputes"].get(event.data["dispute"])
        if dispute is not None:
            dispute["votes"][event.actor] = {"choice": event.data["choice"], "version": event.version,
                                             "at": event.recorded_at}
    elif kind == "dispute.ruled":
        data = event.data
        dispute = state["disputes"].get(data["dispute"])
        if dispute is not None:
            dispute["status"] = "upheld" if data["ruling"] == "uphold" else "overturned"
            dispute["ruling"] = {
                "ruling": data["ruling"], "by": event.actor, "at": event.recorded_at, "version": event.version,
                "id": event.id, "tally": dict(data["tally"]), "majority": data["majority"],
                "followed_majority": data["followed_majority"], "reason": data.get("reason", ""),
                "void": None, "corrected": None,
            }
    elif kind == "correction.voided":
        dispute = state["disputes"].get(event.data.get("dispute") or "")
        if dispute is not None and dispute["ruling"] is not None:
            if event.data["target"] == dispute["target"]:  # the disputed event's own void (its decision has more)
                dispute["ruling"]["void"] = event.id
            state["voids"][event.id] = dispute["id"]
    elif event.causation is not None and event.causation in state["voids"]:
        ruling = state["disputes"][state["voids"][event.causation]]["ruling"]
        if ruling["corrected"] is None:
            ruling["corrected"] = event.id


def open_disputes(state: State, target: str) -> list[dict[str, Any]]:
    """The disputes about ``target`` that have not been ruled yet."""
    return [state["disputes"][d] for d in state["by_target"].get(target, []) if state["disputes"][d]["status"] == "open"]
