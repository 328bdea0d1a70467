"""The server's refusals and choice labels in the reader's language (web/errors.py, web/routes/verbs.py).

Pure functions under ``journal.i18n.language``; tests/web/test_web_language.py drives a real server.
"""

from __future__ import annotations

from typing import Any

from journal.i18n import language
from journal.service.summaries import words_of
from web.errors import _field, _words
from web.routes.verbs import spoken, verbs_of

TOO_LONG = {"type": "string_too_long", "loc": ("header", "Idempotency-Key"), "ctx": {"max_length": 200},
            "msg": "String should have at most 200 characters"}


def test_a_pydantic_length_error_is_said_in_russian_with_its_plural() -> None:
    """string_too_long under Russian: the field named and 'не больше 200 символов'."""
    with language("ru"):
        said = f"{_field(TOO_LONG['loc'])}: {_words(TOO_LONG)}"
    assert said == "заголовок «Idempotency-Key»: в строке может быть не больше 200 символов"


def test_a_pydantic_error_in_english_keeps_pydantics_own_words() -> None:
    """Outside Russian the message is pydantic's, byte for byte."""
    assert f"{_field(TOO_LONG['loc'])}: {_words(TOO_LONG)}" == (
        "header field 'Idempotency-Key': String should have at most 200 characters")


def test_a_pydantic_message_its_template_does_not_reproduce_stays_as_pydantic_said_it() -> None:
    """A known type whose message differs from the template (another pydantic's wording) is left in English."""
    odd = {"type": "missing", "loc": ("body", "notation"), "msg": "Field is required here"}
    with language("ru"):
        said = _words(odd)
    assert said == "Field is required here"


def test_the_initiative_forms_choices_carry_vpts_russian_words() -> None:
    """GET /api/verbs' schema: ``mode`` keeps its values and labels them from VPT's words in Russian."""
    initiative = next(verb for verb in verbs_of("vpt") if verb["verb"] == "initiative")
    with language("ru"):
        mode: dict[str, Any] = spoken(initiative, words_of("vpt"))["schema"]["properties"]["mode"]
    assert (mode["enum"], mode["x-labels"]) == (["reckless", "careful"],
                                                {"reckless": "опрометчиво", "careful": "осторожно"})


def test_the_stone_wheel_damage_forms_cause_hints_its_default_in_russian() -> None:
    """GET /api/verbs' schema: Stone Wheel's damage ``cause`` defaults to ``damage`` and shows it as «урон»."""
    damage = next(verb for verb in verbs_of("stone-wheel") if verb["verb"] == "damage")
    with language("ru"):
        cause: dict[str, Any] = spoken(damage, words_of("stone-wheel"))["schema"]["properties"]["cause"]
    assert (cause["default"], cause["x-default-label"]) == ("damage", "урон")
