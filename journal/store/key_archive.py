"""The key archive: a journal's signing key and its witness in one file, to move the journal to another computer.

``journal key export`` writes it, ``journal key import`` puts it in the key folder of the computer the journal moves
to (docs/backups.md).  The archive is one JSON object (UTF-8, mode 0600 when written)::

    {"format": "journal-key-v1", "identity": "<journal_identity.id>", "public_key": "<64 hex>",
     "key": "<the PEM of the Ed25519 private key>", "witness": [<receipt>, ...], "signature": "<128 hex>"}

``witness`` holds the newest receipt of each campaign the witness beside the key keeps (journal/store/receipts.py),
``signature`` is the key's Ed25519 signature of the other fields (``FORMAT``, then the object without it, its keys
sorted, as orjson writes it).  An import refuses, in one line each and before anything is written:

* an archive that is not one, or whose signature, key or receipts do not check (a tampered or cut file);
* an archive of another journal: the database's identity is not the archive's, or a campaign's creation recorded
  another public key (an archive whose identity was edited to match);
* a key folder that already holds a *different* key for the identity (a key is never replaced).

The same key already in place is no refusal: its witness gains the archive's receipts (the newest line counts).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
import sqlalchemy as sa

from journal.errors import IntegrityFailure, ValidationFailed
from journal.i18n import _
from journal.store.keys import JournalKey, identity_key_path, read_identity, verify_signature

if TYPE_CHECKING:
    from journal.store.eventstore import EventStore
    from journal.store.receipts import Receipt

FORMAT = "journal-key-v1"
#: The largest archive read (a key and a receipt per campaign: far below it).
MAX_BYTES = 64 << 20
_IDENTITY = re.compile(r"^[0-9A-Za-z-]{1,100}$")
_FIELDS = ("format", "identity", "public_key", "key", "witness", "signature")


def _signed_bytes(body: dict[str, Any]) -> bytes:
    return FORMAT.encode() + b"\n" + orjson.dumps({k: v for k, v in body.items() if k != "signature"},
                                                  option=orjson.OPT_SORT_KEYS)


def export_archive(store: EventStore) -> bytes:
    """The archive of ``store``'s key and witness; ValidationFailed when the journal has no key or no identity."""
    from journal.store.receipts import witnessed

    if store.key is None:
        raise ValidationFailed(_("key export: this journal has no signing key here (JOURNAL_KEY_DIR names the key "
                                 "folder): nothing to export"))
    with store.engine.connect() as conn:
        identity = read_identity(conn)
    if identity is None:
        raise ValidationFailed(_("key export: the database has no identity yet (run 'journal db upgrade')"))
    body: dict[str, Any] = {"format": FORMAT, "identity": identity, "public_key": store.key.public_hex,
                            "key": store.key.pem.decode("ascii"),
                            "witness": [r.to_json() for r in witnessed(store)]}
    body["signature"] = store.key.sign(_signed_bytes(body))
    return orjson.dumps(body, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"


@dataclass(frozen=True)
class Archive:
    """A key archive that checks by itself: its identity, key and the witness's receipts."""

    identity: str
    key: JournalKey
    witness: list[Receipt]


def _bad(why: str) -> IntegrityFailure:
    return IntegrityFailure(_("key archive: {why}; nothing was imported").format(why=why))


def read_archive(data: bytes) -> Archive:
    """The archive in ``data``, checked by itself (IntegrityFailure naming what fails: a tampered or cut file)."""
    from journal.store.receipts import Receipt

    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError:
        raise _bad(_("not a key archive (not JSON: cut short, or another file)")) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise _bad(_("not a key archive (its format is not {format})").format(format=FORMAT))
    if sorted(body) != sorted(_FIELDS) or not all(isinstance(body[k], str) for k in _FIELDS if k != "witness") \
            or not isinstance(body["witness"], list) or not _IDENTITY.match(body["identity"]):
        raise _bad(_("its fields are not those of {format}").format(format=FORMAT))
    key = JournalKey(body["key"].encode("ascii", "replace"))
    try:
        public = key.public_hex
    except IntegrityFailure:
        raise _bad(_("its key is not an Ed25519 private key")) from None
    if public != body["public_key"] or not verify_signature(public, body["signature"], _signed_bytes(body)):
        raise _bad(_("its signature does not verify with its key (the file was altered)"))
    witness = []
    for index, value in enumerate(body["witness"]):
        try:
            receipt = Receipt.parse(value, f"witness receipt {index + 1}")
        except ValidationFailed as exc:
            raise _bad(str(exc)) from None
        if receipt.public_key != public or not receipt.signed:
            raise _bad(_("witness receipt {n} is not signed by its key").format(n=index + 1))
        witness.append(receipt)
    return Archive(body["identity"], key, witness)


def _refuse_another_journal(conn: sa.Connection, archive: Archive) -> None:
    """IntegrityFailure when the database (holding events) is not the archive's journal."""
    from journal.store.tables import events as T

    if not sa.inspect(conn).has_table(T.name) or conn.execute(sa.select(T.c.campaign).limit(1)).first() is None:
        return  # an empty database (a restore to come brings the journal): the key waits under its identity
    identity = read_identity(conn)
    if identity != archive.identity:
        raise _bad(_("it is the key of journal {theirs}, and this database is journal {ours}").format(
            theirs=archive.identity, ours=identity or "?"))
    for name, data in conn.execute(sa.select(T.c.campaign, T.c.data).where(T.c.version == 1)):
        recorded = orjson.loads(data).get("public_key")
        if recorded and recorded != archive.key.public_hex:
            raise _bad(_("campaign '{campaign}' recorded the key {recorded}…, the archive holds {key}…").format(
                campaign=name, recorded=recorded[:16], key=archive.key.public_hex[:16]))


@dataclass(frozen=True)
class Imported:
    """What an import did: the key file, whether it was written (False: the same key was there), the receipts."""

    path: Path
    written: bool
    archive: Archive


def import_archive(engine: sa.Engine | None, data: bytes) -> Imported:
    """Put the archive ``data`` in the key folder for the database behind ``engine`` (None: no database yet)."""
    from journal.store.receipts import append_witness

    if len(data) > MAX_BYTES:
        raise _bad(_("larger than {mb} MB").format(mb=MAX_BYTES >> 20))
    archive = read_archive(data)
    if engine is not None:
        with engine.connect() as conn:
            _refuse_another_journal(conn, archive)
    if os.environ.get("JOURNAL_KEY"):
        path = Path(os.environ["JOURNAL_KEY"])
    else:
        path = identity_key_path(archive.identity)
    written = archive.key.save(path)
    if not written and JournalKey.load(path).pem.strip() != archive.key.pem.strip():
        raise IntegrityFailure(_("key import: {path} already holds a different key for journal {identity}: it is "
                                 "never replaced; nothing was imported").format(path=path, identity=archive.identity))
    for receipt in archive.witness:
        append_witness(path.with_suffix(".witness"), receipt)
    return Imported(path, written, archive)


__all__ = ["FORMAT", "Archive", "Imported", "export_archive", "import_archive", "read_archive"]
