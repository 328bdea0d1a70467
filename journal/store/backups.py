"""Backups of the whole database as one consistent file, taken while writers write; and putting one back.

* **SQLite**: SQLite's online backup API (``sqlite3.Connection.backup``) copies one read snapshot of the database,
  the pages still in its ``-wal`` included, while other connections keep writing.  The copy is switched to a
  rollback journal (one self-contained file), checked (``PRAGMA integrity_check``, the events table counted),
  fsynced under a temporary name and only then renamed to its own: a backup cut short is never left under the name.
  A restore copies the checked file into the database through the same API, so SQLite itself replaces the pages
  and the ``-wal`` (a file copied over a database with a ``-wal`` beside it would be mixed with that ``-wal``).
* **PostgreSQL**: ``pg_dump`` of the journal's schema, in plain SQL (one repeatable-read snapshot); its exit status,
  its error output and the line it writes last (``-- PostgreSQL database dump complete``) are checked.  A restore
  loads the file into a scratch database with ``psql`` first, for the check, then into the database: the old schema
  dropped and the backup's loaded in one transaction, so a failed load leaves the database as it was.

What is checked before a restore replaces anything (the chains, the signatures, how far members' receipts reach)
is the caller's: cli/backups.py runs ``journal verify``'s own checks on the staged copy.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from journal.errors import IntegrityFailure, JournalError, ValidationFailed
from journal.i18n import gettext as _
from journal.store.urls import normalise_url

#: The last line ``pg_dump`` writes to a plain dump that it finished.
PG_DUMP_COMPLETE = "-- PostgreSQL database dump complete"


class ToolMissing(JournalError):
    """A PostgreSQL client program the backup needs (pg_dump, psql) is not on PATH: the message says what to run."""

    exit_code = 9


@dataclass(frozen=True)
class Written:
    """A backup made: its file, its size, and (SQLite) the events and campaigns counted in it."""

    path: Path
    size: int
    events: int | None = None
    campaigns: int | None = None


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL (or bare path); None for PostgreSQL or an in-memory database."""
    normal = normalise_url(url)
    if not normal.startswith("sqlite"):
        return None
    path = sa.engine.make_url(normal).database
    if not path or path == ":memory:":
        return None
    return Path(path)


def unsaved_wal(url: str) -> Path | None:
    """The ``-wal`` beside a SQLite database when it holds writes the main file does not have yet, else None."""
    path = sqlite_file(url)
    if path is None:
        return None
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.stat().st_size == 0:
            return None
    except FileNotFoundError:
        return None
    return wal if _frames_not_in_file(path.with_name(path.name + "-shm")) else None


def _frames_not_in_file(shm: Path) -> bool:
    """Whether the WAL index ``shm`` says that frames of the ``-wal`` are not yet copied into the database file.

    The index begins with two copies of its 48-byte header (``mxFrame``, the last valid frame, at byte 16) and then
    the checkpoint's ``nBackfill`` (the frames already copied back), in the machine's byte order.  Without a readable
    index the ``-wal`` is taken to hold such frames.
    """
    try:
        with shm.open("rb") as handle:
            index = handle.read(100)
    except OSError:
        return True
    if len(index) < 100:
        return True
    frames, backfilled = (int.from_bytes(index[at:at + 4], sys.byteorder) for at in (16, 96))
    return frames > backfilled


def extension(url: str) -> str:
    """The file extension of a backup of ``url``: ``.db`` (SQLite) or ``.sql`` (a PostgreSQL dump)."""
    return ".db" if sqlite_file(url) is not None else ".sql"


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def _partial(dest: Path) -> Iterator[Path]:
    """A temporary name beside ``dest`` to write to; renamed to ``dest`` when the block succeeds, removed otherwise."""
    if dest.exists():
        raise ValidationFailed(_("backup: '{path}' exists (a backup never replaces a file)").format(path=dest))
    if not dest.parent.is_dir():
        raise ValidationFailed(_("backup: folder '{path}' does not exist").format(path=dest.parent))
    temporary = dest.with_name(f".{dest.name}.{uuid.uuid4().hex[:8]}.partial")
    try:
        yield temporary
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        if dest.exists():
            raise ValidationFailed(_("backup: '{path}' exists (a backup never replaces a file)").format(path=dest))
        os.replace(temporary, dest)
        _fsync_dir(dest.parent)
    finally:
        temporary.unlink(missing_ok=True)


