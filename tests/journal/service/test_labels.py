"""The labels people read for event types, sheet fields and recorded values (journal.service.labels).

One table per system in its ``words`` module (``TYPES``, ``FIELDS``, ``WORDS``, named by its descriptor), and the
shared ones in journal.service.labels: English is the msgid, Russian the ``journal`` catalogue's; the tests' own
process speaks English (tests/conftest.py).
"""

from __future__ import annotations

from journal.events.payload import registered_types
from journal.i18n import language
from journal.service.labels import labels, title, type_label
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
