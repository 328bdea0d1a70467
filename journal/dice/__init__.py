"""Dice: verifiable server dice derived from a committed session seed, and free-roll notation.

Pure code (no I/O).  :mod:`journal.dice.derive` holds the HMAC derivation, the :class:`Roller` and the
audit of a closed session; :mod:`journal.dice.notation` parses and evaluates ``2d6+1``, ``4d6kh3``,
``6d10>=7`` and the like.  ``docs/dice.md`` explains how a player checks a session by hand.
"""

from __future__ import annotations

from journal.dice.derive import (
    RollAudit,
    Roller,
    RollMismatch,
    audit_rolls,
    commitment,
    derive_die,
    derive_roll,
    new_seed,
    session_key,
    verify_commitment,
    verify_roll,
)
from journal.dice.notation import (
    Constant,
    DiceTerm,
    Expression,
    Keep,
    RollResult,
    TermResult,
    Threshold,
    evaluate,
    parse,
)

__all__ = [
    "Constant",
    "DiceTerm",
    "Expression",
    "Keep",
    "RollAudit",
    "RollMismatch",
    "RollResult",
    "Roller",
    "TermResult",
    "Threshold",
    "audit_rolls",
    "commitment",
    "derive_die",
    "derive_roll",
    "evaluate",
    "new_seed",
    "parse",
    "session_key",
    "verify_commitment",
    "verify_roll",
]
