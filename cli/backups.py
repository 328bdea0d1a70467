"""``journal backup`` and ``journal restore``: the whole database as one file, and back, checked before it replaces.

``backup`` writes one consistent file while ``serve`` writes (journal/store/backups.py: SQLite's online backup API,
``pg_dump`` on PostgreSQL).  ``restore FILE`` stages the file apart, runs ``journal verify``'s own checks on it
(:func:`cli.timeline.check_journal`: chains, derived tables, head signatures under the journal's key), then weighs it
against what members hold: the witness beside the key, the ``--receipt`` files given and the database it replaces.
A backup older than any of them is refused, naming how many events of each campaign it would lose, unless
``--accept-loss``; the witness then starts again from the restored heads.  See docs/backups.md.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli.language import Command
from cli.main import AppContext
from cli.output import line
from journal.errors import JournalError
from journal.i18n import CLI, N_

if TYPE_CHECKING:
    from journal.store import EventStore
    from journal.store.receipts import Receipt

_ = CLI.gettext
ngettext = CLI.ngettext


class OlderBackup(JournalError):
    """The backup lacks events that the witness, a receipt or the database holds, and the loss was not accepted."""

    exit_code = 3


def backup_name(url: str, when: dt.datetime | None = None, *, stamp: str | None = None) -> str:
    """The file name of a backup of ``url`` taken at ``when`` (UTC): ``<database>-<YYYYmmddTHHMMSSffffffZ>.db|.sql``
    (``stamp`` in place of the time: ``*`` makes the pattern of them all)."""
    import sqlalchemy as sa

    from journal.store.backups import extension, sqlite_file
    from journal.store.urls import normalise_url

    path = sqlite_file(url)
    stem = path.stem if path is not None else (sa.engine.make_url(normalise_url(url)).database or "journal")
    stamp = stamp or (when or dt.datetime.now(dt.UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    return f"{stem}-{stamp}{extension(url)}"


def written_line(written: object) -> str:
    """What ``backup`` (and ``serve --backup-every``) says of a backup written."""
    from journal.store.backups import Written

    assert isinstance(written, Written)
    if written.events is None:
        return _("backup written to {path} ({size} bytes)").format(path=written.path, size=written.size)
    return ngettext("backup written to {path} ({size} bytes): {events} events in {campaigns} campaigns",
                    "backup written to {path} ({size} bytes): {events} events in {campaigns} campaigns",
                    written.events).format(path=written.path, size=written.size, events=written.events,
                                           campaigns=written.campaigns)


@click.command("backup", cls=Command, help=N_("Write one consistent backup of the whole database, safe while 'journal "
                                              "serve' writes (SQLite's backup API; pg_dump on PostgreSQL)."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help=N_("File to write; it must not exist (default: <database>-<UTC time>.db or .sql here)."))
@click.pass_obj
def backup(app: AppContext, output: str | None) -> None:
    from journal.store.backups import backup as write

    app.say_database()
    line(written_line(write(app.db, Path(output or backup_name(app.db)))))


@dataclass(frozen=True)
class Loss:
    """Events of one campaign a restore would lose: the backup's head, and the newer version held ``where``."""

    campaign: str
    head: int
    held: int
    where: str

    @property
    def count(self) -> int:
        return self.held - self.head

    def __str__(self) -> str:
        return ngettext("campaign '{campaign}': the backup ends at version {head}, {where} holds version {held}: "
                        "{count} events would be lost",
                        "campaign '{campaign}': the backup ends at version {head}, {where} holds version {held}: "
                        "{count} events would be lost", self.count).format(
            campaign=self.campaign, head=self.head, where=self.where, held=self.held, count=self.count)


def losses(candidate: EventStore, held: list[tuple[str, Receipt]], current: dict[str, int]) -> list[Loss]:
    """What restoring ``candidate`` would lose, per campaign (the largest loss of each): against each receipt held
    (where, receipt) and the heads of the database it replaces.  A receipt the backup forks from, or whose signature
    does not verify, refuses the restore (IntegrityFailure)."""
    from journal.errors import IntegrityFailure
    from journal.store.receipts import standing

    found: dict[str, Loss] = {}

    def keep(loss: Loss) -> None:
        if loss.count > 0 and (loss.campaign not in found or loss.count > found[loss.campaign].count):
            found[loss.campaign] = loss

    for where, receipt in held:
        if not receipt.signed:
            raise IntegrityFailure(_("restore: {where}: {receipt}: the receipt's signature does not verify").format(
                where=where, receipt=receipt))
        hash_, head = standing(candidate, receipt)
        if hash_ is None:
            keep(Loss(receipt.campaign, head, receipt.version, where))
        elif hash_ != receipt.hash:
            raise IntegrityFailure(_("restore: {where}: {receipt}: the backup holds another history there (a fork): "
                                     "nothing was replaced").format(where=where, receipt=receipt))
    for campaign, version in current.items():
        keep(Loss(campaign, candidate.head(campaign), version, _("the database")))
    return sorted(found.values(), key=lambda loss: loss.campaign)


def current_heads(url: str) -> dict[str, int]:
    """The head of each campaign of the database a restore replaces ({} when it is missing or cannot be read)."""
    from journal.store import open_store
    from journal.store.backups import sqlite_file

    path = sqlite_file(url)
    if path is not None and not path.exists():
        return {}
    try:
        store = open_store(url, upgrade=False)
    except Exception:  # noqa: BLE001 - a database that does not open is what a restore repairs: nothing to weigh
        return {}
    try:
        return {campaign: store.head(campaign) for campaign in store.campaigns()}
    except Exception:  # noqa: BLE001 - as above
        return {}
    finally:
        store.close()


