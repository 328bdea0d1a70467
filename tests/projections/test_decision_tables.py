"""The decision tables' ``DISPLAY`` map stays true: it names only fields the current payloads still store."""

from __future__ import annotations

from decision_tables import DISPLAY

from journal.events.payload import payload_class


def test_display_names_only_fields_of_the_current_payloads() -> None:
    """A total a newer schema dropped (a wound's ``total``, a track) is the fold's: no DISPLAY entry names it."""
    gone = {event_type: sorted(f for f in fields if f not in payload_class(event_type).model_fields)
            for event_type, fields in DISPLAY.items()}
    assert {event_type: fields for event_type, fields in gone.items() if fields} == {}


def test_a_turn_order_penalty_is_compared_only_by_the_violation_it_names() -> None:
    """A Stone Wheel violation's ``consequence`` and ``damage`` are facts the sheet applies (schema 2), yet a
    re-recording computes them from the Health as it stands after a void: they stay out of the comparison."""
    assert DISPLAY["stone_wheel.turn_order_violated"] == frozenset({"violation", "consequence", "damage"})
