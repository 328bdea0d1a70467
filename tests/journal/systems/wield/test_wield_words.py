"""Wield's display words (journal/systems/wield/words.py): difficulties, Domains and actions read as Russian words."""

from __future__ import annotations

from journal.i18n import language
from journal.service.summaries import describe
from journal.service.words import Names
from journal.systems.wield.words import geis_size

CHANCE = {"hero": "Ёжик", "task": "Прыжок", "target": 20, "difficulty": "Heroic", "geis": None, "bonus": 0,
          "roll": {"sides": 20, "dice": [17, 9], "source": "table", "counter": None}, "total": 26, "success": True}


def test_a_chances_difficulty_reads_in_russian() -> None:
    """wield.chance_rolled under Russian: ``Heroic`` is «Героическая»."""
    with language("ru"):
        line = describe("wield.chance_rolled", CHANCE)
    assert line == "Ёжик: Прыжок против 20 (Героическая): [17, 9] = 26 -> успех"


def test_a_vatchas_domains_read_in_russian() -> None:
    """wield.vatcha_created under Russian: the Domains ``Air`` and ``Fire`` are «Воздух» and «Огонь»."""
    with language("ru"):
        line = describe("wield.vatcha_created", {"name": "Искра", "player": "Аня", "item": "кольцо",
                                                 "domains": ["Air", "Fire"], "goal": "Свергнуть короля"})
    assert line == "ватча Искра (Аня): кольцо, Сферы Воздух, Огонь; Цель: Свергнуть короля"


def test_a_combat_rounds_actions_read_in_russian() -> None:
    """wield.combat_round under Russian: ``attack`` and ``power`` are Wield's own words, not Dichotomy's."""
    with language("ru"):
        line = describe("wield.combat_round", {"actions": [
            {"combatant": "Ёжик", "action": "attack", "target": "Искра"},
            {"combatant": "Искра", "action": "power", "power": "Порыв ветра"}], "wounds": {}})
    assert line == "раунд боя: Ёжик атакует @Искра, Искра применяет силу Порыв ветра; раны: нет"


def test_the_geis_sizes_come_from_the_rules_table_in_the_current_language() -> None:
    """geis_size: 1-3 in English and Russian from rules.GEIS_SIZES; another rank is '?'."""
    english = [geis_size(rank) for rank in (1, 2, 3, 4)]
    with language("ru"):
        russian = [geis_size(rank) for rank in (1, 2, 3, 4)]
    assert (english, russian) == (["small", "large", "major", "?"], ["малый", "большой", "великий", "?"])


def test_a_chances_payload_reads_in_russian_keys_and_words() -> None:
    """A chance's audit payload in Russian: the hero, task, difficulty (its word), target and roll by Wield's labels,
    in its model's order."""
    data = {**CHANCE, "profession": True, "extra_dice": 0}
    with language("ru"):
        shown = Names("wield").payload("wield.chance_rolled", data)
    assert shown == ("{герой: Ёжик, задача: Прыжок, сложность: Героическая, цель: 20, профессия: да, доп. кубики: 0, "
                     "бонус: 0, бросок: {граней: 20, кубики: [17, 9], источник: стол, счётчик: —}, итог: 26, "
                     "успех: да, гейс: —}")


def test_a_control_risks_re_roll_reads_as_its_word() -> None:
    """A Control Risk's outcome ``reroll`` reads «переброс»; the payload's keys by Wield's labels."""
    data = {"vatcha": "Искра", "hero": "Ёжик", "demand": "Сжечь мост", "destiny": False, "control_lost": 1,
            "vatcha_dice": 0, "wielder_dice": 0, "vatcha_roll": None, "wielder_roll": None, "outcome": "reroll",
            "reroll_of": None}
    with language("ru"):
        shown = Names("wield").payload("wield.control_risk", data)
    assert shown == ("{Ватча: Искра, герой: Ёжик, требование: Сжечь мост, Предназначение: нет, Потеряно Контроля: 1, "
                     "кубики ватчи: 0, кубики владельца: 0, бросок ватчи: —, бросок владельца: —, исход: переброс, "
                     "переброс риска: —}")
