"""Every write lands: many OS processes writing one campaign take turns, reads never wait (both databases)."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from cli.main import cli
from journal.errors import JournalError
from journal.service import Journal
from journal.service.sessions import free_roll

WORKERS = 16
WRITES = 25  # 16 x 200 is the figure: ~4 min on SQLite, ~10 min on PostgreSQL on this loaded 2-core box
CAMPAIGN = "Толпа"

#: A process that holds the campaign's write lock (through the store's own ``writing``) until told to let go.
HOLDER = """
import sys
from journal.store import open_store
store = open_store(sys.argv[1])
with store.writing(sys.argv[2]):
    print("held", flush=True)
    sys.stdin.readline()
"""


def _player(worker: int) -> str:
    return f"Игрок {worker}"


@pytest.fixture
def crowd(journal: Journal) -> str:
    """A VPT campaign whose Master has WORKERS players."""
    journal.create_campaign(CAMPAIGN, "vpt", "ГМ")
    for worker in range(WORKERS):
        journal.add_member(CAMPAIGN, _player(worker))
    return CAMPAIGN


@pytest.fixture
def holder(journal: Journal, db_url: str, crowd: str) -> Iterator[subprocess.Popen[str]]:
    """Another OS process holding the crowd campaign's write lock (on SQLite: the file's) until the test ends."""
    process = subprocess.Popen([sys.executable, "-c", HOLDER, db_url, crowd], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline() == "held\n"
    yield process
    process.stdin.write("go\n")
    process.stdin.flush()
    process.wait(timeout=60)


def _roll_many(url: str, worker: int, start: multiprocessing.synchronize.Event) -> None:
    """One writer process: WRITES table rolls as its own player; exits with the number that failed."""
    journal = Journal.open(url)
    failed = 0
    start.wait()
    try:
        for n in range(WRITES):
            try:
                free_roll(journal, CAMPAIGN, "1d6", table=[n % 6 + 1], purpose=f"{worker}:{n}", actor=_player(worker))
            except JournalError as exc:
                print(f"worker {worker}, write {n}: {exc}", file=sys.stderr)
                failed += 1
    finally:
        journal.close()
    sys.exit(min(failed, 255))


@pytest.mark.slow
def test_sixteen_processes_writing_one_campaign_lose_no_write(journal: Journal, db_url: str, crowd: str) -> None:
    """16 processes x 200 rolls at once: none refused, versions 1..n gap-free, every write stored, chain holds."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["journal.service", "journal.service.sessions", "projections.engine"])
    start = context.Event()
    workers = [context.Process(target=_roll_many, args=(db_url, w, start)) for w in range(WORKERS)]
    for process in workers:
        process.start()
    start.set()
    for process in workers:
        process.join(timeout=600)
    assert [p.exitcode for p in workers] == [0] * WORKERS
    events = list(journal.store.read(crowd))
    rolls = Counter((e.actor, e.data["purpose"]) for e in events if e.type == "roll.made")
    assert [e.version for e in events] == list(range(1, 1 + WORKERS + 1 + WORKERS * WRITES))
    assert rolls == {(_player(w), f"{w}:{n}"): 1 for w in range(WORKERS) for n in range(WRITES)}
    assert journal.store.verify(crowd).ok


@pytest.mark.slow
def test_a_read_in_another_process_completes_while_a_writer_holds_the_lock(
        journal: Journal, db_url: str, crowd: str, holder: subprocess.Popen[str]) -> None:
    """`journal bonds --json` in its own process answers while another process still holds the write lock."""
    command = str(Path(sys.executable).with_name("journal"))
    reader = subprocess.run([command, "--db", db_url, "bonds", crowd, "--json"], capture_output=True, text=True, check=False,
                            timeout=120)
    still_held = holder.poll() is None  # the holder lets go only when the test ends: the read did not wait for it
    assert (reader.returncode, reader.stderr, still_held) == (0, "", True)
    assert orjson.loads(reader.stdout)["version"] == 1 + WORKERS


@pytest.mark.slow
def test_journal_at_completes_while_a_writer_holds_the_lock(journal: Journal, crowd: str,
                                                            holder: subprocess.Popen[str]) -> None:
    """Journal.at at the head folds and answers while another process holds the lock (its cache save skipped)."""
    folded = journal.at(crowd)
    assert (folded.version, folded.head, holder.poll()) == (1 + WORKERS, 1 + WORKERS, None)


@pytest.mark.slow
def test_a_writer_past_the_bound_gets_the_busy_line_and_exit_10(journal: Journal, db_url: str, crowd: str,
                                                                holder: subprocess.Popen[str]) -> None:
    """`journal roll` with JOURNAL_WRITE_WAIT=0.3 while the lock is held: one line, exit 10, nothing written."""
    head = journal.store.head(crowd)
    result = CliRunner().invoke(cli, ["--db", db_url, "--as", _player(0), "roll", crowd, "1d6", "--dice", "4"],
                                env={"JOURNAL_WRITE_WAIT": "0.3", "JOURNAL_DB": None, "JOURNAL_ACTOR": None},
                                catch_exceptions=False)
    assert (result.exit_code, result.stdout) == (10, "")
    assert result.stderr == f"error: campaign '{crowd}' is busy: other writers held it for 0.3 s; try again\n"
    assert journal.store.head(crowd) == head
