"""Who may record which shared event type: the one table the commands and the importer both consult.

A command's verb calls :func:`require_role` before it decides, ``Journal.execute`` checks every event a
command returns against it once more before appending, and the importer checks every imported line
against it (``journal.service.importing``).  A rule system's own role rules stay with its verbs.
"""

from __future__ import annotations

from collections.abc import Mapping

from journal.errors import NotAuthorized
from journal.i18n import N_, _

#: Event types only the campaign's Master records, with what completes 'only the Master may ...' (marked, translated
#: where the refusal is made).
MASTER_ONLY: dict[str, str] = {
    "member.added": N_("add members"),
    "member.token_issued": N_("issue tokens"),
    "member.token_revoked": N_("revoke tokens"),
    "session.started": N_("start a session"),
    "session.ended": N_("end a session"),
    "tally.committed": N_("commit a session tally"),
    "dispute.ruled": N_("rule on a dispute"),
    "rules.adopted": N_("adopt a house rule"),
    "correction.voided": N_("void an event"),
}

#: Event types only players record (never the Master), with what completes 'only players ...'.
PLAYERS_ONLY: dict[str, str] = {
    "rules.voted": N_("vote on house rules"),
}


def role_refusal(members: Mapping[str, str], actor: str, event_type: str) -> NotAuthorized | None:
    """The refusal ``actor`` meets recording an event of ``event_type`` in a campaign of ``members``, or None."""
    role = members.get(actor)
    if role is None:
        return NotAuthorized(_("'{actor}' is not a member of the campaign").format(actor=actor))
    if event_type in MASTER_ONLY and role != "master":
        return NotAuthorized(_("only the Master may {master_only} ('{actor}' is a player)")
                             .format(master_only=_(MASTER_ONLY[event_type]), actor=actor))
    if event_type in PLAYERS_ONLY and role != "player":
        return NotAuthorized(_("only players {players_only} ('{actor}' is the Master)")
                             .format(players_only=_(PLAYERS_ONLY[event_type]), actor=actor))
    return None


def require_role(members: Mapping[str, str], actor: str, event_type: str) -> None:
    """Refuse (NotAuthorized) unless ``actor`` may record an event of ``event_type``."""
    refusal = role_refusal(members, actor, event_type)
    if refusal is not None:
        raise refusal
