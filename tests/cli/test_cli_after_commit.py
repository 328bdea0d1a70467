"""A write stored, then a step after its commit failed (the witness beside the key): the CLI says both (issue 18).

The failures are the real OS's: the campaign's witness file made a symlink to ``/dev/full`` (every write to it
fails with ENOSPC, exactly a full disk), or a regular file where the witness folder should be (ENOTDIR), which
stops root as well as anyone.  The command prints its result, then one ``warning:`` line saying the events are
stored and what failed, and exits 11; the event is in the journal.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from journal.store import EventStore, open_store
from journal.store.receipts import witness_file


@pytest.fixture
def store(db_url: str, run) -> Iterator[EventStore]:
    """The test's database opened as the CLI opens it (after ``journal init``: with its key and witness)."""
    opened = open_store(db_url)
    yield opened
    opened.close()


@pytest.fixture
def forest(run) -> None:
    """A VPT campaign 'Лес' (Master Вика, player Оля)."""
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля")):
        assert run(*args).exit_code == 0


def disk_full(store: EventStore, campaign: str) -> Path:
    """Make the campaign's witness file a symlink to /dev/full: every write to it fails with ENOSPC."""
    path = witness_file(store, campaign)
    assert path is not None and path.exists()
    path.unlink()
    path.symlink_to("/dev/full")
    return path


def folder_is_a_file(store: EventStore) -> Path:
    """Put a regular file where the witness folder is: opening anything inside it fails with ENOTDIR."""
    assert store.witness is not None
    shutil.rmtree(store.witness, ignore_errors=True)
    store.witness.write_text("not a folder\n")
    return store.witness


def test_an_append_whose_witness_hits_a_full_disk_prints_its_result_and_exits_11(run, forest, store) -> None:
    """member add on a full disk: the usual line on stdout, a warning naming the stored version and ENOSPC, exit 11."""
    disk_full(store, "Лес")
    result = run("member", "add", "Лес", "Дима")
    assert (result.exit_code, result.stdout) == (11, "'Дима' joined 'Лес' (version 3)\n")
    assert result.stderr == (
        f"warning: campaign 'Лес': the events up to version 3 are stored, but then writing its receipt to the witness "
        f"beside the key ({store.witness}) failed: No space left on device (errno 28)\n")


def test_an_append_whose_witness_hits_a_full_disk_is_stored(run, forest, store, events_of) -> None:
    """The event the warning speaks of is in the journal, and the next append whose witness can be written exits 0."""
    path = disk_full(store, "Лес")
    assert run("member", "add", "Лес", "Дима").exit_code == 11
    assert [(e["version"], e["type"], e["data"]) for e in events_of("Лес")][-1] == (
        3, "member.added", {"name": "Дима", "role": "player"})
    path.unlink()
    assert run("member", "add", "Лес", "Ира").exit_code == 0
    assert (run("verify").exit_code, run("receipt", "Лес").exit_code) == (0, 0)


def test_an_append_whose_witness_folder_is_a_file_exits_11_naming_the_folder(run, forest, store) -> None:
    """A regular file where the witness folder should be: ENOTDIR named with the file's path, exit 11."""
    folder = folder_is_a_file(store)
    result = run("member", "add", "Лес", "Дима")
    path = witness_file(store, "Лес")
    assert (result.exit_code, result.stdout) == (11, "'Дима' joined 'Лес' (version 3)\n")
    assert result.stderr == (
        f"warning: campaign 'Лес': the events up to version 3 are stored, but then writing its receipt to the witness "
        f"beside the key ({folder}) failed: {path}: Not a directory (errno 20)\n")


def test_a_refusal_after_a_full_disk_keeps_its_own_exit(run, forest, store) -> None:
    """A command refused before anything is stored exits with its refusal's code and says nothing of the witness."""
    disk_full(store, "Лес")
    result = run("--as", "Оля", "member", "add", "Лес", "Гость")
    assert (result.exit_code, "warning" in result.stderr) == (7, False)


def test_receipt_on_a_full_disk_prints_the_receipt_and_exits_11(run, forest, store) -> None:
    """journal receipt prints the signed head though the witness cannot keep it, then the warning; exit 11."""
    disk_full(store, "Лес")
    result = run("receipt", "Лес")
    assert (result.exit_code, orjson.loads(result.stdout)["version"]) == (11, 2)
    assert result.stderr.startswith("warning: campaign 'Лес': the events up to version 2 are stored, but then "
                                    "writing its receipt to the witness beside the key")


def test_import_on_a_full_disk_imports_and_exits_11(run, forest, store, other_db, tmp_path: Path) -> None:
    """journal import whose witness cannot be written: the campaign is imported, the warning says so, exit 11."""
    exported = tmp_path / "forest.jsonl"
    assert run("export", "Лес", "-o", str(exported)).exit_code == 0
    assert run("init", db=other_db).exit_code == 0
    other = open_store(other_db)
    try:
        folder_is_a_file(other)
        result = run("import", str(exported), db=other_db)
        assert (result.exit_code, other.head("Лес")) == (11, 2)
    finally:
        other.close()
    assert "warning: campaign 'Лес': the events up to version 2 are stored, but then" in result.stderr


def test_a_key_that_cannot_be_written_is_one_line_naming_the_file(invoke, tmp_path: Path) -> None:
    """journal init with the key folder under a regular file (ENOTDIR): exit 2 naming the key file, no traceback."""
    (tmp_path / "plain").write_text("a file, not a folder\n")
    folder = tmp_path / "plain" / "keys"
    result = invoke("init", env={"JOURNAL_KEY_DIR": str(folder), "JOURNAL_KEY": None})
    assert (result.exit_code, result.stdout, "Traceback" in result.output) == (2, "", False)
    assert result.stderr.startswith(f"error: key file {folder}/")
    assert result.stderr.endswith(f".key: cannot be written ({folder}: Not a directory (errno 20)); JOURNAL_KEY_DIR "
                                  "or JOURNAL_KEY names another place\n")
