"""Stone Wheel's upcasters (journal/systems/stone_wheel/upcasters.py): a schema-1 harm read in the current shape."""

from __future__ import annotations

from journal.events.envelope import NewEvent
from journal.service import Journal
from journal.systems.stone_wheel.upcasters import damage_v1_to_v2, died_v1_to_v2, violation_v1_to_v2

TERMS = {"weapon": 4, "character_damage": 3, "adds_character_damage": True, "margin": 8, "armour": 0, "critical": True}


def test_a_schema_1_hit_is_split_into_its_action_and_its_striker() -> None:
    """``attack by Ратибор`` with attack terms: ``cause`` attack, ``by`` Ратибор, the rest as it was."""
    old = {"character": "Ёжик", "amount": 18, "cause": "attack by Ратибор", "attack": TERMS}
    assert damage_v1_to_v2(old) == {"character": "Ёжик", "amount": 18, "cause": "attack", "attack": TERMS,
                                    "by": "Ратибор"}


def test_a_schema_1_counterattack_keeps_a_striker_whose_name_has_by_in_it() -> None:
    """``counterattack by Граф by Ночи``: the first ``by`` splits; the name keeps the rest."""
    old = {"character": "Ратибор", "amount": 5, "cause": "counterattack by Граф by Ночи", "attack": TERMS}
    assert (damage_v1_to_v2(old)["cause"], damage_v1_to_v2(old)["by"]) == ("counterattack", "Граф by Ночи")


def test_a_schema_1_damage_without_attack_terms_keeps_the_masters_words() -> None:
    """A damage the Master recorded (no terms) is not split even when its words look like a hit's."""
    old = {"character": "Ратибор", "amount": 3, "cause": "attack by волки", "attack": None}
    assert damage_v1_to_v2(old) == {**old, "by": None}


def test_a_schema_1_death_in_combat_is_split_as_its_damage() -> None:
    """``died`` of schema 1 with ``attack by Ратибор``: ``cause`` attack, ``by`` Ратибор; ``обвал`` stays."""
    assert (died_v1_to_v2({"character": "Ёжик", "cause": "attack by Ратибор"}),
            died_v1_to_v2({"character": "Ёжик", "cause": "обвал"})) == (
        {"character": "Ёжик", "cause": "attack", "by": "Ратибор"}, {"character": "Ёжик", "cause": "обвал", "by": None})


def test_new_harm_is_written_at_schema_2_and_an_old_one_is_stored_as_it_was(journal: Journal) -> None:
    """A damage recorded now is schema 2; a schema-1 line appended as a release-0.1 journal has it keeps its bytes."""
    from journal.systems.stone_wheel import commands as sw
    from tests.journal.service.test_tallies import CHARACTERISTICS, PARAMETERS

    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    sw.create_character(journal, "Камень", "Ратибор", "Мастер", "physical", "человек", "воин", CHARACTERISTICS,
                        PARAMETERS)
    [new] = sw.record_damage(journal, "Камень", "Ратибор", 2, "падение")
    old = {"character": "Ратибор", "amount": 3, "cause": "attack by Разбойник", "attack": TERMS}
    journal.store.append("Камень", [NewEvent("stone_wheel.damage_taken", old, "Мастер", schema=1)], new.version)
    (stored,) = journal.store.read("Камень", from_version=new.version + 1)
    assert (new.schema, stored.schema, stored.data) == (2, 1, old)
    assert journal.at("Камень")["stone_wheel.sheet"]["characters"]["Ратибор"]["current"]["health"] == 20 - 2 - 3


def test_a_schema_1_hit_reads_in_the_systems_words_in_a_russian_timeline(journal: Journal) -> None:
    """A release-0.1 damage ``attack by Разбойник`` (schema 1) is summarised as the current shape reads:
    «Ратибор получает 3 урона (атака: Разбойник)»; the stored payload keeps its English cause."""
    from journal.i18n import language
    from journal.service.summaries import summary
    from journal.systems.stone_wheel import commands as sw
    from tests.journal.service.test_tallies import CHARACTERISTICS, PARAMETERS

    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    sw.create_character(journal, "Камень", "Ратибор", "Мастер", "physical", "человек", "воин", CHARACTERISTICS,
                        PARAMETERS)
    old = {"character": "Ратибор", "amount": 3, "cause": "attack by Разбойник", "attack": TERMS}
    [stored] = journal.store.append("Камень", [NewEvent("stone_wheel.damage_taken", old, "Мастер", schema=1)], 2)
    with language("ru"):
        line = summary(stored)
    assert (line, stored.data["cause"]) == ("Ратибор получает 3 урона (атака: Разбойник)", "attack by Разбойник")


def test_a_schema_1_violation_is_marked_to_be_priced_by_the_fold() -> None:
    """Its recorded penalty was shown only: ``repriced`` keeps the fold pricing it; the fields stay as recorded."""
    old = {"character": "Ратибор", "violation": 2, "consequence": "health_penalty", "damage": 8}
    assert violation_v1_to_v2(old) == {**old, "repriced": True}
