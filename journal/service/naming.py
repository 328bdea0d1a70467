"""Disputes and events named the way people at the table name them, never by an id.

A dispute is «dispute №3 about «Peter takes 1 wound»»: its short number, the order it was opened in among its
campaign's disputes (a projection of the disputes fold: counted each time from the openings' versions, never
stored), and the summary of the event it is about.  An event is named by its summary.

:class:`Naming` answers both for one campaign; :func:`summary` in journal.service.summaries takes one to write
the dispute and void lines with these names (the log, the page's timeline, the replay).  :func:`dispute_number`
reads what a player types for a dispute (``3``, ``№3``, ``#3``) so that a command may take it where it took an id.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from journal.events.envelope import Event
from journal.i18n import _
from journal.understand import event_number

if TYPE_CHECKING:
    from journal.service.journal import Journal

#: An event's id, as the journal keys its events (and the records some sheets keep by event: geasa, results).
EVENT_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

#: What a player types for a dispute's short number: ``3``, ``№3``, ``№ 3``, ``#3`` (ASCII digits).
_NUMBER = re.compile(r"^(?:№|#|N|No\.?)?\s*([0-9]{1,9})$")


def dispute_number(ref: str) -> int | None:
    """The short number ``ref`` names (``3``, ``№3``, ``#3``), or None when it is not one (an id, a prefix)."""
    found = _NUMBER.match(str(ref).strip())
    return int(found.group(1)) if found else None


#: A session's start or end as people say it, in Russian or English: «начало сессии 1», "end of session 2".
_SESSION_POINT = re.compile(r"^(?:(?P<start>начало|start(?: of)?)|(?:конец|end(?: of)?))?\s*(?:сессии|сессия|session)\s+"
                            r"(?P<number>[0-9]{1,9})$", re.IGNORECASE)


#: Just before an event, as people say it: «до №12», «до 3f1c…», "before:ID" (the journal's own form).
_BEFORE = re.compile(r"^(?:до|перед|before)\s*:?\s*(?P<event>\S.*)$", re.IGNORECASE)
#: Now, the campaign's newest event: «сейчас», "now" (the journal's own ``head``).
_NOW = ("сейчас", "now")


def spoken_point(text: str) -> str:
    """A point of the timeline as the page shows it («начало сессии 1», «конец сессии 2», "start of session 1",
    «№13», ``v13``, «до №13», «сейчас») in the form the journal reads (``session:1:start``, ``session:2``, ``13``,
    ``before:13``, ``head``); any other text as it is."""
    said = " ".join(str(text).split())
    found = _SESSION_POINT.match(said)
    if found:
        return f"session:{int(found['number'])}" + (":start" if found["start"] else "")
    if said.casefold() in _NOW:
        return "head"
    before = _BEFORE.match(said)
    if before:
        return "before:" + (event_number(before["event"]) or before["event"])
    number = event_number(said)
    return number if number is not None else str(text)


def numbers(disputes: dict[str, Any]) -> dict[str, int]:
    """Each dispute's short number (1, 2, …: the order they were opened in), by dispute id, from the disputes
    fold's state (``{"disputes": {ID: {"version", ...}}}``)."""
    opened = sorted(disputes["disputes"].values(), key=lambda d: d["version"])
    return {d["id"]: index for index, d in enumerate(opened, start=1)}


def quoted(text: str) -> str:
    """``text`` in the quotes of the reader's language («…» in Russian, “…” in English)."""
    return _("“{text}”").format(text=text)


def dispute_name(number: int, about: str | None) -> str:
    """«dispute №3 about «Peter takes 1 wound»» (``about`` the disputed event's summary; None: «dispute №3»)."""
    if about is None:
        return _("dispute #{number}").format(number=number)
    return _("dispute #{number} about {event}").format(number=number, event=quoted(about))


def without_ids(text: str, names: dict[str, str]) -> str:
    """``text`` with each event id in it replaced by its name in ``names`` («…» for one it lacks)."""
    return EVENT_ID.sub(lambda found: names.get(found.group(0), "…"), text)


class Naming:
    """The names of one campaign's disputes and events: ``disputes`` is its disputes fold's state (or what folds it,
    called the first time a dispute is named: a replay with no dispute folds nothing more), ``event_of`` finds a
    stored event by id (None when it is not stored)."""

    def __init__(self, disputes: dict[str, Any] | Callable[[], dict[str, Any]],
                 event_of: Callable[[str], Event | None],
                 described: Callable[[Event], str] | None = None) -> None:
        self._fold = disputes if callable(disputes) else (lambda: disputes)
        self._state: dict[str, Any] | None = None
        self._found: dict[str, int] | None = None
        self._event_of = event_of
        #: An event's summary with the totals it shows (journal.service.figures), else the payload's alone.
        self._described = described

    @property
    def _disputes(self) -> dict[str, Any]:
        if self._state is None:
            self._state = self._fold()
        return self._state

    @property
    def _numbers(self) -> dict[str, int]:
        if self._found is None:
            self._found = numbers(self._disputes)
        return self._found

    @classmethod
    def of(cls, journal: Journal, campaign: str, states: Mapping[str, Any] | None = None) -> Naming:
        """The naming of ``campaign`` now (``states``: its folded states, when the caller has them)."""
        from journal.errors import NotFound

        def event_of(event_id: str) -> Event | None:
            try:
                return journal.store.get(event_id)
            except NotFound:
                return None

        def described(event: Event) -> str:
            from journal.service.figures import after
            from journal.service.summaries import summary

            return summary(event, figure=after(journal, campaign, event))

        if states is not None:
            return cls(states["disputes"], event_of, described)
        return cls(lambda: journal.at(campaign)["disputes"], event_of, described)

    def number(self, dispute_id: str) -> int | None:
        return self._numbers.get(dispute_id)

    def about(self, dispute_id: str) -> str | None:
        """The summary of the event the dispute is about (None when the dispute is not known)."""
        found = self._disputes["disputes"].get(dispute_id)
        return self.event(found["target"]) if found is not None else None

    def parts(self, dispute_id: str) -> tuple[int, str]:
        """(number, the disputed event's summary in quotes) of a dispute, for a line that declines «dispute»
        itself («votes in dispute #3 about «…»»); KeyError for a dispute this campaign does not know."""
        return self._numbers[dispute_id], quoted(self.about(dispute_id) or "…")

    def dispute(self, dispute_id: str, *, short: bool = False) -> str:
        """«dispute №3 about «…»» (``short``: «dispute №3»); a dispute this campaign does not know: «a dispute»."""
        number = self._numbers.get(dispute_id)
        if number is None:
            return _("a dispute")
        return dispute_name(number, None if short else self.about(dispute_id))

    def thing(self, event_id: str) -> str:
        """What a record kept by an event's id is, in quotes: by the field its payload is named by
        (``Payload.named_by``: a geis by its promise), any other event by its summary."""
        found = self._event_of(event_id)
        if found is None:
            return "…"
        from journal.events.payload import payload_class

        try:
            key = payload_class(found.type).named_by
        except (KeyError, ValueError, LookupError):
            key = None
        if key is not None and isinstance(found.data.get(key), str):
            return quoted(found.data[key])
        return quoted(self.event(event_id))

    def names_in(self, text: str) -> dict[str, str]:
        """Each event id in ``text`` -> :meth:`thing` (what the records it keys are called)."""
        return {event_id: self.thing(event_id) for event_id in set(EVENT_ID.findall(text))}

    def event(self, event_id: str) -> str:
        """An event's summary (``…`` for an event not stored)."""
        from journal.service.summaries import summary

        found = self._event_of(event_id)
        if found is None:
            return "…"
        return self._described(found) if self._described is not None else summary(found)
