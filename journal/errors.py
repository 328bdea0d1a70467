"""Every error the journal raises on purpose, each with a one-line message meant for people.

The CLI prints ``str(error)`` and exits non-zero; nothing else is needed to explain a refusal.  The message is
in the language current when the error is made (journal/i18n.py); ``RuleViolation.rule`` stays the stable English
identifier of the rule, ``rule_label`` its translation.
"""

from __future__ import annotations

from journal.i18n import _


class JournalError(Exception):
    """Base of every refusal the journal makes on purpose."""

    exit_code: int = 1


def rule_label(rule: str) -> str:
    """A rule's name for people: its translation, else its scope and its name each translated (``session: one at a time``)."""
    label = _(rule)
    if label != rule or ": " not in rule:
        return label
    scope, name = rule.split(": ", 1)
    return f"{_(scope)}: {_(name)}"


class RuleViolation(JournalError):
    """A command breaks a rule of the game (or of the journal): nothing is written.

    ``rule`` names the rule, e.g. ``"session: open session needed"``.
    """

    exit_code = 3

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.detail = message
        super().__init__(_("refused by rule '{rule}': {message}").format(rule=rule_label(rule), message=message))


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
            _("version conflict on campaign '{campaign}': expected version {expected}, actual version {actual}")
            .format(campaign=campaign, expected=expected, actual=actual)
        )


class IntegrityFailure(JournalError):
    """A hash chain does not verify, or stored data is not what was written."""

    exit_code = 6


class NotAuthorized(JournalError):
    """The actor may not record this (not a member, or a player doing what only the Master may)."""

    exit_code = 7


class TokenRefused(NotAuthorized):
    """The bearer token a command acts under is revoked or unknown at the head it decides on."""


class CampaignBusy(JournalError):
    """Other writers held the campaign's write lock longer than this writer's bound: nothing is written."""

    exit_code = 10

    def __init__(self, campaign: str, waited: float) -> None:
        self.campaign = campaign
        self.waited = waited
        super().__init__(_("campaign '{campaign}' is busy: other writers held it for {waited:g} s; try again")
                         .format(campaign=campaign, waited=waited))