def backup(url: str, dest: Path) -> Written:
    """Write one consistent backup of the database at ``url`` to ``dest`` (which must not exist)."""
    source = sqlite_file(url)
    if source is not None:
        return _backup_sqlite(source, dest)
    return _backup_postgres(url, dest)


def _open_sqlite(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _counted(conn: sqlite3.Connection, where: Path) -> tuple[int, int]:
    """The events and campaigns of a SQLite journal after its integrity check; ValidationFailed naming ``where``."""
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise IntegrityFailure(_("backup '{path}': SQLite's integrity check fails: {reason}").format(
                path=where, reason=check))
        events, campaigns = conn.execute("SELECT count(*), count(DISTINCT campaign) FROM events").fetchone()
    except sqlite3.DatabaseError as exc:
        raise ValidationFailed(_("'{path}' is not a journal backup ({reason})").format(
            path=where, reason=str(exc).splitlines()[0])) from None
    return int(events), int(campaigns)


def _backup_sqlite(source: Path, dest: Path) -> Written:
    if not source.exists():
        raise ValidationFailed(_("backup: no database file '{path}'").format(path=source))
    with _partial(dest) as temporary:
        src = _open_sqlite(source)
        try:
            copy = sqlite3.connect(temporary, isolation_level=None)
            try:
                src.backup(copy)  # one step: one read snapshot, the -wal's pages included
                copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                events, campaigns = _counted(copy, dest)
            finally:
                copy.close()
        finally:
            src.close()
    return Written(dest, dest.stat().st_size, events, campaigns)


# -- PostgreSQL ------------------------------------------------------------------------------------


def libpq_url(url: str) -> tuple[str, str]:
    """The libpq URI of a PostgreSQL URL (as pg_dump and psql take it) and the schema its search_path names first.

    A ``?options=-csearch_path=...`` of the journal's URL is kept out of the URI (pg_dump sets its own search path):
    the schema is given to the tools by name.
    """
    parsed = sa.engine.make_url(normalise_url(url))
    query = dict(parsed.query)
    options = query.pop("options", "")
    options = options if isinstance(options, str) else " ".join(options)
    found = re.search(r"search_path\s*=\s*([A-Za-z_][A-Za-z0-9_$]*)", options)
    plain = parsed.set(drivername="postgresql", query=query)
    return plain.render_as_string(hide_password=False), found.group(1) if found else "public"


def _tool(name: str, instead: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise ToolMissing(_("{tool} is not on PATH: install PostgreSQL's client programs, or run: {command}").format(
            tool=name, command=instead))
    return found


def _ran(command: list[str], what: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        reason = next((text for text in done.stderr.splitlines() if text.strip()), f"exit {done.returncode}")
        raise IntegrityFailure(_("{what}: {tool} failed: {reason}").format(what=what, tool=Path(command[0]).name,
                                                                           reason=reason))
    return done


def _dump_command(url: str, dest: Path) -> list[str]:
    uri, schema = libpq_url(url)
    return ["pg_dump", "--format=plain", f"--schema={schema}", "--no-owner", "--no-privileges", f"--file={dest}", uri]


def _backup_postgres(url: str, dest: Path) -> Written:
    command = _dump_command(url, dest)
    shown = " ".join(command[:-1] + [f"'{sa.engine.make_url(command[-1]).render_as_string(hide_password=True)}'"])
    command[0] = _tool("pg_dump", shown)
    with _partial(dest) as temporary:
        command[-2] = f"--file={temporary}"
        _ran(command, _("backup"))
        if not dump_complete(temporary):
            raise IntegrityFailure(_("backup: pg_dump's output does not end with '{line}' (cut short)").format(
                line=PG_DUMP_COMPLETE))
    return Written(dest, dest.stat().st_size)


def dump_complete(path: Path) -> bool:
    """Whether a plain pg_dump file ends with the line pg_dump writes when it finished."""
    with path.open("rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, size - 512))
        tail = handle.read().decode(errors="replace")
    return PG_DUMP_COMPLETE in tail


def dump_schema(path: Path) -> str | None:
    """The schema a plain pg_dump file of the journal creates (None: none, i.e. ``public``)."""
    pattern = re.compile(r"^CREATE SCHEMA ([A-Za-z_][A-Za-z0-9_$]*);")
    with path.open(encoding="utf-8", errors="replace") as handle:
        for text in handle:
            found = pattern.match(text)
            if found:
                return found.group(1)
            if text.startswith("COPY "):
                return None
    return None


# -- staging and installing a restore --------------------------------------------------------------


@dataclass
class Staged:
    """A backup put where it can be opened and checked before anything is replaced: its URL, and how to remove it."""

    url: str
    file: Path
    target: str
    scratch: str | None = None  # PostgreSQL: the scratch database's name
    path: Path | None = None  # SQLite: the staged copy beside the target

    def discard(self) -> None:
        if self.path is not None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        if self.scratch is not None:
            admin = sa.create_engine(normalise_url(self.target), isolation_level="AUTOCOMMIT")
            try:
                with admin.connect() as conn:
                    conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{self.scratch}" WITH (FORCE)')
            finally:
                admin.dispose()


def stage(url: str, file: Path) -> Staged:
    """Copy the backup ``file`` of the database at ``url`` where it is opened for the checks (nothing replaced)."""
    if not file.is_file():
        raise ValidationFailed(_("restore: no backup file '{path}'").format(path=file))
    target = sqlite_file(url)
    if target is not None:
        if not target.parent.is_dir():
            raise ValidationFailed(_("restore: folder '{path}' does not exist").format(path=target.parent))
        staged = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.restoring")
        try:
            with contextlib.closing(_open_sqlite(file)) as src, contextlib.closing(sqlite3.connect(staged)) as copy:
                src.execute("SELECT count(*) FROM sqlite_master").fetchone()  # not SQLite: DatabaseError here
                src.backup(copy)
                _counted(copy, file)
        except sqlite3.DatabaseError as exc:
            staged.unlink(missing_ok=True)
            raise ValidationFailed(_("'{path}' is not a journal backup ({reason})").format(
                path=file, reason=str(exc).splitlines()[0])) from None
        except BaseException:
            staged.unlink(missing_ok=True)
            raise
        return Staged(f"sqlite:///{staged}", file, url, path=staged)
    return _stage_postgres(url, file)


def _psql(uri: str, *args: str) -> list[str]:
    return ["psql", "--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", "--single-transaction", *args, uri]


def _stage_postgres(url: str, file: Path) -> Staged:
    if not dump_complete(file):
        raise ValidationFailed(_("'{path}' is not a journal backup (a pg_dump file ends with '{line}')").format(
            path=file, line=PG_DUMP_COMPLETE))
    uri, schema = libpq_url(url)
    given = dump_schema(file) or "public"
    if given != schema:
        raise ValidationFailed(_("restore: the backup holds schema '{given}', the database uses '{schema}'").format(
            given=given, schema=schema))
    scratch = f"journal_restore_{uuid.uuid4().hex[:12]}"
    command = _psql("", "--file", str(file))
    command[0] = _tool("psql", " ".join(command[:-1] + ["URL"]))
    admin = sa.create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{scratch}"')
    except sa.exc.DBAPIError as exc:
        raise ToolMissing(_("restore: a scratch database to check the backup in cannot be made ({reason}): grant "
                            "CREATEDB, or restore by hand with psql (docs/backups.md)").format(
            reason=str(exc.orig).splitlines()[0])) from None
    finally:
        admin.dispose()
    parsed = sa.engine.make_url(normalise_url(url)).set(database=scratch)
    staged = Staged(parsed.render_as_string(hide_password=False), file, url, scratch=scratch)
    try:
        command[-1] = sa.engine.make_url(uri).set(database=scratch).render_as_string(hide_password=False)
        _ran(command, _("restore"))
    except BaseException:
        staged.discard()
        raise
    return staged


def install(staged: Staged) -> None:
    """Replace the database with the staged backup (checked by the caller): SQLite through the backup API, PostgreSQL
    by dropping the schema and loading the dump in one transaction."""
    if staged.path is not None:
        target = sqlite_file(staged.target)
        assert target is not None
        with contextlib.closing(_open_sqlite(staged.path)) as src, contextlib.closing(_open_sqlite(target)) as dest:
            dest.execute("PRAGMA journal_mode=WAL")
            src.backup(dest)
            dest.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return
    uri, schema = libpq_url(staged.target)
    create = [] if dump_schema(staged.file) is not None else ["-c", f"CREATE SCHEMA {schema}"]
    command = _psql(uri, "-c", f"DROP SCHEMA IF EXISTS {schema} CASCADE", *create, "--file", str(staged.file))
    command[0] = _tool("psql", " ".join(command[:-1] + ["URL"]))
    _ran(command, _("restore"))


__all__ = ["PG_DUMP_COMPLETE", "Staged", "ToolMissing", "Written", "backup", "dump_complete", "extension", "install",
           "libpq_url", "sqlite_file", "stage", "unsaved_wal"]
