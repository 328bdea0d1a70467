"""VPT's display words (journal/systems/vpt/words.py): its enumerated values read as Russian words in Russian lines."""

from __future__ import annotations

from journal.i18n import language
from journal.service.summaries import describe, word
from journal.service.words import Names
from journal.systems.vpt.rules import HIT_MODIFIERS
from journal.systems.vpt.words import WORDS, modifiers_of

ROLL = {"sides": 6, "dice": [4, 3], "source": "table", "counter": None}
HIT = {"attacker": "Эдди", "defender": "Питер", "attack": "melee", "weapon": "копьё", "hit_bonus": 0,
       "modifiers": {"engaged": 1, "won_initiative": 1}, "against_shield": False, "shield_destroyed": False,
       "wounds": 1, "roll": ROLL, "total": 9, "target": 8}


def test_a_melee_hit_with_modifiers_reads_in_russian_words() -> None:
    """vpt.hit_rolled under Russian: ``melee``, ``engaged`` and ``won_initiative`` are VPT's Russian words."""
    with language("ru"):
        line = describe("vpt.hit_rolled", HIT)
    assert line == ("Эдди бьёт Питер (Ближний Бой, копьё): [4, 3] +1 навязал Ближний Бой +1 выиграл Инициативу "
                    "= 9 против 8 -> 1 Ранение")


def test_each_hit_modifier_reads_as_the_rule_texts_condition_in_russian() -> None:
    """The named Hit modifiers read in Russian as the rule text's list says them («-1, если Подготовка противника
    больше 4»), on the page's checklist and in the lines."""
    with language("ru"):
        shown = {name: word(WORDS, name) for name in HIT_MODIFIERS}
    assert shown == {
        "preparation": "Подготовка больше 4", "fresh": "Свежий", "engaged": "навязал Ближний Бой",
        "mounted": "верхом подходящим оружием", "high_ground": "Дальняя Атака с возвышенности",
        "outnumbering": "в Ближнем Бою союзников больше", "won_initiative": "выиграл Инициативу",
        "standing_still": "Дальняя Атака не двигаясь", "enemy_in_cover": "противник в укрытии",
        "unmounted_against_rider": "в Ближнем Бою со всадником, не в седле",
        "enemy_preparation": "Подготовка противника больше 4", "exhausted": "Измотан"}


def test_a_hit_modifiers_earlier_russian_word_still_names_it() -> None:
    """A command line typed with the words the modifiers read as before («с возвышенности», «Подготовка врага»)
    still names them."""
    given = {"с возвышенности": 1, "численный перевес": 1, "стоя на месте": 1, "враг в Укрытии": -1,
             "пеший против всадника": -1, "Подготовка врага": -1, "верхом": 2}
    assert modifiers_of(given) == {"high_ground": 1, "outnumbering": 1, "standing_still": 1, "enemy_in_cover": -1,
                                   "unmounted_against_rider": -1, "enemy_preparation": -1, "mounted": 2}


def test_the_same_hit_in_english_names_its_modifiers_as_the_rule_text_does() -> None:
    """The English line keeps ``melee`` (the identifier as the journal always printed it) and names each modifier
    as the rule text's list of conditions does, never by its key."""
    assert describe("vpt.hit_rolled", HIT) == (
        "Эдди hits Питер (melee, копьё): [4, 3] +1 engaged in melee +1 won Initiative = 9 vs 8 -> 1 wound")


def test_each_hit_modifier_reads_as_the_rule_texts_condition_in_english() -> None:
    """The named Hit modifiers in English, the words the page's checklist and the lines show (rules/vpt.md §5: "+1 |
    Ranged Attack from high ground"), from the same table as the Russian ones."""
    assert {name: word(WORDS, name) for name in HIT_MODIFIERS} == {
        "preparation": "Preparation above 4", "fresh": "Fresh", "engaged": "engaged in melee",
        "mounted": "on horseback with a suitable weapon", "high_ground": "Ranged Attack from high ground",
        "outnumbering": "in melee, allies outnumber the enemies", "won_initiative": "won Initiative",
        "standing_still": "Ranged Attack standing still", "enemy_in_cover": "enemy in cover",
        "unmounted_against_rider": "in melee with a rider, not mounted",
        "enemy_preparation": "enemy's Preparation above 4", "exhausted": "Exhausted"}


