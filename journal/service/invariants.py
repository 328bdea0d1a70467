"""The states the rules allow, checked on the folds after every overturn (journal.service.disputes.rule).

Each system declares its own in ``journal/systems/<system>/invariants.py`` (the descriptor's
``invariants``); the shared ones are here.  Membership and session records are final (they cannot
be disputed, so no overturn changes them); what the shared folds keep that an overturn can break is
the XP ledger.  :func:`broken` answers the first invariant a campaign's folds break, system ones first.
A system also declares preconditions (:func:`preconditions`): a rule an event must meet in the state just
before it, for what an overturn can take from under a later event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from journal.errors import RuleViolation
from journal.i18n import N_
from journal.systems.registry import Invariant, Precondition, system

__all__ = ["SHARED", "Invariant", "Precondition", "broken", "for_system", "preconditions", "refused"]


def _xp_ledger(states: dict[str, Any]) -> list[str]:
    return [f"{name}: {ledger['spent']} XP spent, {ledger['earned']} XP earned"
            for name, ledger in states["xp"]["characters"].items() if ledger["balance"] < 0]


SHARED: tuple[Invariant, ...] = (
    Invariant(N_("experience is spent, never more than was earned"), _xp_ledger, reads=("xp",)),
)


def _declared(name: str) -> tuple[Invariant | Precondition, ...]:
    reference = system(name).invariants
    return tuple(reference.load()) if reference else ()


def for_system(name: str) -> tuple[Invariant, ...]:
    """The invariants of a campaign of system ``name``: the system's own, then the shared ones."""
    return tuple(rule for rule in _declared(name) if isinstance(rule, Invariant)) + SHARED


def preconditions(name: str) -> tuple[Precondition, ...]:
    """The preconditions the events of a campaign of system ``name`` must meet (the system's own)."""
    return tuple(rule for rule in _declared(name) if isinstance(rule, Precondition))


def refused(check: Callable[..., object], *args: object, **options: object) -> list[str]:
    """What a rule function of a system's rule book refuses for ``args`` (its message), or [] when it allows them:
    a precondition calls the rule its command calls."""
    try:
        check(*args, **options)
    except RuleViolation as exc:
        return [exc.detail]
    return []


def broken(invariants: tuple[Invariant, ...], states: dict[str, Any]) -> tuple[Invariant, list[str]] | None:
    """The first of ``invariants`` that ``states`` break, with what breaks it; None when all hold."""
    for invariant in invariants:
        found = invariant.check(states)
        if found:
            return invariant, found
    return None
