"""``journal backup`` and ``journal restore`` through the real CLI, on SQLite and PostgreSQL (pg_dump and psql).

Each restore is attacked where it could go wrong: a backup older than the witness or a member's receipt, a backup
whose history was edited or signed by another journal, a file that is not a backup, a backup that would overwrite.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from cli.main import cli
from journal.store.backups import sqlite_file
from tests.cli.conftest import CLEAN_ENV, Invoke


def _forest(run: Invoke, rolls: int = 1) -> None:
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля")):
        assert run(*args).exit_code == 0
    _roll(run, rolls)


def _roll(run: Invoke, count: int) -> None:
    for n in range(count):
        result = run("roll", "Лес", "1d6", "--dice", str(n % 6 + 1))
        assert result.exit_code == 0, result.stderr


def _versions(run: Invoke) -> list[int]:
    return [orjson.loads(text)["version"] for text in run("log", "Лес", "--json").stdout.splitlines()]


def _backup_file(db_url: str, tmp_path: Path) -> Path:
    return tmp_path / ("backup.db" if sqlite_file(db_url) is not None else "backup.sql")


@pytest.mark.parametrize(("every", "seconds"), [("90s", 90), ("90с", 90), ("30m", 1800), ("30м", 1800), ("6ч", 21600),
                                                ("1d", 86400), ("1д", 86400), ("1.5ч", 5400)])
def test_a_backup_interval_is_read_in_english_or_russian_units(every: str, seconds: float) -> None:
    """--backup-every takes s/m/h/d and the Russian с/м/ч/д its Russian help names (``6ч`` is six hours)."""
    from cli.backups import parse_duration

    assert parse_duration(every) == seconds


def test_a_backup_restores_every_event(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """backup, then restore of it: exit 0, the same events, and verify holds."""
    _forest(run, rolls=2)
    file = _backup_file(db_url, tmp_path)
    assert run("backup", "-o", str(file)).exit_code == 0
    restored = run("restore", str(file))
    assert (restored.exit_code, restored.stderr, _versions(run), run("verify").exit_code) == (0, "", [1, 2, 3, 4], 0)


def test_the_backup_line_counts_the_events_of_a_sqlite_copy(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """On SQLite the backup's own events are counted after SQLite's integrity check of the copy."""
    if sqlite_file(db_url) is None:
        pytest.skip("the count is of the SQLite copy")
    _forest(run, rolls=2)
    file = tmp_path / "b.db"
    result = run("backup", "-o", str(file))
    assert result.stdout == f"backup written to {file} ({file.stat().st_size} bytes): 4 events in 1 campaigns\n"


def test_a_restore_of_an_older_backup_is_refused_naming_the_loss(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """Two rolls after the backup: restore exits 3, says 2 events of 'Лес' would be lost, and replaces nothing."""
    _forest(run)
    file = _backup_file(db_url, tmp_path)
    run("backup", "-o", str(file))
    _roll(run, 2)
    result = run("restore", str(file))
    assert (result.exit_code, result.stderr, _versions(run)) == (3, (
        "campaign 'Лес': the backup ends at version 3, the witness holds version 5: 2 events would be lost\n"
        "error: restore: the backup is older than what is held (above): nothing was replaced; --accept-loss "
        "restores it all the same\n"), [1, 2, 3, 4, 5])


def test_accept_loss_restores_an_older_backup_and_verify_then_holds(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """With --accept-loss the older backup is restored and the witness starts from its heads: verify exits 0."""
    _forest(run)
    file = _backup_file(db_url, tmp_path)
    run("backup", "-o", str(file))
    _roll(run, 2)
    restored = run("restore", str(file), "--accept-loss")
    verified = run("verify")
    assert (restored.exit_code, _versions(run), verified.exit_code, verified.stderr) == (0, [1, 2, 3], 0, "")


def test_a_receipt_newer_than_the_backup_refuses_the_restore(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """The witness gone with the host, a member's receipt of version 4 refuses a backup at version 3, naming it."""
    from journal.store import open_store

    _forest(run)
    file = _backup_file(db_url, tmp_path)
    run("backup", "-o", str(file))
    _roll(run, 1)
    receipt = tmp_path / "r.json"
    run("receipt", "Лес", "-o", str(receipt))
    store = open_store(db_url)
    assert store.witness is not None
    shutil.rmtree(store.witness)
    store.close()
    result = run("restore", str(file), "--receipt", str(receipt))
    assert (result.exit_code, result.stderr.splitlines()[0], _versions(run)) == (
        3, f"campaign 'Лес': the backup ends at version 3, receipt {receipt} holds version 4: 1 events would be lost",
        [1, 2, 3, 4])


