"""The labels people read for event types, sheet fields, payload keys and recorded values (journal.service.labels).

One table per system in its ``words`` module (``TYPES``, ``FIELDS``, ``PAYLOAD``, ``WORDS``, named by its
descriptor), and the shared ones in journal.service.labels: English is the msgid, Russian the ``journal``
catalogue's; the tests' own process speaks English (tests/conftest.py).
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel

from journal.events.payload import registered_types
from journal.i18n import language
from journal.service.labels import labels, payload_labels, title, type_label, words
from journal.systems.registry import descriptors


def test_a_vpt_hit_and_a_free_roll_are_named_in_russian() -> None:
    """vpt.hit_rolled reads "Попадание" and the shared roll.made "Бросок" in a VPT campaign."""
    with language("ru"):
        types = labels("vpt")["types"]
    assert (types["vpt.hit_rolled"], types["roll.made"]) == ("Попадание", "Бросок")


def test_the_english_labels_are_the_tables_msgids() -> None:
    """In English the hit is "Hit", a Stone Wheel request "Request" and the campaign's start "Campaign started"."""
    assert (type_label("vpt", "vpt.hit_rolled"), type_label("stone-wheel", "stone_wheel.request_rolled"),
            type_label("wield", "campaign.created")) == ("Hit", "Request", "Campaign started")


def test_a_type_no_table_names_reads_as_itself() -> None:
    """An event type of a newer journal (no label here) is shown as its identifier."""
    with language("ru"):
        assert type_label("vpt", "vpt.newer_thing") == "vpt.newer_thing"


def test_every_registered_event_type_has_a_label_in_its_systems_campaigns() -> None:
    """Each system's campaigns name every shared type and every one of the system's own: none left raw."""
    types = registered_types()
    shared = {t for t, model in types.items() if model.__module__.startswith("journal.events.")}
    missing = {}
    for descriptor in descriptors():
        own = {t for t, model in types.items() if model.__module__.startswith(descriptor.package + ".")}
        named = set(labels(descriptor.name)["types"])
        if (shared | own) - named:
            missing[descriptor.name] = sorted((shared | own) - named)
    assert missing == {}


def test_stone_wheel_sheet_fields_are_named_in_russian_as_the_rules_call_them() -> None:
    """charisma, carry and toxin_resistance read as the rules digest's Russian (Харизма, Перенос, ...)."""
    with language("ru"):
        fields = labels("stone-wheel")["fields"]
    assert [fields[k] for k in ("charisma", "carry", "toxin_resistance", "player")] == [
        "Харизма", "Перенос", "Сопротивление токсинам", "Игрок"]


def test_a_vpt_sheet_field_stays_english_outside_russian() -> None:
    """Without a language block hit_bonus reads "Hit bonus", the shared xp "Experience"."""
    fields = labels("vpt")["fields"]
    assert (fields["hit_bonus"], fields["xp"]) == ("Hit bonus", "Experience")


def test_recorded_values_read_as_their_systems_words_in_russian() -> None:
    """Dichotomy's wealth comfortable, Wield's kind hero and the shared kind character read in Russian."""
    with language("ru"):
        words = {name: labels(name)["words"] for name in ("dichotomy", "wield", "vpt")}
    assert (words["dichotomy"]["comfortable"], words["wield"]["hero"], words["vpt"]["character"]) == (
        "комфортный", "герой", "персонаж")


def test_a_systems_title_is_named_in_russian_and_an_unknown_one_by_its_id() -> None:
    """title("vpt") is ВПТ, title("stone-wheel") Каменное колесо; a system this journal lacks keeps its id."""
    with language("ru"):
        assert (title("vpt"), title("stone-wheel"), title("chess")) == ("ВПТ", "Каменное колесо", "chess")


def _records(annotation: Any) -> list[type[BaseModel]]:
    """The models a field of type ``annotation`` holds records of (through Optional, list and tuple; a dict's keys
    are names and its values are not read here)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if typing.get_origin(annotation) is dict:
        return []
    return [model for inner in typing.get_args(annotation) for model in _records(inner)]


def _keys(model: type[BaseModel]) -> set[str]:
    """Every key a payload of ``model`` may hold, its nested records' too (a field by its alias: ``class``)."""
    found, stack, seen = set(), [model], set()
    while stack:
        record = stack.pop()
        seen.add(record)
        for name, field in record.model_fields.items():
            found.add(field.alias or name)
            stack += [inner for inner in _records(field.annotation) if inner not in seen]
    return found


def _values(model: type[BaseModel]) -> set[str]:
    """Every enumerated word (a ``Literal`` string) a payload of ``model`` may record, its nested records' too."""
    found, stack, seen = set(), [model], set()

    def literals(annotation: Any) -> set[str]:
        if typing.get_origin(annotation) is typing.Literal:
            return {value for value in typing.get_args(annotation) if isinstance(value, str)}
        return set().union(*(literals(inner) for inner in typing.get_args(annotation)))

    while stack:
        record = stack.pop()
        seen.add(record)
        for field in record.model_fields.values():
            found |= literals(field.annotation)
            stack += [inner for inner in _records(field.annotation) if inner not in seen]
    return found


def _types_of(descriptor: Any) -> dict[str, type[BaseModel]]:
    return {t: model for t, model in registered_types().items() if model.__module__.startswith(descriptor.package + ".")}


def test_every_payload_key_of_every_event_type_has_a_label() -> None:
    """Each shared event's keys are named by the shared labels, each system's by its campaigns' (its own
    ``payload_fields`` and ``fields`` and the shared ones; a key of one type may be labelled ``<type>:<key>``)."""
    shared = {t: model for t, model in registered_types().items() if model.__module__.startswith("journal.events.")}
    missing = {t: sorted(_keys(model) - set(payload_labels(None))) for t, model in shared.items()}
    for descriptor in descriptors():
        named = payload_labels(descriptor.name)
        missing.update({t: sorted(k for k in _keys(model) if k not in named and f"{t}:{k}" not in named)
                        for t, model in _types_of(descriptor).items()})
    assert {t: keys for t, keys in missing.items() if keys} == {}


def test_every_enumerated_value_of_every_payload_has_a_word() -> None:
    """Each word a payload records from a fixed list (``melee``, ``challenger``, ``uphold``) reads as a word in the
    campaigns of its system (the shared events' in any)."""
    shared = {t: model for t, model in registered_types().items() if model.__module__.startswith("journal.events.")}
    missing = {t: sorted(_values(model) - set(words(descriptors()[0].name))) for t, model in shared.items()}
    for descriptor in descriptors():
        known = set(words(descriptor.name))
        missing.update({t: sorted(_values(model) - known) for t, model in _types_of(descriptor).items()})
    assert {t: values for t, values in missing.items() if values} == {}


def test_a_shared_payload_key_reads_in_russian_and_as_itself_in_english() -> None:
    """A tally's ``skipped`` reads «пропущено» in Russian, ``skipped`` in English (the key itself)."""
    with language("ru"):
        russian = payload_labels(None)["skipped"]
    assert (russian, payload_labels(None)["skipped"]) == ("пропущено", "skipped")


def test_a_systems_payload_label_wins_over_its_sheets_and_the_shared_ones() -> None:
    """In a Stone Wheel campaign ``target`` (a combat's target) reads «цель», not the shared void's «событие»."""
    with language("ru"):
        assert (payload_labels("stone-wheel")["target"], payload_labels(None)["target"]) == ("цель", "событие")
