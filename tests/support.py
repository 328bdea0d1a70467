"""What several test modules share: the PostgreSQL test server's URLs, tampering behind the journal's back, and a
sample Stone Wheel character."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import uuid
from typing import Any

import orjson
import sqlalchemy as sa

from journal.store import EventStore

#: The PostgreSQL server the tests use (``JOURNAL_TEST_PG``; default: the local ``test`` database).
PG_URL = os.environ.get("JOURNAL_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
#: How a URL of :func:`schema_url` names its schema.
_SEARCH_PATH = "options=-csearch_path%3D"


def schema_url(schema: str) -> str:
    """The URL of ``schema`` on the test server (its search_path, as a connection option)."""
    separator = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{separator}{_SEARCH_PATH}{schema}"


def schema_in(url: str) -> str:
    """The schema a URL of :func:`schema_url` names."""
    return url.rsplit(_SEARCH_PATH, 1)[1].split("&", 1)[0]

#: Characteristics and parameters of a plain human warrior, for Stone Wheel campaigns in tests.
CHARS = {"constitution": 5, "strength": 6, "dexterity": 4, "perception": 3, "intelligence": 2, "wisdom": 2,
         "charisma": 3, "will": 4, "magic": 1, "luck": 2}
PARAMS = {"health": 20, "stamina": 3, "mana": 6, "survival": 10, "attack": 5, "damage": 3, "dodge": 4, "block": 4,
          "casting": 1, "search": 2, "health_recovery": 2, "stamina_recovery": 1, "mana_recovery": 1,
          "disease_resistance": 2, "toxin_resistance": 2, "magic_resistance": 1, "reaction": 3, "movement": 6,
          "carry": 40}


def new_identity(conn: sa.Connection | sqlite3.Connection, prefix: str) -> None:
    """Give the database a fresh journal identity (revision 0007), as the migrations give a new database."""
    statements = (f"DELETE FROM {prefix}journal_identity",
                  f"INSERT INTO {prefix}journal_identity (id) VALUES ('{uuid.uuid4()}')")
    for statement in statements:
        if isinstance(conn, sqlite3.Connection):
            conn.execute(statement)
        else:
            conn.exec_driver_sql(statement)


def tamper(store: EventStore, campaign: str, version: int, data: dict[str, Any] | str) -> None:
    """Replace one stored payload with the triggers dropped first, as a forger with database access would."""
    text = data if isinstance(data, str) else orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    with store.engine.begin() as conn:
        if store.dialect == "sqlite":
            conn.exec_driver_sql("DROP TRIGGER events_refuse_update")
        else:
            conn.exec_driver_sql("DROP TRIGGER events_refuse_update_delete ON events")
        conn.execute(sa.text("UPDATE events SET data = :d WHERE campaign = :c AND version = :v"),
                     {"d": text, "c": campaign, "v": version})


def rechain(envelopes: list[dict[str, Any]]) -> list[bytes]:
    """Export lines of ``envelopes`` with every hash and link recomputed, as a forger rewriting a file would."""
    from journal.store.hashing import canonical, event_hash, export_line

    prev: str | None = None
    lines = []
    for envelope in envelopes:
        envelope = dict(envelope, prev_hash=prev)
        data_json = canonical(envelope["data"])
        envelope["hash"] = prev = event_hash(envelope, data_json)
        lines.append(export_line(envelope, data_json))
    return lines


#: A process that holds a campaign's write lock (through the store's own ``writing``) until a line on its stdin.
HOLDER = """
import sys
from journal.store import open_store
store = open_store(sys.argv[1])
with store.writing(sys.argv[2]):
    print("held", flush=True)
    sys.stdin.readline()
print("released", flush=True)
"""


def hold_write(url: str, campaign: str) -> subprocess.Popen[str]:
    """Start another OS process holding ``campaign``'s write lock in ``url``; return once it holds it."""
    process = subprocess.Popen([sys.executable, "-c", HOLDER, url, campaign], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdin is not None
    assert process.stdout.readline() == "held\n"
    return process


def let_go(process: subprocess.Popen[str]) -> None:
    """Tell a :func:`hold_write` process to release its lock (if it still runs) and wait for it to end."""
    if process.poll() is None:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    process.wait(timeout=60)
