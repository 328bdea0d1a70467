"""Every integer an event carries is bounded: a payload field given a number past 2^31 - 1 is refused naming it."""

from __future__ import annotations

import typing

import pytest
from pydantic import ValidationError

from journal.errors import ValidationFailed
from journal.events import parse_payload, registered_types
from journal.events.numbers import MAX_INT, out_of_range


def _int_fields() -> list[tuple[str, str]]:
    """(event type, field) for every payload field whose annotation holds an int (bare, optional or in a container)."""
    found = []
    for name, model in registered_types().items():
        for field, info in model.model_fields.items():
            if "int" in repr(info.annotation) and info.annotation is not bool:
                found.append((name, info.alias or field))
    return found


FIELDS = _int_fields()


def test_the_payloads_hold_integer_fields_to_check() -> None:
    """The catalogue has integer fields in every system (the parametrised test below is not vacuous)."""
    assert {name.split(".")[0] for name, _ in FIELDS} >= {"wield", "stone_wheel", "dichotomy", "vpt", "session"}


@pytest.mark.parametrize(("event_type", "field"), FIELDS, ids=[f"{t}.{f}" for t, f in FIELDS])
def test_a_huge_number_in_any_integer_field_is_refused_naming_it(event_type: str, field: str) -> None:
    """2^64 in the field (alone, or as the element of a list or value of a mapping): the field is named as out of range."""
    model = registered_types()[event_type]
    annotation = repr(model.model_fields[next(k for k, v in model.model_fields.items() if (v.alias or k) == field)]
                      .annotation)
    value: typing.Any = 2**64
    if annotation.startswith(("list", "typing.List")):
        value = [2**64]
    elif annotation.startswith(("dict", "typing.Dict")):
        value = {"x": 2**64}
    with pytest.raises(ValidationError) as raised:
        model.model_validate({field: value})
    assert [e["type"] for e in raised.value.errors() if e["loc"][:1] == (field,)] == ["number_range"]


def test_parse_payload_names_the_field_and_the_bound() -> None:
    """The one line a refusal prints: the event type, the field, the number and the bound."""
    with pytest.raises(ValidationFailed) as raised:
        parse_payload("session.ended", {"number": 10**20, "seed": "0" * 64, "next_counter": 0, "minutes": 1})
    assert str(raised.value) == ("session.ended: field 'number': 100000000000000000000 is out of range "
                                 f"(at most {MAX_INT} either way)")


def test_out_of_range_finds_a_number_nested_in_lists_and_mappings() -> None:
    """A number past the bound deep inside a value is found; the bound itself, booleans and text are not."""
    assert (out_of_range({"a": [1, {"b": -(2**31)}]}), out_of_range([MAX_INT, -MAX_INT, True, "9" * 30])) == (
        -(2**31), None)
