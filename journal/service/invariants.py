"""The states the rules allow, checked on the folds after every overturn (journal.service.disputes.rule).

Each system declares its own in ``journal/systems/<system>/invariants.py`` (the descriptor's
``invariants``); the shared ones are here.  Membership and session records are final (they cannot
be disputed, so no overturn changes them); what the shared folds keep that an overturn can break is
the XP ledger.  :func:`broken` answers the first invariant a campaign's folds break, system ones first.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import N_
from journal.systems.registry import Invariant, load, system


def _xp_ledger(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {ledger['spent']} XP spent, {ledger['earned']} XP earned"
            for name, ledger in states["xp"]["characters"].items() if ledger["balance"] < 0]


SHARED: tuple[Invariant, ...] = (
    Invariant(N_("experience is spent, never more than was earned"), _xp_ledger, reads=("xp",)),
)


def for_system(name: str) -> tuple[Invariant, ...]:
    """The invariants of a campaign of system ``name``: the system's own, then the shared ones."""
    reference = system(name).invariants
    return (tuple(load(reference)) if reference else ()) + SHARED


def broken(invariants: tuple[Invariant, ...], states: dict[str, Any]) -> tuple[Invariant, list[str]] | None:
    """The first of ``invariants`` that ``states`` break, with what breaks it; None when all hold."""
    for invariant in invariants:
        found = invariant.check(states)
        if found:
            return invariant, found
    return None
