"""End-of-session tallies through the service, on both databases: the proposal of a known session in each
system (exact lines), the commit (exactly those events, in one append), and the refusals (a second commit,
a player, an open session), each of which writes nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest

from journal.errors import NotAuthorized, NotFound, RuleViolation, ValidationFailed
from journal.service import Journal
from journal.service.figures import after
from journal.service.sessions import end_session, start_session
from journal.service.tallies import Bonus, Choice, commit_tally, propose_tally
from journal.systems.dichotomy import commands as dichotomy
from journal.systems.stone_wheel import commands as stone_wheel
from journal.systems.vpt import commands as vpt

SW, MASTER = "Камень", "Мастер"
VPT, GM = "Пепел", "Вика"
DI, LEAD = "Две стороны", "Ведущий"

CHARACTERISTICS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
                   "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMETERS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
              "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
              "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
              "carry": 40}


#: The amounts an experience award may be changed to (its payload's: at least 1).
XP_RANGE = [1, 2**31 - 1]


def line(key: str, kind: str, character: str, item: str, amount: int, status: str, reason: str,
         other: str | None = None, proposed: int | None = None, range_: list[int] | None = None,
         choice: dict[str, str] | None = None) -> dict[str, Any]:
    """One line of a proposal, as ``propose_tally`` returns it."""
    return {"key": key, "kind": kind, "character": character, "other": other, "item": item, "amount": amount,
            "status": status, "reason": reason, "proposed": proposed, "range": range_, "choice": choice}


def refused(rule: str, message: str) -> Any:
    """Expect a RuleViolation with exactly this one-line message."""
    return pytest.raises(RuleViolation, match=f"^{re.escape(f'refused by rule {rule!r}: {message}')}$")


# --- Stone Wheel ---------------------------------------------------------------------------------------------


@pytest.fixture
def stone(journal: Journal) -> Journal:
    """Камень: Аня plays Ратибор and Вихрь, Боря plays Ёжик; session 1 (Аня present, Боря absent) lasted 150 min."""
    journal.create_campaign(SW, "stone-wheel", MASTER)
    journal.add_member(SW, "Аня")
    journal.add_member(SW, "Боря")
    for name, player in (("Ратибор", "Аня"), ("Вихрь", "Аня"), ("Ёжик", "Боря")):
        stone_wheel.create_character(journal, SW, name, player, "physical", "человек", "воин", CHARACTERISTICS,
                                     PARAMETERS)
    start_session(journal, SW, ["Аня"])
    end_session(journal, SW, minutes=150)
    return journal


SW_LINES = [
    line("session_xp:Ратибор", "session_xp", "Ратибор", "150 min x 50 XP/h", 125, "proposed", "present",
         range_=XP_RANGE),
    line("session_xp:Вихрь", "session_xp", "Вихрь", "150 min x 50 XP/h", 125, "proposed", "present",
         range_=XP_RANGE),
    line("master_xp:Мастер", "master_xp", "Мастер", "150 min x 75 XP/h", 187, "proposed", "the Master ran the session",
         range_=XP_RANGE),
]


def test_stone_wheel_proposal_gives_per_hour_xp_to_the_present_and_the_master(stone: Journal) -> None:
    """150 min: 125 to each of the present player's characters, 187 to the Master, nothing to the absent."""
    result = propose_tally(stone, SW, 1)
    assert (result["minutes"], result["present"], result["tallied"], result["lines"]) == (150, ["Аня"], None, SW_LINES)


def test_a_proposal_writes_nothing(stone: Journal) -> None:
    """Proposing (even by a player) leaves the head where it was."""
    head = stone.store.head(SW)
    propose_tally(stone, SW, 1, actor="Боря")
    assert stone.store.head(SW) == head


