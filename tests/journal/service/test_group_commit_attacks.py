"""Attacks on group commit: commands queued together in one transaction must each decide on the state the earlier
ones left (their events included, however the command reads them), fail alone, and leave the chain, the decisions,
the dice and the witness exactly as one command at a time would have."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support import hold_write, let_go

from journal.errors import RuleViolation
from journal.events.campaign import MemberAdded
from journal.events.envelope import Event
from journal.service import Journal
from journal.service.context import Context
from journal.service.sessions import end_session, free_roll, start_session, verify_rolls
from journal.service.tallies import commit_tally
from journal.store.receipts import witnessed
from journal.systems.stone_wheel import commands as stone_wheel
from tests.journal.service.test_tallies import CHARACTERISTICS, PARAMETERS

CAMPAIGN, MASTER = "Камень", "Мастер"




@pytest.fixture
def stone(journal: Journal) -> Journal:
    """Камень (Stone Wheel): Аня plays Ратибор; session 1 (Аня present) lasted 150 minutes and is not yet tallied."""
    journal.create_campaign(CAMPAIGN, "stone-wheel", MASTER)
    journal.add_member(CAMPAIGN, "Аня")
    stone_wheel.create_character(journal, CAMPAIGN, "Ратибор", "Аня", "physical", "человек", "воин", CHARACTERISTICS,
                                 PARAMETERS)
    start_session(journal, CAMPAIGN, ["Аня"])
    end_session(journal, CAMPAIGN, minutes=150)
    return journal


@pytest.fixture
def holder(db_url: str) -> Callable[[], subprocess.Popen[str]]:
    """Start another OS process holding the campaign's write lock until the test lets go (stopped at the end)."""
    started: list[subprocess.Popen[str]] = []

    def start() -> subprocess.Popen[str]:
        process = hold_write(db_url, CAMPAIGN)
        started.append(process)
        return process

    yield start  # type: ignore[misc]
    for process in started:
        let_go(process)


def grouped(journal: Journal, holder: Callable[[], subprocess.Popen[str]],
            calls: list[Callable[[], Any]]) -> list[Any]:
    """Run each of ``calls`` from a thread of its own while another process holds the campaign's write; let go once
    all of them wait in the journal's queue, so that they run as ONE group; return each call's outcome in order."""
    process = holder()
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            outcomes[index] = calls[index]()
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = exc

    threads = []
    for index in range(len(calls)):  # one at a time, so the queue keeps the order of ``calls``
        threads.append(threading.Thread(target=run, args=(index,)))
        threads[-1].start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if journal.store.queued(CAMPAIGN) == index + 1:
                break
            time.sleep(0.005)
        else:
            raise AssertionError(f"call {index} never queued")
    assert process.stdin is not None
    process.stdin.write("go\n")
    process.stdin.flush()
    for thread in threads:
        thread.join(timeout=120)
    process.wait(timeout=60)
    return outcomes


