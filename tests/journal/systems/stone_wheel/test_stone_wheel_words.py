"""Stone Wheel's display words (journal/systems/stone_wheel/words.py): actions, responses and types in Russian."""

from __future__ import annotations

from journal.i18n import language
from journal.service.summaries import describe
from journal.service.words import Names


def test_an_attack_blocked_reads_in_russian() -> None:
    """stone_wheel.combat_exchanged under Russian: ``attack`` and ``block`` are «атака» and «блок»."""
    data = {"challenge": {"character": "Ратибор", "successes": 3}, "answer": {"successes": 1}, "action": "attack",
            "target": "Разбойник", "response": "block", "striker": "challenger", "parry": False, "critical": False,
            "final_margin": 2, "margin": 2}
    with language("ru"):
        line = describe("stone_wheel.combat_exchanged", data)
    assert line == "Ратибор атака -> Разбойник (блок): успехов 3 против 1, перевес 2 -> Ратибор попадает с перевесом 2"


def test_a_characters_type_reads_in_russian() -> None:
    """stone_wheel.character_created under Russian: the type ``physical`` is «физический»."""
    data = {"character": "Ратибор", "player": "Аня", "kind": "physical", "race": "человек", "class": "воин",
            "parameters": {"health": 20, "stamina": 3, "mana": 6, "survival": 10}}
    with language("ru"):
        line = describe("stone_wheel.character_created", data)
    assert line == "Ратибор (Аня): физический человек воин; Здоровье 20, Выносливость 3, Мана 6, Выживание 10"


def test_a_hits_damage_names_the_action_and_the_striker_in_russian() -> None:
    """stone_wheel.damage_taken with ``by``: the cause reads «атака: Ратибор», the action in the system's word."""
    data = {"character": "Разбойник", "amount": 7, "cause": "attack", "by": "Ратибор", "attack": None}
    with language("ru"):
        line = describe("stone_wheel.damage_taken", data)
    assert line == "Разбойник получает 7 урона (атака: Ратибор)"


def test_a_death_by_counterattack_reads_in_english_as_the_journal_always_printed_it() -> None:
    """stone_wheel.died with ``by`` in English: ``Ёжик dies (counterattack by Ратибор)``."""
    line = describe("stone_wheel.died", {"character": "Ёжик", "cause": "counterattack", "by": "Ратибор"})
    assert line == "Ёжик dies (counterattack by Ратибор)"


def test_the_masters_own_cause_is_shown_as_recorded() -> None:
    """Without ``by`` the cause is the Master's words, untranslated: «обвал» stays «обвал»."""
    with language("ru"):
        line = describe("stone_wheel.damage_taken", {"character": "Ратибор", "amount": 8, "cause": "обвал",
                                                     "attack": None, "by": None})
    assert line == "Ратибор получает 8 урона (обвал)"


def test_an_exchanges_payload_reads_in_russian_keys_and_words() -> None:
    """An exchange's audit payload in Russian: every key by Stone Wheel's labels in its model's order, the action,
    the response and the striker by its words, the nested pools and rolls too."""
    pool = {"base_threshold": 7, "character": "Ратибор", "pool": 4, "skill": None, "skill_levels": 0, "successes": 3,
            "threshold": 7, "roll": {"counter": None, "dice": [7, 8, 9, 2], "sides": 10, "source": "table"}}
    data = {"action": "attack", "challenge": pool, "answer": None, "critical": False, "final_margin": 3, "margin": 3,
            "parry": False, "response": "none", "striker": "challenger", "target": "Разбойник"}
    with language("ru"):
        shown = Names("stone-wheel").payload("stone_wheel.combat_exchanged", data)
    assert shown == ("{действие: атака, вызов: {персонаж: Ратибор, навык: —, уровни навыка: 0, базовый порог: 7, "
                     "пул: 4, порог: 7, бросок: {граней: 10, кубики: [7, 8, 9, 2], источник: стол, счётчик: —}, "
                     "успехов: 3}, цель: Разбойник, ответное действие: нет, ответ: —, перевес: 3, "
                     "кто попал: вызвавший, итоговый перевес: 3, критический: нет, парирование: нет}")


def test_a_rolls_place_in_a_request_reads_in_russian() -> None:
    """The audit's roll line names ``attempt.roll`` «попытка · бросок»."""
    with language("ru"):
        assert Names("stone-wheel").path("stone_wheel.request_rolled", "attempt.roll") == "попытка · бросок"
