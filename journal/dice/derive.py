"""Verifiable server dice: every die the journal throws is recomputable from the session's revealed seed.

The scheme (version 1; ``docs/dice.md`` shows how to check it by hand):

* At session start the journal draws a secret ``seed`` (:func:`new_seed`, 32 bytes) and records only its
  :func:`commitment`, the hex SHA-256 of the seed.  Players may add salts (any strings) at session start.
* The session key is ``HMAC-SHA256(seed, salts_message)`` (:func:`session_key`), where ``salts_message`` is
  the number of salts as 4 bytes big-endian, then each salt's UTF-8 bytes, sorted bytewise, each preceded
  by its length as 4 bytes big-endian.  Sorting makes the order the salts were given in irrelevant; the
  length prefixes make the list unambiguous.  With no salts the message is ``00 00 00 00``.
* Die number ``counter`` of session ``session`` of campaign ``campaign`` (the roll counter runs 0, 1, 2, ...
  through the session, one per die) is drawn from blocks
  ``HMAC-SHA256(key, len(c) || c || session || counter || block)`` where ``c`` is the campaign's UTF-8
  bytes, ``len(c)`` is 4 bytes big-endian, ``session`` and ``counter`` are 8 bytes big-endian and
  ``block`` is 4 bytes big-endian, starting at 0.
* Each 32-byte block is read as eight unsigned 32-bit big-endian chunks.  For a die of ``sides`` faces,
  ``limit = 2**32 - (2**32 % sides)``; the first chunk below ``limit`` gives the die ``chunk % sides + 1``
  (rejection sampling: every face gets exactly ``limit / sides`` chunk values, so there is no modulo
  bias).  If all eight chunks are rejected, the next block is used.
* At session end the seed is revealed; anyone can check it against the commitment and recompute every die.

Everything here is pure: no I/O, no clock; only :func:`new_seed` uses randomness.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from journal.errors import ValidationFailed
from journal.events.rolls import Roll

SEED_BYTES = 32
"""Length of a session seed in bytes."""

CHUNKS_PER_BLOCK = 8
"""A SHA-256 digest read as eight 32-bit chunks."""

MAX_SIDES = 2**32
"""The largest die :func:`derive_die` can draw (a recorded :class:`Roll` allows at most 1000 sides)."""

_SPACE = 2**32
_U32 = struct.Struct(">I")
_U64 = 2**64
_CHUNKS = struct.Struct(">8I")


# ---------------------------------------------------------------------------------------------- seeds


def new_seed() -> bytes:
    """A fresh secret session seed: 32 bytes from :mod:`secrets`."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public commitment to ``seed``: its SHA-256 as 64 lower-case hex digits."""
    _check_seed(seed)
    return hashlib.sha256(seed).hexdigest()


def verify_commitment(seed: bytes, committed: str) -> bool:
    """Whether a revealed ``seed`` is the one committed to at session start (``committed``: hex SHA-256)."""
    _check_seed(seed)
    return hmac.compare_digest(commitment(seed), committed.strip().lower())


def salts_message(salts: Iterable[str]) -> bytes:
    """The unambiguous, order-independent encoding of the players' salts that :func:`session_key` signs.

    ``u32(n)`` then, for each salt's UTF-8 bytes in bytewise sorted order, ``u32(len) || bytes``.
    """
    if isinstance(salts, str):
        raise ValidationFailed("salts must be a list of strings, not one string")
    encoded: list[bytes] = []
    for salt in salts:
        if not isinstance(salt, str):
            raise ValidationFailed(f"a salt must be a string, not {type(salt).__name__}")
        encoded.append(salt.encode("utf-8"))
    encoded.sort()
    parts = [_U32.pack(len(encoded))]
    for raw in encoded:
        parts.append(_U32.pack(len(raw)))
        parts.append(raw)
    return b"".join(parts)


def session_key(seed: bytes, salts: Iterable[str] = ()) -> bytes:
    """The HMAC key of a session's dice: ``HMAC-SHA256(seed, salts_message(salts))``.

    The order of ``salts`` does not matter (they are sorted); duplicates count.
    """
    _check_seed(seed)
    return hmac.digest(seed, salts_message(salts), "sha256")


# ---------------------------------------------------------------------------------------------- dice


def die_message(campaign: str, session: int, counter: int, block: int = 0) -> bytes:
    """The bytes HMAC'd for ``block`` of die ``counter``: ``u32(len(c)) || c || u64(session) || u64(counter) || u32(block)``."""
    return _prefix(campaign, session) + _suffix(counter, block)


def derive_die(key: bytes, campaign: str, session: int, counter: int, sides: int) -> int:
    """The die with roll counter ``counter`` of the session: a value in ``1..sides``, without modulo bias."""
    _check_key(key)
    _check_sides(sides)
    return _derive(key, _prefix(campaign, session), _check_counter(counter), sides)


