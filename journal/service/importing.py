"""Importing an exported file: every event must be one the journal's own commands could have recorded.

The store checks each line's envelope, payload model, chain and hash (``journal.store.importing``);
this module then replays the file's campaigns through the same folds the commands read (the campaign
projection: members and tokens; the sessions projection) and refuses the first line that no command
could have written at that point:

* a campaign opens with its own ``campaign.created``, recorded by its Master, naming the line's campaign;
* the campaign and the actor are names by the one name rule (``journal.events.names``);
* the actor is a member at that point, and may record the event's type (``journal.service.roles``,
  the table the verbs use);
* members join once; tokens go to members, are issued once and revoked once, by the id and member issued;
* sessions open one at a time, numbered 1, 2, ...; an event carries the open session's number (none
  between sessions) and a session's start and end their own;
* a causation, and a void's target, name an earlier event of the same campaign.

A refusal is one ``ValidationFailed`` line, ``line N: ...``, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from journal.errors import ValidationFailed
from journal.events.envelope import Event
from journal.events.names import name_problem
from journal.i18n import _
from journal.service.journal import Journal
from journal.service.roles import role_refusal
from projections import campaign as campaign_projection
from projections import session as session_projection


@dataclass
class _Campaign:
    """What the replay of one campaign of the file knows so far."""

    state: dict[str, Any] = field(default_factory=campaign_projection.initial)
    sessions: dict[str, Any] = field(default_factory=session_projection.initial)
    versions: dict[str, int] = field(default_factory=dict)  # event id -> version


def _name(kind: str, value: str) -> str | None:
    problem = name_problem(value) if value == value.strip() else "must not begin or end with whitespace"
    return None if problem is None else f"{kind} name: {problem}"


def _problem(seen: _Campaign, event: Event) -> str | None:
    """Why no command could have recorded ``event`` after what ``seen`` holds, or None."""
    data, state, sessions = event.data, seen.state, seen.sessions
    if event.version == 1 and event.type != "campaign.created":
        return f"a campaign opens with campaign.created, not {event.type}"
    if event.type == "campaign.created":
        if event.version != 1:
            return "campaign.created only opens a campaign (version 1)"
        if data["name"] != event.campaign:
            return f"campaign.created names campaign '{data['name']}', the line's campaign is '{event.campaign}'"
        if event.actor != data["master"]:
            return f"campaign.created is recorded by its Master '{data['master']}', not '{event.actor}'"
        return _name("campaign", event.campaign) or _name("member", data["master"])
    found = _name("member", event.actor)
    if found is not None:
        return f"actor: {found}"
    refusal = role_refusal(state["members"], event.actor, event.type)
    if refusal is not None:
        return str(refusal)
    found = _session_problem(sessions, event)
    if found is not None:
        return found
    if event.causation is not None and event.causation not in seen.versions:
        return f"causation {event.causation} is not an earlier event of campaign '{event.campaign}'"
    return _structural_problem(seen, event)


def _session_problem(sessions: dict[str, Any], event: Event) -> str | None:
    data, open_number = event.data, sessions["open"]
    if event.type == "session.started":
        if open_number is not None:
            return f"session {open_number} is still open"
        if data["number"] != sessions["last"] + 1:
            return f"the next session is number {sessions['last'] + 1}, not {data['number']}"
        expected = data["number"]
    elif event.type == "session.ended":
        if open_number is None or data["number"] != open_number:
            return f"session {data['number']} is not open"
        expected = open_number
    else:
        expected = open_number
    if event.session != expected:
        between = "between sessions, no session" if expected is None else f"session {expected}"
        return f"field 'session': {between} expected, the line has {event.session}"
    return None


def _structural_problem(seen: _Campaign, event: Event) -> str | None:
    data, members, tokens = event.data, seen.state["members"], seen.state["tokens"]
    if event.type == "member.added" and data["name"] in members:
        return f"'{data['name']}' is already a member of '{event.campaign}'"
    if event.type in ("member.added", "member.token_issued", "member.token_revoked"):
        found = _name("member", data.get("name", data.get("member", "")))
        if found is not None:
            return found
    if event.type == "member.token_issued":
        if data["member"] not in members:
            return f"no member named '{data['member']}' in campaign '{event.campaign}'"
        if data["token_id"] in tokens:
            return f"token {data['token_id']} is already issued"
    if event.type == "member.token_revoked":
        token = tokens.get(data["token_id"])
        if token is None or token["member"] != data["member"]:
            return f"no token {data['token_id']} of '{data['member']}' was issued"
        if token["revoked"]:
            return f"token {data['token_id']} of '{data['member']}' is already revoked"
    if event.type == "correction.voided" and seen.versions.get(data["target"]) != data["target_version"]:
        return f"the void's target {data['target']} is not version {data['target_version']} of '{event.campaign}'"
    return None


def validate(numbered: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Refuse (ValidationFailed, ``line N: ...``) the first event no command could have recorded where it stands."""
    campaigns: dict[str, _Campaign] = {}
    for number, row in numbered:
        event = Event(row["id"], row["campaign"], row["version"], row["type"], orjson.loads(row["data"]), row["actor"],
                      row["recorded_at"], row["session"], row["causation"], row["schema"], row["prev_hash"],
                      row["hash"], None, row["decision"])
        seen = campaigns.setdefault(event.campaign, _Campaign())
        problem = _problem(seen, event)
        if problem is not None:
            raise ValidationFailed(_("line {number}: {problem}").format(number=number, problem=problem))
        if event.type in campaign_projection.TYPES:
            campaign_projection.apply(seen.state, event)
        if event.type in session_projection.TYPES:
            session_projection.apply(seen.sessions, event)
        seen.versions[event.id] = event.version


def import_file(journal: Journal, lines: Iterable[bytes | str], *, public_key: str | None = None) -> dict[str, int]:
    """Import exported JSONL all or nothing, after the store's checks and :func:`validate`; events per campaign."""
    return journal.store.import_lines(lines, public_key=public_key, validate=validate)
