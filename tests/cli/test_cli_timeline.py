"""``journal log|export|import|verify``: the raw event log, JSONL round trips and the hash chain."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import orjson
from support import tamper

from journal.store import open_store
from tests.cli.conftest import told

EMPTY = "[]\n"


def _sample(run, db: str | None = None) -> None:
    """'Пепел' (wield, Master 'Судьба') with players 'Аня' and 'Борис': three events."""
    for args in (("campaign", "new", "Пепел", "--system", "wield", "--master", "Судьба"),
                 ("member", "add", "Пепел", "Аня"),
                 ("member", "add", "Пепел", "Борис")):
        assert run(*args, db=db).exit_code == 0




def _tamper(db_url: str, campaign: str, version: int, data: str) -> None:
    store = open_store(db_url)
    try:
        tamper(store, campaign, version, data)
    finally:
        store.close()


# -- log ---------------------------------------------------------------------------------------


def test_log_prints_one_line_per_event_with_version_time_actor_summary_and_type(run, events_of) -> None:
    """log prints 'VERSION TIME -- ACTOR: SUMMARY  [TYPE]' for every event, in version order."""
    _sample(run)
    times = [event["recorded_at"][:19] for event in events_of("Пепел")]
    result = run("log", "Пепел")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"    1 {times[0]}   -- Судьба: campaign 'Пепел' started (Wield), Master: Судьба  [campaign.created]",
        f"    2 {times[1]}   -- Судьба: Аня joins as a player  [member.added]",
        f"    3 {times[2]}   -- Судьба: Борис joins as a player  [member.added]",
    ]


def test_log_type_filter_keeps_only_that_type(run) -> None:
    """log --type member.added prints only the two membership events, versions 2 and 3."""
    _sample(run)
    result = run("log", "Пепел", "--type", "member.added")
    assert result.exit_code == 0
    assert [(line.split()[0], line.split()[-1]) for line in result.stdout.splitlines()] == [
        ("2", "[member.added]"), ("3", "[member.added]"),
    ]


def test_log_type_filter_is_repeatable(run) -> None:
    """Two --type options select events of either type."""
    _sample(run)
    result = run("log", "Пепел", "--type", "member.added", "--type", "campaign.created")
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["1", "2", "3"]


def test_log_type_filter_with_no_match_prints_nothing(run) -> None:
    """A type with no events prints no line and exits 0."""
    _sample(run)
    result = run("log", "Пепел", "--type", "session.started")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")


def test_log_json_prints_one_stored_envelope_per_line(run) -> None:
    """log --json lines parse; each carries id, version, hash and links to the previous hash."""
    _sample(run)
    result = run("log", "Пепел", "--json")
    assert result.exit_code == 0
    events = [orjson.loads(line) for line in result.stdout.splitlines()]
    assert [e["version"] for e in events] == [1, 2, 3]
    assert [e["type"] for e in events] == ["campaign.created", "member.added", "member.added"]
    assert all(str(uuid.UUID(e["id"])) == e["id"] for e in events)
    assert all(re.fullmatch("[0-9a-f]{64}", e["hash"]) for e in events)
    assert [e["prev_hash"] for e in events] == [None, events[0]["hash"], events[1]["hash"]]
    assert set(events[0]) == {"seq", "id", "campaign", "version", "type", "schema", "data", "actor",
                              "recorded_at", "session", "causation", "decision", "prev_hash", "hash", "note"}
    assert [e["decision"] for e in events] == [events[0]["id"], events[1]["id"], events[2]["id"]]
    assert [e["note"] for e in events] == [None, None, None]


def test_log_of_an_unknown_campaign_exits_4(run) -> None:
    """log of a campaign that does not exist exits 4 with 'no campaign named ...'."""
    result = run("log", "Нет такой")
    assert (result.exit_code, result.stdout, result.stderr) == (4, "", "error: no campaign named 'Нет такой'\n")


# -- export and import -------------------------------------------------------------------------


def test_export_import_export_is_byte_identical(run, other_db, tmp_path) -> None:
    """export -o, import into a second empty database, export again: the two files have the same bytes."""
    _sample(run)
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    exported = run("export", "Пепел", "-o", str(first))
    assert (exported.exit_code, exported.stdout, exported.stderr) == (0, "", "")
    imported = run("import", str(first), db=other_db)
    assert (imported.exit_code, imported.stdout) == (0, "imported 3 events of campaign 'Пепел'\n")
    assert run("export", "Пепел", "-o", str(second), db=other_db).exit_code == 0
    assert len(first.read_bytes().splitlines()) == 3
    assert second.read_bytes() == first.read_bytes()


def test_export_to_stdout_writes_the_same_bytes_as_to_a_file(run, tmp_path) -> None:
    """Without -o, export writes the JSONL to stdout, byte for byte what -o writes."""
    _sample(run)
    run("export", "Пепел", "-o", str(tmp_path / "file.jsonl"))
    result = run("export", "Пепел")
    assert result.exit_code == 0
    assert result.stdout_bytes == (tmp_path / "file.jsonl").read_bytes()


def test_export_of_an_unknown_campaign_exits_4_and_writes_no_file(run, tmp_path) -> None:
    """export of a missing campaign exits 4 and does not create the output file."""
    result = run("export", "Нет такой", "-o", str(tmp_path / "none.jsonl"))
    assert (result.exit_code, result.stderr) == (4, "error: no campaign named 'Нет такой'\n")
    assert not (tmp_path / "none.jsonl").exists()


def test_import_reads_standard_input_for_a_dash(run, other_db, tmp_path) -> None:
    """import - reads the JSONL from stdin."""
    _sample(run)
    exported = run("export", "Пепел").stdout_bytes
    result = run("import", "-", db=other_db, input=exported)
    assert (result.exit_code, result.stdout) == (0, "imported 3 events of campaign 'Пепел'\n")


def test_import_of_an_empty_file_says_so(run, tmp_path) -> None:
    """An empty file imports nothing and says so, exit 0."""
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    result = run("import", str(empty))
    assert (result.exit_code, result.stdout) == (0, "nothing to import: the file holds no events\n")


def test_import_of_a_campaign_already_present_is_refused(run, tmp_path) -> None:
    """Importing a campaign the journal already holds exits 2 and leaves it at three events."""
    _sample(run)
    path = tmp_path / "again.jsonl"
    run("export", "Пепел", "-o", str(path))
    result = run("import", str(path))
    assert result.exit_code == 2
    assert result.stderr == "error: campaign 'Пепел' already exists in this journal: nothing imported\n"
    assert run("campaign", "list", "--json").stdout == (
        '[{"name":"Пепел","system":"wield","master":"Судьба","version":3,"members":3}]\n'
    )


def _exported_lines(run, tmp_path: Path) -> list[bytes]:
    """The sample campaign recorded in a separate SQLite source file and exported, as lines."""
    source = f"sqlite:///{tmp_path / 'source.db'}"
    _sample(run, db=source)
    path = tmp_path / "source.jsonl"
    assert run("export", "Пепел", "-o", str(path), db=source).exit_code == 0
    return path.read_bytes().splitlines()


def test_import_refuses_a_malformed_line_naming_it_and_writes_nothing(run, tmp_path) -> None:
    """A file whose third line is not JSON exits 2 naming 'line 3'; the target keeps no campaign."""
    lines = _exported_lines(run, tmp_path)
    lines[2] = b'{"broken": '
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\n".join(lines) + b"\n")
    result = run("import", str(bad))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: line 3: not valid JSON (")
    assert result.stderr.count("\n") == 1
    assert run("campaign", "list", "--json").stdout == EMPTY


def test_import_refuses_an_altered_payload_naming_the_line_and_writes_nothing(run, tmp_path) -> None:
    """A file whose second line's payload was edited exits 6 naming 'line 2' and the event; nothing written."""
    lines = _exported_lines(run, tmp_path)
    altered_id = orjson.loads(lines[1])["id"]
    lines[1] = lines[1].replace('"Аня"'.encode(), '"Яна"'.encode())
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\n".join(lines) + b"\n")
    result = run("import", str(bad))
    assert result.exit_code == 6
    assert result.stdout == ""
    assert result.stderr == f"error: line 2: hash does not match the envelope (event {altered_id} was altered)\n"
    assert run("campaign", "list", "--json").stdout == EMPTY


