"""``journal key export|import`` through the real CLI, on SQLite and PostgreSQL: the whole move to another computer
(backup, restore with another key folder, key import, verify, a new signed event), and each import that must be
refused (another journal's archive, a tampered one, one that would replace a different key)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner, Result

from cli.main import cli
from journal.store.backups import sqlite_file
from journal.store.key_archive import FORMAT, _signed_bytes
from journal.store.keys import JournalKey
from tests.cli.conftest import CLEAN_ENV, Invoke


def _forest(run: Invoke) -> None:
    for args in (("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"), ("member", "add", "Лес", "Оля"),
                 ("roll", "Лес", "1d6", "--dice", "4")):
        assert run(*args).exit_code == 0


def _elsewhere(db: str, keys: Path) -> Invoke:
    """The CLI of the other computer: database ``db``, key folder ``keys``."""

    def invoke(*args: str) -> Result:
        runner = CliRunner(env={**CLEAN_ENV, "JOURNAL_KEY_DIR": str(keys)})
        return runner.invoke(cli, ["--db", db, *args], prog_name="journal", catch_exceptions=False)

    return invoke


def _moved_db(db_url: str, tmp_path: Path) -> str:
    """Where the journal is restored on the other computer: another folder (SQLite), the same server (PostgreSQL)."""
    if sqlite_file(db_url) is None:
        return db_url
    (tmp_path / "elsewhere").mkdir()
    return f"sqlite:///{tmp_path / 'elsewhere' / 'journal.db'}"


def _export(run: Invoke, tmp_path: Path) -> tuple[Path, dict]:
    archive = tmp_path / "key.json"
    result = run("key", "export", "-o", str(archive))
    assert (result.exit_code, result.stderr) == (0, "")
    return archive, orjson.loads(archive.read_bytes())


def _backup(run: Invoke, db_url: str, tmp_path: Path) -> Path:
    file = tmp_path / ("backup.db" if sqlite_file(db_url) is not None else "backup.sql")
    assert run("backup", "-o", str(file)).exit_code == 0
    return file


def test_the_whole_move_verifies_and_signs_with_another_key_folder(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """backup, restore in another folder with another key folder, key import: verify exits 0 (the witness checked)
    and the next event is signed by the journal's own key."""
    _forest(run)
    archive, body = _export(run, tmp_path)
    backup = _backup(run, db_url, tmp_path)
    there = _elsewhere(_moved_db(db_url, tmp_path), tmp_path / "other-keys")
    assert there("restore", str(backup), "--public-key", body["public_key"]).exit_code == 0
    imported = there("key", "import", str(archive))
    assert (imported.exit_code, imported.stdout) == (0, (
        f"key of journal {body['identity']} written to {tmp_path / 'other-keys' / ('journal-' + body['identity'])}.key, "
        "with the witness of 1 campaigns\n"))
    assert there("verify").exit_code == 0
    assert there("roll", "Лес", "1d6", "--dice", "2").exit_code == 0
    receipt = orjson.loads(there("receipt", "Лес").stdout)
    assert (receipt["version"], receipt["public_key"], there("verify").exit_code) == (4, body["public_key"], 0)


def test_an_import_before_the_restore_lets_the_restore_check_the_signatures(run: Invoke, db_url: str,
                                                                           tmp_path: Path) -> None:
    """The key imported where no database is yet: the restore then finds it by the backup's identity."""
    _forest(run)
    archive, _body = _export(run, tmp_path)
    backup = _backup(run, db_url, tmp_path)
    if sqlite_file(db_url) is None:
        pytest.skip("where no database is yet: a SQLite file")
    there = _elsewhere(_moved_db(db_url, tmp_path), tmp_path / "other-keys")
    assert there("key", "import", str(archive)).exit_code == 0
    restored = there("restore", str(backup))
    assert (restored.exit_code, there("verify").exit_code) == (0, 0)


