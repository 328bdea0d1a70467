"""Stone Wheel experience through the service: per-hour session awards, bonuses, spending; quorum sizes."""

from __future__ import annotations

import pytest
from stone_wheel_table import CAMPAIGN, CHARACTERISTICS, PARAMETERS, folded

from journal.errors import NotAuthorized, NotFound, RuleViolation
from journal.i18n import language
from journal.quorum import quorum_size
from journal.service import Journal
from journal.service.sessions import end_session, start_session
from journal.systems.stone_wheel import commands as sw


def refused(journal: Journal, error: type[Exception], message: str, action) -> None:
    """``action()`` raises ``error`` with exactly ``message`` and appends nothing."""
    head = journal.store.head(CAMPAIGN)
    with pytest.raises(error) as caught:
        action()
    assert str(caught.value) == message
    assert journal.store.head(CAMPAIGN) == head


def played(journal: Journal, present: list[str], minutes: int) -> int:
    """Run one session with ``present`` lasting ``minutes``; its number."""
    number = start_session(journal, CAMPAIGN, present).data["number"]
    end_session(journal, CAMPAIGN, minutes=minutes)
    return number


def test_a_150_minute_session_gives_125_to_present_players_and_187_to_the_master(camp: Journal) -> None:
    """Аня present (Ратибор +125), Боря absent (Ёжик nothing), the Master +187 on his own ledger."""
    session = played(camp, ["Мастер", "Аня", "Вера"], 150)
    events = sw.award_session_xp(camp, CAMPAIGN, session)
    assert [e.data for e in events] == [
        {"character": "Ратибор", "amount": 125, "source": "session", "reason": "", "minutes": 150, "master": False,
         "session": 1},
        {"character": "Мастер", "amount": 187, "source": "session", "reason": "", "minutes": 150, "master": True,
         "session": 1},
    ]
    state = folded(camp)
    assert state["characters"]["Ратибор"]["xp"] == {"earned": 125, "spent": 0, "balance": 125}
    assert state["characters"]["Ёжик"]["xp"] == {"earned": 0, "spent": 0, "balance": 0}
    assert state["masters"] == {"Мастер": {"earned": 187, "spent": 0, "balance": 187}}


def test_every_character_of_a_present_player_is_awarded(camp: Journal) -> None:
    """Боря with two characters, 60 minutes: Ёжик and Лис get 50 each."""
    sw.create_character(camp, CAMPAIGN, "Лис", "Боря", "mental", "лис", "маг", CHARACTERISTICS, PARAMETERS)
    session = played(camp, ["Боря"], 60)
    events = sw.award_session_xp(camp, CAMPAIGN, session)
    assert [(e.data["character"], e.data["amount"]) for e in events] == [("Ёжик", 50), ("Лис", 50), ("Мастер", 75)]


def test_the_dead_earn_no_session_experience(camp: Journal) -> None:
    """Ёжик died: only the Master is awarded for Боря's session."""
    sw.record_damage(camp, CAMPAIGN, "Ёжик", 12, "обвал")
    session = played(camp, ["Боря"], 60)
    assert [e.data["character"] for e in sw.award_session_xp(camp, CAMPAIGN, session)] == ["Мастер"]


def test_a_session_is_awarded_once_naming_the_first_award(camp: Journal) -> None:
    """The second award of session 1 is refused by 'stone_wheel: session award', naming the first event."""
    session = played(camp, ["Аня"], 150)
    first = sw.award_session_xp(camp, CAMPAIGN, session)[0]
    refused(camp, RuleViolation, f"refused by rule 'stone_wheel: session award': session 1 was already awarded "
                                 f"(version {first.version}, event {first.id})",
            lambda: sw.award_session_xp(camp, CAMPAIGN, session))


def test_a_session_awarded_twice_is_refused_naming_the_first_award_by_its_number_in_russian(camp: Journal) -> None:
    """The same refusal in Russian: the first award is «№N», as the timeline numbers it."""
    session = played(camp, ["Аня"], 150)
    first = sw.award_session_xp(camp, CAMPAIGN, session)[0]
    with language("ru"):
        refused(camp, RuleViolation, f"отказано по правилу «Каменное колесо: награда за сессию»: за сессию 1 уже "
                                     f"наградили (№{first.version}, событие {first.id})",
                lambda: sw.award_session_xp(camp, CAMPAIGN, session))


def test_an_open_session_is_not_awarded(camp: Journal) -> None:
    """A session still open is refused by 'stone_wheel: session award'."""
    start_session(camp, CAMPAIGN, ["Аня"])
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: session award': session 1 has not ended yet",
            lambda: sw.award_session_xp(camp, CAMPAIGN, 1))


def test_an_unknown_session_is_not_found(camp: Journal) -> None:
    """Session 7 does not exist: NotFound."""
    refused(camp, NotFound, "no session 7 in 'Камень'", lambda: sw.award_session_xp(camp, CAMPAIGN, 7))


def test_a_session_too_short_for_experience_is_refused(camp: Journal) -> None:
    """0 minutes earn nothing: 'stone_wheel: session award'."""
    session = played(camp, ["Аня"], 0)
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: session award': session 1 (0 min) earns no "
                                 "experience", lambda: sw.award_session_xp(camp, CAMPAIGN, session))