def test_a_backup_with_an_edited_event_is_refused(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """A crafted backup (an event's data edited behind the triggers) fails the chain check: exit 6, nothing replaced."""
    if sqlite_file(db_url) is None:
        pytest.skip("the crafted file is a SQLite file")
    _forest(run, rolls=1)
    file = tmp_path / "b.db"
    run("backup", "-o", str(file))
    with sqlite3.connect(file) as conn:
        conn.execute("DROP TRIGGER events_refuse_update")
        conn.execute("UPDATE events SET data = replace(data, '[1]', '[6]') WHERE version = 3")
    before = _versions(run)
    result = run("restore", str(file))
    assert (result.exit_code, result.stderr.splitlines()[0].startswith("chain broken: "),
            result.stderr.splitlines()[-1], _versions(run)) == (
        6, True, "error: restore: the backup does not verify (above): nothing was replaced", before)


def test_a_backup_of_another_journal_is_refused_by_the_head_signature(run: Invoke, db_url: str,
                                                                      tmp_path: Path) -> None:
    """A backup of another journal is refused, exit 6, nothing replaced: it names the other journal's identity, whose
    key is not here (keys are found by the journal's identity, not by the file's path)."""
    if sqlite_file(db_url) is None:
        pytest.skip("the other journal is a SQLite file")
    _forest(run)
    other = tmp_path / "other.db"
    runner = CliRunner(env={**CLEAN_ENV, "JOURNAL_KEY_DIR": str(tmp_path / "other-keys")})
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("backup", "-o",
                                                                                    str(tmp_path / "b.db"))):
        assert runner.invoke(cli, ["--db", str(other), *args], catch_exceptions=False).exit_code == 0
    result = run("restore", str(tmp_path / "b.db"), "--accept-loss")
    assert (result.exit_code, result.stderr.splitlines()[0].startswith(
        "error: restore: the backup's heads are signed, but there is no journal key here to check them"),
        _versions(run)) == (6, True, [1, 2, 3])


def test_a_file_that_is_not_a_backup_is_refused(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """restore of a text file: exit 2, one line naming the file."""
    _forest(run)
    file = tmp_path / "notes.txt"
    file.write_text("not a database\n" * 100)
    result = run("restore", str(file))
    assert (result.exit_code, result.stderr.startswith(f"error: '{file}' is not a journal backup ("),
            result.stderr.count("\n"), _versions(run)) == (2, True, 1, [1, 2, 3])


def test_a_backup_never_overwrites_a_file(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """backup -o onto an existing file: exit 2, the file as it was."""
    _forest(run)
    file = tmp_path / "kept"
    file.write_text("mine")
    result = run("backup", "-o", str(file))
    assert (result.exit_code, result.stderr, file.read_text()) == (
        2, f"error: backup: '{file}' exists (a backup never replaces a file)\n", "mine")


def test_a_postgres_backup_without_pg_dump_says_what_to_run(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """Without pg_dump on PATH: exit 9, one line naming the pg_dump command to run instead."""
    if sqlite_file(db_url) is not None:
        pytest.skip("pg_dump is PostgreSQL's")
    _forest(run)
    result = run("backup", "-o", str(tmp_path / "b.sql"), env={"PATH": str(tmp_path)})
    assert (result.exit_code, result.stderr.startswith(
        "error: pg_dump is not on PATH: install PostgreSQL's client programs, or run: pg_dump --format=plain "
        "--schema="), result.stderr.count("\n"), (tmp_path / "b.sql").exists()) == (9, True, 1, False)


def test_verify_says_the_file_alone_is_not_a_backup_while_its_wal_holds_writes(run: Invoke, db_url: str) -> None:
    """A -wal with writes beside the file (a reader keeps it from being checkpointed away): verify says so, one line."""
    path = sqlite_file(db_url)
    if path is None:
        pytest.skip("the -wal is SQLite's")
    _forest(run)
    held = sqlite3.connect(path)
    try:
        held.execute("SELECT count(*) FROM events").fetchone()
        _roll(run, 1)
        result = run("verify")
    finally:
        held.close()
    assert (result.exit_code, result.stderr) == (0, (
        f"note: {path.name}-wal holds writes its database file does not have yet: a copy of the file alone is not a "
        "backup ('journal backup' makes one)\n"))


def test_a_copy_of_the_file_alone_misses_what_the_backup_has(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """While the -wal holds writes, `cp` of the file lacks them and `journal backup` has them all (issue 19)."""
    path = sqlite_file(db_url)
    if path is None:
        pytest.skip("the -wal is SQLite's")
    _forest(run)
    held = sqlite3.connect(path)
    try:
        held.execute("PRAGMA wal_autocheckpoint=0")
        held.execute("SELECT count(*) FROM events").fetchone()
        _roll(run, 3)
        shutil.copyfile(path, tmp_path / "copy.db")
        run("backup", "-o", str(tmp_path / "b.db"))
    finally:
        held.close()

    def count(file: Path) -> int:
        with sqlite3.connect(file) as conn:
            return conn.execute("SELECT count(*) FROM events").fetchone()[0]

    assert (count(tmp_path / "b.db"), count(tmp_path / "copy.db") < 6) == (6, True)


def test_restore_onto_a_missing_sqlite_file_makes_it(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """A backup restored where no database is (a lost disk, the same path): the file is made and verifies."""
    path = sqlite_file(db_url)
    if path is None:
        pytest.skip("a missing file is SQLite's")
    _forest(run)
    run("backup", "-o", str(tmp_path / "b.db"))
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    restored = run("restore", str(tmp_path / "b.db"))
    assert (restored.exit_code, _versions(run), run("verify").exit_code) == (0, [1, 2, 3], 0)
    assert not [p for p in os.listdir(path.parent) if p.endswith(".restoring")]


def test_verify_says_nothing_of_a_wal_whose_writes_are_all_in_the_file(run: Invoke, db_url: str) -> None:
    """A -wal still there but checkpointed (every frame copied into the file): no note, the file alone is whole."""
    path = sqlite_file(db_url)
    if path is None:
        pytest.skip("the -wal is SQLite's")
    _forest(run)
    held = sqlite3.connect(path)
    try:
        held.execute("SELECT count(*) FROM events").fetchone()
        _roll(run, 1)
        held.execute("PRAGMA wal_checkpoint(PASSIVE)")
        wal = Path(f"{path}-wal").stat().st_size
        result = run("verify")
    finally:
        held.close()
    assert (wal > 0, result.exit_code, result.stderr) == (True, 0, "")
