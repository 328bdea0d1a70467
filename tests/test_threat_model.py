"""The threat model's table (docs/security.md): each attack of issue 10, made as its attacker would, is caught.

Every row runs on a real SQLite file and a real PostgreSQL schema: the journal is recorded through the
real CLI, the attacker then works with plain SQL on the database (dropping the append-only triggers
where he has to) or crafts a file, and ``journal verify --rolls`` or ``journal import`` must exit
non-zero naming what broke.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
import sqlalchemy as sa
from click.testing import CliRunner

from cli.main import cli
from journal.store import open_store
from journal.store.engine import make_engine
from journal.store.hashing import canonical, event_hash
from tests import import_attacks
from tests.support import rechain

Run = Callable[..., tuple[int, str]]


def _runner(db_url: str) -> Run:
    def run(*args: str) -> tuple[int, str]:
        result = CliRunner(env={"JOURNAL_DB": None, "JOURNAL_ACTOR": None}).invoke(
            cli, ["--db", db_url, *args], prog_name="journal", catch_exceptions=False)
        return result.exit_code, result.stdout + result.stderr

    return run


def _drop_triggers(conn: sa.Connection) -> None:
    """Do what the database's owner can: drop the append-only triggers (on PostgreSQL, also on every partition of
    the events table and its ids table, by running as a replica, which fires no trigger)."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET LOCAL session_replication_role = replica")
    for table in ("events", "event_marks"):
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_refuse_update")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_refuse_delete")
        else:
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_refuse_update_delete ON {table}")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {table}_refuse_truncate ON {table}")


def _sql(db_url: str, *statements: str, triggers: bool = True) -> None:
    engine = make_engine(db_url)
    try:
        with engine.begin() as conn:
            if triggers:
                _drop_triggers(conn)
            for statement in statements:
                conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def _rows(db_url: str, campaign: str) -> list[dict]:
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            found = conn.execute(sa.text("SELECT * FROM events WHERE campaign = :c ORDER BY version"), {"c": campaign})
            return [dict(row._mapping) for row in found]
    finally:
        engine.dispose()


def _record_table(run: Run) -> None:
    """Record the table's two campaigns through the CLI (``table``): 'Лес' and 'Спор' with its overturned roll."""
    for args in (("init",), ("campaign", "new", "Лес", "--system", "vpt", "--master", "Вика"),
                 ("member", "add", "Лес", "Оля"), ("member", "add", "Лес", "Дима"),
                 ("session", "start", "Лес", "--present", "Оля,Дима"), ("roll", "Лес", "2d6"),
                 ("session", "end", "Лес", "--minutes", "60"),
                 ("campaign", "new", "Спор", "--system", "vpt", "--master", "ГМ"),
                 ("member", "add", "Спор", "Аня"), ("member", "add", "Спор", "Борис"),
                 ("session", "start", "Спор", "--present", "Аня,Борис"), ("roll", "Спор", "2d6", "--dice", "1,2"),
                 ("session", "end", "Спор", "--minutes", "30")):
        code, output = run(*args)
        assert code == 0, (args, output)
    code, output = run("--as", "Аня", "dispute", "open", "Спор", "--event", "5", "--reason", "кубик упал", "--json")
    dispute = orjson.loads(output)["id"]
    for who in ("Аня", "Борис"):
        assert run("--as", who, "dispute", "vote", dispute, "--overturn")[0] == 0
    assert run("dispute", "rule", dispute, "--overturn")[0] == 0
    assert run("verify", "--rolls")[0] == 0


@pytest.fixture
def table(db_url: str, recorded: Callable[[str, Callable[[str], None]], None]) -> Run:
    """A journal with 'Лес' (a session: start, a roll on the journal's dice, end) and 'Спор' (an overturned roll).

    Recorded once per worker and backend and copied for each test with a key folder of its own (tests/recordings.py),
    so what an attack does to the database, the key or the witness stays in its test."""
    recorded("threat-model-table", lambda url: _record_table(_runner(url)))
    return _runner(db_url)


# -- the attacks ---------------------------------------------------------------------------------


def cut_last_event(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, "DELETE FROM events WHERE campaign = 'Лес' AND version = 6")
    return run("verify", "--rolls")


def cut_last_four(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, "DELETE FROM events WHERE campaign = 'Лес' AND version >= 3")
    return run("verify", "--rolls")


def delete_campaign(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, "DELETE FROM events WHERE campaign = 'Лес'", "DELETE FROM event_marks WHERE campaign = 'Лес'")
    return run("verify", "--rolls")


