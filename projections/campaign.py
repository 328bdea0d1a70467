"""The campaign projection: name, rule system, Master, members and access tokens, folded from their events.

``tokens`` maps each token id to ``{member, hash, revoked}`` (``hash``: sha256 of the token's secret,
hex), and ``expires_at`` for a one-time link.  The service's quick membership check (``Journal.campaign``) reads only the structural events
and so never sees tokens; the as-of engine folds them (``journal.at(campaign)["campaign"]["tokens"]``).
"""

from __future__ import annotations

from typing import Any

from journal.events.envelope import Event

#: Event types this projection reads (the service loads only these to check an actor).
TYPES = ("campaign.created", "member.added", "member.token_issued", "member.token_revoked")


def initial() -> dict[str, Any]:
    return {"name": None, "system": None, "master": None, "members": {}, "created_at": None, "tokens": {}}


def apply(state: dict[str, Any], event: Event) -> None:
    data = event.data
    if event.type == "campaign.created":
        state.update(name=data["name"], system=data["system"], master=data["master"], created_at=event.recorded_at)
        state["members"][data["master"]] = "master"
    elif event.type == "member.added":
        state["members"][data["name"]] = data.get("role", "player")
    elif event.type == "member.token_issued":
        token = {"member": data["member"], "hash": data["token_hash"], "revoked": False}
        if data.get("expires_at"):  # a one-time link (journal/service/links.py)
            token["expires_at"] = data["expires_at"]
        state.setdefault("tokens", {})[data["token_id"]] = token
    elif event.type == "member.token_revoked":
        token = state.setdefault("tokens", {}).get(data["token_id"])
        if token is not None:
            token["revoked"] = True


def fold(events: Any) -> dict[str, Any]:
    """The campaign state after ``events`` (an iterable of Event)."""
    state = initial()
    for event in events:
        apply(state, event)
    return state
