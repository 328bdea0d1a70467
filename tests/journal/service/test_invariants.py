"""journal.service.invariants: every system declares its invariants, and each one names what breaks it."""

from __future__ import annotations

from typing import Any

import pytest

from journal.service import invariants
from journal.systems.registry import descriptors


def test_every_system_declares_its_invariants_before_the_shared_ones() -> None:
    """Each descriptor names an invariants module; the shared XP ledger's comes last."""
    for descriptor in descriptors():
        found = invariants.for_system(descriptor.name)
        assert descriptor.invariants is not None
        assert len(found) >= 2 and found[-1] is invariants.SHARED[-1]


@pytest.mark.parametrize(("system", "states", "rule", "what"), [
    ("dichotomy", {"dichotomy.sheet": {"characters": {"Взломщик": {"xp": {"earned": 3, "spent": 5, "balance": -2}}}}},
     "Experience Points are a resource: a character spends no more XP than he gained", ["Взломщик: 5 XP spent, 3 XP earned"]),
    ("stone-wheel", {"stone_wheel.sheet": {"characters": {"Ратибор": {"xp": {"earned": 0, "spent": 150,
                                                                              "balance": -150}}}}},
     "experience is spent on skills and parameters: no more than was gained", ["Ратибор: 150 XP spent, 0 XP earned"]),
    ("wield", {"wield.geis": {"heroes": {"Айвар": {"owed": -1}}}},
     "breaking the geis creates a debt of failures owed to Fate: never below 0", ["Айвар: -1 failures owed"]),
    ("vpt", {"vpt.sheet": {"characters": {"Аня": {"relationships": {"a": {}, "b": {}, "c": {}, "d": {}}}}}},
     "the number of possible Relationships is limited to three", ["Аня: 4 relationships"]),
])
def test_a_broken_system_invariant_is_named_with_what_breaks_it(system: str, states: dict[str, Any], rule: str,
                                                                 what: list[str]) -> None:
    """The system's own invariant is the first broken, with one line per character that breaks it."""
    found = invariants.broken(invariants.for_system(system)[:-1], states)
    assert found is not None and (found[0].rule, found[1]) == (rule, what)


def test_the_shared_xp_ledger_below_zero_is_broken() -> None:
    """The shared ledger: a balance below 0 breaks it; 0 does not."""
    ledger = {"xp": {"characters": {"A": {"earned": 3, "spent": 5, "balance": -2}, "B": {"earned": 1, "spent": 1,
                                                                                           "balance": 0}}}}
    found = invariants.broken(invariants.SHARED, ledger)
    assert found is not None and found[1] == ["A: 5 XP spent, 3 XP earned"]


def test_a_dichotomy_track_of_three_shaken_hits_is_broken() -> None:
    """Two Shaken circles only: a sheet showing three is refused by the track's invariant; two are allowed."""
    rule = next(r for r in invariants.for_system("dichotomy") if r.rule.startswith("the health track"))

    def sheets(shaken: int) -> dict[str, Any]:
        health = {"shaken": shaken, "injured": False, "serious": False, "drawing": f"{shaken} shaken"}
        return {"dichotomy.sheet": {"characters": {"Шарлотта": {"health": health}}}}

    assert (rule.check(sheets(3)), rule.check(sheets(2))) == (["Шарлотта: 3 shaken"], [])


def test_every_precondition_names_the_projections_it_reads_and_its_types() -> None:
    """A precondition with no event type would never be checked; one with no projection would fold them all."""
    found = [rule for descriptor in descriptors() for rule in invariants.preconditions(descriptor.name)]
    assert sorted(rule.types for rule in found) == [
        ("stone_wheel.turn_order_violated",), ("vpt.death_checked",), ("vpt.points_spent",),
        ("vpt.revenge_target_chosen",), ("wield.control_risk",)]
    assert all(rule.types and rule.reads for rule in found)