def derive_roll(
    key: bytes, campaign: str, session: int, first_counter: int, sides: int, count: int
) -> list[int]:
    """``count`` dice of ``sides`` faces; die ``i`` uses roll counter ``first_counter + i``."""
    _check_key(key)
    _check_sides(sides)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValidationFailed(f"a roll needs at least one die, not {count!r}")
    first = _check_counter(first_counter)
    _check_counter(first + count - 1)
    prefix = _prefix(campaign, session)
    return [_derive(key, prefix, first + i, sides) for i in range(count)]


def accept_chunk(chunk: int, sides: int) -> int | None:
    """The die a 32-bit ``chunk`` gives for ``sides`` faces, or ``None`` if the chunk is rejected."""
    if chunk >= _SPACE - (_SPACE % sides):
        return None
    return chunk % sides + 1


def die_from_block(block: bytes, sides: int) -> int | None:
    """The first accepted chunk of a 32-byte HMAC block as a die, or ``None`` if all eight are rejected."""
    for chunk in _CHUNKS.unpack(block):
        value = accept_chunk(chunk, sides)
        if value is not None:
            return value
    return None


def _derive(key: bytes, prefix: bytes, counter: int, sides: int) -> int:
    block = 0
    while True:
        value = die_from_block(_block(key, prefix + _suffix(counter, block)), sides)
        if value is not None:
            return value
        block += 1  # every chunk rejected (at most 2**-8 even for the worst die): continue deterministically


def _block(key: bytes, message: bytes) -> bytes:
    return hmac.digest(key, message, "sha256")


def _prefix(campaign: str, session: int) -> bytes:
    if not isinstance(campaign, str) or not campaign:
        raise ValidationFailed(f"the campaign of a die must be a non-empty string, not {campaign!r}")
    if isinstance(session, bool) or not isinstance(session, int) or not 0 <= session < _U64:
        raise ValidationFailed(f"the session of a die must be a whole number 0..2**64-1, not {session!r}")
    raw = campaign.encode("utf-8")
    return _U32.pack(len(raw)) + raw + session.to_bytes(8, "big")


def _suffix(counter: int, block: int) -> bytes:
    return counter.to_bytes(8, "big") + _U32.pack(block)


def _check_seed(seed: bytes) -> None:
    if not isinstance(seed, (bytes, bytearray)) or len(seed) != SEED_BYTES:
        raise ValidationFailed(f"a session seed must be {SEED_BYTES} bytes")


def _check_key(key: bytes) -> None:
    if not isinstance(key, (bytes, bytearray)) or not key:
        raise ValidationFailed("a dice key must be non-empty bytes")


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise ValidationFailed(f"a die needs 2..{MAX_SIDES} sides, not {sides!r}")


def _check_counter(counter: int) -> int:
    if isinstance(counter, bool) or not isinstance(counter, int) or not 0 <= counter < _U64:
        raise ValidationFailed(f"a roll counter must be a whole number 0..2**64-1, not {counter!r}")
    return counter


# ---------------------------------------------------------------------------------------------- roller


