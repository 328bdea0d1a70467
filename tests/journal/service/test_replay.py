"""The replay of a session (journal.service.replay) and the one-line summaries (journal.service.summaries)."""

from __future__ import annotations

import pytest
from support import CHARS, PARAMS

from journal.errors import NotFound, ValidationFailed
from journal.events import registered_types
from journal.events.corrections import EventVoided
from journal.events.envelope import Event
from journal.service import Journal
from journal.service.replay import replay
from journal.service.sessions import end_session, free_roll, start_session
from journal.service.summaries import describe, known_types
from journal.systems.stone_wheel import commands as sw
from journal.systems.vpt import commands as vpt

CAMPAIGN = "Пепел"


@pytest.fixture
def table(journal: Journal) -> str:
    """A VPT campaign: Master Вика, players Оля (Вольтаир) and Дима (Эдди), GM character Питер, two weapons."""
    journal.create_campaign(CAMPAIGN, "vpt", "Вика")
    journal.add_member(CAMPAIGN, "Оля")
    journal.add_member(CAMPAIGN, "Дима")
    vpt.create_character(journal, CAMPAIGN, "Вольтаир", hit_bonus=1, health_bonus=1, actor="Оля")
    vpt.create_character(journal, CAMPAIGN, "Эдди", preparation=5, actor="Дима")
    vpt.create_character(journal, CAMPAIGN, "Питер", morale=1, limit=2)
    vpt.set_weapon(journal, CAMPAIGN, "копьё", 8, 8)
    return CAMPAIGN


