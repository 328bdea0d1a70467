"""Names people type at the table, looked up: the stored spellings of campaigns, members and characters.

A name is matched exactly.  A name that is not stored is never taken for another (an append-only
record must not guess whose roll it is): :func:`refuse_unknown` refuses it naming the stored spellings
closest to it, the same word in another case first (``str.casefold``), then the nearest by
:func:`difflib.get_close_matches`.  A name with no close spelling is left for the service to refuse with
its own rule (a new character, an unknown member).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from journal.errors import NotFound
from journal.i18n import N_, gettext
from journal.service.journal import Journal

Kind = Literal["campaign", "member", "character"]

#: The refusal of a name not stored that resembles stored ones, by kind (msgids).
DID_YOU_MEAN: dict[Kind, str] = {
    "campaign": N_("no campaign named '{name}'; did you mean {close}?"),
    "member": N_("no member named '{name}' in '{campaign}'; did you mean {close}?"),
    "character": N_("no character named '{name}' in '{campaign}'; did you mean {close}?"),
}

#: How close a stored name must be to be suggested (difflib's ratio).
CUTOFF = 0.75


def suggestions(name: str, known: Iterable[str], limit: int = 3) -> list[str]:
    """The stored names ``name`` may have meant: the same letters in another case, then the nearest spellings."""
    import difflib  # only when a name is not stored: a query that names what exists does not load it

    stored = sorted(set(known))
    folded = name.casefold()
    same = [k for k in stored if k.casefold() == folded and k != name]
    by_fold = {k.casefold(): k for k in stored if k not in same}
    near = difflib.get_close_matches(folded, list(by_fold), n=limit, cutoff=CUTOFF)
    return (same + [by_fold[k] for k in near if by_fold[k] != name])[:limit]


def known(journal: Journal, kind: Kind, campaign: str | None = None) -> list[str]:
    """The stored names of ``kind``: every campaign, or the members or characters of ``campaign`` now."""
    if kind == "campaign":
        return journal.store.campaigns()
    assert campaign is not None
    if kind == "member":
        return list(journal.campaign(campaign)["members"])
    from journal.service.queries import sheets

    return list(sheets(journal.at(campaign)))


def refuse_unknown(journal: Journal, kind: Kind, name: str, campaign: str | None = None) -> None:
    """NotFound naming the close stored spellings when ``name`` is not stored but resembles one; else nothing."""
    names = known(journal, kind, campaign)
    if name in names:
        return
    close = suggestions(name, names)
    if close:
        meant = gettext(" or ").join(gettext("'{name}'").format(name=c) for c in close)
        raise NotFound(gettext(DID_YOU_MEAN[kind]).format(name=name, campaign=campaign, close=meant))
