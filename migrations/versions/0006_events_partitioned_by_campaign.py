"""PostgreSQL: the events table hash-partitioned by campaign, and the ids table that keeps every id unique.

A campaign's stream lives in one partition (``PARTITION BY HASH (campaign)``, :func:`partitions` of them), so a
campaign never spans partitions, and the same key is Citus's distribution column (docs/scale.md).  SQLite is
left as it was: this revision does nothing there.

PostgreSQL demands that every unique constraint of a partitioned table include the partition key.  So:

* the primary key is ``(seq, campaign)``: ``seq`` stays unique because one sequence (``events_seq_seq``, kept from
  revision 0001) hands out every value, and each partition's index leads with ``seq`` so a read in global order is
  a merge of the partitions' indexes;
* ``(campaign, version)`` is unchanged;
* ``uq_events_id`` becomes ``(id, campaign)``: it serves every lookup by id (``id`` leads), but alone it would only
  say an id is unique within its campaign.  Ids are unique across the whole journal (an idempotent retry, an import
  refusing an id already stored, ``get(id)`` all rely on it), so **``event_ids``** holds one row per event, with
  ``id`` its primary key, written by a trigger on ``events`` in the inserting statement: an id stored in any other
  campaign fails the insert with a unique violation, as ``uq_events_id`` did before.  Its trigger is the one path,
  for the store's appends, imports and any raw INSERT alike.

The append-only triggers hold on every partition: the row triggers refusing UPDATE and DELETE are created on the
parent (PostgreSQL clones them onto each partition), and the statement trigger refusing TRUNCATE, which is not
cloned, is created on the parent and on each partition.  ``event_ids`` refuses the three as well.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import os

from alembic import op

from journal.errors import ValidationFailed

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: How many hash partitions hold the events unless ``JOURNAL_EVENT_PARTITIONS`` says otherwise (as Citus's
#: ``citus.shard_count`` does for shards).  The count is fixed when this revision runs: a campaign's partition follows
#: from its name's hash and the count, so changing it later means moving every event (a new revision).
PARTITIONS = 16


def partitions() -> int:
    """The number of partitions to create: ``JOURNAL_EVENT_PARTITIONS`` (1 to 256), else :data:`PARTITIONS`."""
    value = os.environ.get("JOURNAL_EVENT_PARTITIONS") or str(PARTITIONS)
    if not value.isdigit() or not 1 <= int(value) <= 256:
        raise ValidationFailed(f"JOURNAL_EVENT_PARTITIONS: '{value}' is not a whole number from 1 to 256")
    return int(value)

COLUMNS = ("seq, id, campaign, version, type, schema, data, actor, recorded_at, session, causation, decision, "
           "prev_hash, hash, signature")

#: The columns as revision 0005 left them, ``seq`` fed by the sequence 0001 created.
COLUMN_DEFINITIONS = """
    seq BIGINT NOT NULL DEFAULT nextval('events_seq_seq'::regclass),
    id VARCHAR(36) NOT NULL,
    campaign VARCHAR(200) NOT NULL,
    version INTEGER NOT NULL,
    type VARCHAR(100) NOT NULL,
    schema INTEGER NOT NULL,
    data TEXT NOT NULL,
    actor VARCHAR(200) NOT NULL,
    recorded_at VARCHAR(32) NOT NULL,
    session INTEGER,
    causation VARCHAR(36),
    decision VARCHAR(36),
    prev_hash VARCHAR(64),
    hash VARCHAR(64) NOT NULL,
    signature VARCHAR(128)"""


def _refusals(table: str, *, rows: bool = True) -> list[str]:
    """The triggers refusing UPDATE and DELETE (``rows``) and TRUNCATE on ``table``."""
    statements = [f"""CREATE TRIGGER {table}_refuse_update_delete BEFORE UPDATE OR DELETE ON {table}
                      FOR EACH ROW EXECUTE FUNCTION journal_refuse_change()"""] if rows else []
    statements.append(f"""CREATE TRIGGER {table}_refuse_truncate BEFORE TRUNCATE ON {table}
                          FOR EACH STATEMENT EXECUTE FUNCTION journal_refuse_change()""")
    return statements


def _partition(number: int) -> str:
    return f"events_p{number:02d}"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    # The 0005 table steps aside with its constraints' names, so that the new one takes the usual names.
    op.execute("ALTER SEQUENCE events_seq_seq OWNED BY NONE")
    op.execute("ALTER TABLE events RENAME TO events_0005")
    for old in ("events_pkey", "uq_events_id", "uq_events_campaign_version"):
        op.execute(f"ALTER TABLE events_0005 RENAME CONSTRAINT {old} TO {old}_0005")
    op.execute(f"""CREATE TABLE events ({COLUMN_DEFINITIONS},
                   CONSTRAINT events_pkey PRIMARY KEY (seq, campaign),
                   CONSTRAINT uq_events_id UNIQUE (id, campaign),
                   CONSTRAINT uq_events_campaign_version UNIQUE (campaign, version)
                   ) PARTITION BY HASH (campaign)""")
    count = partitions()
    for number in range(count):
        op.execute(f"CREATE TABLE {_partition(number)} PARTITION OF events "
                   f"FOR VALUES WITH (MODULUS {count}, REMAINDER {number})")
    op.execute("ALTER SEQUENCE events_seq_seq OWNED BY events.seq")
    op.execute("""CREATE TABLE event_ids (
                      id VARCHAR(36) NOT NULL CONSTRAINT event_ids_pkey PRIMARY KEY,
                      campaign VARCHAR(200) NOT NULL)""")
    op.execute("""CREATE FUNCTION journal_event_id() RETURNS trigger LANGUAGE plpgsql AS $$
                  BEGIN INSERT INTO event_ids (id, campaign) VALUES (NEW.id, NEW.campaign); RETURN NEW; END $$""")
    op.execute("""CREATE TRIGGER events_unique_id BEFORE INSERT ON events
                  FOR EACH ROW EXECUTE FUNCTION journal_event_id()""")
    op.execute(f"INSERT INTO events ({COLUMNS}) SELECT {COLUMNS} FROM events_0005 ORDER BY seq")
    op.execute("DROP TABLE events_0005")  # its triggers refuse DELETE and TRUNCATE, not DROP
    for statement in [*_refusals("events"), *_refusals("event_ids")]:
        op.execute(statement)
    for number in range(count):
        for statement in _refusals(_partition(number), rows=False):
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    op.execute("ALTER SEQUENCE events_seq_seq OWNED BY NONE")
    op.execute("ALTER TABLE events RENAME TO events_0006")
    for old in ("events_pkey", "uq_events_id", "uq_events_campaign_version"):
        op.execute(f"ALTER TABLE events_0006 RENAME CONSTRAINT {old} TO {old}_0006")
    op.execute(f"""CREATE TABLE events ({COLUMN_DEFINITIONS},
                   CONSTRAINT events_pkey PRIMARY KEY (seq),
                   CONSTRAINT uq_events_id UNIQUE (id),
                   CONSTRAINT uq_events_campaign_version UNIQUE (campaign, version))""")
    op.execute("ALTER SEQUENCE events_seq_seq OWNED BY events.seq")
    op.execute(f"INSERT INTO events ({COLUMNS}) SELECT {COLUMNS} FROM events_0006 ORDER BY seq")
    op.execute("DROP TABLE events_0006")  # and its partitions
    op.execute("DROP TABLE event_ids")
    op.execute("DROP FUNCTION journal_event_id()")
    for statement in _refusals("events"):
        op.execute(statement)