class Roller:
    """The journal's dice for one session: a key, the campaign, the session and the next roll counter.

    Each :meth:`roll` uses the next ``count`` counters.  A roller is also a ``draw`` function for
    :func:`journal.dice.notation.evaluate` (calling it is :meth:`roll`).
    """

    __slots__ = ("_campaign", "_counter", "_key", "_prefix", "_session")

    def __init__(self, key: bytes, campaign: str, session: int, counter: int = 0) -> None:
        _check_key(key)
        self._prefix = _prefix(campaign, session)
        self._key = bytes(key)
        self._campaign = campaign
        self._session = session
        self._counter = _check_counter(counter)

    @classmethod
    def from_seed(
        cls, seed: bytes, salts: Iterable[str], campaign: str, session: int, counter: int = 0
    ) -> Roller:
        """A roller keyed by :func:`session_key` of ``seed`` and ``salts``."""
        return cls(session_key(seed, salts), campaign, session, counter)

    @property
    def counter(self) -> int:
        """The roll counter the next die will use."""
        return self._counter

    @property
    def campaign(self) -> str:
        """The campaign the dice are bound to."""
        return self._campaign

    @property
    def session(self) -> int:
        """The session number the dice are bound to."""
        return self._session

    def roll(self, sides: int, count: int = 1) -> Roll:
        """Throw ``count`` dice of ``sides`` faces: a server :class:`Roll` carrying its first counter."""
        if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= 1000:
            raise ValidationFailed(f"a die needs 2..1000 sides, not {sides!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
            raise ValidationFailed(f"a roll throws 1..100 dice, not {count!r}")
        first = self._counter
        _check_counter(first + count - 1)
        dice = [_derive(self._key, self._prefix, first + i, sides) for i in range(count)]
        self._counter = first + count
        return Roll(sides=sides, dice=dice, source="server", counter=first)

    __call__ = roll

    def __repr__(self) -> str:
        return f"Roller(campaign={self._campaign!r}, session={self._session}, counter={self._counter})"


# ---------------------------------------------------------------------------------------------- audit


def verify_roll(seed: bytes, salts: Iterable[str], campaign: str, session: int, roll: Roll) -> bool:
    """Whether a server ``roll`` is exactly what the revealed ``seed`` (and ``salts``) give.

    A table roll cannot be verified: ``False``.
    """
    if roll.source != "server" or roll.counter is None:
        return False
    key = session_key(seed, salts)
    return derive_roll(key, campaign, session, roll.counter, roll.sides, len(roll.dice)) == list(roll.dice)


@dataclass(frozen=True)
class RollMismatch:
    """A recorded server roll whose dice are not what the seed gives."""

    index: int
    """Position of the roll in the list given to :func:`audit_rolls`."""
    counter: int
    sides: int
    recorded: tuple[int, ...]
    expected: tuple[int, ...]

    def describe(self) -> str:
        """One line: which roll, what was recorded, what the seed gives."""
        return (
            f"roll #{self.index} (counter {self.counter}, d{self.sides}): recorded {list(self.recorded)}, "
            f"the seed gives {list(self.expected)}"
        )


@dataclass(frozen=True)
class RollAudit:
    """What :func:`audit_rolls` found in a closed session's server rolls."""

    mismatched: tuple[RollMismatch, ...]
    gaps: tuple[tuple[int, int], ...]
    """Runs of roll counters no recorded roll used, as inclusive ``(first, last)`` pairs: a roll made and hidden."""
    overlapping_counters: tuple[int, ...]
    """Counters used by more than one recorded roll."""
    commitment_ok: bool | None = None
    """Whether the seed matches the commitment (``None`` if no commitment was given)."""
    rolls_checked: int = 0

    @property
    def missing_counters(self) -> tuple[int, ...]:
        """Every counter of :attr:`gaps`, one by one."""
        return tuple(c for first, last in self.gaps for c in range(first, last + 1))

    @property
    def ok(self) -> bool:
        """Nothing wrong: every roll matches, no gap, no overlap, and the commitment (if given) holds."""
        return (
            not self.mismatched
            and not self.gaps
            and not self.overlapping_counters
            and self.commitment_ok is not False
        )

    def problems(self) -> list[str]:
        """Each finding as a one-line message (empty when :attr:`ok`)."""
        lines: list[str] = []
        if self.commitment_ok is False:
            lines.append("the revealed seed does not match the session's commitment")
        lines.extend(m.describe() for m in self.mismatched)
        for first, last in self.gaps:
            if first == last:
                lines.append(f"roll counter {first} was used by no recorded roll")
            else:
                lines.append(f"roll counters {first}..{last} were used by no recorded roll")
        if self.overlapping_counters:
            shown = ", ".join(str(c) for c in self.overlapping_counters)
            lines.append(f"roll counters used by more than one roll: {shown}")
        return lines


def audit_rolls(
    seed: bytes,
    salts: Iterable[str],
    campaign: str,
    session: int,
    rolls: Sequence[Roll],
    *,
    committed: str | None = None,
    next_counter: int | None = None,
) -> RollAudit:
    """Check every server roll of a closed session against its revealed seed.

    Reports rolls whose dice differ from the derivation, gaps in the counters ``0..max`` (counters no
    recorded roll used: a roll made and then hidden), and counters used by more than one roll.  Table
    rolls in ``rolls`` are skipped.  ``committed`` (the hex commitment from session start) is checked
    against the seed if given.  ``next_counter``, if the session-end record carries the roller's final
    counter, extends the gap check to ``0..next_counter-1`` so trailing hidden rolls are found too.
    """
    salt_list = list(salts)
    key = session_key(seed, salt_list)
    prefix = _prefix(campaign, session)
    mismatched: list[RollMismatch] = []
    uses: Counter[int] = Counter()
    checked = 0
    for index, roll in enumerate(rolls):
        if roll.source != "server" or roll.counter is None:
            continue
        checked += 1
        first = roll.counter
        _check_counter(first + len(roll.dice) - 1)
        expected = tuple(_derive(key, prefix, first + i, roll.sides) for i in range(len(roll.dice)))
        if expected != tuple(roll.dice):
            mismatched.append(RollMismatch(index, first, roll.sides, tuple(roll.dice), expected))
        uses.update(range(first, first + len(roll.dice)))

    end = max(uses) + 1 if uses else 0
    if next_counter is not None:
        end = max(end, _check_counter(next_counter))
    gaps: list[tuple[int, int]] = []
    expected_next = 0
    for used in sorted(uses):
        if used > expected_next:
            gaps.append((expected_next, used - 1))
        expected_next = used + 1
    if end > expected_next:
        gaps.append((expected_next, end - 1))

    return RollAudit(
        mismatched=tuple(mismatched),
        gaps=tuple(gaps),
        overlapping_counters=tuple(sorted(c for c, n in uses.items() if n > 1)),
        commitment_ok=None if committed is None else verify_commitment(seed, committed),
        rolls_checked=checked,
    )