def test_commit_appends_the_proposed_awards_then_the_tally_in_one_append(stone: Journal) -> None:
    """Three xp_awarded (session 1, 150 min) and tally.committed, consecutive, caused by the session's end."""
    head = stone.store.head(SW)
    events = commit_tally(stone, SW, 1)
    ended = next(e for e in stone.store.read(SW, types=["session.ended"]))
    assert [(e.version, e.type, e.causation, e.session) for e in events] == [
        (head + 1, "stone_wheel.xp_awarded", ended.id, None), (head + 2, "stone_wheel.xp_awarded", ended.id, None),
        (head + 3, "stone_wheel.xp_awarded", ended.id, None), (head + 4, "tally.committed", ended.id, None)]
    assert [(e.data["character"], e.data["amount"], e.data["master"], e.data["session"], e.data["minutes"])
            for e in events[:3]] == [("Ратибор", 125, False, 1, 150), ("Вихрь", 125, False, 1, 150),
                                     ("Мастер", 187, True, 1, 150)]
    assert stone.store.head(SW) == head + 4


def test_the_tally_event_summarises_what_was_appended(stone: Journal) -> None:
    """tally.committed names the session, counts the lines and lists them without their status."""
    data = commit_tally(stone, SW, 1)[-1].data
    summary = [{k: v for k, v in entry.items() if k not in ("status", "range", "choice")} for entry in SW_LINES]
    assert data == {"session": 1, "lines": 3, "summary": summary, "skipped": []}


def test_committed_awards_reach_the_sheets_and_the_masters_ledger(stone: Journal) -> None:
    """After the commit Ратибор and Вихрь have 125 XP, Ёжик none, the Master 187."""
    commit_tally(stone, SW, 1)
    folded = stone.at(SW)
    sheets = folded["stone_wheel.sheet"]["characters"]
    assert [sheets[name]["xp"]["balance"] for name in ("Ратибор", "Вихрь", "Ёжик")] == [125, 125, 0]
    assert folded["xp"]["characters"][MASTER]["balance"] == 187


def test_a_second_commit_is_refused_naming_the_first(stone: Journal) -> None:
    """Tallies are idempotent: the second commit is refused with the first's version and id; nothing is written."""
    first = commit_tally(stone, SW, 1)[-1]
    head = stone.store.head(SW)
    with refused("tally: once per session", f"session 1 was already tallied at version {first.version} "
                                            f"(event {first.id})"):
        commit_tally(stone, SW, 1)
    assert stone.store.head(SW) == head


def test_a_player_cannot_commit_a_tally(stone: Journal) -> None:
    """Only the Master commits; nothing is written."""
    head = stone.store.head(SW)
    with pytest.raises(NotAuthorized, match=r"^only the Master may commit a session tally \('Аня' is a player\)$"):
        commit_tally(stone, SW, 1, actor="Аня")
    assert stone.store.head(SW) == head


def test_an_open_session_cannot_be_tallied(stone: Journal) -> None:
    """Session 2 is still open: its tally is refused and nothing is written."""
    start_session(stone, SW, ["Аня", "Боря"])
    head = stone.store.head(SW)
    with refused("tally: ended sessions only", "session 2 has not ended yet"):
        commit_tally(stone, SW, 2)
    assert stone.store.head(SW) == head


def test_a_tally_is_committed_between_sessions(stone: Journal) -> None:
    """While session 2 is open, session 1's tally is refused (its events would carry session 2)."""
    start_session(stone, SW, ["Аня"])
    head = stone.store.head(SW)
    with refused("tally: between sessions", "session 2 is open; commit the tally of session 1 between sessions"):
        commit_tally(stone, SW, 1)
    assert stone.store.head(SW) == head


def test_an_unknown_session_is_not_found(stone: Journal) -> None:
    """There is no session 7 to tally."""
    with pytest.raises(NotFound, match="^no session 7 in 'Камень'$"):
        propose_tally(stone, SW, 7)


