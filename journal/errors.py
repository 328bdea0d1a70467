"""Every error the journal raises on purpose, each with a one-line message meant for people.

The CLI prints ``str(error)`` and exits non-zero; nothing else is needed to explain a refusal.
"""

from __future__ import annotations


class JournalError(Exception):
    """Base of every refusal the journal makes on purpose."""

    exit_code: int = 1


class RuleViolation(JournalError):
    """A command breaks a rule of the game (or of the journal): nothing is written.

    ``rule`` names the rule, e.g. ``"session: open session needed"``.
    """

    exit_code = 3

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.detail = message
        super().__init__(f"refused by rule '{rule}': {message}")


class ValidationFailed(JournalError):
    """Input that does not have the right shape (a field missing, out of range, unparsable)."""

    exit_code = 2


class NotFound(JournalError):
    """A campaign, character, session or event named by the user does not exist."""

    exit_code = 4


class ConcurrencyConflict(JournalError):
    """Appending with an expected version that is no longer the stream's version."""

    exit_code = 5

    def __init__(self, campaign: str, expected: int, actual: int) -> None:
        self.campaign = campaign
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"version conflict on campaign '{campaign}': expected version {expected}, actual version {actual}"
        )


class IntegrityFailure(JournalError):
    """A hash chain does not verify, or stored data is not what was written."""

    exit_code = 6


class NotAuthorized(JournalError):
    """The actor may not record this (not a member, or a player doing what only the Master may)."""

    exit_code = 7