@click.command("restore", cls=Command, help=N_("Replace the database with a backup, once the backup verifies (chains, "
                                               "signatures) and loses nothing members hold."))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--accept-loss", is_flag=True,
              help=N_("Restore a backup older than the witness, a receipt or the database, losing the newer events."))
@click.option("--receipt", "receipt_files", multiple=True, type=click.Path(dir_okay=False),
              help=N_("A receipt file a member kept: the backup must reach it (repeatable)."))
@click.option("--public-key", "public_key", default=None, metavar="HEX",
              help=N_("Every campaign head must be signed by this key (default: the journal's own key)."))
@click.pass_obj
def restore(app: AppContext, file: str, accept_loss: bool, receipt_files: tuple[str, ...],
            public_key: str | None) -> None:
    from cli.receipts import public_key_option
    from cli.timeline import check_journal
    from journal.errors import IntegrityFailure
    from journal.service import Journal
    from journal.store import backups, open_store, receipts
    from journal.store.opening import attach_key

    app.say_database()
    public_key = public_key_option(public_key)
    held_files = [(_("receipt {path}").format(path=path), found) for path in receipt_files
                  for found in receipts.load_file(path)]
    current = current_heads(app.db)
    staged = backups.stage(app.db, Path(file))
    try:
        candidate = open_store(staged.url, upgrade=True)
        try:
            candidate.url = app.db  # the database it will be: its key and its witness (journal/store/engine.py)
            attach_key(candidate)
            if candidate.key is None and public_key is None and _signed(candidate):
                raise IntegrityFailure(_("restore: the backup's heads are signed, but there is no journal key here to "
                                         "check them: copy the key folder first (docs/backups.md), or give "
                                         "--public-key HEX"))
            if not check_journal(Journal(candidate), None, public_key=public_key, witness=False):
                raise IntegrityFailure(_("restore: the backup does not verify (above): nothing was replaced"))
            held = [(_("the witness"), found) for found in receipts.witnessed(candidate)] + held_files
            lost = losses(candidate, held, current)
            for loss in lost:
                click.echo(str(loss), err=True)
            if lost and not accept_loss:
                raise OlderBackup(_("restore: the backup is older than what is held (above): nothing was replaced; "
                                    "--accept-loss restores it all the same"))
            backups.install(staged)
            for loss in lost:  # the witness names the restored head now, not the one given up
                receipts.rewitness(candidate, loss.campaign, _restored_head(candidate, loss.campaign))
        finally:
            candidate.close()
    finally:
        staged.discard()
    from cli.serve import _shown

    line(_("restored {file} into {db}").format(file=file, db=_shown(app.db)))


def _restored_head(store: EventStore, campaign: str) -> Receipt | None:
    """The receipt of the restored campaign's last signed event, or None (not in the backup, or never signed)."""
    from journal.errors import NotFound
    from journal.store.receipts import receipt_at

    try:
        return receipt_at(store, campaign)
    except NotFound:
        return None


def _signed(store: EventStore) -> bool:
    """Whether any event of ``store`` carries a signature."""
    import sqlalchemy as sa

    from journal.store.tables import events as T

    with store.engine.connect() as conn:
        return conn.execute(sa.select(T.c.id).where(T.c.signature.is_not(None)).limit(1)).first() is not None


COMMANDS = [backup, restore]


def parse_duration(value: str) -> float:
    """``--backup-every``: a number with ``s``, ``m``, ``h`` or ``d`` (``90s``, ``30m``, ``6h``, ``1d``), or the Russian
    ``с``, ``м``, ``ч``, ``д`` (``90с``, ``6ч``), in seconds."""
    import re

    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhdсмчд])\s*", value)
    if found is None or float(found.group(1)) <= 0:
        raise click.BadParameter(_("'{value}' is not a duration such as 90s, 30m, 6h or 1d").format(value=value),
                                 param_hint="'--backup-every'")
    return float(found.group(1)) * _SECONDS[found.group(2)]


#: The seconds of each unit of a duration, in English and Russian (``s``/``с``, ``m``/``м``, ``h``/``ч``, ``d``/``д``).
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "с": 1, "м": 60, "ч": 3600, "д": 86400}


class Schedule:
    """``serve --backup-every``: a thread that writes a backup into ``folder`` every ``every`` seconds (the first one
    at once) and keeps the ``keep`` newest of the backups of this database there (None: all).

    A backup that fails is said on stderr, one line, and the next is tried at its time: a host that forgets still
    gets the next one."""

    def __init__(self, url: str, folder: Path, every: float, keep: int | None) -> None:
        import threading

        self.url, self.folder, self.every, self.keep = url, folder, every, keep
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="journal-backups", daemon=True)

    def start(self) -> Schedule:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()

    def once(self) -> None:
        """One backup now, then the oldest beyond ``keep`` removed."""
        from journal.store.backups import backup as write

        written = write(self.url, self.folder / backup_name(self.url))
        click.echo(written_line(written), err=True)
        if self.keep is not None:
            mine = sorted(self.folder.glob(backup_name(self.url, stamp="*")))
            for old in mine[:-self.keep]:
                old.unlink(missing_ok=True)

    def _run(self) -> None:
        from cli.output import error_line

        while not self.stopped.is_set():
            try:
                self.once()
            except Exception as exc:  # noqa: BLE001 - said, and tried again at the next time
                click.echo(error_line(_("backup: {reason}").format(reason=str(exc).splitlines()[0] if str(exc)
                                                                     else type(exc).__name__)), err=True)
            self.stopped.wait(self.every)