def test_import_of_a_missing_file_is_a_usage_error(run, tmp_path) -> None:
    """A FILE that does not exist is refused by click (exit 2) before the database is touched."""
    result = run("import", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == 2
    assert result.stderr.endswith(f"Error: Invalid value for 'FILE': File '{tmp_path / 'missing.jsonl'}' does not exist.\n")


# -- verify ------------------------------------------------------------------------------------


def test_verify_reports_every_chain_holding(run) -> None:
    """verify exits 0 with 'ok: N events in M campaigns, every chain holds'."""
    _sample(run)
    run("campaign", "new", "Каменное колесо", "--system", "stone-wheel", "--master", "Мастер")
    result = run("verify")
    assert (result.exit_code, result.stdout, told(result.stderr)) == (0, "ok: 4 events in 2 campaigns, every chain holds\n", "")


def test_verify_on_an_empty_journal_is_ok(run) -> None:
    """verify with no campaigns reports zero of each and exits 0."""
    result = run("verify")
    assert (result.exit_code, result.stdout) == (0, "ok: 0 events in 0 campaigns, every chain holds\n")


def test_verify_names_the_campaign_version_and_id_of_an_edited_event(run, db_url, events_of) -> None:
    """After an edit with the triggers dropped, verify exits 6 and stderr names campaign, version and event id."""
    _sample(run)
    edited = events_of("Пепел")[1]["id"]
    _tamper(db_url, "Пепел", 2, '{"name":"Яна","role":"player"}')
    result = run("verify")
    assert result.exit_code == 6
    assert result.stdout == ""
    assert told(result.stderr) == (
        f"chain broken: campaign 'Пепел' version 2 (event {edited}): "
        "hash does not match the stored envelope (the event was altered)\n"
    )


def test_verify_of_one_campaign_ignores_a_break_in_another(run, db_url) -> None:
    """verify CAMPAIGN walks only that campaign's chain."""
    _sample(run)
    run("campaign", "new", "Каменное колесо", "--system", "stone-wheel", "--master", "Мастер")
    _tamper(db_url, "Пепел", 3, '{"name":"Вова","role":"player"}')
    result = run("verify", "Каменное колесо")
    assert (result.exit_code, result.stdout, told(result.stderr)) == (0, "ok: 1 events in 1 campaigns, every chain holds\n", "")


def test_verify_of_an_unknown_campaign_exits_4(run) -> None:
    """verify of a campaign that does not exist exits 4 with 'no campaign named ...'."""
    result = run("verify", "Нет такой")
    assert (result.exit_code, result.stdout, told(result.stderr)) == (4, "", "error: no campaign named 'Нет такой'\n")


def test_verify_in_russian_names_a_reordered_event_by_its_database_record_number(run, db_url) -> None:
    """An event stored out of order (its ``seq`` moved behind the next one's, triggers dropped): ``verify --lang ru``
    names the store's sequence as the database's record number, in Russian words only."""
    _sample(run)
    store = open_store(db_url)
    try:
        with store.engine.begin() as conn:
            if store.dialect == "sqlite":
                conn.exec_driver_sql("DROP TRIGGER events_refuse_update")
            else:
                conn.exec_driver_sql("DROP TRIGGER events_refuse_update_delete ON events")
            second = conn.exec_driver_sql("SELECT seq FROM events WHERE campaign = 'Пепел' AND version = 2").scalar_one()
            conn.exec_driver_sql("UPDATE events SET seq = 1000000 WHERE campaign = 'Пепел' AND version = 1")
    finally:
        store.close()
    result = run("--lang", "ru", "verify")
    problems = [line for line in result.stderr.splitlines() if line.startswith("номер записи")]
    assert (result.exit_code, problems) == (6, [
        (f"номер записи в базе данных: у события №2 кампании «Пепел» он {second}, не после 1000000 у предыдущего "
        "события (порядок записи изменён)")])
