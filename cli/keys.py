"""``journal key export|import``: the journal's signing key and its witness in one archive, to move to another computer.

The archive's format and every check of an import are journal/store/key_archive.py's; docs/backups.md tells the
whole move (backup, restore, key import, verify).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from cli.main import AppContext
from cli.output import line
from cli.params import TableGroup
from journal.i18n import CLI, N_

_ = CLI.gettext


@click.group("key", cls=TableGroup, help=N_("Export the journal's signing key and witness, or import them on "
                                            "another computer."))
def key() -> None:
    pass


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for a server or memory)."""
    from journal.store.engine import normalise_url

    normal = normalise_url(url)
    if not normal.startswith("sqlite:///") or normal == "sqlite:///:memory:":
        return None
    return Path(normal[len("sqlite:///"):])


@key.command("export", help=N_("Write the journal's signing key and its witness to one archive (keep it private: "
                               "whoever holds it signs as the journal)."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help=N_("File to write (default: journal-key-<identity>.json); an existing file is never replaced."))
@click.pass_obj
def key_export(app: AppContext, output: str | None) -> None:
    from journal.errors import NotFound, ValidationFailed
    from journal.store.key_archive import export_archive, read_archive

    file = _sqlite_file(app.db)
    if file is not None and not file.exists():
        raise NotFound(_("no database at {path}").format(path=file))
    data = export_archive(app.journal().store)
    archive = read_archive(data)
    path = Path(output or f"journal-key-{archive.identity}.json")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ValidationFailed(_("key export: {path} exists: it is never replaced (-o names another file)")
                               .format(path=path)) from None
    except OSError as exc:
        raise ValidationFailed(_("key export: {path} cannot be written ({reason})")
                               .format(path=path, reason=exc.strerror)) from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    line(_("key of journal {identity} (public key {key}) and the witness of {count} campaigns written to {path}: "
           "keep it private").format(identity=archive.identity, key=archive.key.public_hex, count=len(archive.witness),
                                     path=path))


@key.command("import", help=N_("Put the signing key and witness of archive FILE (from 'journal key export') in this "
                               "computer's key folder."))
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.pass_obj
def key_import(app: AppContext, file: str) -> None:
    from journal.store.engine import make_engine
    from journal.store.key_archive import MAX_BYTES, import_archive

    with open(file, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    sqlite = _sqlite_file(app.db)
    engine = None if sqlite is not None and not sqlite.exists() else make_engine(app.db)
    try:
        done = import_archive(engine, data)
    finally:
        if engine is not None:
            engine.dispose()
    if done.written:
        line(_("key of journal {identity} written to {path}, with the witness of {count} campaigns").format(
            identity=done.archive.identity, path=done.path, count=len(done.archive.witness)))
    else:
        line(_("key of journal {identity} was already in {path}; the witness of {count} campaigns added").format(
            identity=done.archive.identity, path=done.path, count=len(done.archive.witness)))


COMMANDS = [key]
