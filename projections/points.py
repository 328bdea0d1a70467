"""Points in a campaign's timeline, as people write them, resolved to a version.

``N`` (a version), an event id (just after that event), ``before:ID`` or ``before:N``, an ISO time (the last event
recorded at or before it), ``session:K`` (the end of session K, with its tally when committed before
the next session started), ``session:K:start`` (just after its
start event), and ``head`` (or nothing) for now.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from journal.errors import NotFound, ValidationFailed
from journal.i18n import _
from journal.store import EventStore
from journal.understand import event_number

_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_SESSION = re.compile(r"^session:(\d+)(:start|:end)?$")


def _event_version(store: EventStore, campaign: str, event_id: str) -> int:
    event = store.get(event_id)
    if event.campaign != campaign:
        raise NotFound(_("as-of: event {event} is not in campaign '{campaign}'").format(event=event_id, campaign=campaign))
    return event.version


def _stored_time(text: str) -> str:
    try:
        # Not fromisoformat(text): it refuses a date-only "2024-01-01Z", which this replacement accepts.
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: FURB162
    except ValueError:
        raise ValidationFailed(
            f"as-of: '{text}' is not a version, an event id, before:ID, session:K[:start] or an ISO time"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _session_end(store: EventStore, campaign: str, number: int) -> int | None:
    """The end of session ``number``: its tally's commit when made before the next session started, else its end."""
    marks = store.marks(campaign, types=["session.started", "session.ended", "tally.committed"])
    ended = next((e.version for e in marks if e.type == "session.ended" and e.data["number"] == number), None)
    if ended is None:
        return None
    following = next((e.version for e in marks if e.type == "session.started" and e.version > ended), None)
    tallied = [e.version for e in marks if e.type == "tally.committed" and e.data["session"] == number
               and e.version > ended and (following is None or e.version < following)]
    return tallied[0] if tallied else ended


def resolve(store: EventStore, campaign: str, point: str | int | None, head: int) -> int:
    """The version that ``point`` names in ``campaign`` (whose current version is ``head``)."""
    if point is None or point == "head" or point == "":
        return head
    text = event_number(str(point)) or str(point).strip()
    if text.isascii() and text.isdigit():
        version = int(text)
        if version > head:
            raise ValidationFailed(_("as-of: version {version} is past the campaign's head {head}").format(
                version=version, head=head))
        return version
    if text.startswith("before:"):
        target = text[len("before:"):].strip()
        numbered = event_number(target)
        if numbered is not None:
            return resolve(store, campaign, numbered, head) - 1
        return _event_version(store, campaign, target) - 1
    if _UUID.match(text):
        return _event_version(store, campaign, text)
    session = _SESSION.match(text)
    if session:
        number, edge = int(session.group(1)), session.group(2) or ":end"
        if edge == ":start":
            for event in store.marks(campaign, types=["session.started"]):
                if event.data["number"] == number:
                    return event.version
        else:
            ended = _session_end(store, campaign, number)
            if ended is not None:
                return ended
        if edge == ":end" and any(e.data["number"] == number for e in store.marks(campaign, types=["session.started"])):
            raise NotFound(_("as-of: session {number} has not ended in campaign '{campaign}'").format(
                number=number, campaign=campaign))
        raise NotFound(_("as-of: session {number} does not exist in campaign '{campaign}'").format(
            number=number, campaign=campaign))
    return store.version_at(campaign, _stored_time(text))