def test_a_player_cannot_award_session_experience(camp: Journal) -> None:
    """Session awards are the Master's: NotAuthorized."""
    session = played(camp, ["Аня"], 60)
    refused(camp, NotAuthorized, "only the Master may award session experience ('Аня' is a player)",
            lambda: sw.award_session_xp(camp, CAMPAIGN, session, actor="Аня"))


def test_a_bonus_award_carries_its_reason(camp: Journal) -> None:
    """30 XP to Ратибор for a solved riddle."""
    event = sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 30, "разгадал загадку")
    assert event.data == {"character": "Ратибор", "amount": 30, "source": "bonus", "reason": "разгадал загадку",
                          "minutes": None, "master": False, "session": None}
    assert folded(camp)["characters"]["Ратибор"]["xp"]["balance"] == 30


def test_a_player_cannot_award_bonus_experience(camp: Journal) -> None:
    """Аня awarding herself XP is NotAuthorized, nothing written."""
    refused(camp, NotAuthorized, "only the Master may award bonus experience ('Аня' is a player)",
            lambda: sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 30, "просто так", actor="Аня"))


def test_a_bonus_needs_a_reason(camp: Journal) -> None:
    """An empty reason is refused by 'stone_wheel: bonus award'."""
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: bonus award': a bonus award needs a reason",
            lambda: sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 30, " "))


def test_spending_on_a_skill_raises_it(camp: Journal) -> None:
    """125 XP, a Фехтование level at the agreed 100: level 3, balance 25."""
    sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 125, "подвиг")
    event = sw.spend_xp(camp, CAMPAIGN, "Ратибор", "skill", "Фехтование", 100, actor="Аня")
    assert event.data == {"character": "Ратибор", "amount": 100, "kind": "skill", "target": "Фехтование",
                          "levels": 1, "schools": [], "reason": ""}
    sheet = folded(camp)["characters"]["Ратибор"]
    assert (sheet["skills"]["Фехтование"], sheet["xp"]) == (3, {"earned": 125, "spent": 100, "balance": 25})


def test_spending_on_a_new_spell_learns_it(camp: Journal) -> None:
    """A control spell at the agreed 100: known at mastery 1, efficiency 1."""
    sw.award_bonus_xp(camp, CAMPAIGN, "Ёжик", 100, "подвиг")
    sw.spend_xp(camp, CAMPAIGN, "Ёжик", "spell", "Щит", 100, schools=["control"])
    assert folded(camp)["characters"]["Ёжик"]["spells"] == {
        "Щит": {"schools": ["control"], "mastery": 1, "efficiency": 1}}


def test_spending_more_than_the_balance_is_refused(camp: Journal) -> None:
    """50 XP cannot pay 100: 'stone_wheel: not enough experience', nothing written."""
    sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 50, "подвиг")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: not enough experience': the cost is 100 XP, "
                                 "the character has 50",
            lambda: sw.spend_xp(camp, CAMPAIGN, "Ратибор", "skill", "Щит", 100, actor="Аня"))


def test_developing_an_unknown_spell_is_refused(camp: Journal) -> None:
    """Mastery of a spell Ратибор does not know: 'stone_wheel: improvement'."""
    sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 500, "подвиг")
    refused(camp, RuleViolation, "refused by rule 'stone_wheel: improvement': the spell 'Огонь' is not known",
            lambda: sw.spend_xp(camp, CAMPAIGN, "Ратибор", "spell_mastery", "Огонь", 100))


def test_another_player_cannot_spend_a_characters_experience(camp: Journal) -> None:
    """Боря spending Ратибор's XP is NotAuthorized."""
    sw.award_bonus_xp(camp, CAMPAIGN, "Ратибор", 500, "подвиг")
    refused(camp, NotAuthorized, "only the Master or Аня may spend experience for Ратибор ('Боря' is a player)",
            lambda: sw.spend_xp(camp, CAMPAIGN, "Ратибор", "parameter", "health", 100, actor="Боря"))


@pytest.mark.parametrize(("players", "first", "second"),
                         [(2, 2, 1), (3, 2, 2), (4, 3, 2), (5, 4, 3), (6, 4, 4), (7, 5, 4), (8, 6, 5)])
def test_quorum_sizes_of_a_recorded_campaign(journal: Journal, players: int, first: int, second: int) -> None:
    """First degree: ceil(2N/3) of all players; second: of the players recorded present (all but one)."""
    journal.create_campaign(CAMPAIGN, "stone-wheel", "Мастер")
    names = [f"Игрок {n}" for n in range(players)]
    for name in names:
        journal.add_member(CAMPAIGN, name)
    start_session(journal, CAMPAIGN, ["Мастер", *names[1:]])
    members = journal.campaign(CAMPAIGN)["members"]
    present = journal.at(CAMPAIGN)["sessions"]["sessions"]["1"]["present"]
    all_players = [m for m, role in members.items() if role == "player"]
    assert (quorum_size(len(all_players)), quorum_size(len([p for p in present if p in all_players]))) == (
        first, second)
