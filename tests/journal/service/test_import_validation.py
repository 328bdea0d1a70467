"""Import validates like the commands: a line no command could have recorded is refused, naming it, on both databases.

Each case starts from a real export, changes one thing and recomputes every hash (as a forger rewriting the file
would), so that only the journal's rules stand in the way.  Nothing is ever written.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from support import rechain

from journal.errors import JournalError
from journal.service import Journal
from journal.service.importing import import_file
from journal.service.sessions import end_session, free_roll, start_session
from journal.service.tokens import issue

ID = "0190a0a0-0000-7000-8000-00000000beef"


@pytest.fixture
def source(tmp_path) -> Iterator[list[dict[str, Any]]]:
    """Envelopes of 'Лес' (vpt): ГМ creates it, adds Аня, issues her a token, runs session 1 with one table roll."""
    journal = Journal.open(f"sqlite:///{tmp_path / 'source.db'}")
    journal.create_campaign("Лес", "vpt", "ГМ")      # 1
    journal.add_member("Лес", "Аня")                 # 2
    issue(journal, "Лес", "Аня")                     # 3
    start_session(journal, "Лес", ["Аня"])           # 4
    free_roll(journal, "Лес", "1d6", [4], actor="Аня")  # 5
    end_session(journal, "Лес", minutes=60)          # 6
    yield [orjson.loads(line) for line in journal.store.export_lines("Лес")]
    journal.close()


def _refusal(journal: Journal, envelopes: list[dict[str, Any]]) -> tuple[int, str]:
    """The exit code and message of importing ``envelopes`` re-chained; asserts nothing was written."""
    with pytest.raises(JournalError) as caught:
        import_file(journal, rechain(envelopes))
    assert journal.store.campaigns() == []
    return caught.value.exit_code, str(caught.value)


def test_the_untouched_export_imports(journal: Journal, source: list[dict[str, Any]]) -> None:
    """The real export, re-chained unchanged, imports all six events."""
    assert import_file(journal, rechain(source)) == {"Лес": 6}


def test_a_creation_naming_another_campaign_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """Lines of campaign 'Evil' whose campaign.created names 'Лес' are refused at line 1."""
    for envelope in source:
        envelope["campaign"] = "Evil"
    assert _refusal(journal, source) == (
        2, "line 1: campaign.created names campaign 'Лес', the line's campaign is 'Evil'")


def test_a_campaign_opening_with_another_event_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A file whose first event is member.added (the creation dropped) is refused at line 1."""
    rest = source[1:]
    for version, envelope in enumerate(rest, start=1):
        envelope["version"] = version
    assert _refusal(journal, rest) == (2, "line 1: a campaign opens with campaign.created, not member.added")


def test_a_creation_recorded_by_someone_else_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """campaign.created recorded by 'Аня' while it names 'ГМ' as Master is refused."""
    source[0]["actor"] = "Аня"
    assert _refusal(journal, source) == (2, "line 1: campaign.created is recorded by its Master 'ГМ', not 'Аня'")


def test_an_actor_with_a_control_character_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """An actor 'Аня\\x07' is refused by the name rule, naming the line."""
    source[4]["actor"] = "Аня\x07"
    assert _refusal(journal, source) == (2, "line 5: actor: member name: control characters are not allowed (U+0007)")


def test_an_actor_who_is_not_a_member_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A roll recorded by 'Чужой', who never joined, is refused."""
    source[4]["actor"] = "Чужой"
    assert _refusal(journal, source) == (2, "line 5: 'Чужой' is not a member of the campaign")


def test_a_session_started_by_a_player_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """session.started recorded by the player Аня is refused by the role rule the verb uses."""
    source[3]["actor"] = "Аня"
    assert _refusal(journal, source) == (2, "line 4: only the Master may start a session ('Аня' is a player)")


def test_a_member_added_by_a_player_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A second member.added recorded by Аня is refused: only the Master adds members."""
    extra = dict(source[1], id=ID, decision=ID, actor="Аня", data={"name": "Гость", "role": "player"})
    envelopes = source[:2] + [extra] + source[2:]
    for version, envelope in enumerate(envelopes, start=1):
        envelope["version"] = version
    assert _refusal(journal, envelopes) == (2, "line 3: only the Master may add members ('Аня' is a player)")


def test_a_token_issued_by_a_player_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """member.token_issued recorded by Аня is refused."""
    source[2]["actor"] = "Аня"
    assert _refusal(journal, source) == (2, "line 3: only the Master may issue tokens ('Аня' is a player)")


def test_a_token_issued_to_a_non_member_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A token for 'Чужой', who is not a member, is refused."""
    source[2]["data"]["member"] = "Чужой"
    assert _refusal(journal, source) == (2, "line 3: no member named 'Чужой' in campaign 'Лес'")


def test_a_member_added_twice_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """Аня joining a second time is refused."""
    source[2] = dict(source[1], id=ID, decision=ID, version=3, recorded_at=source[2]["recorded_at"])
    assert _refusal(journal, source) == (2, "line 3: 'Аня' is already a member of 'Лес'")


def test_a_time_going_backwards_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """An event recorded before the one preceding it is refused, naming both times."""
    source[4]["recorded_at"] = "2001-01-01T00:00:00.000000Z"
    before = source[3]["recorded_at"]
    assert _refusal(journal, source) == (
        2, f"line 5: field 'recorded_at' goes backwards (2001-01-01T00:00:00.000000Z is before the previous event's {before})")


def test_a_session_number_beyond_64_bits_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """'session': 9223372036854775808 is a one-line refusal naming the field's range."""
    source[4]["session"] = 9223372036854775808
    assert _refusal(journal, source) == (2, "line 5: field 'session' must be between 1 and 2147483647")


def test_an_event_outside_the_open_session_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A roll claiming session 2 while session 1 is open is refused."""
    source[4]["session"] = 2
    assert _refusal(journal, source) == (2, "line 5: field 'session': session 1 expected, the line has 2")


def test_a_non_uuid_id_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """An event id that is not a UUID is refused."""
    source[1]["id"] = source[1]["decision"] = "not-a-uuid"
    assert _refusal(journal, source) == (2, "line 2: field 'id' is not a UUID (lowercase 8-4-4-4-12 hex)")


def test_an_unknown_causation_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A causation naming no earlier event of the campaign is refused."""
    source[4]["causation"] = ID
    assert _refusal(journal, source) == (2, f"line 5: causation {ID} is not an earlier event of campaign 'Лес'")


def test_a_payload_its_model_refuses_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A session.started without anyone present is refused by its payload model, naming the field."""
    source[3]["data"]["present"] = []
    code, message = _refusal(journal, source)
    assert (code, message.split(": field ")[0]) == (2, "line 4: session.started")


def test_a_session_number_written_as_true_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """session.started with "number": true (equal to 1 in Python, which the model converts) is refused by its JSON type."""
    source[3]["data"]["number"] = True
    assert _refusal(journal, source) == (
        2, ("line 4: session.started: field 'number' is not as a command records it "
           "(a value of another JSON type, such as true for a number)"))


def test_a_dice_face_written_as_a_float_is_refused(journal: Journal, source: list[dict[str, Any]]) -> None:
    """A table roll's die 4.0 instead of 4 is refused, naming the nested field."""
    source[4]["data"]["rolls"][0]["dice"] = [4.0]
    assert _refusal(journal, source) == (
        2, ("line 5: roll.made: field 'rolls.0.dice.0' is not as a command records it "
           "(a value of another JSON type, such as true for a number)"))
