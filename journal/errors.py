"""Every error the journal raises on purpose, each with a one-line message meant for people.

The CLI prints ``str(error)`` and exits non-zero; nothing else is needed to explain a refusal.  The message is
in the language current when the error is made (journal/i18n.py); ``RuleViolation.rule`` stays the stable English
identifier of the rule, ``rule_label`` its translation.

A refusal that tells its reader what to do next carries a :class:`Hint`: the CLI's line names the command
(``str(error)``), the page's line (``error.page_line``, what web.errors answers) says it in the page's own terms, so
that a player at a phone is never told to run a command.  Both are made when the error is, in the same language.
"""

from __future__ import annotations

from dataclasses import dataclass

from journal.i18n import N_, _


@dataclass(frozen=True)
class Hint:
    """What the reader of a refusal does next, once per surface: ``cli`` names the command to run, ``page`` the page's
    own control (the Master's console, a form).  Both are msgids of the ``journal`` catalogue, marked ``N_``."""

    cli: str
    page: str


#: No session is open: the CLI's reader starts one, a player at the page asks the Master to.
SESSION_START = Hint(N_("'journal session start'"), N_("the Master starts it on the Master's console"))
#: A one-time link is used or expired: a new one comes from the Master.
NEW_LINK = Hint(N_("'journal serve' prints it"), N_("the Master's console makes it, under Devices"))
#: A campaign's record fails its check: it is checked where the journal is kept.
VERIFY = Hint(N_("run 'journal verify'"), N_("tell the Master: the journal's check runs where the journal is kept"))


#: The journal's dice need an open session: the table's own dice do without one.
TABLE_DICE = Hint(N_("start a session for the journal's dice, or give the table's dice with --dice"),
                  N_("the Master starts a session for the journal's dice, or give the dice thrown on the table"))


def hinted(message: str, hint: Hint | None, *, page: bool = False) -> str:
    """``message`` followed by ``hint`` in the CLI's words, or the page's with ``page``: ``message`` alone without a
    hint, the hint alone for an empty message (a refusal that is all what to do)."""
    if hint is None:
        return message
    said = _(hint.page if page else hint.cli)
    return _("{message} ({hint})").format(message=message, hint=said) if message else said


class JournalError(Exception):
    """Base of every refusal the journal makes on purpose.

    ``JournalError(message, hint=...)``: ``str(error)`` is the message with the hint's command (the CLI's line),
    ``page_line`` the message with the hint in the page's words.  Without a hint both are the message.
    """

    exit_code: int = 1

    def __init__(self, *args: object, hint: Hint | None = None) -> None:
        self.hint = hint
        if hint is not None and len(args) == 1 and isinstance(args[0], str):
            self.reason = args[0]
            self.page_line = hinted(args[0], hint, page=True)
            super().__init__(hinted(args[0], hint))
        else:
            super().__init__(*args)
            self.reason = str(self)
            self.page_line = self.reason


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

    def __init__(self, rule: str, message: str, *, hint: Hint | None = None) -> None:
        self.rule = rule
        self.detail = hinted(message, hint)
        line = _("refused by rule '{rule}': {message}")
        super().__init__(line.format(rule=rule_label(rule), message=self.detail))
        self.hint, self.reason = hint, message
        self.page_line = line.format(rule=rule_label(rule), message=hinted(message, hint, page=True))


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
