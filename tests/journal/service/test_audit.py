"""The audit of one event through the service: envelope, roll proofs, sheets, chain and disputes, on both databases."""

from __future__ import annotations

import pytest
from support import CHARS, PARAMS, tamper

from journal.errors import NotFound
from journal.service import Journal
from journal.service import disputes as D
from journal.service.audit import audit
from journal.service.sessions import add_salt, end_session, free_roll, start_session
from journal.systems.stone_wheel import commands as sw


@pytest.fixture
def stone(journal: Journal) -> str:
    """Камень (stone-wheel): Мастер; Аня plays Ратибор; Боря."""
    journal.create_campaign("Камень", "stone-wheel", "Мастер")
    journal.add_member("Камень", "Аня")
    journal.add_member("Камень", "Боря")
    sw.create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    return "Камень"




def test_the_audit_shows_the_envelope_and_who_recorded_it(journal: Journal, stone: str) -> None:
    """Every stored field of the envelope, and the recorder with role and time."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    report = audit(journal, stone, bonus.id)
    assert report["envelope"] == {"id": bonus.id, "campaign": stone, "version": 5, "type": "stone_wheel.xp_awarded",
                                  "schema": 1, "data": bonus.data, "actor": "Мастер", "recorded_at": bonus.recorded_at,
                                  "session": None, "causation": None, "prev_hash": bonus.prev_hash, "hash": bonus.hash,
                                  "seq": report["envelope"]["seq"]}
    assert report["recorded"] == {"by": "Мастер", "role": "master", "at": bonus.recorded_at, "session": None}


def test_the_audit_names_the_sheet_fields_the_event_changed(journal: Journal, stone: str) -> None:
    """3 damage: Health 20 -> 17 on the sheet just after, and nothing else changed."""
    (damage,) = sw.record_damage(journal, stone, "Ратибор", 3, "падение")
    report = audit(journal, stone, str(damage.version))
    assert report["sheets"]["changes"] == [{"character": "Ратибор", "field": "current.health", "before": 20, "after": 17}]
    assert (report["sheets"]["before"]["Ратибор"]["sheet"]["current"]["health"],
            report["sheets"]["after"]["Ратибор"]["sheet"]["current"]["health"]) == (20, 17)


def test_a_table_roll_is_reported_as_such(journal: Journal, stone: str) -> None:
    """A roll thrown at the table has nothing to recompute."""
    roll = free_roll(journal, stone, "2d6", table=[3, 4])
    assert audit(journal, stone, roll.id)["rolls"] == [
        {"path": "rolls[0]", "sides": 6, "dice": [3, 4], "source": "table", "counter": None, "status": "table roll"}]


def test_a_server_roll_of_a_closed_session_recomputes_from_the_revealed_seed(journal: Journal, stone: str) -> None:
    """The proof carries the commitment and the revealed seed, and the seed gives the recorded dice."""
    started = start_session(journal, stone, ["Аня"])
    add_salt(journal, stone, "кот", actor="Аня")
    roll = free_roll(journal, stone, "3d6")
    ended = end_session(journal, stone)
    (proof,) = audit(journal, stone, roll.id)["rolls"]
    assert (proof["status"], proof["commitment"], proof["seed"], proof["commitment_ok"], proof["recomputed"],
            proof["salts"]) == ("verified", started.data["commitment"], ended.data["seed"], True,
                                roll.data["rolls"][0]["dice"], ["кот"])


def test_a_server_roll_of_an_open_session_is_sealed(journal: Journal, stone: str) -> None:
    """While the session is open its seed is secret: the proof says so."""
    start_session(journal, stone, ["Аня"])
    roll = free_roll(journal, stone, "1d20")
    (proof,) = audit(journal, stone, roll.id)["rolls"]
    assert (proof["status"], proof["seed"], proof["problem"]) == (
        "sealed", None, "session 1 is still open: its seed is revealed at its end")


def test_the_chain_of_an_untouched_campaign_holds(journal: Journal, stone: str) -> None:
    """No break: 'holds'."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    chain = audit(journal, stone, bonus.id)["chain"]
    assert (chain["ok"], chain["status"], chain["break"]) == (True, "holds", None)


