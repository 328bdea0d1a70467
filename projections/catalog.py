"""Which projections fold a campaign's events: the shared ones, and those its rule system's descriptor lists.

Each entry has a ``version``: bump it whenever a fold's logic changes, and every snapshot and read
model made by the old logic stops being used (the fingerprint no longer matches) until
``journal rebuild`` replaces them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from journal.events.envelope import Event


@dataclass(frozen=True)
class Projection:
    """A named fold: ``initial() -> state`` and ``apply(state, event)`` (in place)."""

    name: str
    version: int
    module: ModuleType

    @property
    def initial(self) -> Callable[[], dict[str, Any]]:
        return self.module.initial

    @property
    def apply(self) -> Callable[[dict[str, Any], Event], None]:
        return self.module.apply

    def wants(self, event_type: str) -> bool:
        """Whether ``apply`` can change the state for this type: the module's ``wants``, its ``TYPES``, or all."""
        if hasattr(self.module, "wants"):
            return bool(self.module.wants(event_type))
        types = getattr(self.module, "TYPES", None)
        return types is None or event_type in types


def _shared() -> list[Projection]:
    from projections import campaign, disputes, house_rules, session, xp

    return [Projection("campaign", 3, campaign), Projection("sessions", 3, session), Projection("xp", 2, xp),
            Projection("disputes", 3, disputes), Projection("house_rules", 2, house_rules)]


def _system(system: str) -> list[Projection]:
    import importlib

    from journal.events.upcasting import register
    from journal.systems.registry import system as registered

    descriptor = registered(system)
    for upcast in descriptor.upcasters:  # the system's older payload shapes read as the current ones (lazily)
        register(upcast.type, upcast.from_version, upcast.function)
    return [Projection(fold.name, fold.version, importlib.import_module(fold.module)) for fold in descriptor.folds]


def for_system(system: str) -> list[Projection]:
    """Every projection a campaign of ``system`` keeps, shared ones first."""
    return _shared() + _system(system)


def fingerprint(projections: list[Projection]) -> str:
    """A short digest of the projections' names and versions (snapshots record it)."""
    text = ";".join(f"{p.name}={p.version}" for p in projections)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
