"""The warm service: each campaign's folded head kept in memory, checked against the store's head, copy-on-write."""

from __future__ import annotations

import pytest

from journal.errors import RuleViolation
from journal.service import Journal
from journal.service.context import Context
from journal.service.sessions import free_roll
from journal.service.warm import VOID, WarmStates
from tests.journal.service.conftest import cold as _cold

CAMPAIGN = "Тепло"


def test_a_write_leaves_the_warm_state_at_the_new_head(journal: Journal, table: str) -> None:
    """After a command the campaign's warm state is at the version it appended, and equals a cold fold."""
    event = free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert (kept.version, kept.states) == (event.version, _cold(journal, table))


def test_a_head_query_is_served_from_the_warm_state(journal: Journal, table: str) -> None:
    """``at`` at the head answers the warm state's states, as a copy of the caller's own."""
    free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    kept = journal.warm.peek(table)
    folded = journal.at(table)
    assert kept is not None
    assert (folded.version, folded.states == kept.states, folded.states["sessions"] is kept.states["sessions"]) == (
        kept.version, True, False)


def test_another_process_writes_are_folded_in_before_a_decision(journal: Journal, other: Journal, table: str) -> None:
    """A write by another Journal on the database is read and folded in before this one decides and appends."""
    free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    theirs = free_roll(other, table, "2d6", [5, 6], actor="Борис")
    mine = free_roll(journal, table, "2d6", [1, 2], actor="Аня")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert (mine.version, theirs.version + 1, kept.states) == (kept.version, kept.version, _cold(journal, table))


def test_a_head_query_reflects_another_process_writes(journal: Journal, other: Journal, table: str) -> None:
    """A head query after another Journal's write answers the new head, equal to a cold fold."""
    journal.at(table)
    theirs = free_roll(other, table, "2d6", [5, 6], actor="Борис")
    folded = journal.at(table)
    assert (folded.version, folded.states) == (theirs.version, _cold(journal, table))


def test_a_refused_command_leaves_the_warm_state_as_it_was(journal: Journal, table: str) -> None:
    """A decide that changes its states and then raises leaves the kept entry and its states untouched."""
    free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    before = journal.warm.peek(table)
    expected = _cold(journal, table)

    def decide(ctx: Context) -> list:
        ctx.states["sessions"]["open"] = 99
        raise RuleViolation("test: refused", "always")

    with pytest.raises(RuleViolation):
        journal.execute(table, decide, "Аня")
    after = journal.warm.peek(table)
    assert (after is before, after is not None and after.states == expected) == (True, True)


def test_an_accepted_command_that_changes_its_states_does_not_change_the_warm_state(journal: Journal, table: str) -> None:
    """A decide that writes into its context's states only changes its own copy: the next head is a cold fold's."""
    def decide(ctx: Context) -> list:
        ctx.states["sessions"]["sessions"]["999"] = {"number": 999}
        return []

    journal.execute(table, decide, "Аня")
    free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    assert journal.at(table).states == _cold(journal, table)


def test_a_void_among_new_events_sends_the_campaign_back_to_the_engine(journal: Journal, table: str) -> None:
    """Folding forward over a ``correction.voided`` gives None: the void reaches back into what the entry counts."""
    event = free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    kept = journal.warm.peek(table)
    assert kept is not None
    void = event._replace(version=event.version + 1, type=VOID)
    assert journal.warm.advance(kept, [void]) is None


def test_events_that_do_not_follow_on_are_not_folded_in(journal: Journal, table: str) -> None:
    """Folding forward over events whose versions skip one gives None (the engine folds the campaign again)."""
    event = free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert journal.warm.advance(kept, [event._replace(version=event.version + 2)]) is None


def test_the_warm_states_keep_the_most_recently_used_campaigns(journal: Journal) -> None:
    """An LRU of two keeps the two campaigns used last; the one used least recently is folded cold again."""
    warm = WarmStates(journal.engine, size=2)
    for name in ("Один", "Два", "Три"):
        journal.create_campaign(name, "vpt", "ГМ")
    for name in ("Один", "Два", "Один", "Три"):
        warm.at_head(name, journal.store.head(name))
    assert [name for name in ("Один", "Два", "Три") if warm.peek(name) is not None] == ["Один", "Три"]


