"""The roles table's refusals (journal.service.roles) in the current language."""

from __future__ import annotations

from journal.i18n import language
from journal.service.roles import role_refusal

MEMBERS = {"Вика": "master", "Оля": "player"}


def test_a_player_starting_a_session_is_refused_in_russian() -> None:
    """'only the Master may' completed by the table's words for session.started, in Russian."""
    with language("ru"):
        refusal = str(role_refusal(MEMBERS, "Оля", "session.started"))
    assert refusal == "только Мастер может: начинать сессию («Оля» — игрок)"


def test_the_master_voting_on_house_rules_is_refused_in_russian() -> None:
    """'only players' completed by the table's words for rules.voted, in Russian."""
    with language("ru"):
        refusal = str(role_refusal(MEMBERS, "Вика", "rules.voted"))
    assert refusal == "только игроки: голосуют за домашние правила («Вика» — Мастер)"
