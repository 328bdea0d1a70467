"""Upcasting: a payload stored in an older shape is read in the current one by the folds, and stored as it was."""

from __future__ import annotations

import pytest

from journal.events.envelope import Event, NewEvent
from journal.events.upcasting import current_version, register, upcast
from journal.service import Journal


def _event(event_type: str, schema: int, data: dict) -> Event:
    return Event("00000000-0000-7000-8000-000000000001", "c", 1, event_type, data, "gm", "2026-12-01T00:00:00.000000Z",
                 schema=schema)


def test_an_old_payload_is_raised_one_version_at_a_time() -> None:
    """Two registered steps take a schema-1 payload to schema 3, each step seeing the previous one's output."""
    register("test.upcast_chain", 1, lambda d: {**d, "b": d["a"] * 2})
    register("test.upcast_chain", 2, lambda d: {**d, "c": d["b"] + 1})
    raised = upcast(_event("test.upcast_chain", 1, {"a": 5}))
    assert (raised.schema, raised.data, current_version("test.upcast_chain")) == (3, {"a": 5, "b": 10, "c": 11}, 3)


def test_a_current_payload_is_returned_untouched() -> None:
    """An event already in the current shape is the same object (the fold's hot path pays nothing)."""
    register("test.upcast_current", 1, lambda d: {**d, "x": 1})
    event = _event("test.upcast_current", 2, {"x": 0})
    assert upcast(event) is event


def test_a_missing_step_is_named() -> None:
    """A payload older than the first registered step fails naming the type, the version and the event."""
    register("test.upcast_gap", 2, lambda d: d)
    with pytest.raises(ValueError, match="no upcaster for test.upcast_gap v1 \\(event 00000000-0000-7000-8000-000000000001\\)"):
        upcast(_event("test.upcast_gap", 1, {}))


def test_a_release_0_1_weapon_table_folds_as_the_whole_table(journal: Journal) -> None:
    """VPT's weapon table of schema 1 (no ``merge``) replaces the table; the stored payload keeps its shape."""
    journal.create_campaign("Пепел", "vpt", "ГМ")
    table = {"club": {"target": 4, "initiative": 1}, "spear": {"target": 8, "initiative": 3}}
    journal.store.append("Пепел", [NewEvent("vpt.weapon_table_set", {"weapons": table}, "ГМ", schema=1)], 1)
    journal.store.append("Пепел", [NewEvent("vpt.weapon_table_set", {"weapons": {"club": table["club"]}}, "ГМ",
                                            schema=1)], 2)
    assert sorted(journal.at("Пепел")["vpt.sheet"]["weapons"]) == ["club"]
    (stored,) = journal.store.read("Пепел", from_version=3)
    assert (stored.schema, stored.data) == (1, {"weapons": {"club": table["club"]}})


def test_a_new_weapon_table_is_written_at_schema_2(journal: Journal) -> None:
    """Every append writes its payload model's schema version: the weapon table is at 2."""
    from journal.systems.vpt import commands

    journal.create_campaign("Пепел", "vpt", "ГМ")
    event = commands.set_weapon(journal, "Пепел", "club", 4, 1)
    assert (event.type, event.schema, event.data["merge"]) == ("vpt.weapon_table_set", 2, True)
