"""Attacks on the warm states and token resolution: a rolled-back write, another process's write at the same version,
a nested write for another campaign, a decide that scribbles on what it reads, and keeps deferred to a commit must
never leave this process deciding, or opening a token, on a state the stored events do not make."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable

import pytest

from journal.errors import NotAuthorized, RuleViolation
from journal.events.campaign import MemberAdded
from journal.events.corrections import EventVoided
from journal.service import Journal
from journal.service.context import Context
from journal.service.membership import campaign_state
from journal.service.sessions import free_roll
from journal.service.tokens import issue, resolve, revoke
from journal.store.engine import after_commit
from tests.journal.service import test_group_commit_attacks as group_commit
from tests.journal.service.conftest import cold as _cold

CAMPAIGN, SIDE = "Атака", "Сбоку"
#: The campaign another OS process holds while commands queue as one group (test_group_commit_attacks.holder).
HELD = group_commit.CAMPAIGN
holder = group_commit.holder


def _refused(ctx: Context) -> list:
    raise RuleViolation("test: refused", "after its nested commands appended")


def test_a_token_issued_in_a_rolled_back_write_opens_nothing_once_another_process_takes_its_version(
        journal: Journal, table: str, other: Journal) -> None:
    """warm=0: a refused command's nested commands issue Аня a token (4) and add Фантом (5), all rolled back; another
    process then appends versions 4 and 5 of its own. The token was never stored: resolving it is refused."""
    cold = Journal(journal.store, warm=0)
    issued = []

    def nested_then_refused(ctx: Context) -> list:
        issued.append(issue(cold, table, "Аня"))
        cold.add_member(table, "Фантом")
        return _refused(ctx)

    with pytest.raises(RuleViolation):
        cold.execute(table, nested_then_refused, "ГМ")
    other.add_member(table, "Вера")
    other.add_member(table, "Гена")
    assert [t["token_id"] for t in campaign_state(other.store, table).get("tokens", {}).values()] == []
    with pytest.raises(NotAuthorized, match="^token: unknown"):
        resolve(cold, issued[0].token)


def _refused_after_a_void(journal: Journal, table: str, first: Callable[[], object]) -> None:
    """Аня rolls (version 4); then a command runs ``first`` nested (5), voids that roll (6: the campaign goes back to
    the engine) and rolls again (7), and is refused: all three nested appends roll back with it."""
    roll = free_roll(journal, table, "2d6", [3, 4], actor="Аня")

    def nested_then_refused(ctx: Context) -> list:
        first()
        journal.execute(table, lambda c: [EventVoided(target=roll.id, target_version=roll.version, reason="x")], "ГМ")
        free_roll(journal, table, "2d6", [1, 1], actor="Аня")
        return _refused(ctx)

    with pytest.raises(RuleViolation):
        journal.execute(table, nested_then_refused, "ГМ")


def test_a_default_journal_opens_no_rolled_back_token_after_a_void_in_the_same_write(
        journal: Journal, table: str, other: Journal) -> None:
    """Default warm states: a refused command's nested commands issue Аня a token (4), void a roll (5), then record a
    roll (6; the void sent the campaign to the engine); all rolled back. Another process appends 4 to 6: the token
    opens nothing here."""
    issued: list = []
    _refused_after_a_void(journal, table, lambda: issued.append(issue(journal, table, "Аня")))
    for _ in range(3):
        free_roll(other, table, "2d6", [2, 2], actor="Борис")
    with pytest.raises(NotAuthorized, match="^token: unknown"):
        resolve(journal, issued[0].token)


def test_a_member_whose_addition_was_rolled_back_cannot_record_once_the_head_reaches_its_version(
        journal: Journal, table: str, other: Journal) -> None:
    """A roll (4); a refused command's nested commands add Фантом (5), void the roll (6) and roll again (7), all rolled
    back; another process rolls twice (5, 6). Фантом was never a member: a roll as Фантом is refused here."""
    _refused_after_a_void(journal, table, lambda: journal.add_member(table, "Фантом"))
    for _ in range(2):
        free_roll(other, table, "2d6", [2, 2], actor="Борис")
    with pytest.raises(NotAuthorized, match="Фантом"):
        free_roll(journal, table, "2d6", [6, 6], actor="Фантом")


def test_a_token_revoked_by_another_process_is_refused_after_a_rolled_back_write_at_its_version(
        journal: Journal, table: str, other: Journal) -> None:
    """Аня's token is issued (4, committed); a warm=0 journal's refused command records two rolls nested (5, 6, rolled
    back); another process revokes the token (5) and rolls (6): the token is refused as revoked."""
    issued = issue(journal, table, "Аня")
    cold = Journal(journal.store, warm=0)

    def nested_then_refused(ctx: Context) -> list:
        free_roll(cold, table, "2d6", [3, 4], actor="Аня")
        free_roll(cold, table, "2d6", [3, 4], actor="Аня")
        return _refused(ctx)

    with pytest.raises(RuleViolation):
        cold.execute(table, nested_then_refused, "ГМ")
    revoke(other, table, "Аня")
    free_roll(other, table, "2d6", [5, 6], actor="Борис")
    with pytest.raises(NotAuthorized, match="^token: revoked"):
        resolve(journal, issued.token)


def test_a_nested_command_on_another_campaign_of_a_refused_one_leaves_that_campaign_as_stored(
        journal: Journal, table: str, other: Journal) -> None:
    """A refused command on Атака adds Фантом to Сбоку nested (SQLite: in Атака's transaction, rolled back with it;
    PostgreSQL: its own write, committed); another process then adds Вера to Сбоку. This process's head of Сбоку is
    the stored one, its warm entry equal to a cold fold."""
    journal.create_campaign(SIDE, "vpt", "ГМ")
    journal.at(SIDE)  # warm at version 1

    def nested_then_refused(ctx: Context) -> list:
        journal.add_member(SIDE, "Фантом")
        return _refused(ctx)

    with pytest.raises(RuleViolation):
        journal.execute(table, nested_then_refused, "ГМ")
    other.add_member(SIDE, "Вера")
    stored = sorted(other.campaign(SIDE)["members"])
    expected = ["Вера", "ГМ"] if journal.store.dialect == "sqlite" else ["Вера", "ГМ", "Фантом"]
    folded = journal.at(SIDE)
    assert (stored, sorted(folded["campaign"]["members"]), folded.states) == (expected, expected, _cold(journal, SIDE))


def test_a_nested_command_on_another_campaign_of_an_accepted_one_is_warm_once_committed(
        journal: Journal, table: str) -> None:
    """An accepted command on Атака (a roll) adds Фантом to Сбоку nested: once it commits, Сбоку's warm entry is at
    the stored head with Фантом, equal to a cold fold."""
    journal.create_campaign(SIDE, "vpt", "ГМ")
    journal.at(SIDE)

    def nested_then_member(ctx: Context) -> list:
        journal.add_member(SIDE, "Фантом")
        return []

    journal.execute(table, nested_then_member, "ГМ")
    kept = journal.warm.peek(SIDE)
    assert kept is not None
    assert (kept.version, sorted(kept.members["members"]), kept.states) == (
        journal.store.head(SIDE), ["ГМ", "Фантом"], _cold(journal, SIDE))


def test_a_decide_that_scribbles_on_its_campaign_leaves_the_warm_members_as_they_were(
        journal: Journal, table: str) -> None:
    """A decide that makes Вор a master in ``ctx.campaign`` (and refuses) leaves the warm entry's members, and what
    the next command and a token resolve read, as the three stored."""
    journal.at(table)

    def scribbles(ctx: Context) -> list:
        ctx.campaign["members"]["Вор"] = "master"
        return _refused(ctx)

    with pytest.raises(RuleViolation):
        journal.execute(table, scribbles, "ГМ")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert kept.members["members"] == {"ГМ": "master", "Аня": "player", "Борис": "player"}


def test_a_decide_that_reads_every_state_by_items_leaves_the_warm_states_as_they_were(
        journal: Journal, table: str) -> None:
    """A decide that walks ``ctx.states.items()`` and ``.values()`` and clears each dict it meets (then pops one)
    changes its own copies only: the warm entry still equals a cold fold."""
    free_roll(journal, table, "2d6", [3, 4], actor="Аня")

    def scribbles(ctx: Context) -> list:
        for name, state in ctx.states.items():
            if isinstance(state, dict) and name:
                state.clear()
        for state in ctx.states.values():
            if isinstance(state, dict):
                state["x"] = 1
        ctx.states.pop("campaign")
        return []

    journal.execute(table, scribbles, "ГМ")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert kept.states == _cold(journal, table)


def test_a_keep_deferred_past_a_newer_one_leaves_the_newer(journal: Journal, table: str, other: Journal) -> None:
    """Вася joins (4); once that write commits and before its warm state is kept, another process adds Гена (5) and
    this one reads the head (5, kept at once). The deferred keep of 4 then lands: the entry stays at 5, with both."""
    journal.at(table)
    seen: list[int] = []

    def between() -> None:  # runs once the write commits, before the group keeps the command's warm state
        other.add_member(table, "Гена")
        seen.append(journal.at(table).version)

    def join_then_race(ctx: Context) -> list:
        after_commit(journal.store.engine, table, between)
        return [MemberAdded(name="Вася")]

    journal.execute(table, join_then_race, "ГМ")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert (seen, kept.version, sorted(kept.members["members"]), kept.states) == (
        [5], 5, sorted(["Аня", "Борис", "Вася", "Гена", "ГМ"]), _cold(journal, table))


def test_concurrent_writers_and_token_checks_never_see_a_revoked_token_after_the_revoke_commits(
        journal: Journal, table: str, other: Journal) -> None:
    """Two threads roll 20 times each while a third resolves Аня's token; once another process's revoke has
    committed, every resolve refuses it, and the warm entry ends equal to a cold fold."""
    issued = issue(journal, table, "Аня")
    errors: list[BaseException] = []

    def rolls() -> None:
        try:
            for _ in range(20):
                free_roll(journal, table, "2d6", [3, 4], actor="Борис")
        except BaseException as exc:  # noqa: BLE001 - checked below
            errors.append(exc)

    threads = [threading.Thread(target=rolls) for _ in range(2)]
    for thread in threads:
        thread.start()
    revoke(other, table, "Аня")
    refused = []
    for _ in range(30):
        try:
            resolve(journal, issued.token)
            refused.append(False)
        except NotAuthorized:
            refused.append(True)
    for thread in threads:
        thread.join(timeout=120)
    kept = journal.warm.peek(table)
    assert (errors, all(refused), journal.at(table).states) == ([], True, _cold(journal, table))
    assert kept is not None


def test_a_grouped_command_refused_after_a_nested_command_on_another_campaign_leaves_that_campaign_as_stored(
        journal: Journal, holder: Callable[[], subprocess.Popen[str]], other: Journal) -> None:
    """Grouped on Камень: Боря joins, then a command adds Фантом to Сбоку nested and is refused (SQLite: in the group's
    transaction, its savepoint rolled back; PostgreSQL: Сбоку's own write, committed). Another process adds Вера to
    Сбоку: this process's head of Сбоку is the stored one, equal to a cold fold."""
    journal.create_campaign(HELD, "vpt", "ГМ")
    journal.create_campaign(SIDE, "vpt", "ГМ")
    journal.at(SIDE)

    def nested_then_refused(ctx: Context) -> list:
        journal.add_member(SIDE, "Фантом")
        return _refused(ctx)

    outcomes = group_commit.grouped(journal, holder, [lambda: journal.add_member(HELD, "Боря"),
                                                      lambda: journal.execute(HELD, nested_then_refused, "ГМ")])
    assert isinstance(outcomes[1], RuleViolation)
    other.add_member(SIDE, "Вера")
    expected = ["Вера", "ГМ"] if journal.store.dialect == "sqlite" else ["Вера", "ГМ", "Фантом"]
    folded = journal.at(SIDE)
    assert (sorted(other.campaign(SIDE)["members"]), sorted(folded["campaign"]["members"]), folded.states) == (
        expected, expected, _cold(journal, SIDE))
