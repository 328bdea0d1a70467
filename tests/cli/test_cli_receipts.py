"""``journal receipt``, ``verify --receipt`` / ``--public-key`` and ``import --public-key`` through the real CLI."""

from __future__ import annotations

from pathlib import Path

import orjson
import sqlalchemy as sa

from journal.store.engine import make_engine
from tests.cli.conftest import told


def _forest(run) -> None:
    run("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика")
    run("member", "add", "Лес", "Оля")


def _cut_head(db_url: str) -> None:
    engine = make_engine(db_url)
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        else:
            conn.exec_driver_sql("DROP TRIGGER events_refuse_update_delete ON events")
        conn.execute(sa.text("DELETE FROM events WHERE campaign = 'Лес' AND version = 2"))
    engine.dispose()


def test_receipt_prints_the_signed_head_with_the_public_key(run) -> None:
    """receipt prints JSON: the campaign, version 2, its hash and a signature the printed key verifies."""
    _forest(run)
    printed = orjson.loads(run("receipt", "Лес").stdout)
    head = orjson.loads(run("log", "Лес", "--json").stdout.splitlines()[-1])
    from journal.store.receipts import Receipt

    receipt = Receipt.parse(printed, "stdout")
    assert (receipt.campaign, receipt.version, receipt.hash, receipt.signed) == ("Лес", 2, head["hash"], True)


def test_verify_with_a_held_receipt_exits_6_naming_it_when_the_tail_is_cut(run, db_url, tmp_path: Path) -> None:
    """A member's receipt of version 2, then version 2 deleted: verify --receipt exits 6 naming the file."""
    _forest(run)
    path = tmp_path / "mine.json"
    assert run("receipt", "Лес", "-o", str(path)).exit_code == 0
    _cut_head(db_url)
    result = run("verify", "--receipt", str(path))
    assert result.exit_code == 6
    assert f"receipt {path}: campaign 'Лес' version 2: the chain ends at version 1 (its tail was cut)\n" in result.stderr


def test_verify_with_the_right_public_key_says_every_head_is_signed(run) -> None:
    """verify --public-key KEY (the receipts' key) exits 0 and says so."""
    _forest(run)
    key = orjson.loads(run("receipt", "Лес").stdout)["public_key"]
    result = run("verify", "--public-key", key)
    assert (result.exit_code, result.stdout) == (
        0, f"ok: 2 events in 1 campaigns, every chain holds\nok: every campaign head is signed by key {key}\n")


def test_verify_with_another_public_key_exits_6(run) -> None:
    """verify --public-key of a key that signed nothing here names the head whose signature fails."""
    _forest(run)
    result = run("verify", "--public-key", "ab" * 32)
    assert result.exit_code == 6
    assert told(result.stderr).startswith("signature: campaign 'Лес' head version 2: the signature does not verify")


def test_a_malformed_public_key_is_one_line_exit_2(run) -> None:
    """--public-key that is not 64 hex digits: exit 2, one line naming the field."""
    result = run("verify", "--public-key", "xyz")
    assert (result.exit_code, result.stderr) == (2, "error: public key: must be 64 hex digits (an Ed25519 public key)\n")


def test_a_signed_export_imports_with_its_public_key(run, other_db, tmp_path: Path) -> None:
    """export ends with the receipt; import --public-key into another journal imports both events."""
    _forest(run)
    path = tmp_path / "forest.jsonl"
    run("export", "Лес", "--signed", "-o", str(path))
    last = orjson.loads(path.read_bytes().splitlines()[-1])
    result = run("import", str(path), "--public-key", last["receipt"]["public_key"], db=other_db)
    assert (result.exit_code, result.stdout) == (0, "imported 2 events of campaign 'Лес'\n")


def test_an_import_with_an_event_past_its_receipt_writes_nothing(run, other_db, tmp_path: Path) -> None:
    """An export whose receipt is moved before its last event: exit 2 naming the line, nothing imported."""
    _forest(run)
    path = tmp_path / "forest.jsonl"
    run("export", "Лес", "--signed", "-o", str(path))
    lines = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join([lines[0], lines[2], lines[1]]) + b"\n")
    result = run("import", str(path), db=other_db)
    assert (result.exit_code, result.stderr) == (
        2, "error: line 3: an event after the receipt (a receipt ends the file)\n")
    assert run("campaign", "list", db=other_db).stdout.count("Лес") == 0


def test_an_import_without_a_receipt_is_refused_when_a_key_is_given(run, other_db, tmp_path: Path) -> None:
    """The export's receipt line removed, import --public-key exits 6 naming the campaign; nothing written."""
    _forest(run)
    path = tmp_path / "forest.jsonl"
    run("export", "Лес", "--signed", "-o", str(path))
    key = orjson.loads(path.read_bytes().splitlines()[-1])["receipt"]["public_key"]
    path.write_bytes(b"\n".join(path.read_bytes().splitlines()[:-1]) + b"\n")
    result = run("import", str(path), "--public-key", key, db=other_db)
    assert (result.exit_code, result.stderr) == (
        6, "error: campaign 'Лес': the file carries no receipt for it (a signed export ends with one)\n")