def test_the_audit_of_a_tampered_event_reports_the_broken_chain_naming_it(journal: Journal, stone: str) -> None:
    """A bonus raised from 30 to 300 behind the journal's back: the chain is broken at this very event."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    sw.award_bonus_xp(journal, stone, "Ратибор", 5, "шутка")
    tamper(journal.store, stone, bonus.version, {**bonus.data, "amount": 300})
    chain = audit(journal, stone, bonus.id)["chain"]
    assert (chain["ok"], chain["status"], chain["break"]) == (False, "broken at this event", {
        "version": 5, "id": bonus.id, "reason": "hash does not match the stored envelope (the event was altered)"})
    assert chain["summary"] == (f"chain broken at this event (version 5, {bonus.id}): "
                                "hash does not match the stored envelope (the event was altered)")


def test_a_tampered_event_before_this_one_is_reported_as_before(journal: Journal, stone: str) -> None:
    """Auditing the event after the altered one names the earlier break."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    later = sw.award_bonus_xp(journal, stone, "Ратибор", 5, "шутка")
    tamper(journal.store, stone, bonus.version, {**bonus.data, "amount": 300})
    chain = audit(journal, stone, later.id)["chain"]
    assert (chain["status"], chain["break"]["id"]) == ("broken before this event", bonus.id)


def test_a_tamper_after_the_event_leaves_its_own_chain_holding(journal: Journal, stone: str) -> None:
    """Auditing an event before the altered one: the chain holds up to it, broken later."""
    first = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    later = sw.award_bonus_xp(journal, stone, "Ратибор", 5, "шутка")
    tamper(journal.store, stone, later.version, {**later.data, "amount": 50})
    chain = audit(journal, stone, first.id)["chain"]
    assert (chain["status"], chain["break"]["version"]) == ("broken after this event", 6)


def test_a_tampered_server_die_does_not_recompute(journal: Journal, stone: str) -> None:
    """A server die changed behind the journal's back: the proof reports the mismatch and what the seed gives."""
    start_session(journal, stone, ["Аня"])
    roll = free_roll(journal, stone, "1d6")
    end_session(journal, stone)
    real = roll.data["rolls"][0]["dice"][0]
    fake = 6 if real != 6 else 5
    tamper(journal.store, stone, roll.version,
                             {**roll.data, "rolls": [{**roll.data["rolls"][0], "dice": [fake]}]})
    (proof,) = audit(journal, stone, roll.id)["rolls"]
    assert (proof["status"], proof["recomputed"], proof["problem"]) == (
        "mismatch", [real], f"recorded [{fake}], the seed gives [{real}]")


def test_the_audit_lists_the_dispute_with_its_votes_and_ruling(journal: Journal, stone: str) -> None:
    """The dispute about the event, the votes cast, the ruling and the void it appended."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    opened = D.open_dispute(journal, stone, bonus.id, "загадку решил Боря", actor="Боря")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Боря")
    ruled, void = D.rule(journal, opened.id, "overturn")
    report = audit(journal, stone, bonus.id)
    (dispute,) = report["disputes"]
    assert (dispute["id"], dispute["opened_by"], dispute["status"], sorted(dispute["votes"]),
            dispute["ruling"]["id"], dispute["ruling"]["void"]) == (
        opened.id, "Боря", "overturned", ["Аня", "Боря"], ruled.id, void.id)
    assert report["voided"] == [{"id": void.id, "version": void.version, "reason": "загадку решил Боря",
                                 "dispute": opened.id, "dispute_number": 1}]


def test_the_audit_still_shows_the_voided_event_as_it_was(journal: Journal, stone: str) -> None:
    """The sheets just before and after a voided event still count it (the void came later)."""
    bonus = sw.award_bonus_xp(journal, stone, "Ратибор", 30, "загадка")
    opened = D.open_dispute(journal, stone, bonus.id, "нет", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Аня")
    D.vote(journal, opened.id, "overturn", actor="Боря")
    D.rule(journal, opened.id, "overturn")
    after = audit(journal, stone, bonus.id)["sheets"]["after"]["Ратибор"]
    assert (after["xp"]["earned"], after["sheet"]["xp"]["balance"]) == (30, 30)


def test_an_unknown_version_is_not_found(journal: Journal, stone: str) -> None:
    """Version 99 of a four-event campaign is refused as not found."""
    with pytest.raises(NotFound, match="no event at version 99 in campaign 'Камень'"):
        audit(journal, stone, "99")