def test_no_warm_campaigns_keeps_none(journal: Journal, table: str) -> None:
    """``warm=0``: every command and query folds with the engine and nothing is kept."""
    cold = Journal(journal.store, warm=0)
    free_roll(cold, table, "2d6", [3, 4], actor="Аня")
    assert (len(cold.warm), cold.at(table).states) == (0, _cold(journal, table))


def test_folding_forward_saves_the_snapshots_due_on_the_way(journal: Journal, table: str) -> None:
    """With snapshots every 5 versions, commands folded forward leave the snapshot of version 5 and 10."""
    journal.engine.snapshot_every = 5
    journal.at(table)
    for _ in range(8):
        free_roll(journal, table, "2d6", [3, 4], actor="Аня")
    kept = journal.warm.peek(table)
    assert kept is not None
    assert journal.store.projections.snapshot_versions(table, kept.fingerprint, kept.version) == [10, 5]


def test_a_nested_command_of_a_refused_one_leaves_no_warm_state_of_what_was_rolled_back(
        journal: Journal, table: str, other: Journal) -> None:
    """A command whose decide runs a nested one (Фантом joins) and is then refused rolls both back; when another
    process then appends its own version 4 (Вера joins), this process's head is Вера's, never Фантом's."""
    def refused_after_a_nested_join(ctx: Context) -> list:
        journal.add_member(table, "Фантом")
        raise RuleViolation("test: refused", "refused after its nested command appended")

    with pytest.raises(RuleViolation):
        journal.execute(table, refused_after_a_nested_join, "ГМ")
    other.add_member(table, "Вера")
    members = journal.at(table)["campaign"]["members"]
    assert (journal.store.head(table), sorted(members)) == (4, ["Аня", "Борис", "Вера", "ГМ"])


def test_a_token_revoked_by_another_process_is_refused_while_the_campaign_is_warm(
        journal: Journal, table: str, other: Journal) -> None:
    """Аня's token opens the campaign (warm at its head); another process revokes it; the next resolve refuses it."""
    from journal.errors import NotAuthorized
    from journal.service.tokens import issue, resolve, revoke

    issued = issue(journal, table, "Аня")
    assert (resolve(journal, issued.token).member, journal.warm.peek(table).version) == ("Аня", 4)
    revoke(other, table, "Аня")
    with pytest.raises(NotAuthorized, match="^token: revoked"):
        resolve(journal, issued.token)


def test_a_command_that_changes_the_state_it_reads_leaves_the_warm_entry_as_it_was(journal: Journal, table: str) -> None:
    """A decide that writes into ``ctx.states['campaign']`` (and refuses) changes its own copy: the warm entry's
    members are still the three, and the next command reads them so."""
    before = journal.at(table)["campaign"]["members"]

    def scribbles(ctx: Context) -> list:
        ctx.states["campaign"]["members"]["Вор"] = "master"
        raise RuleViolation("test: refused", "after scribbling on its state")

    with pytest.raises(RuleViolation):
        journal.execute(table, scribbles, "ГМ")
    assert journal.warm.peek(table).states["campaign"]["members"] == before == {"ГМ": "master", "Аня": "player",
                                                                              "Борис": "player"}


def test_a_command_under_a_token_revoked_since_by_another_process_is_refused_and_writes_nothing(
        journal: Journal, table: str, other: Journal) -> None:
    """Under ``acting_under(Аня's token)``, once another process revokes it, Аня's roll is refused at its decision
    ('token: revoked …') and the head stays at the revocation; a roll under a live token of hers is stored."""
    from journal.errors import TokenRefused
    from journal.service.tokens import issue, revoke

    revoked, live = issue(journal, table, "Аня"), issue(journal, table, "Аня")
    [gone] = revoke(other, table, revoked.token_id)
    with journal.acting_under(revoked.token_id), pytest.raises(TokenRefused) as refused:
        free_roll(journal, table, "1d6", [4], actor="Аня")
    with journal.acting_under(live.token_id):
        kept = free_roll(journal, table, "1d6", [5], actor="Аня")
    assert (str(refused.value), gone.version, kept.version) == (
        f"token: revoked (the token of 'Аня' issued {revoked.event.recorded_at[:16].replace('T', ' ')})", 6, 7)