def _session_one(journal: Journal) -> None:
    """Session 1: Эдди wounds Питер (table dice), a relationship tick, a revenge with a tick; 90 minutes."""
    start_session(journal, CAMPAIGN, ["Вика", "Оля", "Дима"])
    vpt.record_hit(journal, CAMPAIGN, "Эдди", "Питер", weapon="копьё", modifiers={"engaged": 1}, dice=[4, 3],
                   actor="Дима")
    vpt.tick_relationship(journal, CAMPAIGN, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    vpt.choose_revenge(journal, CAMPAIGN, "Вольтаир", "Питер", actor="Оля")
    vpt.tick_revenge(journal, CAMPAIGN, "Вольтаир", ["fought"], actor="Оля")
    end_session(journal, CAMPAIGN, minutes=90)


def _void(journal: Journal, target: Event, reason: str = "misrecorded") -> Event:
    """Append a void of ``target`` through the service (as the Master)."""
    payload = EventVoided(target=target.id, target_version=target.version, reason=reason)
    return journal.execute(CAMPAIGN, lambda ctx: [payload])[0]


def _by_type(result: dict, kind: str) -> list[dict]:
    return [entry for entry in result["events"] if entry["type"] == kind]


def test_replay_walks_the_session_from_its_start_to_its_end_inclusive(journal: Journal, table: str) -> None:
    """The events listed are versions 8..14: session.started first, session.ended last, in order, with actors."""
    _session_one(journal)
    result = replay(journal, table, 1)
    assert [(e["version"], e["type"], e["actor"]) for e in result["events"]] == [
        (8, "session.started", "Вика"), (9, "vpt.hit_rolled", "Дима"), (10, "vpt.wounds_taken", "Дима"),
        (11, "vpt.relationship_ticked", "Оля"), (12, "vpt.revenge_target_chosen", "Оля"),
        (13, "vpt.revenge_ticked", "Оля"), (14, "session.ended", "Вика"),
    ]
    assert (result["start_version"], result["end_version"], result["minutes"]) == (8, 14, 90)
    assert result["present"] == ["Вика", "Оля", "Дима"]


def test_each_event_carries_its_one_line_outcome(journal: Journal, table: str) -> None:
    """The hit's summary is the line the CLI prints for it: dice, modifiers, total, target, wounds."""
    _session_one(journal)
    hit = _by_type(replay(journal, table, 1), "vpt.hit_rolled")[0]
    assert hit["summary"] == \
        "Эдди hits Питер (melee, копьё): [4, 3] +1 engaged in melee +1 Fresh +1 Preparation above 4 = 10 vs 8 -> 1 wound"


def test_an_event_lists_the_sheet_fields_it_changed(journal: Journal, table: str) -> None:
    """The wounds event changes Питер's wounds 0 -> 1; the revenge tick Вольтаир's revenge points 0 -> 1."""
    _session_one(journal)
    result = replay(journal, table, 1)
    assert _by_type(result, "vpt.wounds_taken")[0]["changes"] == [
        {"character": "Питер", "field": "wounds", "before": 0, "after": 1}]
    assert _by_type(result, "vpt.revenge_ticked")[0]["changes"] == [
        {"character": "Вольтаир", "field": "revenge.points", "before": 0, "after": 1}]


def test_an_event_that_touches_no_sheet_lists_no_change(journal: Journal, table: str) -> None:
    """The hit roll itself (its wounds are the next event) and the session's start change no sheet field."""
    _session_one(journal)
    result = replay(journal, table, 1)
    assert [e["changes"] for e in result["events"] if e["type"] in ("session.started", "vpt.hit_rolled")] == [[], []]


def test_a_later_session_starts_from_the_sheets_as_the_earlier_one_left_them(journal: Journal, table: str) -> None:
    """Session 2 lists only its own events, and its first wound on Питер goes from 1 (session 1's) to 2."""
    _session_one(journal)
    start_session(journal, table, ["Вика", "Оля"])
    vpt.record_wounds(journal, table, "Питер", 1)
    end_session(journal, table, minutes=30)
    result = replay(journal, table, 2)
    assert [e["type"] for e in result["events"]] == ["session.started", "vpt.wounds_taken", "session.ended"]
    assert result["events"][1]["changes"] == [{"character": "Питер", "field": "wounds", "before": 1, "after": 2}]
    assert result["bonds"] == []


def test_an_open_session_is_walked_up_to_the_head(journal: Journal, table: str) -> None:
    """While session 1 is open the replay ends at the head, with no end time or version."""
    start_session(journal, table, ["Вика", "Оля"])
    free_roll(journal, table, "1d6", table=[5], actor="Оля")
    result = replay(journal, table, 1)
    assert [e["type"] for e in result["events"]] == ["session.started", "roll.made"]
    assert (result["ended_at"], result["end_version"], result["minutes"], result["head"]) == (None, None, None, 9)


def test_the_bond_changes_of_the_session_are_summed_per_pair(journal: Journal, table: str) -> None:
    """One row per (character, bond, other): the change scored this session and the standing after it."""
    _session_one(journal)
    assert replay(journal, table, 1)["bonds"] == [
        {"character": "Вольтаир", "bond": "relationship", "other": "Эдди", "change": 1, "points": 1,
         "items": ["saved_life"]},
        {"character": "Вольтаир", "bond": "revenge", "other": "Питер", "change": 1, "points": 1, "items": ["fought"]},
    ]


def test_the_bond_standing_is_folded_not_copied_from_the_tick(journal: Journal, table: str) -> None:
    """Session 1's tick voided after session 2: session 2's tick stands at 1 point (the table was shown 2)."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    first = vpt.tick_relationship(journal, table, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    end_session(journal, table, minutes=10)
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    second = vpt.tick_relationship(journal, table, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    end_session(journal, table, minutes=10)
    _void(journal, first)
    assert "points" not in second.data  # the payload records the change; the standing is the fold's
    assert replay(journal, table, 2)["bonds"] == [
        {"character": "Вольтаир", "bond": "relationship", "other": "Эдди", "change": 1, "points": 1,
         "items": ["saved_life"]},
    ]


def test_replay_folds_once_and_never_per_event(journal: Journal, table: str, monkeypatch) -> None:
    """Without voids the whole walk asks the as-of engine exactly once (just before the session's start)."""
    _session_one(journal)
    calls: list[object] = []
    real = journal.at
    monkeypatch.setattr(journal, "at", lambda campaign, point=None: calls.append(point) or real(campaign, point))
    replay(journal, table, 1)
    start = journal.store.marks(table, types=["session.started"])[0]
    assert calls == [f"before:{start.id}"]


def test_a_void_in_the_session_shows_the_fields_it_restores(journal: Journal, table: str) -> None:
    """A void of the wounds event, recorded in the session, takes Питер's wounds back from 1 to 0 at the void."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    wounds = vpt.record_wounds(journal, table, "Питер", 1)
    void = _void(journal, wounds)
    end_session(journal, table, minutes=10)
    result = replay(journal, table, 1)
    voided = _by_type(result, "correction.voided")[0]
    assert voided["summary"] == "voids “Питер takes 1 wound: 1 in all”: misrecorded"
    assert voided["changes"] == [{"character": "Питер", "field": "wounds", "before": 1, "after": 0}]
    assert _by_type(result, "vpt.wounds_taken")[0]["voided"] == {
        "by": void.id, "version": void.version, "reason": "misrecorded", "dispute": None, "dispute_number": None}


def test_events_after_a_void_are_folded_without_the_voided_event(journal: Journal, table: str) -> None:
    """After voiding Питер's first wound, his next wound goes from 0 to 1 (not from 1 to 2)."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    _void(journal, vpt.record_wounds(journal, table, "Питер", 1))
    vpt.record_wounds(journal, table, "Питер", 1)
    end_session(journal, table, minutes=10)
    last = _by_type(replay(journal, table, 1), "vpt.wounds_taken")[-1]
    assert last["changes"] == [{"character": "Питер", "field": "wounds", "before": 0, "after": 1}]


def test_a_tick_voided_after_the_session_is_marked_and_left_out_of_the_totals(journal: Journal, table: str) -> None:
    """A void recorded after the end is listed after the session; the tick it voids counts no more."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    tick = vpt.tick_relationship(journal, table, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    end_session(journal, table, minutes=10)
    void = _void(journal, tick, "no one was saved")
    result = replay(journal, table, 1)
    assert _by_type(result, "vpt.relationship_ticked")[0]["voided"]["version"] == void.version
    assert [(e["version"], e["part"]) for e in result["events"]][-1] == (void.version, "after")
    assert result["bonds"] == []


def test_a_void_after_the_next_session_started_marks_the_event_but_is_not_listed(journal: Journal, table: str) -> None:
    """Only the aftermath up to the next session is walked; a later void still marks its target voided."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    tick = vpt.tick_relationship(journal, table, "Вольтаир", "Эдди", ["saved_life"], actor="Оля")
    end_session(journal, table, minutes=10)
    start_session(journal, table, ["Вика"])
    void = _void(journal, tick)
    result = replay(journal, table, 1)
    assert [e["type"] for e in result["events"]] == ["session.started", "vpt.relationship_ticked", "session.ended"]
    assert result["events"][1]["voided"]["by"] == void.id


def test_an_unknown_session_is_not_found(journal: Journal, table: str) -> None:
    """Session 3 of a campaign with none: NotFound naming the session and the campaign."""
    with pytest.raises(NotFound, match="^no session 3 in campaign 'Пепел'$"):
        replay(journal, table, 3)


def test_a_session_number_below_one_is_refused(journal: Journal, table: str) -> None:
    """Session 0 is malformed input."""
    with pytest.raises(ValidationFailed, match="^session: a session number is 1 or more$"):
        replay(journal, table, 0)


def test_an_unknown_campaign_is_not_found(journal: Journal) -> None:
    """Replaying a campaign that does not exist names it."""
    with pytest.raises(NotFound, match="^no campaign named 'Нет'$"):
        replay(journal, "Нет", 1)


# -- Stone Wheel: XP of the session ------------------------------------------------------------------




@pytest.fixture
def wheel(journal: Journal) -> str:
    """A Stone Wheel campaign 'Камень': Master Мастер, player Аня with Ратибор; session 1 of 120 min awarded."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    start_session(journal, "Камень", ["Мастер", "Аня"])
    sw.award_bonus_xp(journal, "Камень", "Ратибор", 30, "разгадал загадку")
    end_session(journal, "Камень", minutes=120)
    sw.award_session_xp(journal, "Камень", 1)
    return "Камень"


def test_the_xp_of_the_session_counts_awards_recorded_after_its_end(journal: Journal, wheel: str) -> None:
    """The bonus (in the session) and the session awards (after it, naming it) are summed per character."""
    assert replay(journal, wheel, 1)["xp"] == [
        {"character": "Мастер", "amount": 150, "by_source": {"session": 150}, "master": True},
        {"character": "Ратибор", "amount": 130, "by_source": {"bonus": 30, "session": 100}, "master": False},
    ]


def test_the_session_awards_are_listed_after_the_session_with_their_sheet_changes(journal: Journal, wheel: str) -> None:
    """The awards recorded after the end appear as 'after' events; Ратибор's award raises his XP ledger."""
    after = [e for e in replay(journal, wheel, 1)["events"] if e["part"] == "after"]
    assert [e["summary"] for e in after] == ["Ратибор +100 XP for session 1, 120 min",
                                             "Мастер (Master) +150 XP for session 1, 120 min"]
    assert after[0]["changes"] == [
        {"character": "Ратибор", "field": "xp.balance", "before": 30, "after": 130},
        {"character": "Ратибор", "field": "xp.earned", "before": 30, "after": 130},
    ]


def test_events_between_sessions_that_do_not_name_the_session_are_not_listed(journal: Journal, wheel: str) -> None:
    """A bonus recorded after the end names no session: it is folded but not listed, and not in the XP."""
    sw.award_bonus_xp(journal, wheel, "Ратибор", 5, "позже")
    result = replay(journal, wheel, 1)
    assert [e["summary"] for e in result["events"] if e["part"] == "after"] == [
        "Ратибор +100 XP for session 1, 120 min", "Мастер (Master) +150 XP for session 1, 120 min"]
    assert [row["amount"] for row in result["xp"]] == [150, 130]


# -- summaries ---------------------------------------------------------------------------------------


SYSTEM_PREFIXES = ("campaign.", "member.", "session.", "roll.", "correction.", "wield.", "stone_wheel.",
                   "dichotomy.", "vpt.")


def test_every_event_type_of_the_four_systems_has_its_own_line() -> None:
    """No type of the shared core or the four systems falls back to key=value."""
    missing = [t for t in registered_types() if t.startswith(SYSTEM_PREFIXES) and t not in known_types()]
    assert missing == []


def test_a_free_roll_is_described_by_its_own_description_and_purpose() -> None:
    """roll.made prints the notation's description, then the purpose in parentheses."""
    assert describe("roll.made", {"description": "2d6+1: [3, 5] + 1 = 9", "purpose": "поиск"}) == \
        "2d6+1: [3, 5] + 1 = 9  (поиск)"


def test_an_unknown_type_falls_back_to_its_fields() -> None:
    """A type the table does not know prints its non-empty fields as key=value, long ones shortened."""
    assert describe("other.thing", {"a": 1, "b": None, "c": "x" * 30}) == "a=1, c=xxxxxxxxxxxxxxxxxxxxx..."


def test_a_payload_missing_the_fields_of_its_line_falls_back_to_its_fields() -> None:
    """An old-schema payload never makes the summary fail."""
    assert describe("vpt.wounds_taken", {"character": "Питер"}) == "character=Питер"


def test_a_relationship_tick_reads_like_the_table_verb() -> None:
    """Items with their points, the change, the standing and the session."""
    data = {"character": "Эдди", "other": "Вольтаир", "session": 1, "items": ["saved_life", "date_successful"],
            "change": 2, "points": 2}
    assert describe("vpt.relationship_ticked", data) == \
        "Эдди -> Вольтаир: saved_life +1, date_successful +1 = +2 -> 2 points (session 1)"


def test_a_change_shows_the_values_of_its_own_moment_not_later_ones(journal: Journal, table: str) -> None:
    """A Status gained after the first tick does not leak back into the tick's 'after' (statuses [] then)."""
    start_session(journal, table, ["Вика", "Оля", "Дима"])
    vpt.tick_relationship(journal, table, "Эдди", "Вольтаир", ["saved_life"], actor="Дима")
    vpt.gain_status(journal, table, "Эдди", "Вольтаир", "побратим", actor="Дима")
    result = replay(journal, table, 1)
    assert _by_type(result, "vpt.relationship_ticked")[0]["changes"] == [
        {"character": "Эдди", "field": "relationships.Вольтаир.points", "before": None, "after": 1},
        {"character": "Эдди", "field": "relationships.Вольтаир.statuses", "before": None, "after": []},
    ]
    assert _by_type(result, "vpt.status_gained")[0]["changes"] == [
        {"character": "Эдди", "field": "relationships.Вольтаир.statuses", "before": [], "after": ["побратим"]}]
