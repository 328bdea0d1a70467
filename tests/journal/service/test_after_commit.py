"""A write stored, then its witness not written (a full disk): the service's callers hear it as stored (issue 18).

The witness file of the campaign is a symlink to ``/dev/full``: every write to it fails with ENOSPC, as on a full
disk.  A caller that collects what fails after a commit (journal.aftermath.collecting: the CLI, the server) gets its
result and the problem; one that does not gets StoredButIncomplete (exit 11), never the OS error; and every writer
of a group commit hears it so, none of them that its command failed.
"""

from __future__ import annotations

import threading
import time

import pytest
from support import hold_write, let_go

from journal.aftermath import AfterCommit, StoredButIncomplete, collecting
from journal.events.envelope import Event
from journal.service import Journal
from journal.store.keys import JournalKey
from journal.store.opening import attach_key
from journal.store.receipts import witness_file

CAMPAIGN = "Полный диск"


@pytest.fixture
def full_disk(journal: Journal, db_url: str) -> Journal:
    """The journal with its key, campaign CAMPAIGN (Master ГМ), and the campaign's witness file on /dev/full."""
    JournalKey.create_for_url(db_url)
    attach_key(journal.store)
    journal.create_campaign(CAMPAIGN, "vpt", "ГМ")
    path = witness_file(journal.store, CAMPAIGN)
    assert path is not None and path.exists()
    path.unlink()
    path.symlink_to("/dev/full")
    return journal


def test_an_uncollected_failure_after_the_commit_is_raised_as_stored_but_incomplete(full_disk: Journal) -> None:
    """No collector: StoredButIncomplete (exit 11) saying version 2 is stored and the disk is full; it is stored."""
    with pytest.raises(StoredButIncomplete) as raised:
        full_disk.add_member(CAMPAIGN, "Аня")
    assert (raised.value.exit_code, str(raised.value)) == (11, (
        f"campaign '{CAMPAIGN}': the events up to version 2 are stored, but then writing its receipt to the witness "
        f"beside the key ({full_disk.store.witness}) failed: No space left on device (errno 28)"))
    assert full_disk.campaign(CAMPAIGN)["members"] == {"ГМ": "master", "Аня": "player"}


def test_a_collected_failure_after_the_commit_leaves_the_result(full_disk: Journal) -> None:
    """Collecting: add_member returns its event, and the one problem names the campaign and version 2."""
    with collecting() as problems:
        event = full_disk.add_member(CAMPAIGN, "Аня")
    assert (event.version, [(p.campaign, p.version) for p in problems]) == (2, [(CAMPAIGN, 2)])
    assert isinstance(problems[0], AfterCommit)


def test_every_writer_of_a_group_commit_hears_its_command_stored(full_disk: Journal, db_url: str) -> None:
    """Four members added while another process holds the write, committed as one group whose witness fails: each
    caller hears StoredButIncomplete (not the OS error, not a refusal), and all four are members."""
    holder = hold_write(db_url, CAMPAIGN)
    outcomes: dict[str, Event | BaseException] = {}

    def add(name: str) -> None:
        try:
            outcomes[name] = full_disk.add_member(CAMPAIGN, name)
        except BaseException as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[name] = exc

    names = [f"Гость {n}" for n in range(4)]
    threads = [threading.Thread(target=add, args=(name,)) for name in names]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if full_disk.store.queued(CAMPAIGN) == len(names):
                break
            time.sleep(0.01)
    finally:
        let_go(holder)
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(type(outcome).__name__ for outcome in outcomes.values()) == ["StoredButIncomplete"] * 4
    assert sorted(full_disk.campaign(CAMPAIGN)["members"]) == sorted(["ГМ", *names])