def test_a_bonus_award_is_proposed_and_committed_with_its_reason(stone: Journal) -> None:
    """--bonus Ёжик=30:... adds a bonus line; the commit appends it as a bonus xp_awarded."""
    bonus = [Bonus("Ёжик", 30, "нашёл карту")]
    assert propose_tally(stone, SW, 1, bonuses=bonus)["lines"][-1] == line(
        "bonus_xp:Ёжик", "bonus_xp", "Ёжик", "bonus", 30, "proposed", "нашёл карту", range_=XP_RANGE)
    award = commit_tally(stone, SW, 1, bonuses=bonus)[-2]
    assert (award.type, award.data["character"], award.data["amount"], award.data["source"],
            award.data["reason"]) == ("stone_wheel.xp_awarded", "Ёжик", 30, "bonus", "нашёл карту")


def test_a_bonus_without_a_reason_is_refused(stone: Journal) -> None:
    """A bonus award needs a reason; nothing is written."""
    head = stone.store.head(SW)
    with refused("stone_wheel: bonus award", "a bonus award needs a reason"):
        commit_tally(stone, SW, 1, bonuses=[Bonus("Ёжик", 30, " ")])
    assert stone.store.head(SW) == head


def test_skip_drops_a_proposed_line(stone: Journal) -> None:
    """--skip session_xp:Вихрь: the commit appends the other two and records what was skipped."""
    events = commit_tally(stone, SW, 1, skip=["session_xp:Вихрь"])
    assert [e.data["character"] for e in events[:-1]] == ["Ратибор", "Мастер"]
    assert (events[-1].data["lines"], events[-1].data["skipped"]) == (2, ["session_xp:Вихрь"])


def test_skip_of_a_line_not_proposed_is_refused(stone: Journal) -> None:
    """Skipping a line the tally does not propose names the proposed ones; nothing is written."""
    head = stone.store.head(SW)
    with pytest.raises(ValidationFailed, match=re.escape(
            "skip: 'session_xp:Ёжик' is not a proposed line of session 1 (proposed: session_xp:Ратибор, "
            "session_xp:Вихрь, master_xp:Мастер)")):
        commit_tally(stone, SW, 1, skip=["session_xp:Ёжик"])
    assert stone.store.head(SW) == head


def test_a_session_awarded_with_xp_session_is_listed_as_recorded(stone: Journal) -> None:
    """After 'xp session 1' the tally proposes no second award: the awards are listed as recorded."""
    stone_wheel.award_session_xp(stone, SW, 1)
    recorded = [dict(entry, status="recorded", item="150 min", range=None) for entry in SW_LINES]
    assert propose_tally(stone, SW, 1)["lines"] == recorded
    assert [e.type for e in commit_tally(stone, SW, 1)] == ["tally.committed"]


def test_xp_session_after_a_tally_is_refused(stone: Journal) -> None:
    """The tally's session awards count for the 'awarded once' rule of xp session."""
    first = commit_tally(stone, SW, 1)[0]
    with refused("stone_wheel: session award", f"session 1 was already awarded (version {first.version}, "
                                               f"event {first.id})"):
        stone_wheel.award_session_xp(stone, SW, 1)


def test_the_proposal_of_a_tallied_session_shows_what_was_recorded(stone: Journal) -> None:
    """After the commit the proposal names the tally and lists every line as recorded, the bonus too."""
    done = commit_tally(stone, SW, 1, bonuses=[Bonus("Ёжик", 30, "нашёл карту")])[-1]
    result = propose_tally(stone, SW, 1)
    assert result["tallied"] == {"version": done.version, "id": done.id}
    assert [(r["key"], r["amount"], r["status"]) for r in result["lines"]] == [
        ("session_xp:Ратибор", 125, "recorded"), ("session_xp:Вихрь", 125, "recorded"),
        ("master_xp:Мастер", 187, "recorded"), ("bonus_xp:Ёжик", 30, "recorded")]


