"""Backups of a database that a real ``journal serve`` is writing to, on SQLite and PostgreSQL.

* A ``journal backup`` taken while 16 HTTP writers roll (each at most ``WRITES`` rolls, stopping once the backup is
  written) holds every write acknowledged before it began, and restores (the later writes given up with
  ``--accept-loss``) into a database that verifies.
* After ``kill -9`` of the server (SQLite's ``-wal`` left full), a backup holds every acknowledged write and restores
  alone: on SQLite the database file and its ``-wal`` removed first.
* ``serve --backup-every --backup-dir --keep`` writes backups at its interval and keeps the newest.
"""

from __future__ import annotations

import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import orjson
import pytest

from journal.store.backups import sqlite_file
from tests.web.conftest import JOURNAL, auth, start_server

WRITERS = 16
#: The most rolls one writer sends (it stops sooner once the backup is written).
WRITES = 25
#: Acknowledged writes before the backup starts.
BACKUP_AFTER = 32
MEMBERS = ["Вика", "Оля", "Дима", "Аня"]


def _journal(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([JOURNAL, "--db", db_url, *args], capture_output=True, text=True, check=False, timeout=300)


def _stored_ids(db_url: str, campaign: str) -> list[str]:
    logged = _journal(db_url, "log", campaign, "--json")
    assert logged.returncode == 0, logged.stderr
    return [orjson.loads(text)["id"] for text in logged.stdout.splitlines()]


def _backup_file(db_url: str, tmp_path: Path) -> Path:
    return tmp_path / ("backup.db" if sqlite_file(db_url) is not None else "backup.sql")


@pytest.mark.slow
def test_a_backup_during_16_writers_restores_every_acknowledged_write(db_url: str, make_campaign,
                                                                       tmp_path: Path) -> None:
    """Every write acknowledged before `journal backup` began is in the backup, which restores and verifies."""
    tokens = make_campaign("Запас", "vpt", MEMBERS[0], MEMBERS[1:])
    served = start_server(db_url)
    acknowledged: list[str] = []
    guard = threading.Condition()
    written = threading.Event()

    def write(writer: int) -> None:
        member = MEMBERS[writer % len(MEMBERS)]
        with httpx.Client(base_url=served.base, headers=auth(tokens[member]), timeout=120) as http:
            for n in range(WRITES):
                if written.is_set():
                    return
                answer = http.post("/api/roll", json={"notation": "1d6", "dice": [n % 6 + 1], "purpose": f"{writer}:{n}"},
                                   headers={"Idempotency-Key": f"{writer}:{n}"})
                assert answer.status_code == 200, answer.text
                with guard:
                    acknowledged.append(answer.json()["events"][0]["id"])
                    guard.notify_all()

    file = _backup_file(db_url, tmp_path)
    try:
        with ThreadPoolExecutor(WRITERS) as pool:
            running = [pool.submit(write, writer) for writer in range(WRITERS)]
            with guard:
                guard.wait_for(lambda: len(acknowledged) >= BACKUP_AFTER or all(f.done() for f in running))
                before = list(acknowledged)
            taken = _journal(db_url, "backup", "-o", str(file))
            written.set()
            for future in running:
                future.result()
    finally:
        log = served.stop()
    restored = _journal(db_url, "restore", str(file), "--accept-loss")
    verified = _journal(db_url, "verify")
    stored = set(_stored_ids(db_url, "Запас"))
    assert "Traceback" not in log, log
    assert (taken.returncode, restored.returncode, verified.returncode) == (0, 0, 0), (taken.stderr, restored.stderr,
                                                                                       verified.stderr)
    assert len(before) >= BACKUP_AFTER
    assert [event for event in before if event not in stored] == []


@pytest.mark.slow
def test_a_backup_after_kill_9_of_the_server_restores(db_url: str, make_campaign, tmp_path: Path) -> None:
    """SIGKILL after 40 acknowledged rolls; the backup then holds all 40 and restores on its own; verify holds."""
    tokens = make_campaign("Обрыв", "vpt", MEMBERS[0], MEMBERS[1:])
    served = start_server(db_url)
    acknowledged = []
    with httpx.Client(base_url=served.base, headers=auth(tokens[MEMBERS[1]]), timeout=60) as http:
        for n in range(40):
            answer = http.post("/api/roll", json={"notation": "1d6", "dice": [n % 6 + 1], "purpose": f"k{n}"},
                               headers={"Idempotency-Key": f"k{n}"})
            assert answer.status_code == 200, answer.text
            acknowledged.append(answer.json()["events"][0]["id"])
    served.process.kill()
    served.process.wait()
    served.stop()
    file = _backup_file(db_url, tmp_path)
    taken = _journal(db_url, "backup", "-o", str(file))
    path = sqlite_file(db_url)
    if path is not None:  # the backup alone: the database file and its -wal gone
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    restored = _journal(db_url, "restore", str(file))
    verified = _journal(db_url, "verify")
    stored = set(_stored_ids(db_url, "Обрыв"))  # one `journal log`, not one per acknowledged roll
    assert (taken.returncode, restored.returncode, restored.stderr, verified.returncode, verified.stderr) == (
        0, 0, "", 0, "")
    assert [event for event in acknowledged if event not in stored] == []


def test_serve_backup_every_writes_backups_and_keeps_the_newest(db_url: str, make_campaign, tmp_path: Path) -> None:
    """--backup-every 1s --keep 2: three backups written; after the stop exactly the two newest remain."""
    if sqlite_file(db_url) is None:
        pytest.skip("the schedule is the same on both databases; its files are checked on SQLite")
    make_campaign("Запас", "vpt", MEMBERS[0], MEMBERS[1:])
    folder = tmp_path / "backups"
    served = start_server(db_url, "--backup-every", "1s", "--backup-dir", str(folder), "--keep", "2")
    seen: set[str] = set()
    deadline = time.monotonic() + 120
    try:
        while len(seen) < 3 and time.monotonic() < deadline and served.process.poll() is None:
            seen.update(p.name for p in folder.glob("journal-*.db"))
            time.sleep(0.05)
    finally:
        log = served.stop()
    kept = sorted(p.name for p in folder.glob("journal-*.db"))
    assert (len(seen) >= 3, len(kept), kept == sorted(seen | set(kept))[-2:]) == (True, 2, True), log
