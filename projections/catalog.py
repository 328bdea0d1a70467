"""Which projections fold a campaign's events: the shared ones, and those its rule system's descriptor lists.

Each entry has a ``version``: bump it whenever a fold's logic changes, and every snapshot and read
model made by the old logic stops being used (the fingerprint no longer matches) until
``journal rebuild`` replaces them.

A fold module says which events its ``apply`` reads: ``TYPES`` (a tuple or frozenset of exact types), ``SUFFIXES`` (a tuple:
every type ending so, e.g. every system's ``.xp_awarded``) and ``CAUSED = True`` (also every event that names a
causation, whatever its type); a module that declares none of them reads every event.  Each is checked against
its declared type (:data:`DECLARED_READS`) when the fold is first read: a list, a bare string or a misspelt type
is a TypeError naming the module, not a fold that silently reads every event or none.  :func:`selection` turns the declarations of a
campaign's folds into what the store's fold read selects, so that a replay never fetches nor decodes an event no
fold reads (for VPT, the dice of hits, initiative and free rolls: half the stream).
"""

from __future__ import annotations

import functools
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
        """Whether ``apply`` can change the state for some event of this type (see :attr:`reads`)."""
        reads = self.reads
        return reads is None or reads.caused or event_type in reads.types or event_type.endswith(reads.suffixes)

    @property
    def reads(self) -> Reads | None:
        """The events ``apply`` reads, from the module's ``TYPES``, ``SUFFIXES`` and ``CAUSED``; None: every event."""
        return _reads(self.module)


@dataclass(frozen=True)
class Reads:
    """Events as a store read selects them: of ``types``, of a type ending in one of ``suffixes``, and, when
    ``caused``, every event that names a causation."""

    types: frozenset[str] = frozenset()
    suffixes: tuple[str, ...] = ()
    caused: bool = False


#: What a fold module may declare of the events it reads, and the type each declaration must have.
DECLARED_READS: dict[str, tuple[type, ...]] = {"TYPES": (tuple, frozenset, set), "SUFFIXES": (tuple,), "CAUSED": (bool,)}


def _declared(module: ModuleType, name: str, default: Any) -> Any:
    """``module.<name>`` checked against its declared type (and, for a collection, of event type strings)."""
    value = getattr(module, name, default)
    kinds = DECLARED_READS[name]
    if value is default:
        return value
    if not isinstance(value, kinds) or (isinstance(value, (tuple, frozenset, set))
                                        and not all(isinstance(v, str) for v in value)):
        raise TypeError(f"{module.__name__}.{name}: a fold declares a {' or '.join(k.__name__ for k in kinds)}"
                        f"{'' if bool in kinds else ' of event types'}, not {value!r}")
    return value


@functools.cache
def _reads(module: ModuleType) -> Reads | None:
    types: tuple[str, ...] | frozenset[str] | set[str] | None = _declared(module, "TYPES", None)
    suffixes: tuple[str, ...] = _declared(module, "SUFFIXES", ())
    caused: bool = _declared(module, "CAUSED", False)
    if types is None and not suffixes and not caused:
        return None
    return Reads(frozenset(types or ()), suffixes, caused)


def selection(projections: list[Projection]) -> Reads | None:
    """What the folds of ``projections`` read together (None: some fold reads every event)."""
    found = [p.reads for p in projections]
    if any(reads is None for reads in found):
        return None
    known = [reads for reads in found if reads is not None]
    return Reads(frozenset().union(*(reads.types for reads in known)),
                 tuple(sorted({suffix for reads in known for suffix in reads.suffixes})),
                 any(reads.caused for reads in known))


def _shared() -> list[Projection]:
    from projections import campaign, disputes, house_rules, session, xp

    return [Projection("campaign", 3, campaign), Projection("sessions", 3, session), Projection("xp", 3, xp),
            Projection("disputes", 3, disputes), Projection("house_rules", 2, house_rules)]


def _system(system: str) -> list[Projection]:
    import importlib

    from journal.events.upcasting import register_all
    from journal.systems.registry import system as registered

    descriptor = registered(system)
    register_all(descriptor.upcasters)  # the system's older payload shapes read as the current ones (lazily)
    return [Projection(fold.name, fold.version, importlib.import_module(fold.module)) for fold in descriptor.folds]


def for_system(system: str) -> list[Projection]:
    """Every projection a campaign of ``system`` keeps, shared ones first."""
    return _shared() + _system(system)


def fingerprint(projections: list[Projection]) -> str:
    """A short digest of the projections' names and versions (snapshots record it)."""
    text = ";".join(f"{p.name}={p.version}" for p in projections)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