def test_the_xp_rates_are_the_house_rules_in_force(stone: Journal) -> None:
    """With xp_per_hour_player = 60 adopted, 150 min give 150 to each present character (the Master keeps 75/h)."""
    from journal.service.house_rules import adopt_rule, propose_rule, vote_rule

    proposal = propose_rule(stone, SW, "xp_per_hour_player", 60)
    for player in ("Аня", "Боря"):
        vote_rule(stone, proposal.id, True, actor=player, campaign=SW)
    adopt_rule(stone, proposal.id, campaign=SW)
    assert [(r["key"], r["item"], r["amount"]) for r in propose_tally(stone, SW, 1)["lines"]] == [
        ("session_xp:Ратибор", "150 min x 60 XP/h", 150), ("session_xp:Вихрь", "150 min x 60 XP/h", 150),
        ("master_xp:Мастер", "150 min x 75 XP/h", 187)]


# --- the Master changes a line's amount ----------------------------------------------------------------------


def test_a_changed_amount_is_proposed_beside_the_rules_amount(stone: Journal) -> None:
    """amounts {session_xp:Ратибор: 150}: the line shows 150, the rules' 125 as proposed; the others unchanged."""
    result = propose_tally(stone, SW, 1, amounts={"session_xp:Ратибор": 150})
    assert result["lines"] == [
        line("session_xp:Ратибор", "session_xp", "Ратибор", "150 min x 50 XP/h", 150, "proposed", "present",
             proposed=125, range_=XP_RANGE), *SW_LINES[1:]]


def test_a_changed_amount_is_what_the_award_and_the_tally_record(stone: Journal) -> None:
    """The commit appends Ратибор's award at 150 (still session 1, 150 min); tally.committed lists 150, proposed 125."""
    events = commit_tally(stone, SW, 1, amounts={"session_xp:Ратибор": 150, "master_xp:Мастер": 200})
    assert [(e.data["character"], e.data["amount"], e.data["source"], e.data["session"], e.data["minutes"])
            for e in events[:3]] == [("Ратибор", 150, "session", 1, 150), ("Вихрь", 125, "session", 1, 150),
                                     ("Мастер", 200, "session", 1, 150)]
    assert [(entry["key"], entry["amount"], entry["proposed"]) for entry in events[-1].data["summary"]] == [
        ("session_xp:Ратибор", 150, 125), ("session_xp:Вихрь", 125, None), ("master_xp:Мастер", 200, 187)]


def test_a_changed_amount_is_what_the_sheets_and_the_xp_ledger_show(stone: Journal) -> None:
    """After the commit Ратибор has 150 XP (125 proposed), Вихрь 125, the Master 200; session 1 earned the same."""
    commit_tally(stone, SW, 1, amounts={"session_xp:Ратибор": 150, "master_xp:Мастер": 200})
    folded = stone.at(SW)
    sheets, ledgers = folded["stone_wheel.sheet"]["characters"], folded["xp"]["characters"]
    assert [sheets[name]["xp"]["balance"] for name in ("Ратибор", "Вихрь", "Ёжик")] == [150, 125, 0]
    assert [ledgers[name]["sessions"]["1"]["earned"] for name in ("Ратибор", "Вихрь", MASTER)] == [150, 125, 200]
    assert folded["stone_wheel.sheet"]["masters"][MASTER]["balance"] == 200


def test_the_proposal_of_a_tallied_session_shows_a_changed_amount_and_its_proposal(stone: Journal) -> None:
    """After a commit at 150, the recorded line reads 150 with the rules' 125 beside it."""
    commit_tally(stone, SW, 1, amounts={"session_xp:Вихрь": 150})
    assert [(r["key"], r["amount"], r["status"], r["proposed"]) for r in propose_tally(stone, SW, 1)["lines"]] == [
        ("session_xp:Ратибор", 125, "recorded", None), ("session_xp:Вихрь", 150, "recorded", 125),
        ("master_xp:Мастер", 187, "recorded", None)]


def test_an_amount_equal_to_the_proposal_changes_nothing(stone: Journal) -> None:
    """Setting 125 where the rules propose 125 records no proposal beside it."""
    summary = commit_tally(stone, SW, 1, amounts={"session_xp:Ратибор": 125})[-1].data["summary"]
    assert (summary[0]["amount"], summary[0]["proposed"]) == (125, None)