def test_a_second_tally_queued_with_the_first_is_refused(stone: Journal,
                                                        holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Two commits of session 1's tally queued together: the first records its three events (versions 6 to 8), the
    second is refused by 'tally: once per session' (it reads the session's events from the store, the first's
    tally.committed among them), and Ратибор holds 125 XP, not 250."""
    first, second = grouped(stone, holder, [lambda: commit_tally(stone, CAMPAIGN, 1),
                                            lambda: commit_tally(stone, CAMPAIGN, 1)])
    assert [event.version for event in first] == [6, 7, 8]
    assert isinstance(second, RuleViolation)
    assert str(second).startswith("refused by rule 'tally: once per session': session 1 was already tallied at version 8")
    assert stone.campaign(CAMPAIGN)["version"] == 8
    assert stone.at(CAMPAIGN)["stone_wheel.sheet"]["characters"]["Ратибор"]["xp"]["balance"] == 125


def test_a_second_spend_of_the_same_xp_queued_with_the_first_is_refused(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Ратибор has 125 XP; two spends of 100 queued together: the first is version 9, the second is refused on the
    balance the first left (25), and the balance ends at 25."""
    commit_tally(stone, CAMPAIGN, 1)
    spends = [lambda skill=skill: stone_wheel.spend_xp(stone, CAMPAIGN, "Ратибор", "skill", skill, 100, actor="Аня")
              for skill in ("фехтование", "верховая езда")]
    first, second = grouped(stone, holder, spends)
    assert isinstance(first, Event) and first.version == 9
    assert isinstance(second, RuleViolation)
    assert stone.campaign(CAMPAIGN)["version"] == 9
    assert stone.at(CAMPAIGN)["stone_wheel.sheet"]["characters"]["Ратибор"]["xp"]["balance"] == 25


def test_server_rolls_queued_together_take_successive_counters_and_verify(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Four 3d10 rolls of the journal's dice queued together in session 2 start at counters 0, 3, 6, 9 (each reads the
    session's events, the earlier rolls of its group among them), and the closed session's dice all recompute."""
    start_session(stone, CAMPAIGN, ["Аня"])
    rolls = grouped(stone, holder, [lambda: free_roll(stone, CAMPAIGN, "3d10") for _ in range(4)])
    assert all(isinstance(roll, Event) for roll in rolls), rolls
    assert [roll.version for roll in rolls] == [7, 8, 9, 10]
    assert [roll.data["rolls"][0]["counter"] for roll in rolls] == [0, 3, 6, 9]
    end_session(stone, CAMPAIGN, minutes=60)
    checks = verify_rolls(stone, CAMPAIGN)
    assert [(check.session, check.rolls, check.problems) for check in checks] == [(1, 0, ()), (2, 4, ())]


def test_a_command_that_raises_in_a_group_leaves_nothing_and_the_others_recorded(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """The middle of three grouped commands raises a plain error (no rule): its caller gets that error, its member
    is absent, and the other two are versions 6 and 7."""

    def broken(ctx: Context) -> list:
        raise ZeroDivisionError("a bug in a command")

    outcomes = grouped(stone, holder, [lambda: stone.add_member(CAMPAIGN, "Боря"),
                                       lambda: stone.execute(CAMPAIGN, broken),
                                       lambda: stone.add_member(CAMPAIGN, "Вера")])
    assert [o.version if isinstance(o, Event) else type(o).__name__ for o in outcomes] == [6, "ZeroDivisionError", 7]
    assert sorted(stone.campaign(CAMPAIGN)["members"]) == ["Аня", "Боря", "Вера", "Мастер"]
    assert stone.store.verify(CAMPAIGN).ok


def test_a_command_refused_after_a_nested_append_leaves_no_witness_past_the_head(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """The last of two grouped commands appends a member through a nested record (in its write), then is refused:
    its savepoint rolls back, so the witness keeps version 6 (the first command's), the head, and the chain's
    receipts all hold."""

    def nested_then_refused(ctx: Context) -> list:
        stone.add_member(CAMPAIGN, "Призрак")
        raise RuleViolation("test: refused late", "after its own nested append")

    outcomes = grouped(stone, holder, [lambda: stone.add_member(CAMPAIGN, "Боря"),
                                       lambda: stone.execute(CAMPAIGN, nested_then_refused)])
    assert isinstance(outcomes[0], Event) and outcomes[0].version == 6
    assert isinstance(outcomes[1], RuleViolation)
    assert stone.campaign(CAMPAIGN)["version"] == 6
    kept = {receipt.campaign: receipt.version for receipt in witnessed(stone.store)}
    assert kept == {CAMPAIGN: 6}


def test_a_command_refused_after_a_nested_append_leaves_no_warm_state_of_it(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Боря joins (version 6), then a grouped command's nested record adds Призрак (7) and is refused: when another
    process then records its own version 7 (Вера joins), this journal's head state has Вера and no Призрак."""

    def nested_then_refused(ctx: Context) -> list:
        stone.add_member(CAMPAIGN, "Призрак")
        raise RuleViolation("test: refused late", "after its own nested append")

    outcomes = grouped(stone, holder, [lambda: stone.add_member(CAMPAIGN, "Боря"),
                                       lambda: stone.execute(CAMPAIGN, nested_then_refused)])
    assert isinstance(outcomes[1], RuleViolation)
    other = Journal.open(stone.store.engine.url.render_as_string(hide_password=False))
    try:
        other.add_member(CAMPAIGN, "Вера")
    finally:
        other.close()
    members = stone.at(CAMPAIGN)["campaign"]["members"]
    assert (stone.store.head(CAMPAIGN), sorted(members)) == (7, ["Аня", "Боря", "Вера", "Мастер"])


def test_each_grouped_command_is_one_decision(stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Two grouped commands appending two members each: versions 6-7 are one decision (named by 6's id), 8-9
    another (named by 8's id), each caller gets its own pair, and the chain (decisions included) verifies."""

    def two(first: str, second: str) -> Callable[[], list[Event]]:
        return lambda: stone.execute(CAMPAIGN, lambda ctx: [MemberAdded(name=first), MemberAdded(name=second)])

    a, b = grouped(stone, holder, [two("Боря", "Вера"), two("Гена", "Даша")])
    assert [(e.version, e.data["name"]) for e in a] == [(6, "Боря"), (7, "Вера")]
    assert [(e.version, e.data["name"]) for e in b] == [(8, "Гена"), (9, "Даша")]
    stored = list(stone.store.read(CAMPAIGN, from_version=6))
    assert [e.decision for e in stored] == [a[0].id, a[0].id, b[0].id, b[0].id]
    assert [e.id for e in stone.store.decision(stored[1])] == [a[0].id, a[1].id]
    assert stone.store.verify(CAMPAIGN).ok


def test_an_idempotent_request_queued_twice_is_decided_once(stone: Journal,
                                                           holder: Callable[[], subprocess.Popen[str]]) -> None:
    """The same idempotency key queued twice (a client's retry while the first still waits) and a third, later
    retry: one member added, version 6, and all three callers get that same event."""

    def keyed() -> Event:
        with Journal.idempotent("request-1"):
            return stone.add_member(CAMPAIGN, "Боря")

    first, retry = grouped(stone, holder, [keyed, keyed])
    later = keyed()
    assert isinstance(first, Event) and isinstance(retry, Event)
    assert (first.version, retry.id, later.id) == (6, first.id, first.id)
    assert stone.campaign(CAMPAIGN)["version"] == 6


def test_grouped_callers_get_the_versions_stored(stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Five grouped members, one of them refused in the middle: each caller's event is exactly the stored event at
    the version it was handed (id and hash), versions 6 to 9."""
    names = ["Боря", "Вера", "Аня", "Гена", "Даша"]
    outcomes = grouped(stone, holder, [lambda name=name: stone.add_member(CAMPAIGN, name) for name in names])
    events = [o for o in outcomes if isinstance(o, Event)]
    assert [e.version for e in events] == [6, 7, 8, 9]
    assert isinstance(outcomes[2], RuleViolation)
    stored = {e.version: (e.id, e.hash) for e in stone.store.read(CAMPAIGN, from_version=6)}
    assert {e.version: (e.id, e.hash) for e in events} == stored


@pytest.fixture(autouse=True)
def _no_thread_left() -> Iterator[None]:
    """Every thread a test starts has ended when it is done."""
    before = set(threading.enumerate())
    yield
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []


def test_a_command_refused_after_its_dice_in_a_group_burns_them_between_the_others(
        stone: Journal, holder: Callable[[], subprocess.Popen[str]]) -> None:
    """Three grouped commands in session 2: a d10 roll, a command refused after throwing a d10, a d10 roll.  The
    refused caller hears its refusal; its die is burned at counter 1 (version 8), the rolls take counters 0 and 2,
    and the closed session's dice all recompute."""

    def refused(ctx: Context) -> list:
        ctx.dice(10, 1)
        raise RuleViolation("test: refused after the dice", "after the throw")

    start_session(stone, CAMPAIGN, ["Аня"])
    first, second, third = grouped(stone, holder, [lambda: free_roll(stone, CAMPAIGN, "1d10"),
                                                   lambda: stone.execute(CAMPAIGN, refused),
                                                   lambda: free_roll(stone, CAMPAIGN, "1d10")])
    burn = list(stone.log(CAMPAIGN))[7]
    assert (isinstance(second, RuleViolation), first.data["rolls"][0]["counter"], third.data["rolls"][0]["counter"],
            burn.version, burn.type, burn.data["rolls"][0]["counter"]) == (True, 0, 2, 8, "dice.burned", 1)
    end_session(stone, CAMPAIGN, minutes=60)
    assert [(check.session, check.rolls, check.problems) for check in verify_rolls(stone, CAMPAIGN)] == [
        (1, 0, ()), (2, 3, ())]
