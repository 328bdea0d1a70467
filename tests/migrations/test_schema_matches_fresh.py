"""A database upgraded from any earlier revision has the same schema as one made at the head, on both databases.

The schema is read back from the database itself (tables, columns, indexes, unique constraints and the
append-only triggers), so a revision that forgets an index or a trigger that a fresh database gets, or adds
one a fresh database lacks, fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from journal.store.engine import make_engine
from journal.store.migrate import history, upgrade_to_head

#: Every revision but the head, oldest first (read from the migrations, so a new revision joins by itself).
EARLIER = [line.split(":", 1)[0] for line in history()][:-1]


def _at_revision(url: str, revision: str) -> None:
    from alembic import command

    from journal.store.migrate import _config

    engine = make_engine(url)
    with engine.begin() as connection:
        command.upgrade(_config(connection), revision)
    engine.dispose()


def _triggers(conn: sa.Connection) -> list[tuple[str, ...]]:
    if conn.dialect.name == "sqlite":
        rows = conn.exec_driver_sql("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'").all()
    else:
        rows = conn.exec_driver_sql(
            "SELECT trigger_name, event_object_table, event_manipulation FROM information_schema.triggers "
            "WHERE trigger_schema = current_schema()"
        ).all()
    return sorted(tuple(str(value) for value in row) for row in rows)


def _schema(url: str) -> dict[str, Any]:
    """What the database says its schema is, in a form two databases can be compared by."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            inspector = sa.inspect(conn)
            tables: dict[str, Any] = {}
            for table in sorted(inspector.get_table_names()):
                tables[table] = {
                    "columns": [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
                    "primary key": inspector.get_pk_constraint(table)["constrained_columns"],
                    "indexes": sorted((i["name"] or "", tuple(i["column_names"]), bool(i["unique"]))
                                      for i in inspector.get_indexes(table)),
                    "unique": sorted(tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)),
                }
            return {"tables": tables, "triggers": _triggers(conn)}
    finally:
        engine.dispose()


def test_every_earlier_revision_is_listed() -> None:
    """The revisions an upgrade may start from begin with the first release's 0001 and stop before the head."""
    assert EARLIER[:4] == ["0001", "0002", "0003", "0004"][: len(EARLIER[:4])]
    assert EARLIER[0] == "0001"


@pytest.mark.parametrize("revision", EARLIER)
def test_an_upgraded_database_has_the_schema_of_a_fresh_one(db_url: str, revision: str, tmp_path: Path) -> None:
    """Upgrading from ``revision`` to the head gives the tables, columns, indexes and triggers of a fresh head."""
    _at_revision(db_url, revision)
    engine = make_engine(db_url)
    upgrade_to_head(engine)
    engine.dispose()
    upgraded = _schema(db_url)

    fresh_url = db_url
    if db_url.startswith("sqlite"):
        fresh_url = f"sqlite:///{tmp_path / 'fresh.db'}"
        engine = make_engine(fresh_url)
        upgrade_to_head(engine)
        engine.dispose()
        assert _schema(fresh_url) == upgraded
        return
    # PostgreSQL: a second schema beside the test's own, made at the head.
    schema = db_url.rsplit("search_path%3D", 1)[1]
    fresh_schema = f"fresh_{schema}"
    admin = sa.create_engine(db_url.split("?")[0], isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {fresh_schema}")
    try:
        fresh_url = db_url.replace(f"search_path%3D{schema}", f"search_path%3D{fresh_schema}")
        engine = make_engine(fresh_url)
        upgrade_to_head(engine)
        engine.dispose()
        assert _schema(fresh_url) == upgraded
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {fresh_schema} CASCADE")
        admin.dispose()