def test_an_amount_for_a_line_not_proposed_is_refused(stone: Journal) -> None:
    """A key the tally does not propose is refused, naming the proposed ones; nothing is written."""
    head = stone.store.head(SW)
    with pytest.raises(ValidationFailed, match="^" + re.escape(
            "set: 'session_xp:Ёжик' is not a proposed line of session 1 (proposed: session_xp:Ратибор, "
            "session_xp:Вихрь, master_xp:Мастер)") + "$"):
        commit_tally(stone, SW, 1, amounts={"session_xp:Ёжик": 10})
    assert stone.store.head(SW) == head


def test_an_amount_below_the_rules_range_is_refused(stone: Journal) -> None:
    """An award is at least 1 XP: 0 is refused naming the range; nothing is written."""
    head = stone.store.head(SW)
    with pytest.raises(ValidationFailed, match="^" + re.escape(
            "set: the amount of 'session_xp:Ратибор' must be a whole number from 1 to 2147483647, not 0") + "$"):
        commit_tally(stone, SW, 1, amounts={"session_xp:Ратибор": 0})
    assert stone.store.head(SW) == head


def test_an_amount_for_a_skipped_line_is_refused(stone: Journal) -> None:
    """A line both skipped and changed is refused; nothing is written."""
    head = stone.store.head(SW)
    with pytest.raises(ValidationFailed, match="^" + re.escape(
            "set: 'session_xp:Вихрь' is skipped; keep the line to change its amount") + "$"):
        commit_tally(stone, SW, 1, skip=["session_xp:Вихрь"], amounts={"session_xp:Вихрь": 10})
    assert stone.store.head(SW) == head


def test_a_bonus_amount_can_be_changed_like_any_proposed_line(stone: Journal) -> None:
    """A bonus of 30 set to 40 is appended at 40, 30 kept as its proposal."""
    events = commit_tally(stone, SW, 1, bonuses=[Bonus("Ёжик", 30, "нашёл карту")], amounts={"bonus_xp:Ёжик": 40})
    assert (events[-2].data["amount"], events[-1].data["summary"][-1]["proposed"]) == (40, 30)


def test_two_bonuses_for_one_character_are_two_lines_each_with_its_own_key(stone: Journal) -> None:
    """Two bonuses for Ёжик: 'bonus_xp:Ёжик' and 'bonus_xp:Ёжик#2'; skipping the second commits the first alone."""
    bonuses = [Bonus("Ёжик", 30, "нашёл карту"), Bonus("Ёжик", 10, "спас коня")]
    keys = [entry["key"] for entry in propose_tally(stone, SW, 1, bonuses=bonuses)["lines"]]
    assert keys[-2:] == ["bonus_xp:Ёжик", "bonus_xp:Ёжик#2"]
    events = commit_tally(stone, SW, 1, bonuses=bonuses, skip=["bonus_xp:Ёжик#2"])
    awards = [(e.data["character"], e.data["amount"], e.data["reason"]) for e in events
              if e.type == "stone_wheel.xp_awarded" and e.data["source"] == "bonus"]
    assert (awards, events[-1].data["skipped"]) == ([("Ёжик", 30, "нашёл карту")], ["bonus_xp:Ёжик#2"])


# --- VPT ------------------------------------------------------------------------------------------------------