def test_the_witness_moves_with_the_key_and_refuses_an_older_backup(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """The archive's witness holds version 4: a backup of version 3 restored after the import is refused (exit 3)."""
    _forest(run)
    backup = _backup(run, db_url, tmp_path)
    assert run("roll", "Лес", "1d6", "--dice", "5").exit_code == 0
    archive, _body = _export(run, tmp_path)
    if sqlite_file(db_url) is None:
        pytest.skip("restored where no database is yet: a SQLite file")
    there = _elsewhere(_moved_db(db_url, tmp_path), tmp_path / "other-keys")
    assert there("key", "import", str(archive)).exit_code == 0
    result = there("restore", str(backup))
    assert (result.exit_code, result.stderr.splitlines()[0]) == (
        3, "campaign 'Лес': the backup ends at version 3, the witness holds version 4: 1 events would be lost")


def test_an_archive_of_another_journal_is_refused(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """Another journal's archive imported over this database: exit 6, one line naming both identities, no key."""
    _forest(run)
    other = _elsewhere(f"sqlite:///{tmp_path / 'other.db'}", tmp_path / "other-keys")
    assert other("campaign", "new", "Поле", "--system", "vpt", "--master", "Вика").exit_code == 0
    archive, body = _export(other, tmp_path)
    here = _elsewhere(db_url, tmp_path / "third-keys")
    (tmp_path / "mine").mkdir()
    identity = _export(run, tmp_path / "mine")[1]["identity"]
    result = here("key", "import", str(archive))
    assert (result.exit_code, result.stderr, (tmp_path / "third-keys").exists()) == (6, (
        f"error: key archive: it is the key of journal {body['identity']}, and this database is journal {identity}; "
        "nothing was imported\n"), False)


def _signed(body: dict, key: JournalKey) -> bytes:
    body = {**body, "public_key": key.public_hex, "key": key.pem.decode()}
    body["signature"] = key.sign(_signed_bytes(body))
    return orjson.dumps(body)


def test_an_archive_with_another_key_under_this_identity_is_refused(run: Invoke, db_url: str, tmp_path: Path) -> None:
    """An attacker's key, its archive signed by it and named for this journal's identity: the campaign's creation
    recorded the journal's key, so exit 6 and no key written."""
    _forest(run)
    _archive, body = _export(run, tmp_path)
    forged = tmp_path / "forged.json"
    forged.write_bytes(_signed({**body, "witness": []}, JournalKey.generate()))
    here = _elsewhere(db_url, tmp_path / "other-keys")
    result = here("key", "import", str(forged))
    assert (result.exit_code, result.stderr.startswith(
        f"error: key archive: campaign 'Лес' recorded the key {body['public_key'][:16]}…, the archive holds "),
        (tmp_path / "other-keys").exists()) == (6, True, False)


@pytest.mark.parametrize("edit", ["witness version", "identity", "cut"])
def test_a_tampered_archive_is_refused(run: Invoke, tmp_path: Path, edit: str) -> None:
    """A receipt's version raised, the identity changed, the file cut short: exit 6, one line, no key written."""
    _forest(run)
    archive, body = _export(run, tmp_path)
    if edit == "witness version":
        body["witness"][0]["version"] += 5
        archive.write_bytes(orjson.dumps(body))
    elif edit == "identity":
        body["identity"] = "00000000-0000-0000-0000-000000000000"
        archive.write_bytes(orjson.dumps(body))
    else:
        archive.write_bytes(archive.read_bytes()[:200])
    result = _elsewhere(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "other-keys")("key", "import", str(archive))
    assert (result.exit_code, result.stderr.count("\n"), result.stderr.startswith("error: key archive: "),
            (tmp_path / "other-keys").exists()) == (6, 1, True, False)


def test_an_import_never_replaces_a_different_key(run: Invoke, tmp_path: Path) -> None:
    """A key folder already holding another key under the identity: exit 6, that key as it was."""
    _forest(run)
    archive, body = _export(run, tmp_path)
    keys = tmp_path / "other-keys"
    held = JournalKey.generate()
    assert held.save(keys / f"journal-{body['identity']}.key")
    result = _elsewhere(f"sqlite:///{tmp_path / 'none.db'}", keys)("key", "import", str(archive))
    assert (result.exit_code, result.stderr, (keys / f"journal-{body['identity']}.key").read_bytes()) == (6, (
        f"error: key import: {keys / ('journal-' + body['identity'])}.key already holds a different key for journal "
        f"{body['identity']}: it is never replaced; nothing was imported\n"), held.pem)


def test_the_same_key_imported_again_is_no_refusal(run: Invoke, tmp_path: Path) -> None:
    """The journal's own archive imported where its key is: exit 0, the key kept."""
    _forest(run)
    archive, body = _export(run, tmp_path)
    result = run("key", "import", str(archive))
    assert (result.exit_code, result.stdout.startswith(f"key of journal {body['identity']} was already in "),
            run("verify").exit_code) == (0, True, 0)


def test_an_export_never_replaces_a_file(run: Invoke, tmp_path: Path) -> None:
    """key export -o onto an existing file: exit 2, the file as it was."""
    _forest(run)
    file = tmp_path / "kept"
    file.write_text("mine")
    result = run("key", "export", "-o", str(file))
    assert (result.exit_code, result.stderr, file.read_text()) == (
        2, f"error: key export: {file} exists: it is never replaced (-o names another file)\n", "mine")


def test_the_archive_is_readable_by_its_owner_only(run: Invoke, tmp_path: Path) -> None:
    """The archive holds the private key: mode 0600, format journal-key-v1."""
    _forest(run)
    archive, body = _export(run, tmp_path)
    assert (archive.stat().st_mode & 0o777, body["format"]) == (0o600, FORMAT)
