"""``journal.events.refusals``: a payload's validation error in the reader's words, pydantic's English kept in English."""

from __future__ import annotations

import pytest

from journal.errors import ValidationFailed
from journal.events.payload import parse_payload, payload_class
from journal.i18n import language


def _refusal(lang: str, **fields: object) -> str:
    with language(lang), pytest.raises(ValidationFailed) as refused:
        payload_class("wield.power_bestowed").check_fields(**fields)
    return str(refused.value)


def test_a_domain_outside_the_twelve_is_refused_in_russian_by_label_and_display_words() -> None:
    """``domain='Nope'`` in Russian: the field's label and the Domains' Russian words, no English at all."""
    assert _refusal("ru", domain="Nope") == (
        "поле «домен»: допустимо одно из: «Воздух», «Разрушение», «Земля», «Свет», «Животное», «Тьма», «Огонь», "
        "«Растение», «Создание», «Смерть», «Жизнь», «Вода»")


def test_a_domain_outside_the_twelve_is_refused_in_english_as_pydantic_words_it() -> None:
    """English keeps the type, the key and pydantic's message exactly (scripts match it)."""
    assert _refusal("en", domain="Nope") == (
        "wield.power_bestowed: field 'domain': Input should be 'Air', 'Destruction', 'Earth', 'Light', 'Animal', "
        "'Darkness', 'Fire', 'Plant', 'Creation', 'Death', 'Life' or 'Water'")


def test_an_empty_power_name_is_refused_in_russian_with_its_limit() -> None:
    """A power named '' in Russian: «сила» needs at least one character."""
    assert _refusal("ru", power="") == "поле «сила»: нужно символов не меньше: 1"


def test_a_missing_field_of_a_whole_payload_is_named_in_russian() -> None:
    """A power_bestowed with no fields at all: the first missing one, by its label."""
    with language("ru"), pytest.raises(ValidationFailed) as refused:
        parse_payload("wield.power_bestowed", {})
    assert str(refused.value) == "поле «Ватча»: не заполнено"