def truncate(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    if db_url.startswith("sqlite"):
        _sql(db_url, "DELETE FROM events", "DELETE FROM event_marks")
    else:
        _sql(db_url, "TRUNCATE events, event_marks")
    return run("verify", "--rolls")


def forged_head(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    head = _rows(db_url, "Лес")[-1]
    forged = {"id": "01900000-0000-7000-8000-000000000008", "campaign": "Лес", "version": head["version"] + 1,
              "type": "member.added", "schema": 1, "actor": "Вика", "recorded_at": head["recorded_at"],
              "session": None, "causation": None, "decision": "01900000-0000-7000-8000-000000000008",
              "prev_hash": head["hash"]}
    data = canonical({"name": "Злодей", "role": "player"})
    digest = event_hash(forged, data)
    engine = make_engine(db_url)
    with engine.begin() as conn:  # no trigger needs dropping: an INSERT is what the journal allows
        conn.execute(sa.text("INSERT INTO events (id, campaign, version, type, schema, data, actor, recorded_at, "
                             "session, causation, decision, prev_hash, hash) VALUES (:id, :campaign, :version, :type, "
                             ":schema, :data, :actor, :recorded_at, :session, :causation, :decision, :prev_hash, :hash)"),
                     dict(forged, data=data.decode(), hash=digest))
        conn.execute(sa.text("INSERT INTO event_marks (campaign, version, type) VALUES ('Лес', :v, 'member.added')"),
                     {"v": forged["version"]})
    engine.dispose()
    return run("verify", "--rolls")


def rechained_edit(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    rows = _rows(db_url, "Лес")
    rows[1]["data"] = orjson.loads(rows[1]["data"]) | {"name": "Злодей"}
    for row in rows[2:]:
        row["data"] = orjson.loads(row["data"])
        row["data"] = {k: ("Злодей" if v == "Оля" else v) for k, v in row["data"].items()}
    rows[0]["data"] = orjson.loads(rows[0]["data"])
    lines = rechain(rows)
    updates = []
    for line in lines:
        envelope = orjson.loads(line)
        data = canonical(envelope["data"]).decode().replace("'", "''")
        updates.append(f"UPDATE events SET data = '{data}', prev_hash = {_quote(envelope['prev_hash'])}, "
                       f"hash = '{envelope['hash']}' WHERE campaign = 'Лес' AND version = {envelope['version']}")
    _sql(db_url, *updates)
    return run("verify", "--rolls")


def _quote(value: str | None) -> str:
    return "NULL" if value is None else f"'{value}'"


def void_mark_deleted(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, "DELETE FROM event_marks WHERE campaign = 'Спор' AND type = 'correction.voided'")
    return run("verify", "--rolls")


def read_model_token(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    assert run("sheet", "Лес", "Оля")[0] in (0, 4)  # any read saves the read model
    engine = make_engine(db_url)
    with engine.begin() as conn:
        packed = conn.execute(sa.text("SELECT state FROM read_models WHERE campaign = 'Лес'")).scalar_one()
        state = orjson.loads(zlib.decompress(packed))
        state["campaign"].setdefault("tokens", {})["abcdefabcdef"] = {"member": "Вика", "hash": "0" * 64,
                                                                     "revoked": False}
        conn.execute(sa.text("UPDATE read_models SET state = :s WHERE campaign = 'Лес'"),
                     {"s": zlib.compress(orjson.dumps(state), 1)})
    engine.dispose()
    return run("verify", "--rolls")


def _import(db_url: str, run: Run, tmp: Path, envelopes: list[dict]) -> tuple[int, str]:
    path = tmp / "crafted.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in rechain(envelopes)))
    return run("import", str(path))


def _exported(db_url: str, campaign: str = "Лес", rename: str = "Чужой") -> list[dict]:
    envelopes = []
    for row in _rows(db_url, campaign):
        data = orjson.loads(row["data"])
        if row["type"] == "campaign.created":
            data["name"] = rename
        envelopes.append({k: row[k] for k in ("id", "version", "type", "schema", "actor", "recorded_at", "session",
                                              "causation", "decision")} | {"campaign": rename, "data": data})
    return envelopes


def takeover_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    created = {"id": "01900000-0000-7000-8000-0000000000a1", "campaign": "Захват", "version": 1,
               "type": "campaign.created", "schema": 1, "actor": "Злодей", "recorded_at": "2026-12-01T10:00:00.000000Z",
               "session": None, "causation": None, "decision": "01900000-0000-7000-8000-0000000000a1",
               "data": {"name": "Лес", "system": "vpt", "master": "Злодей"}}
    token = dict(created, id="01900000-0000-7000-8000-0000000000a2", version=2, type="member.token_issued",
                 decision="01900000-0000-7000-8000-0000000000a2",
                 data={"member": "Злодей", "token_id": "abcdefabcdef", "token_hash": "1" * 64})
    return _import(db_url, run, tmp, [created, token])


def _edited(db_url: str, run: Run, tmp: Path, change: Callable[[list[dict]], None]) -> tuple[int, str]:
    envelopes = _exported(db_url)
    change(envelopes)
    return _import(db_url, run, tmp, envelopes)


def empty_name_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[1]["data"].update(name=" "))


def control_name_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[1]["data"].update(name="Оля\x1b[2J"))


def non_uuid_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[1].update(id="not-a-uuid", decision="not-a-uuid"))


def non_member_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[4].update(actor="Злодей"))


