"""Dichotomy's display words (journal/systems/dichotomy/words.py): Attributes, outcomes and Motives in Russian."""

from __future__ import annotations

from journal.i18n import language
from journal.service.summaries import describe
from journal.service.words import Names


def test_a_motives_betrayal_reads_in_russian() -> None:
    """dichotomy.xp_awarded under Russian: ``Greed`` and ``betrayed`` are «Жадность» and «предательство»."""
    with language("ru"):
        line = describe("dichotomy.xp_awarded", {"character": "Взломщик", "source": "motive", "motive": "Greed",
                                                 "outcome": "betrayed", "adventure": 1, "amount": 3})
    assert line == "Взломщик: предательство мотива «Жадность» в приключении 1: +3 ЕО"


def test_a_checks_attributes_and_outcome_read_in_russian() -> None:
    """dichotomy.check_rolled under Russian: ``finesse`` is «Изящество», ``partial`` «частичный успех»."""
    data = {"character": "Взломщик", "defender": None, "outcome": "partial",
            "roll": {"sides": 10, "dice": [6, 1], "source": "table", "counter": None},
            "dice": [{"attribute": "finesse", "attribute_value": 7, "total": 13, "tn": 10, "success": True},
                     {"attribute": "technical", "attribute_value": 8, "total": 9, "tn": 10, "success": False}]}
    with language("ru"):
        line = describe("dichotomy.check_rolled", data)
    assert line == ("Взломщик: [6, 1]: Изящество 7+6 = 13 против TN 10: попадание; "
                    "Техническое 8+1 = 9 против TN 10: промах -> частичный успех")


def test_a_wealth_change_reads_in_russian() -> None:
    """dichotomy.wealth_changed under Russian: ``comfortable -> affluent`` is «комфортный -> богатый»."""
    with language("ru"):
        line = describe("dichotomy.wealth_changed", {"character": "Шарлотта", "previous": "comfortable",
                                                     "level": "affluent"})
    assert line == "Шарлотта: комфортный -> богатый"


def test_a_new_characters_payload_names_the_character_and_its_abilities_apart() -> None:
    """A new character's audit payload in Russian: its ``name`` reads «имя» (labelled for its event type), its
    abilities' «название»; attributes, motives and wealth by Dichotomy's words."""
    data = {"abilities": [{"attribute": "finesse", "name": "Mobility"}], "attributes": {
        "finesse": 7, "martial": 5, "natural": 3, "power": 4, "spiritual": 6, "technical": 8},
        "carrying_capacity": 5, "first_adventure": 1, "motives": ["Greed", "Truth"], "name": "Взломщик",
        "player": "Давид", "wealth": "comfortable"}
    with language("ru"):
        shown = Names("dichotomy").payload("dichotomy.character_created", data)
    assert shown == ("{имя: Взломщик, Игрок: Давид, Атрибуты: {Изящество: 7, Мощь: 4, Физическое: 5, Духовное: 6, "
                     "Природное: 3, Техническое: 8}, Способности: [{название: Мобильность, атрибут: Изящество}], "
                     "Мотивы: [Жадность, Правда], Богатство: комфортный, Грузоподъёмность: 5, первое приключение: 1}")
