"""A session's dice from its events: the seed derived from the journal's secret, and the salts that key the dice.

Scheme 2 of the session seed (``docs/dice.md``): nothing secret is stored.  The seed of a session is

    seed = HMAC-SHA256(secret, u32(len(c)) || c || u64(session) || start_id)

where ``secret`` is the journal key's HKDF secret for ``"dice-seed"`` (the key lives outside the database),
``c`` is the campaign's UTF-8 bytes and ``start_id`` the ASCII id of the ``session.started`` event whose
``commitment`` is ``sha256(seed)``.  The seed therefore belongs to the event that won the append: a start
that lost the race has another id and leaves no trace.

The players' salts are ``session.salted`` events recorded after that commitment.  The session's dice are
keyed by the salts recorded before its first server roll (:func:`scan`); a salt after it does not count
(the service refuses one, and :func:`scan` reports one that an import or an edit slipped in).

Pure code: no I/O.  Events are read as ``(version, type, actor, data)`` through :class:`SessionEvent`.
"""

from __future__ import annotations

import hmac
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from journal.errors import ValidationFailed
from journal.events.rolls import server_rolls

SEED_PURPOSE = "dice-seed"
"""The purpose the journal key's secret is derived for (``JournalKey.secret(SEED_PURPOSE)``)."""

SALTED = "session.salted"
"""The event type of a player's salt."""

_U32 = struct.Struct(">I")


class SessionEvent(Protocol):
    """What :func:`scan` reads of an event (the store's ``Event`` has these fields)."""

    @property
    def version(self) -> int: ...

    @property
    def type(self) -> str: ...

    @property
    def actor(self) -> str: ...

    @property
    def data(self) -> dict[str, Any]: ...


def seed_message(campaign: str, session: int, start_id: str) -> bytes:
    """``u32(len(c)) || c || u64(session) || start_id``: what the seed HMAC signs."""
    if not isinstance(campaign, str) or not campaign:
        raise ValidationFailed(f"the campaign of a seed must be a non-empty string, not {campaign!r}")
    if isinstance(session, bool) or not isinstance(session, int) or not 0 <= session < 2**64:
        raise ValidationFailed(f"the session of a seed must be a whole number 0..2**64-1, not {session!r}")
    if not isinstance(start_id, str) or not start_id or not start_id.isascii():
        raise ValidationFailed(f"the start event id of a seed must be ASCII text, not {start_id!r}")
    raw = campaign.encode("utf-8")
    return _U32.pack(len(raw)) + raw + session.to_bytes(8, "big") + start_id.encode("ascii")


def derive_seed(secret: bytes, campaign: str, session: int, start_id: str) -> bytes:
    """The 32-byte seed of session ``session`` of ``campaign`` whose ``session.started`` event is ``start_id``."""
    if not isinstance(secret, (bytes, bytearray)) or len(secret) < 32:
        raise ValidationFailed("the journal's dice secret must be at least 32 bytes")
    return hmac.digest(bytes(secret), seed_message(campaign, session, start_id), "sha256")


@dataclass(frozen=True)
class Salt:
    """One player's salt: who added it, the text, and the version of its event."""

    member: str
    text: str
    version: int


@dataclass(frozen=True)
class SessionDice:
    """What a session's events say about its dice (see :func:`scan`)."""

    salts: tuple[Salt, ...] = ()
    """The salts that key the dice: recorded before the first server roll, in order."""
    late: tuple[Salt, ...] = ()
    """Salts recorded after the first server roll: they key nothing (a problem for ``verify --rolls``)."""
    next_counter: int = 0
    """The first roll counter no server roll of the session has used."""
    first_roll_version: int | None = None
    """The version of the session's first server roll, or None before it."""
    salted_by: frozenset[str] = field(default_factory=frozenset)
    """Every member who has added a salt (counted or late)."""

    def texts(self, start_salts: Iterable[str] = ()) -> list[str]:
        """The salt texts for :func:`journal.dice.derive.session_key`: the start's (scheme 1) then the players'."""
        return [*start_salts, *(s.text for s in self.salts)]


def scan(events: Iterable[SessionEvent]) -> SessionDice:
    """Fold the events of one session (after its start, in version order) into its salts and next counter."""
    salts: list[Salt] = []
    late: list[Salt] = []
    counter = 0
    first: int | None = None
    for event in events:
        if event.type == SALTED:
            salt = Salt(event.actor, event.data["salt"], event.version)
            (salts if first is None else late).append(salt)
            continue
        for roll in server_rolls(event.data):
            if first is None:
                first = event.version
            counter = max(counter, roll["counter"] + len(roll["dice"]))
    return SessionDice(tuple(salts), tuple(late), counter, first, frozenset(s.member for s in (*salts, *late)))


__all__ = ["SALTED", "SEED_PURPOSE", "Salt", "SessionDice", "SessionEvent", "derive_seed", "scan", "seed_message"]