def test_a_hit_modifier_is_still_named_by_its_key_and_by_its_english_words() -> None:
    """A command line that names a modifier by its key (``high_ground``, as the English lines printed it before) or
    by the English words it now reads as still names it."""
    assert modifiers_of({"high_ground": 1, "won initiative": 1, "Enemy in cover": -1}) == {
        "high_ground": 1, "won_initiative": 1, "enemy_in_cover": -1}


def test_melee_and_ranged_are_capitalised_as_the_rule_text_writes_them_in_russian() -> None:
    """«Ближний Бой» and «Дальняя Атака», as the VPT text writes them (beside «навязал Ближний Бой»), in the hit's
    line."""
    with language("ru"):
        shown = (word(WORDS, "melee"), word(WORDS, "ranged"), describe("vpt.hit_rolled", {**HIT, "attack": "ranged"}))
    assert shown == ("Ближний Бой", "Дальняя Атака", ("Эдди бьёт Питер (Дальняя Атака, копьё): [4, 3] +1 навязал "
                                                      "Ближний Бой +1 выиграл Инициативу = 9 против 8 -> 1 Ранение"))


def test_a_relationship_tick_names_its_checklist_items_in_russian() -> None:
    """vpt.relationship_ticked under Russian: ``saved_life`` and ``date_successful`` as checklist words."""
    with language("ru"):
        line = describe("vpt.relationship_ticked", {"character": "Оля", "other": "Эдди", "change": 2, "points": 2,
                                                    "items": ["saved_life", "date_successful"], "session": 1})
    assert line == "Оля -> Эдди: спас жизнь +1, удачное свидание +1 = +2 -> 2 очка (сессия 1)"


def test_a_morale_result_reads_in_russian() -> None:
    """vpt.morale_rolled under Russian: ``retreats_attacking`` is «отступает, атакуя»."""
    with language("ru"):
        line = describe("vpt.morale_rolled", {"character": "Питер", "roll": {**ROLL, "dice": [5, 5]}, "morale": 1,
                                              "group_health": 0, "total": 11, "result": "retreats_attacking",
                                              "wounds_recovered": False})
    assert line == "Питер: Мораль [5, 5] +1 = 11 -> отступает, атакуя"


def test_an_initiative_of_the_unnamed_players_side_reads_игроки_in_russian() -> None:
    """vpt.initiative_rolled with the default ``party`` ``players``: «игроки» wherever the side is named."""
    data = {"mode": "careful", "roll": {"sides": 6, "dice": [5], "source": "table"}, "party": "players", "total": 5,
            "enemies": [{"name": "волк", "initiative": 4, "kind": "animal"}], "order": ["players", "волк"],
            "winner": "players"}
    with language("ru"):
        line = describe("vpt.initiative_rolled", data)
    assert line == "игроки: осторожно [5] = 5 -> игроки 5, волк 4; первыми действуют игроки"


def test_a_hits_payload_reads_in_russian_keys_modifiers_and_words() -> None:
    """A hit's audit payload in Russian: VPT's labels in its model's order, each Hit modifier (a key that is a
    recorded value) by its word, the attack and the target's source by theirs."""
    data = {**HIT, "target_from": "weapon_table"}
    with language("ru"):
        shown = Names("vpt").payload("vpt.hit_rolled", data)
    assert shown == ("{атакующий: Эдди, защищающийся: Питер, атака: Ближний Бой, оружие: копьё, "
                     "бросок: {граней: 6, кубики: [4, 3], источник: стол, счётчик: —}, Бонус Попадания: 0, "
                     "модификаторы: {навязал Ближний Бой: 1, выиграл Инициативу: 1}, цель: 8, "
                     "цель взята: по таблице оружия, по щиту: нет, итог: 9, Ранения: 1, щит разбит: нет}")
