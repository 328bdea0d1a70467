"""Event summaries in the current language (journal.service.summaries and each system's ``LINES``).

The lines are msgids of the ``journal`` domain: under ``language("ru")`` they are the Russian catalogue's,
counts in their Russian plural form; the tests' own process speaks English (tests/conftest.py).
"""

from __future__ import annotations

from journal.i18n import language
from journal.service import Journal
from journal.service.summaries import describe, summary


def test_a_stored_events_summary_under_russian_is_the_russian_line(journal: Journal) -> None:
    """The campaign.created and member.added lines of a stored campaign, read back in Russian."""
    journal.create_campaign("Пепел", "vpt", "Вика")
    journal.add_member("Пепел", "Оля")
    with language("ru"):
        lines = [summary(event) for event in journal.store.read("Пепел")]
    assert lines == ["кампания «Пепел» начата (ВПТ), Мастер: Вика", "Оля присоединяется как игрок"]


def test_the_same_payload_outside_russian_is_the_english_line() -> None:
    """Without a language block the line is the English msgid filled in."""
    assert describe("member.added", {"name": "Оля", "role": "player"}) == "Оля joins as a player"


def test_the_journals_dice_count_takes_the_russian_plural_forms() -> None:
    """session.ended counts the journal's dice: 1 кубик, 3 кубика, 5 кубиков, 21 кубик."""
    with language("ru"):
        counts = [describe("session.ended", {"number": 2, "minutes": 90, "next_counter": n, "seed": "ab"})
                  for n in (1, 3, 5, 21)]
    assert counts == [f"сессия 2 закончилась через 90 мин; {n}; зерно раскрыто"
                      for n in ("1 кубик журнала", "3 кубика журнала", "5 кубиков журнала", "21 кубик журнала")]


def test_a_sealed_geis_names_its_size_in_russian() -> None:
    """Wield's geis.sealed: the promise quoted in «», the rank's size translated."""
    with language("ru"):
        line = describe("wield.geis_sealed", {"hero": "Ёжик", "promise": "Отдать плащ", "rank": 2})
    assert line == "гейс скреплён: Ёжик обещает «Отдать плащ», ранг 2 (большой)"


def test_vpt_wounds_are_counted_in_russian() -> None:
    """VPT's wounds_taken: '2 Ранения' in the Russian plural."""
    with language("ru"):
        line = describe("vpt.wounds_taken", {"character": "Питер", "wounds": 2, "total": 3})
    assert line == "Питер получает 2 Ранения: всего 3"


def test_a_server_roll_is_marked_as_the_journals_dice_in_russian() -> None:
    """A Stone Wheel request on the journal's dice: the pool, '(кубики журнала)' and the successes."""
    attempt = {"character": "Ратибор", "skill": "Фехтование", "skill_levels": 2, "threshold": 5, "base_threshold": 7,
               "successes": 2, "roll": {"sides": 10, "dice": [8, 3, 10], "source": "server", "counter": 0}}
    with language("ru"):
        line = describe("stone_wheel.request_rolled", {"attempt": attempt, "check": "восприятие"})
    assert line == "Ратибор: восприятие от 7 (Фехтование 2 -> от 5): 3d10 [8, 3, 10] (кубики журнала) = 2 успеха"


def test_a_dispute_and_a_void_name_the_event_by_its_number_in_english() -> None:
    """Without the campaign's names at hand, a dispute and a void name the event as the page's timeline numbers it:
    "#5", never "v5"."""
    opened = describe("dispute.opened", {"target": "x", "target_version": 5, "target_type": "roll.made",
                                         "reason": "кубик упал"})
    voided = describe("correction.voided", {"target": "x", "target_version": 5, "reason": "кубик упал",
                                            "dispute": None})
    assert (opened, voided) == ("disputes #5 (roll.made): кубик упал", "voids #5: кубик упал")


def test_a_dispute_and_a_void_name_the_event_by_its_number_in_russian() -> None:
    """The same lines in Russian: «№5»."""
    with language("ru"):
        opened = describe("dispute.opened", {"target": "x", "target_version": 5, "target_type": "roll.made",
                                             "reason": "кубик упал"})
        voided = describe("correction.voided", {"target": "x", "target_version": 5, "reason": "кубик упал",
                                                "dispute": None})
    assert (opened, voided) == ("оспаривает №5: кубик упал", "аннулирует №5: кубик упал")


PROPOSED = {"key": "control_mapping", "value": "linear", "previous": "pyramid"}
ADOPTED = {"proposal": "x", "key": "xp_per_hour_player", "value": 60, "previous": 50, "in_favour": 2, "against": 1,
           "required": 2, "players": 3}


def test_a_house_rule_proposal_names_the_rule_by_its_meaning_and_its_value_in_the_tables_words_in_russian() -> None:
    """Wield's control_mapping proposed as linear: the rule as its description says it (the page's rules screen labels
    it so), «линейно» and «пирамида» as Wield's words; no key."""
    with language("ru"):
        line = describe("rules.proposed", PROPOSED)
    assert line == ("предлагает домашнее правило «Потеря Контроля за отмеченные клетки: пирамида — по ряду последней "
                    "клетки (10, когда все заполнены); линейно — по одному за клетку»: линейно (сейчас пирамида)")


def test_a_house_rule_proposal_names_the_rule_by_its_meaning_in_english() -> None:
    """The same proposal in English: the rule's description quoted, its values as Wield's English words."""
    assert describe("rules.proposed", PROPOSED) == (
        "proposes the house rule “Control lost for the boxes marked: pyramid = the row of the last box (10 when full); "
        "linear = one per box”: linear (now pyramid)")


def test_an_adopted_house_rule_names_the_rule_by_its_meaning_in_russian() -> None:
    """Stone Wheel's xp_per_hour_player adopted at 60: the rule's meaning, the number, the quorum in Russian."""
    with language("ru"):
        line = describe("rules.adopted", ADOPTED)
    assert line == ("принимает домашнее правило «опыт за сессию в час каждому игроку за столом: округление вниз "
                    "(ставка × минуты / 60)»: 60 (2 за, 1 против; нужно 2 из 3 игроков)")


def test_an_adopted_house_rule_names_the_rule_by_its_meaning_in_english() -> None:
    """The same adoption in English."""
    assert describe("rules.adopted", ADOPTED) == (
        "adopts the house rule “session XP per hour for each player present: floor(rate x minutes / 60)”: 60 "
        "(2 for, 1 against; 2 of 3 players needed)")


def test_a_house_rule_no_system_knows_reads_as_it_was_recorded() -> None:
    """A key of a system this journal does not have (an import from a newer journal) shows as recorded."""
    assert describe("rules.proposed", {"key": "luck_per_day", "value": 3, "previous": 1}) == (
        "proposes the house rule luck_per_day: 3 (now 1)")