@pytest.fixture
def bonds(journal: Journal) -> Journal:
    """Пепел: Оля plays Ёжик; Белка, Волк, Лиса are the GM's.  Session 1: Ёжик saved Белка and Волк, Белка
    swore revenge on Волк.  Session 2: Ёжик hit Волк (the only event naming two of them)."""
    journal.create_campaign(VPT, "vpt", GM)
    journal.add_member(VPT, "Оля")
    vpt.create_character(journal, VPT, "Ёжик", "Оля")
    for name in ("Белка", "Волк", "Лиса"):
        vpt.create_character(journal, VPT, name)
    start_session(journal, VPT, [GM, "Оля"])
    vpt.tick_relationship(journal, VPT, "Ёжик", "Белка", ["saved_life"])
    vpt.tick_relationship(journal, VPT, "Ёжик", "Волк", ["saved_life", "date_successful"])
    vpt.choose_revenge(journal, VPT, "Белка", "Волк")
    end_session(journal, VPT, minutes=180)
    start_session(journal, VPT, [GM, "Оля"])
    vpt.record_hit(journal, VPT, "Ёжик", "Волк", target=7, dice=[1, 2])
    end_session(journal, VPT, minutes=120)
    return journal


def test_vpt_a_pair_without_interaction_gets_minus_one_and_a_linked_pair_does_not(bonds: Journal) -> None:
    """Session 2: Ёжик/Белка and Белка's revenge on Волк get "no interaction" -1; Ёжик/Волк (the hit) nothing."""
    reason = "no event of session 2 names both"
    assert propose_tally(bonds, VPT, 2)["lines"] == [
        line("relationship:Ёжик/Белка", "relationship", "Ёжик", "no_interaction", -1, "proposed", reason, "Белка"),
        line("revenge:Белка/Волк", "revenge", "Белка", "no_interaction", -1, "proposed", reason, "Волк"),
    ]


def test_vpt_ticks_scored_in_the_session_are_listed_as_recorded(bonds: Journal) -> None:
    """Session 1: both ticks are listed with their change; the revenge chosen then links Белка and Волк."""
    versions = [e.version for e in bonds.store.read(VPT, types=["vpt.relationship_ticked"])]
    assert propose_tally(bonds, VPT, 1)["lines"] == [
        line("relationship:Ёжик/Белка", "relationship", "Ёжик", "saved_life", 1, "recorded",
             f"ticked at #{versions[0]}", "Белка"),
        line("relationship:Ёжик/Волк", "relationship", "Ёжик", "saved_life, date_successful", 2, "recorded",
             f"ticked at #{versions[1]}", "Волк"),
    ]


def test_vpt_commit_appends_the_ticks_with_the_session_in_the_payload(bonds: Journal) -> None:
    """The ticks carry session 2 in the payload (recorded between sessions); tally.committed follows them."""
    events = commit_tally(bonds, VPT, 2)
    assert [(e.type, e.session, e.data["session"], e.data["items"], e.data["change"], after(bonds, VPT, e)["points"])
            for e in events[:2]] == [("vpt.relationship_ticked", None, 2, ["no_interaction"], -1, 0),
                                     ("vpt.revenge_ticked", None, 2, ["no_interaction"], -1, 0)]
    assert (events[2].type, events[2].data["lines"]) == ("tally.committed", 2)


def test_vpt_committed_ticks_lower_the_standings(bonds: Journal) -> None:
    """Ёжик towards Белка 1 -> 0; Ёжик towards Волк stays 2; Белка's revenge stays at its floor 0."""
    commit_tally(bonds, VPT, 2)
    state = bonds.at(VPT)["vpt.bonds"]
    assert ([state["relationships"]["Ёжик"][o]["points"] for o in ("Белка", "Волк")],
            state["revenges"]["Белка"]["points"]) == ([0, 2], 0)


def test_vpt_skip_keeps_a_pair_out_of_the_commit(bonds: Journal) -> None:
    """--skip revenge:Белка/Волк: only Ёжик's relationship tick is appended."""
    events = commit_tally(bonds, VPT, 2, skip=["revenge:Белка/Волк"])
    assert [e.type for e in events] == ["vpt.relationship_ticked", "tally.committed"]


