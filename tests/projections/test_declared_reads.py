"""The folds' declared reads (TYPES, SUFFIXES, CAUSED) cover every event their code reads: the store's fold read
fetches only the declared events, so an event type a fold handles but does not declare would be skipped silently.

Checked two ways: every event type a fold module (or a fold module it delegates to) names in its code is one it
declares; and, over the demo's four campaigns (real events of every system), applying an event a fold does not
declare leaves that fold's state exactly as it was."""

from __future__ import annotations

import ast
import copy
import inspect
from types import ModuleType

import pytest

from journal.events.payload import registered_types
from journal.service import Journal
from journal.service.demo import record_demo
from journal.systems.registry import descriptors
from projections import catalog


def _projections() -> list[catalog.Projection]:
    """Every projection of every registered system, each once (the shared ones first)."""
    seen: dict[str, catalog.Projection] = {}
    for descriptor in descriptors():
        for projection in catalog.for_system(descriptor.name):
            seen.setdefault(projection.module.__name__, projection)
    return list(seen.values())


def _named_types(module: ModuleType) -> set[str]:
    """The registered event types a fold module's code names as string literals, and those of the fold modules it
    imports (a Wield fold hands the ledger's types to ``_ledger.dispatch``; a VPT fold takes its bond handlers from
    ``_standings``)."""
    known = set(registered_types())
    found: set[str] = set()
    modules = [module] + [value for value in vars(module).values()
                          if isinstance(value, ModuleType) and value.__name__.startswith("projections.")]
    for each in modules:
        for node in ast.walk(ast.parse(inspect.getsource(each))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in known:
                found.add(node.value)
    return found


@pytest.mark.parametrize("projection", _projections(), ids=lambda p: p.module.__name__)
def test_every_event_type_a_fold_names_is_one_it_declares(projection: catalog.Projection) -> None:
    """Each event type named in a fold's code (or a fold module it delegates to) passes the fold's own ``wants``,
    so the filtered fold read fetches it."""
    undeclared = sorted(t for t in _named_types(projection.module) if not projection.wants(t))
    assert undeclared == []


def test_every_system_fold_declares_what_it_reads() -> None:
    """Every fold of the four systems declares its reads (TYPES, SUFFIXES or CAUSED): none silently reads every
    event, which would turn the filtered read off for its whole system."""
    assert [p.module.__name__ for p in _projections() if p.reads is None] == []


def test_an_undeclared_event_leaves_every_fold_unchanged(journal: Journal) -> None:
    """Over the demo's four campaigns, each event applied to each fold that does not declare it changes nothing: the
    state after it is exactly the state before."""
    record_demo(journal)
    changed: list[tuple[str, str]] = []
    checked = 0
    for campaign in journal.store.campaigns():
        system = journal.campaign(campaign)["system"]
        projections = catalog.for_system(system)
        states = {p.name: p.initial() for p in projections}
        for event in journal.store.read(campaign):
            for projection in projections:
                if projection.wants(event.type):
                    projection.apply(states[projection.name], event)
                    continue
                before = copy.deepcopy(states[projection.name])
                projection.apply(states[projection.name], event)
                checked += 1
                if states[projection.name] != before:
                    changed.append((projection.name, event.type))
                    states[projection.name] = before
    assert checked > 0
    assert sorted(set(changed)) == []


def test_a_fold_declaring_its_types_as_a_bare_string_is_refused_naming_the_module() -> None:
    """``TYPES = "x.y"`` (a string, not a collection of types) is a TypeError naming the module and the type wanted."""
    module = ModuleType("folds.broken")
    module.TYPES = "coin.flipped"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"folds\.broken\.TYPES: a fold declares a tuple or frozenset or set of event "
                                        r"types, not 'coin\.flipped'"):
        assert catalog.Projection("broken", 1, module).reads is None
