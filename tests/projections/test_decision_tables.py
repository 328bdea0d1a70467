"""The decision tables' ``DISPLAY`` map stays true: it names only fields the current payloads still store."""

from __future__ import annotations

from decision_tables import DISPLAY

from journal.events.payload import payload_class


def test_display_names_only_fields_of_the_current_payloads() -> None:
    """A total a newer schema dropped (a wound's ``total``, a track) is the fold's: no DISPLAY entry names it."""
    gone = {event_type: sorted(f for f in fields if f not in payload_class(event_type).model_fields)
            for event_type, fields in DISPLAY.items()}
    assert {event_type: fields for event_type, fields in gone.items() if fields} == {}


def test_a_turn_order_penalty_is_compared_as_a_fact_of_the_table() -> None:
    """A Stone Wheel violation's ``consequence`` and ``damage`` are facts the sheet applies as recorded (schema 2):
    they are compared, so a re-recording after a void that changed the Health (half of it is another number)
    records other facts, and the two logs are not compared; only the violation's number is kept for the log."""
    assert DISPLAY["stone_wheel.turn_order_violated"] == frozenset({"violation"})