def test_vpt_a_tallied_session_is_tallied_once(bonds: Journal) -> None:
    """A second commit of session 2 is refused and writes nothing."""
    first = commit_tally(bonds, VPT, 2)[-1]
    head = bonds.store.head(VPT)
    with refused("tally: once per session", f"session 2 was already tallied at version {first.version} "
                                            f"(event {first.id})"):
        commit_tally(bonds, VPT, 2)
    assert bonds.store.head(VPT) == head


def test_vpt_a_ticks_change_is_not_changed_by_the_master(bonds: Journal) -> None:
    """A checklist tick records a change, not an amount: setting one is refused by rule; nothing is written."""
    head = bonds.store.head(VPT)
    with refused("tally: amounts", "the amount of 'relationship:Ёжик/Белка' (relationship) is the rules' own: "
                                   "keep or skip the line"):
        commit_tally(bonds, VPT, 2, amounts={"relationship:Ёжик/Белка": -2})
    assert bonds.store.head(VPT) == head


def test_a_vpt_proposal_says_it_takes_no_bonus_award(bonds: Journal) -> None:
    """The proposal a page draws from tells it a VPT tally takes no bonus award (so none is offered)."""
    assert propose_tally(bonds, VPT, 2)["takes_bonuses"] is False


def test_a_stone_wheel_proposal_says_it_takes_bonus_awards(stone: Journal) -> None:
    """Stone Wheel keeps experience: its tally takes the Master's bonus awards."""
    assert propose_tally(stone, SW, 1)["takes_bonuses"] is True


def test_vpt_keeps_no_experience_for_a_bonus(bonds: Journal) -> None:
    """A bonus award in a VPT campaign is refused by rule; nothing is written."""
    head = bonds.store.head(VPT)
    with refused("tally: bonus awards", "'Пепел' plays vpt, which keeps no experience to award"):
        commit_tally(bonds, VPT, 2, bonuses=[Bonus("Ёжик", 1, "за смелость")])
    assert bonds.store.head(VPT) == head


def test_a_motive_outcome_in_a_vpt_campaign_is_refused_naming_the_system_that_declares_it(bonds: Journal) -> None:
    """Motive outcomes are Dichotomy's tally input (its descriptor's): a VPT tally refuses them by that input's rule."""
    head = bonds.store.head(VPT)
    with refused("tally: motives", "motive outcomes are Dichotomy's; 'Пепел' plays vpt"):
        commit_tally(bonds, VPT, 2, choices={"motives": [Choice("Ёжик", "Greed", "fulfilled")]})
    assert bonds.store.head(VPT) == head


def test_a_choice_of_an_input_no_system_declares_is_bad_input(bonds: Journal) -> None:
    """A tally input no registered system declares is one ValidationFailed naming it."""
    with pytest.raises(ValidationFailed, match=r"^tally: 'omens' is no system's tally input$"):
        propose_tally(bonds, VPT, 2, choices={"omens": [Choice("Ёжик", "ворон", "good")]})


# --- Dichotomy ------------------------------------------------------------------------------------------------


@pytest.fixture
def adventure(journal: Journal) -> Journal:
    """Две стороны: Давид plays Взломщик (Greed, Truth).  Session 1: adventure 1 starts, Greed is fulfilled,
    the adventure ends."""
    journal.create_campaign(DI, "dichotomy", LEAD)
    journal.add_member(DI, "Давид")
    dichotomy.create_character(journal, DI, "Взломщик", {"finesse": 7, "power": 4, "martial": 5, "spiritual": 6,
                                                         "natural": 3, "technical": 8},
                               ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable",
                               actor="Давид")
    start_session(journal, DI, [LEAD, "Давид"])
    dichotomy.start_adventure(journal, DI, "Склеп")
    dichotomy.record_motive(journal, DI, "Взломщик", "Greed", "fulfilled")
    dichotomy.end_adventure(journal, DI)
    end_session(journal, DI, minutes=200)
    return journal


