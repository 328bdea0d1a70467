"""Group commit: commands that queue behind a campaign's write share the next transaction, each with its own result."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from support import hold_write, let_go

from journal.errors import RuleViolation
from journal.events.envelope import Event
from journal.service import Journal

CAMPAIGN = "Очередь"
WAITING = 6



@pytest.fixture
def queued(journal: Journal, db_url: str) -> Iterator[subprocess.Popen[str]]:
    """A campaign with WAITING players, and another OS process holding its write lock until the test lets go."""
    journal.create_campaign(CAMPAIGN, "vpt", "ГМ")
    for n in range(WAITING):
        journal.add_member(CAMPAIGN, f"Игрок {n}")
    process = hold_write(db_url, CAMPAIGN)
    yield process
    let_go(process)


def _queue_up(journal: Journal, holder: subprocess.Popen[str], names: list[str]) -> dict[str, Event | Exception]:
    """Add each of ``names`` as a member from a thread of its own while ``holder`` holds the write; let go once all
    of them wait in the journal's queue (the first of them awaits the lock itself); return each call's outcome."""
    outcomes: dict[str, Event | Exception] = {}

    def add(name: str) -> None:
        try:
            outcomes[name] = journal.add_member(CAMPAIGN, name)
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[name] = exc

    threads = [threading.Thread(target=add, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if journal.store.queued(CAMPAIGN) == len(names):
            break
        time.sleep(0.01)
    assert holder.stdin is not None
    holder.stdin.write("go\n")
    holder.stdin.flush()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


def test_commands_queued_behind_a_write_are_committed_together(journal: Journal, queued: subprocess.Popen[str]) -> None:
    """Six members added while another process holds the write: one commit for the six (the group is taken once the
    write is held), versions 8 to 13, each caller handed its own event."""
    commits: list[int] = []
    sa.event.listen(journal.store.engine, "commit", lambda _conn: commits.append(1))
    names = [f"Гость {n}" for n in range(WAITING)]
    outcomes = _queue_up(journal, queued, names)
    assert len(commits) == 1
    assert sorted(outcome.version for outcome in outcomes.values() if isinstance(outcome, Event)) == list(range(8, 14))
    assert all(isinstance(outcomes[name], Event) and outcomes[name].data["name"] == name for name in names)
    assert journal.campaign(CAMPAIGN)["version"] == 13


def test_a_refused_command_in_a_group_leaves_the_others_recorded(journal: Journal,
                                                                 queued: subprocess.Popen[str]) -> None:
    """In a group, adding an existing member is refused to its caller alone; the other five land, versions 8 to 12."""
    names = ["Гость 0", "Гость 1", "Игрок 0", "Гость 2", "Гость 3", "Гость 4"]
    outcomes = _queue_up(journal, queued, names)
    refused = outcomes["Игрок 0"]
    assert isinstance(refused, RuleViolation) and "'Игрок 0' is already a member" in str(refused)
    assert sorted(o.version for o in outcomes.values() if isinstance(o, Event)) == list(range(8, 13))
    assert sorted(journal.campaign(CAMPAIGN)["members"]) == sorted(
        ["ГМ", *[f"Игрок {n}" for n in range(WAITING)], *[f"Гость {n}" for n in range(5)]])