def player_session_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[3].update(actor="Оля"))


def backwards_time_import(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    return _edited(db_url, run, tmp, lambda e: e[2].update(recorded_at="2000-01-01T00:00:00.000000Z"))


def racing_session_start(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    command = [sys.executable, "-m", "cli.main", "--db", db_url, "session", "start", "Лес", "--present", "Оля"]
    started = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [(p.wait(), p.communicate()) for p in started]
    assert sorted(code for code, _ in results) == [0, 3]
    assert run("session", "end", "Лес", "--minutes", "5")[0] == 0
    code, output = run("verify", "--rolls")
    assert code == 0, output
    return next((code, out + err) for code, (out, err) in results if code != 0)


def _crafted(envelopes: Callable[[Path], list[dict]]) -> Callable[[str, Run, Path], tuple[int, str]]:
    """An attack of tests/import_attacks.py (a demo export changed, re-chained) offered to ``journal import``."""

    def attack(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
        path = tmp / "crafted.jsonl"
        path.write_bytes(import_attacks.lines_of(envelopes(tmp)))
        return run("import", str(path))

    attack.__name__ = envelopes.__name__
    return attack


def _backup_path(db_url: str, tmp: Path, name: str) -> Path:
    return tmp / (f"{name}.sql" if db_url.startswith("postgresql") else f"{name}.db")


def stale_backup_restored(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    file = _backup_path(db_url, tmp, "stale")
    assert run("backup", "-o", str(file))[0] == 0
    assert run("roll", "Лес", "1d6", "--dice", "3")[0] == 0
    return run("restore", str(file))


def rechained_backup_restored(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    file = _backup_path(db_url, tmp, "good")
    assert run("backup", "-o", str(file))[0] == 0
    rechained_edit(db_url, run, tmp)
    crafted = _backup_path(db_url, tmp, "crafted")
    assert run("backup", "-o", str(crafted))[0] == 0
    return run("restore", str(crafted))


def refusal_tells_the_next_die(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Issue 18: an exchange refused only when its hit landed (a 10 at the next counter) kept that counter free, so
    retrying until refused told Аня that her next roll was a 10.  Every attempt is refused alike now, before the dice."""
    params = "health=20,stamina=3,mana=6,survival=10,damage=3"
    for args in (("campaign", "new", "Камень", "--system", "stone-wheel", "--master", "Мастер"),
                 ("member", "add", "Камень", "Аня"), ("member", "add", "Камень", "Боря"),
                 ("stone-wheel", "character", "Камень", "Ратибор", "Аня", "--kind", "physical", "--race", "человек",
                  "--class", "воин", "--chars", "5,6,4,3,2,2,3,4,1,2", "--params", params),
                 ("stone-wheel", "character", "Камень", "Ёжик", "Боря", "--kind", "general", "--race", "ёж",
                  "--class", "вор", "--chars", "5,6,4,3,2,2,3,4,1,2", "--params", params),
                 ("session", "start", "Камень", "--present", "Аня,Боря"),
                 ("--as", "Аня", "session", "salt", "Камень", "--salt", "лиса")):
        assert run(*args)[0] == 0, args
    head = len(_rows(db_url, "Камень"))
    refused = [run("--as", "Аня", "stone-wheel", "exchange", "Камень", "Ратибор", "Ёжик", "--threshold", "10",
                   "--pool", "1", "--weapon", "2", "--armour", "-1") for _ in range(3)]
    assert len(_rows(db_url, "Камень")) == head
    code, output = run("--as", "Аня", "roll", "Камень", "1d10", "--json")
    assert (code, orjson.loads(output)["rolls"][0]["counter"]) == (0, 0)
    assert run("session", "end", "Камень", "--minutes", "5")[0] == 0
    assert run("verify", "--rolls")[0] == 0
    assert len(set(refused)) == 1
    return refused[0]


def _member_token(db_url: str) -> str:
    from tests.web.conftest import campaign_with_tokens

    return campaign_with_tokens(db_url, "Осада", "vpt", "Вика", ["Оля"])["Оля"]


def stranger_half_open_flood(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """2,000 half-open connections from 127.0.0.2 against a server of 1,024 files: Оля (127.0.0.1) is answered, and
    the stranger's next connection is refused at once; returns Оля's status, and the stranger's answer."""
    import httpx

    from tests.web.conftest import auth, serving
    from tests.web.flood import answer, connect, half_open
    from tests.web.test_web_server import MEMBER_WAIT

    token = _member_token(db_url)
    with serving(db_url, files=(1024, 1024)) as running:
        httpx.get(f"{running.base}/api/events", headers=auth(token), timeout=MEMBER_WAIT)  # the routes' first import
        with half_open(running.base, 2000):
            status = httpx.get(f"{running.base}/api/events", headers=auth(token), timeout=MEMBER_WAIT).status_code
            with connect(running.base, first=b"") as one_more:
                refused = answer(one_more).decode()
    return status, refused


def stranger_trickled_headers(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Half a request's headers, then a header line each tenth of a second, against --header-timeout 0.5."""
    from tests.web.conftest import serving
    from tests.web.flood import connect, trickle

    with serving(db_url, "--header-timeout", "0.5") as running, connect(running.base) as sock:
        got = trickle(sock, b"X-Slow: 1\r\n").decode()
    return int(got.split()[1]), got


def member_trickled_body(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Оля's roll: its headers, then its body a byte each tenth of a second, against --body-timeout 0.5; no roll is
    stored."""
    from tests.web.conftest import serving
    from tests.web.flood import connect, trickle

    token = _member_token(db_url)
    with serving(db_url, "--body-timeout", "0.5") as running:
        head = (f"POST /api/roll HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                "Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{").encode()
        with connect(running.base, source="127.0.0.1", first=head) as sock:
            got = trickle(sock, b" ").decode()
    assert [row["type"] for row in _rows(db_url, "Осада")].count("roll.made") == 0
    return int(got.split()[1]), got


def framed_console(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Another site frames the Master's console: the page's answer forbids any frame (the browser obeys)."""
    import httpx

    from tests.web.conftest import serving

    with serving(db_url) as running:
        page = httpx.get(f"{running.base}/", timeout=30)
    said = "; ".join(f"{name}: {page.headers.get(name)}" for name in ("Content-Security-Policy", "X-Frame-Options"))
    return page.status_code, said


def seq_reordered(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, "UPDATE events SET seq = (SELECT MAX(seq) + 100 FROM events) WHERE campaign = 'Лес' AND version = 3")
    return run("verify", "--rolls")


def seed_row_inserted(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    _sql(db_url, f"INSERT INTO session_seeds (campaign, session, seed) VALUES ('Лес', 1, '{'ab' * 32}')",
         triggers=False)
    return run("verify", "--rolls")


def full_disk_witness(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    from journal.store import open_store
    from journal.store.receipts import witness_file

    store = open_store(db_url)
    try:
        path = witness_file(store, "Лес")
    finally:
        store.close()
    assert path is not None
    path.unlink()
    path.symlink_to("/dev/full")  # every write fails with ENOSPC: a full disk under the key folder
    code, output = run("member", "add", "Лес", "Гость")
    assert "'Гость' joined 'Лес' (version 7)" in output
    return code, output


def huge_number(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    steps = [arg for step in "abcde" for arg in ("--step", step)]
    for args in (("campaign", "new", "Зола", "--system", "wield", "--master", "Судьба"), ("member", "add", "Зола", "Аня"),
                 ("member", "add", "Зола", "Борис"),
                 ("--as", "Аня", "wield", "character", "new", "Зола", "Кольцо", "--item", "Ring", "--domains", "Air",
                  "--goal", "Kill", *steps, "--destroyed", "Melt"),
                 ("--as", "Борис", "wield", "character", "new", "Зола", "Ёжик", "--wields", "Кольцо", "--background",
                  "Thief", "--destiny", "Marry")):
        assert run(*args)[0] == 0, args
    head = len(_rows(db_url, "Зола"))
    code, output = run("wield", "chance", "Зола", "Ёжик", "99999999999999999999", "climb", "--dice", "3")
    assert (len(_rows(db_url, "Зола")), "Traceback" in output) == (head, False)
    return code, output


def cut_tail_then_play_on(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The roll and the session's end cut (the session is open again at version 4), then five rolls recorded."""
    _sql(db_url, "DELETE FROM events WHERE campaign = 'Лес' AND version >= 5")
    results = [run("roll", "Лес", "2d6") for _ in range(5)]
    assert len(set(results)) == 1 and _rows(db_url, "Лес")[-1]["version"] == 4, results
    return results[-1]


def identity_row_deleted(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The identity row and the tail deleted, then a roll: refused when the journal opens, nothing appended."""
    _sql(db_url, "DELETE FROM journal_identity", "DELETE FROM events WHERE campaign = 'Лес' AND version >= 5")
    code, output = run("roll", "Лес", "2d6", "--dice", "3,4")
    assert (_rows(db_url, "Лес")[-1]["version"], run("verify")[0]) == (4, 6), output
    return code, output


#: The tables a backup of the database holds (PostgreSQL also keeps every event id in ``event_ids``).
_BACKED_UP = ("events", "event_marks", "snapshots", "read_models", "session_seeds")


def _backup(db_url: str, tmp: Path) -> None:
    if db_url.startswith("sqlite"):
        with sqlite3.connect(db_url.split("///", 1)[1]) as source, sqlite3.connect(tmp / "backup.db") as copy:
            source.backup(copy)
        return
    _sql(db_url, *(f"CREATE TABLE backup_{t} AS SELECT * FROM {t}" for t in (*_BACKED_UP, "event_ids")), triggers=False)


def _restore(db_url: str, tmp: Path) -> None:
    if db_url.startswith("sqlite"):
        with sqlite3.connect(tmp / "backup.db") as copy, sqlite3.connect(db_url.split("///", 1)[1]) as target:
            copy.backup(target)
        return
    tables = (*_BACKED_UP, "event_ids")
    _sql(db_url, *(f"DELETE FROM {t}" for t in tables), *(f"INSERT INTO {t} SELECT * FROM backup_{t}" for t in tables))


def older_backup_then_play_on(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """A backup taken at 'Лес' version 6; a session of four events recorded; the backup copied back; then eight
    events recorded (a session: its start, six rolls, its end)."""
    _backup(db_url, tmp)
    for args in (("session", "start", "Лес", "--present", "Оля"), ("roll", "Лес", "2d6"), ("roll", "Лес", "2d6"),
                 ("session", "end", "Лес", "--minutes", "5")):
        assert run(*args)[0] == 0
    _restore(db_url, tmp)
    first = run("session", "start", "Лес", "--present", "Оля")
    rest = [run("roll", "Лес", "2d6", "--dice", "3,4") for _ in range(6)] + [run("session", "end", "Лес", "--minutes", "5")]
    assert [code for code, _ in rest] == [6] * 6 + [3] and _rows(db_url, "Лес")[-1]["version"] == 6, rest
    return first


def _key_file(db_url: str) -> Path:
    store = open_store(db_url)
    try:
        assert store.key is not None and store.key.path is not None
        return store.key.path
    finally:
        store.close()


def key_deleted(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The key file deleted, then an edit re-chained (the edit's own row above)."""
    _key_file(db_url).unlink()
    return rechained_edit(db_url, run, tmp)


def db_renamed(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The database moved (a SQLite file renamed into another folder; a server reached by another spelling of its
    URL, so any name made from the URL differs), then an edit re-chained there."""
    if db_url.startswith("sqlite"):
        moved = tmp / "moved" / "renamed.db"
        moved.parent.mkdir()
        Path(db_url.split("///", 1)[1]).rename(moved)
        moved_url = f"sqlite:///{moved}"
    else:
        moved_url = db_url.replace("@127.0.0.1:", "@localhost:")
    assert moved_url != db_url
    return rechained_edit(moved_url, _runner(moved_url), tmp)


def _carry_over_sheet(run: Run, tmp: Path, sheet: dict) -> str:
    """Вольтаир (Оля's) and Эдди in 'Лес', and ``sheet`` written to a file: its path."""
    for args in (("vpt", "char", "Лес", "Вольтаир", "--player", "Оля"), ("vpt", "char", "Лес", "Эдди")):
        code, output = run(*args)
        assert code == 0, (args, output)
    path = tmp / "sheet.json"
    path.write_bytes(orjson.dumps(sheet))
    return str(path)


def player_carries_over(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Оля brings her own Вольтаир in with 99 points towards Эдди, bypassing twenty sessions of ticks."""
    path = _carry_over_sheet(run, tmp, {"character": "Вольтаир", "source": "моя тетрадь",
                                        "relationships": [{"other": "Эдди", "points": 99}]})
    return run("--as", "Оля", "vpt", "carry-over", "Лес", path)


def carry_over_breaking_the_rules(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The Master's sheet gives Вольтаир a relationship with himself (the verbs' rules apply to the sheet too)."""
    path = _carry_over_sheet(run, tmp, {"character": "Вольтаир", "source": "сессии 1–20",
                                        "relationships": [{"other": "Вольтаир", "points": 5}]})
    return run("vpt", "carry-over", "Лес", path)


def carry_over_after_play(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """A second carry-over of Вольтаир, to reset the standing his journal events left (spent points restored)."""
    path = _carry_over_sheet(run, tmp, {"character": "Вольтаир", "source": "сессии 1–20",
                                        "relationships": [{"other": "Эдди", "points": 3}]})
    for args in (("vpt", "carry-over", "Лес", path), ("vpt", "spend", "Лес", "Вольтаир", "Эдди", "--points", "3")):
        code, output = run(*args)
        assert code == 0, (args, output)
    return run("vpt", "carry-over", "Лес", path)


def overturn_leaving_xp_below_zero(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """A quorum of players overturns the award that paid for a purchase: the balance would fall below 0."""
    from journal.service import Journal
    from journal.systems.dichotomy.commands import create_character

    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Две", "dichotomy", "Ведущий")
        for name in ("Давид", "Карли"):
            journal.add_member("Две", name)
        create_character(journal, "Две", "Взломщик", dict(zip(("finesse", "power", "martial", "spiritual", "natural",
                                                                "technical"), (7, 4, 5, 6, 3, 8))),
                         ["Mobility", "Climbing", "Disable Device"], ["Greed", "Truth"], "comfortable", actor="Давид")
    finally:
        journal.close()
    run("dichotomy", "adventure", "start", "Две", "Сундук")
    run("dichotomy", "motive", "Две", "Взломщик", "Greed", "fulfilled")
    run("dichotomy", "motive", "Две", "Взломщик", "Truth", "betrayed")
    run("--as", "Давид", "dichotomy", "spend", "Две", "Взломщик", "Cottage")
    _, out = run("--as", "Давид", "dispute", "open", "Две", "--event", "6", "--reason", "не было", "--json")
    dispute = orjson.loads(out)["id"]
    run("--as", "Давид", "dispute", "vote", dispute, "--overturn")
    run("--as", "Карли", "dispute", "vote", dispute, "--overturn")
    return run("dispute", "rule", dispute, "--overturn")
def stranger_forged_forwarded_proto(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """From 127.0.0.2 (not an allowed proxy), X-Forwarded-Proto: https and a Host of his own: the Master's new link
    keeps the connection's http (it is not believed); the status and the link's scheme are returned."""
    import httpx

    from tests.web.conftest import auth, campaign_with_tokens, serving

    tokens = campaign_with_tokens(db_url, "Лес-прокси", "vpt", "Вика", ["Оля"])
    with serving(db_url) as running, httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"),
                                                  timeout=30) as http:
        got = http.post(running.base + "/api/tokens", json={"member": "Оля"}, headers={
            **auth(tokens["Вика"]), "Host": "journal.example.org", "X-Forwarded-Proto": "https"})
    return got.status_code, got.json()["link"].split("#")[0]


def _stone_wheel_sheet(db_url: str, tmp: Path, sheet: dict) -> str:
    """'Камень' (Stone Wheel: Мастер, Аня's Ратибор) and ``sheet`` written to a file: its path."""
    from journal.service import Journal
    from journal.systems.stone_wheel.commands import create_character
    from tests.support import CHARS, PARAMS

    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Камень", "stone-wheel", "Мастер")
        journal.add_member("Камень", "Аня")
        create_character(journal, "Камень", "Ратибор", "Аня", "physical", "человек", "воин", CHARS, PARAMS)
    finally:
        journal.close()
    path = tmp / "sheet.json"
    path.write_bytes(orjson.dumps(sheet))
    return str(path)


def stone_wheel_player_carries_over(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Аня brings her own Ратибор in with 5000 XP, skipping twenty sessions of awards."""
    path = _stone_wheel_sheet(db_url, tmp, {"character": "Ратибор", "source": "моя тетрадь",
                                            "xp": {"earned": 5000}})
    return run("--as", "Аня", "stone-wheel", "carry-over", "Камень", path)


def stone_wheel_carry_over_spending_more_than_earned(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """The Master's sheet says 900 XP spent of 800 earned (a negative balance carried in)."""
    path = _stone_wheel_sheet(db_url, tmp, {"character": "Ратибор", "source": "сессии 1–20",
                                            "xp": {"earned": 800, "spent": 900}})
    return run("stone-wheel", "carry-over", "Камень", path)


def carried_xp_spent_then_the_carry_over_overturned(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """300 XP carried, 300 spent on a skill, then the carry-over overturned: the spending would have no XP behind it."""
    path = _stone_wheel_sheet(db_url, tmp, {"character": "Ратибор", "source": "сессии 1–20", "xp": {"earned": 300}})
    for args in (("stone-wheel", "carry-over", "Камень", path),
                 ("stone-wheel", "xp", "spend", "Камень", "Ратибор", "skill", "Фехтование", "--cost", "300")):
        code, output = run(*args)
        assert code == 0, (args, output)
    _, out = run("--as", "Аня", "dispute", "open", "Камень", "--event", "4", "--reason", "не тот лист", "--json")
    dispute = orjson.loads(out)["id"]
    run("--as", "Аня", "dispute", "vote", dispute, "--overturn")
    return run("dispute", "rule", dispute, "--overturn")


def wield_carry_over_debt_on_an_unbroken_geis(db_url: str, run: Run, tmp: Path) -> tuple[int, str]:
    """Fate's sheet gives a hero a debt on a geis he never broke (failures he would owe for nothing)."""
    from journal.service import Journal
    from journal.systems.wield import commands

    journal = Journal.open(db_url)
    try:
        journal.create_campaign("Зола", "wield", "Судьба")
        for player in ("John", "Jill"):
            journal.add_member("Зола", player)
        commands.record_vatcha(journal, "Зола", "Ring", "Ring", ["Air"], "Kill", list("abcde"), "Fire", actor="Jill")
        commands.record_hero(journal, "Зола", "Ёжик", "Ring", "Thief", "Marry", actor="John")
    finally:
        journal.close()
    path = tmp / "sheet.json"
    path.write_bytes(orjson.dumps({"hero": "Ёжик", "source": "сессии 1–20",
                                   "geasa": [{"promise": "Не лгать", "rank": 1, "owed": 1}]}))
    return run("wield", "carry-over", "Зола", str(path))


#: The table of docs/security.md: (attack, the exit it must end with, what the message must name).
TABLE = [
    (cut_last_event, 6, "campaign 'Лес' version 6: the chain ends at version 5 (its tail was cut)"),
    (cut_last_four, 6, "campaign 'Лес' version 6: the chain ends at version 2 (its tail was cut)"),
    (delete_campaign, 6, "campaign 'Лес' version 6: the campaign is gone from the journal"),
    (truncate, 6, "the campaign is gone from the journal (deleted or truncated)"),
    (forged_head, 6, "campaign 'Лес' head version 7: not signed"),
    (rechained_edit, 6, "campaign 'Лес' head version 6: the signature does not verify"),
    (void_mark_deleted, 6, "event_marks"),  # derived-table checks (another engineer)
    (read_model_token, 6, "read model of 'Лес' differs from the events"),  # derived-table checks (another engineer)
    (takeover_import, 2, "line 1: campaign.created names campaign 'Лес'"),  # import validation (another engineer)
    (empty_name_import, 2, "line 2"),
    (control_name_import, 2, "line 2"),
    (non_uuid_import, 2, "line 2"),
    (non_member_import, 2, "line 5"),
    (player_session_import, 2, "line 4"),
    (backwards_time_import, 2, "line 3"),
    (racing_session_start, 3, "session 2 is still open"),  # fair dice (another engineer)
    # imports validated all the way (issue 18, item 4)
    (_crafted(import_attacks.xp_spent_on_no_target), 2, "line 21: refused by rule 'stone_wheel: improvement'"),
    (_crafted(import_attacks.geis_sealed_by_a_player), 2, "line 11: only the Master may seal a geis"),
    (_crafted(import_attacks.tick_of_nine), 2, "line 25: vpt.relationship_ticked: field 'change' is not what"),
    (_crafted(import_attacks.attributes_all_ten), 2, "line 4: refused by rule 'dichotomy: pair sums to 11'"),
    (_crafted(import_attacks.ten_megabyte_description), 2, "bytes, more than the 65536 a command takes"),
    (_crafted(import_attacks.rolls_300k), 2, "bytes, more than the 65536 a command takes"),
    (_crafted(import_attacks.foreign_commitment), 2, "line 6: session 1 is left open, and refused by rule 'dice:"),
    (_crafted(import_attacks.time_in_2099), 2, "line 13: field 'recorded_at' lies in the future"),
    (_crafted(import_attacks.xp_to_no_character), 2, "line 21: stone_wheel.xp_awarded: the journal's folds cannot"),
    (stale_backup_restored, 3, ("campaign 'Лес': the backup ends at version 6, the witness holds version 7: 1 events "
                                "would be lost")),  # backups (issue 19)
    (rechained_backup_restored, 6, "restore: the backup does not verify (above): nothing was replaced"),
    (refusal_tells_the_next_die, 3, "armour value cannot be -1"),  # refused commands burn their dice (issue 18)
    (stranger_half_open_flood, 200, "connections from one address: at most 128"),  # HTTP status, the stranger's 503
    (stranger_trickled_headers, 408, "request headers: not received within 0.5 s"),
    (member_trickled_body, 408, "request body: not received within 0.5 s"),
    (framed_console, 200, "frame-ancestors 'none'; X-Frame-Options: DENY"),
    (seq_reordered, 6, "seq: campaign 'Лес' version 4 has seq"),  # issue 18
    (seed_row_inserted, 6, "session_seeds: campaign 'Лес' session 1: the session's seed is derived from the key"),
    (full_disk_witness, 11, ("warning: campaign 'Лес': the events up to version 7 are stored, but then writing its "
                            "receipt to the witness beside the key")),
    (huge_number, 2, ("wield.chance_rolled: field 'target': 99999999999999999999 is out of range (at most 2147483647 "
                     "either way)")),
    (cut_tail_then_play_on, 6, ("witness: campaign 'Лес' version 6: the chain ends at version 4 (its tail was cut); "
                               "nothing was written")),
    (identity_row_deleted, 6, "journal_identity: the database holds events but no identity (the row was deleted)"),
    (key_deleted, 6, "signature: campaign 'Лес': its creation recorded the journal's key "),
    (db_renamed, 6, "signature: campaign 'Лес' head version 6: the signature does not verify"),
    (older_backup_then_play_on, 6, ("witness: campaign 'Лес' version 10: the chain ends at version 6 (its tail was cut); "
                                   "nothing was written")),
    # bringing a running campaign in (issue 19, item 1)
    (player_carries_over, 7, "only the Master may bring a character in ('carry-over') ('Оля' is a player)"),
    (carry_over_breaking_the_rules, 3, "sheet field 'relationships[0].other': Вольтаир cannot have a relationship"),
    (carry_over_after_play, 3, "refused by rule 'vpt: carried over once, first': Вольтаир already has "),
    (_crafted(import_attacks.carry_over_by_a_player), 2, "only the Master may bring a character in ('carry-over')"),
    (_crafted(import_attacks.burned_table_dice), 2, "burned dice are the journal's server dice, not the table's"),
    (_crafted(import_attacks.burned_between_sessions), 2, ("line 31: dice.burned: the journal's dice are thrown only "
                                                          "in an open session")),
    (overturn_leaving_xp_below_zero, 3, ("breaks the rule «Experience Points are a resource: a character spends no "
                                         "more XP than he gained»: Взломщик: 5 XP spent, 3 XP earned")),  # issue 21
    (stranger_forged_forwarded_proto, 200, "http://journal.example.org/"),  # hosting (issue 19)
    # bringing a running campaign in, for Wield, Stone Wheel and Dichotomy (issue 19, part 1)
    (stone_wheel_player_carries_over, 7, "only the Master may bring a character in ('carry-over') ('Аня' is a player)"),
    (stone_wheel_carry_over_spending_more_than_earned, 3, "sheet field 'xp.spent': 900 XP spent, only 800 XP earned"),
    (carried_xp_spent_then_the_carry_over_overturned, 3, "Ратибор: 300 XP spent, 0 XP earned"),
    (wield_carry_over_debt_on_an_unbroken_geis, 3, "sheet field 'geasa[0].owed': an unbroken geis owes nothing"),
    (_crafted(import_attacks.stone_wheel_carry_over_by_a_player), 2,
     "only the Master may bring a character in ('carry-over') ('Аня' is a player)"),
]


@pytest.mark.parametrize(("attack", "exit_code", "named"), TABLE, ids=[row[0].__name__ for row in TABLE])
def test_each_attack_of_the_threat_model_is_caught(attack: Callable[..., tuple[int, str]], exit_code: int,
                                                  named: str, db_url: str, table: Run, tmp_path: Path) -> None:
    """The attack ends in the row's exit code, and the message names what broke."""
    code, output = attack(db_url, table, tmp_path)
    assert (code, named in output) == (exit_code, True), output


def test_the_table_each_attack_starts_from_verifies(table: Run) -> None:
    """The copy of the recorded table an attack gets is a whole journal: its chain, signatures and witness verify."""
    code, output = table("verify", "--rolls")
    assert code == 0, output