def test_dichotomy_lists_recorded_and_pending_motives_of_the_adventure_ended(adventure: Journal) -> None:
    """Greed fulfilled (+2) is recorded; Truth has no outcome yet: pending, 0 XP."""
    assert propose_tally(adventure, DI, 1)["lines"] == [
        line("motive:Взломщик:Greed", "motive", "Взломщик", "Greed: fulfilled", 2, "recorded", "adventure 1",
             choice={"input": "motives", "item": "Greed"}),
        line("motive:Взломщик:Truth", "motive", "Взломщик", "Truth: no outcome", 0, "pending",
             "adventure 1: neither fulfilled nor betrayed unless the GM says", choice={"input": "motives", "item": "Truth"}),
    ]


def test_dichotomy_a_proposal_offers_its_declared_tally_input_with_the_values_words(adventure: Journal) -> None:
    """The proposal names Dichotomy's one tally input: its body fields, its label, its empty choice and values."""
    assert propose_tally(adventure, DI, 1)["inputs"] == [
        {"name": "motives", "item": "motive", "value": "outcome", "label": "outcome", "none": "no outcome",
         "values": [{"value": "fulfilled", "word": "fulfilled"}, {"value": "betrayed", "word": "betrayed"}]}]


def test_dichotomy_a_motive_outcome_given_to_the_tally_is_committed(adventure: Journal) -> None:
    """--motive Взломщик=Truth:betrayed: +3 XP for adventure 1, the slot emptied."""
    events = commit_tally(adventure, DI, 1, choices={"motives": [Choice("Взломщик", "Truth", "betrayed")]})
    award = events[0]
    assert (award.type, award.data["amount"], award.data["motive"], award.data["outcome"], award.data["adventure"],
            award.data["slot"]) == ("dichotomy.xp_awarded", 3, "Truth", "betrayed", 1, 1)
    assert adventure.at(DI)["dichotomy.sheet"]["characters"]["Взломщик"]["xp"]["balance"] == 5


def test_dichotomy_a_motive_scored_already_is_refused(adventure: Journal) -> None:
    """Greed was scored in adventure 1: a second outcome is refused and nothing is written."""
    head = adventure.store.head(DI)
    with refused("dichotomy: once per motive per adventure", "'Greed' was already scored in adventure 1"):
        commit_tally(adventure, DI, 1, choices={"motives": [Choice("Взломщик", "Greed", "betrayed")]})
    assert adventure.store.head(DI) == head


def test_dichotomy_a_motive_outcome_needs_an_adventure_ended_in_the_session(adventure: Journal) -> None:
    """Session 2 ended no adventure: a motive outcome for it is refused."""
    start_session(adventure, DI, [LEAD, "Давид"])
    end_session(adventure, DI, minutes=60)
    with refused("tally: motives", "no adventure ended in session 2"):
        propose_tally(adventure, DI, 2, choices={"motives": [Choice("Взломщик", "Truth", "fulfilled")]})


def test_dichotomy_a_changed_motive_award_is_what_the_sheet_shows(adventure: Journal) -> None:
    """Truth betrayed (+3) set to 4: the award records 4 and Взломщик's balance is 2 + 4."""
    events = commit_tally(adventure, DI, 1, choices={"motives": [Choice("Взломщик", "Truth", "betrayed")]},
                          amounts={"motive:Взломщик:Truth": 4})
    assert (events[0].data["amount"], events[0].data["outcome"], events[-1].data["summary"][0]["proposed"]) == (
        4, "betrayed", 3)
    assert adventure.at(DI)["dichotomy.sheet"]["characters"]["Взломщик"]["xp"]["balance"] == 6


def test_dichotomy_a_bonus_is_renown_xp(adventure: Journal) -> None:
    """--bonus in Dichotomy appends renown XP for the adventure that ended."""
    award = commit_tally(adventure, DI, 1, bonuses=[Bonus("Взломщик", 1, "слава в Склепе")])[0]
    assert (award.type, award.data["source"], award.data["amount"], award.data["reason"],
            award.data["adventure"]) == ("dichotomy.xp_awarded", "renown", 1, "слава в Склепе", 1)
