"""Receipts: a campaign's chain head signed with the journal's key, and every check made against them.

A hash chain finds an event edited in place, but not a tail cut off, a campaign deleted, or a history
re-chained by whoever holds the database.  A **receipt** closes that hole: ``(campaign, version, hash)``
signed with the journal's Ed25519 key (journal/store/keys.py), the message being
``journal-receipt-v1\\n<campaign>\\n<version>\\n<hash>``.  Receipts are held where the database's owner
cannot reach them:

* every append made with a key signs its last event (the ``signature`` column, revision 0005; one
  signature per append whatever its size), so any signed event is a receipt;
* the members keep the receipts they were shown (``journal receipt``, the page's localStorage);
* the journal keeps a **witness** beside its key: the receipts of every campaign, one file each, a line
  appended after each signed append commits (the newest line is the witness), so ``journal verify`` run
  where the key lives finds a cut tail, a deleted campaign or a TRUNCATE by itself.

A receipt *holds* when the chain still has its version with its hash.  A signed export ends with the
receipt of its last event, which ``journal import --public-key`` checks before anything is written.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import tempfile
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
import sqlalchemy as sa

from journal.aftermath import StepFailed, describe
from journal.errors import IntegrityFailure, NotFound, ValidationFailed
from journal.i18n import _
from journal.store.engine import driver_execute
from journal.store.keys import JournalKey, verify_signature
from journal.store.tables import events as T

if TYPE_CHECKING:
    from journal.store.eventstore import EventStore

FORMAT = "journal-receipt-v1"


def message(campaign: str, version: int, hash_: str) -> bytes:
    """The bytes a receipt's signature covers."""
    return f"{FORMAT}\n{campaign}\n{version}\n{hash_}".encode()


@dataclass(frozen=True, slots=True)
class Receipt:
    """A chain head signed by the journal: what a member keeps and later checks the journal against."""

    campaign: str
    version: int
    hash: str
    recorded_at: str
    public_key: str
    signature: str

    @property
    def signed(self) -> bool:
        """True when ``signature`` is the holder of ``public_key``'s signature of this head."""
        return verify_signature(self.public_key, self.signature, message(self.campaign, self.version, self.hash))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "campaign": self.campaign, "version": self.version, "hash": self.hash,
                "recorded_at": self.recorded_at, "public_key": self.public_key, "signature": self.signature}

    def __str__(self) -> str:
        """The receipt as a line names it, in the current language: its campaign and its point («№3» in Russian)."""
        return _("campaign '{campaign}' version {version}").format(campaign=self.campaign, version=self.version)

    @classmethod
    def parse(cls, value: Any, where: str) -> Receipt:
        """A receipt from its JSON form; ValidationFailed naming ``where`` and the field otherwise."""
        if isinstance(value, dict) and set(value) == {"receipt"}:
            value = value["receipt"]
        if not isinstance(value, dict):
            raise ValidationFailed(_("{where}: a receipt is a JSON object").format(where=where))
        if value.get("format") != FORMAT:
            raise ValidationFailed(_("{where}: field 'format' must be '{format}'").format(where=where, format=FORMAT))
        kinds = {"campaign": str, "version": int, "hash": str, "recorded_at": str, "public_key": str, "signature": str}
        for name, kind in kinds.items():
            if not isinstance(value.get(name), kind) or isinstance(value.get(name), bool):
                raise ValidationFailed(_("{where}: field '{name}' is missing or has the wrong type").format(where=where, name=name))
        extra = set(value) - set(kinds) - {"format"}
        if extra:
            raise ValidationFailed(_("{where}: unknown field '{field}'").format(where=where, field=min(extra)))
        return cls(**{name: value[name] for name in kinds})


def load_file(path: str | Path) -> list[Receipt]:
    """The receipts in a file: one receipt, ``{"receipt": ...}``, or a JSON list of them (the page's download)."""
    where = f"receipt file {path}"
    try:
        value = orjson.loads(Path(path).read_bytes())
    except OSError as exc:
        raise ValidationFailed(_("{where}: cannot be read ({reason})").format(where=where, reason=exc.strerror)) from None
    except orjson.JSONDecodeError:
        raise ValidationFailed(_("{where}: not JSON").format(where=where)) from None
    items = value if isinstance(value, list) else [value]
    if not items:
        raise ValidationFailed(_("{where}: holds no receipt").format(where=where))
    return [Receipt.parse(item, where if len(items) == 1 else f"{where} item {n}") for n, item in enumerate(items, 1)]


# -- signing ---------------------------------------------------------------------------------------


#: The heads this process signed and has not yet witnessed: (public key, campaign, version) -> (hash, recorded_at,
#: signature).  ``witness_append`` takes its head from here instead of reading it back (one SELECT per append).
_SIGNED: dict[tuple[str, str, int], tuple[str, str, str]] = {}
_SIGNED_LOCK = threading.Lock()
#: At most this many heads wait (an append whose transaction rolled back leaves its head here until pushed out).
_SIGNED_MAX = 1024


def sign_last(key: JournalKey, rows: list[dict[str, Any]]) -> str:
    """Sign the last row of an append (its campaign's new head) in place; return the signature."""
    last = rows[-1]
    last["signature"] = signature = key.sign(message(last["campaign"], last["version"], last["hash"]))
    with _SIGNED_LOCK:
        _SIGNED[(key.public_hex, last["campaign"], last["version"])] = (last["hash"], last["recorded_at"], signature)
        while len(_SIGNED) > _SIGNED_MAX:
            del _SIGNED[next(iter(_SIGNED))]
    return signature


def receipt_at(store: EventStore, campaign: str, version: int | None = None) -> Receipt:
    """The receipt of the last signed event of ``campaign`` at or before ``version`` (the head when None).

    The stored signature is checked with the journal's key before it is handed out: a receipt is never
    issued for a head the journal did not sign.
    """
    if store.key is None:
        raise NotFound("this journal has no signing key: run 'journal init' where the database is used")
    stmt = sa.select(T.c.version, T.c.hash, T.c.recorded_at, T.c.signature).where(
        T.c.campaign == campaign, T.c.signature.is_not(None))
    if version is not None:
        stmt = stmt.where(T.c.version <= version)
    with store.engine.connect() as conn:
        row = conn.execute(stmt.order_by(T.c.version.desc()).limit(1)).first()
    if row is None:
        if not store.exists(campaign):
            raise NotFound(_("no campaign named '{campaign}'").format(campaign=campaign))
        if version is None:
            raise NotFound(_("campaign '{campaign}' has no signed event (its events were recorded before signing: the "
                             "next one recorded signs it)").format(campaign=campaign))
        raise NotFound(_("campaign '{campaign}' has no signed event at or before version {version} (its events were "
                         "recorded before signing: the next one recorded signs it)").format(campaign=campaign,
                                                                                            version=version))
    receipt = Receipt(campaign, row[0], row[1], row[2], store.key.public_hex, row[3])
    if not receipt.signed:
        raise IntegrityFailure(_("{receipt}: the stored signature does not verify with the journal's key").format(receipt=receipt))
    return receipt


# -- checking --------------------------------------------------------------------------------------


def check(store: EventStore, receipt: Receipt, trusted: str | None = None) -> str | None:
    """Why ``receipt`` no longer holds against the journal (signature, key, tail, hash), or None when it does.

    ``trusted`` is the public key the receipt must carry (the journal's, or one given by the person
    verifying).  What this trusts: the receipt as its holder kept it, and the key.
    """
    forged = _forged(receipt, trusted)
    if forged is not None:
        return forged
    found, head = standing(store, receipt)
    return _broken(receipt, found, head)


def _forged(receipt: Receipt, trusted: str | None) -> str | None:
    """Why ``receipt`` itself is not to be trusted (its signature, or a key other than ``trusted``), or None."""
    if not receipt.signed:
        return _("{receipt}: the receipt's signature does not verify (a forged or altered receipt)").format(
            receipt=receipt)
    if trusted is not None and receipt.public_key != trusted:
        return _("{receipt}: signed by key {signer}…, not by the journal's key {trusted}…").format(
            receipt=receipt, signer=receipt.public_key[:16], trusted=trusted[:16])
    return None


def _broken(receipt: Receipt, found: str | None, head: int) -> str | None:
    """Why ``receipt`` does not hold when the chain has hash ``found`` at its version (None: no such event) and
    ends at version ``head``; None when it holds.  The one wording of a receipt that no longer holds (in the current
    language: the page shows it to the member whose receipt it is)."""
    if found is None:
        if not head:
            return _("{receipt}: the campaign is gone from the journal (deleted or truncated)").format(receipt=receipt)
        return _("{receipt}: the chain ends at version {head} (its tail was cut)").format(receipt=receipt, head=head)
    if found != receipt.hash:
        return _("{receipt}: the journal has hash {found}… there, the receipt {hash}… (the history was rewritten or "
                 "forked)").format(receipt=receipt, found=found[:16], hash=receipt.hash[:16])
    return None


def standing(store: EventStore, receipt: Receipt) -> tuple[str | None, int]:
    """Where the journal stands against ``receipt``: the hash it holds at the receipt's version (None when it has no
    such event), and its campaign's head version (0: no event of the campaign at all).

    A receipt holds when the hash is the receipt's; with None, the journal lacks ``receipt.version - head`` events
    the receipt vouches for (what a restore of an older backup would lose)."""
    with store.engine.connect() as conn:
        found = conn.execute(sa.select(T.c.hash).where(T.c.campaign == receipt.campaign,
                                                       T.c.version == receipt.version)).first()
        head = conn.execute(sa.select(sa.func.max(T.c.version)).where(T.c.campaign == receipt.campaign)).scalar()
    return (None if found is None else found[0]), int(head or 0)


def head_problems(store: EventStore, trusted: str, *, strict: bool, campaign: str | None = None) -> list[str]:
    """What is wrong with each campaign's head signature under the key ``trusted``.

    A head must carry a signature by ``trusted`` when ``strict`` (a key given by the person verifying),
    when the campaign's creation recorded a key, or when any earlier event of it is signed (signing,
    once begun, signs every append).  Otherwise an unsigned head predates signing and is let be.
    """
    heads = sa.select(T.c.campaign, sa.func.max(T.c.version).label("head")).group_by(T.c.campaign)
    signed = sa.select(T.c.campaign).where(T.c.signature.is_not(None)).group_by(T.c.campaign)
    created = sa.select(T.c.campaign, T.c.data).where(T.c.version == 1)
    if campaign is not None:
        heads, signed, created = (q.where(T.c.campaign == campaign) for q in (heads, signed, created))
    sub = heads.subquery()
    stmt = sa.select(T.c.campaign, T.c.version, T.c.hash, T.c.signature).join(
        sub, sa.and_(T.c.campaign == sub.c.campaign, T.c.version == sub.c.head)).order_by(T.c.campaign)
    with store.engine.connect() as conn:
        rows = conn.execute(stmt).all()
        ever_signed = set(conn.execute(signed).scalars())
        keyed = {name for name, data in conn.execute(created) if orjson.loads(data).get("public_key")}
    problems = []
    for name, version, hash_, signature in rows:
        where = f"campaign '{name}' head version {version}"
        if signature is None:
            if strict or name in ever_signed or name in keyed:
                why = ("its creation recorded the journal's key" if name in keyed else
                       "earlier events are signed" if name in ever_signed else "a key was given")
                problems.append(f"{where}: not signed, though {why} (a forged head, or a re-chained history)")
        elif not verify_signature(trusted, signature, message(name, version, hash_)):
            problems.append(f"{where}: the signature does not verify with key {trusted[:16]}… "
                            "(a forged head, or a re-chained history)")
    return problems


def keyless_problems(store: EventStore, campaign: str | None = None) -> list[str]:
    """Without a key to verify with (the journal's is missing, none was given): each campaign whose creation
    recorded a journal's key, which its signatures can then not be checked against.

    A missing key file (deleted, or left behind when the database was moved) must not pass for a journal that never
    signed: an owner who removes it and re-chains an edit would otherwise be answered 'ok'.
    """
    created = sa.select(T.c.campaign, T.c.data).where(T.c.version == 1).order_by(T.c.campaign)
    if campaign is not None:
        created = created.where(T.c.campaign == campaign)
    with store.engine.connect() as conn:
        keyed = [(name, key) for name, data in conn.execute(created) if (key := orjson.loads(data).get("public_key"))]
    return [_("campaign '{campaign}': its creation recorded the journal's key {key}…, and this journal has no key "
              "to check its signatures with (the key file is missing, or the database was moved or renamed): put the "
              "key back, or give --public-key").format(campaign=name, key=str(key)[:16]) for name, key in keyed]


def load_problems(store: EventStore, campaign: str) -> list[str]:
    """What a server finds wrong with ``campaign`` as it loads it: its head signature under the journal's key, and
    its witness (the newest witnessed head); without a key, a creation that recorded one (:func:`keyless_problems`).
    The checks of ``verify`` for one campaign's head, cheap enough for a campaign's first request."""
    if store.key is None:
        return keyless_problems(store, campaign)
    trusted = store.key.public_hex
    problems = head_problems(store, trusted, strict=False, campaign=campaign)
    held = witnessed_head(store, campaign)
    if held is not None and (why := check(store, held, trusted)) is not None:
        problems.append(why)
    return problems


# -- the witness beside the key --------------------------------------------------------------------

#: A campaign's witness file is rewritten down to its newest receipt when it grows past this many bytes.
WITNESS_COMPACT_AT = 1 << 20
#: How much of a witness file's end is read for its newest receipt (heads written by racing processes may land
#: out of order, so the newest of the last lines is taken, not merely the last line).
_WITNESS_TAIL = 64 * 1024


@functools.lru_cache(maxsize=4096)
def _witness_file(folder: Path, campaign: str) -> Path:
    return folder / f"{hashlib.sha256(campaign.encode()).hexdigest()[:32]}.jsonl"


def witness_file(store: EventStore, campaign: str) -> Path | None:
    """The file the witness keeps ``campaign``'s receipts in (None when the journal has no key)."""
    return None if store.witness is None else _witness_file(store.witness, campaign)


def _witness_line(receipt: Receipt) -> bytes:
    return orjson.dumps(receipt.to_json()) + b"\n"


def _newest_in(path: Path) -> Receipt | None:
    """The newest receipt of a witness file: one JSON receipt a line, appended (a ``.json`` file of an older
    release holds one receipt).  A last line cut short by a crash is passed over; a line that is JSON but not a
    receipt is refused (ValidationFailed naming the file)."""
    with path.open("rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        start = max(0, size - _WITNESS_TAIL)
        handle.seek(start)
        lines = handle.read(size - start).split(b"\n")  # no more than the file's size (a device reads on forever)
    if start > 0:
        lines = lines[1:]  # the window began inside a line
    newest: Receipt | None = None
    for line in lines:
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue  # a write cut short
        found = Receipt.parse(value, f"witness file {path}")
        if newest is None or found.version > newest.version:
            newest = found
    return newest


def _open_locked(path: Path, flags: int, lock: int) -> int:
    """``path`` opened with ``flags`` and ``flock``-ed (``lock``): the file at the path now, not one a compaction
    replaced between the open and the lock (appenders share the lock, a compaction takes it alone)."""
    while True:
        fd = os.open(path, flags, 0o600)
        try:
            fcntl.flock(fd, lock)
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd
        except FileNotFoundError:
            pass  # replaced and gone meanwhile: open the path again
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def remember(store: EventStore, receipt: Receipt) -> None:
    """Keep ``receipt`` in its campaign's witness: one line appended to the campaign's file (no rename), under a
    shared ``flock``.

    The newest line of the file is the witness (:func:`witnessed`).  After a line torn by a crash (the file's last
    byte is not a newline) the receipt starts a line of its own, so that it is not lost with the torn half.  A file
    past ``WITNESS_COMPACT_AT`` bytes is rewritten down to its newest receipt (atomic replace, the lock held alone).
    Like the old single-receipt file, it is not fsynced: the witness is as durable as the filesystem's own writes
    (see docs/security.md).
    """
    folder = store.witness
    if folder is None:
        return
    try:
        append_witness(folder, receipt)
    except OSError as exc:  # a full disk, a folder that cannot be written: what was stored stays stored
        raise StepFailed(_("writing its receipt to the witness beside the key ({folder}) failed: {reason}")
                         .format(folder=folder, reason=describe(exc))) from exc


def append_witness(folder: Path, receipt: Receipt) -> None:
    """Append ``receipt`` to its campaign's file in the witness ``folder`` (made when missing); the newest line
    of a file is its witness, so an older receipt appended changes nothing (journal/store/key_archive.py)."""
    path = _witness_file(folder, receipt.campaign)
    line = _witness_line(receipt)
    try:
        fd = _open_locked(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, fcntl.LOCK_SH)
    except FileNotFoundError:
        folder.mkdir(parents=True, exist_ok=True)
        fd = _open_locked(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, fcntl.LOCK_SH)
    try:
        end = os.fstat(fd).st_size
        if end and os.pread(fd, 1, end - 1) != b"\n":  # a line torn by a crash: this receipt starts a line of its own
            line = b"\n" + line
        os.write(fd, line)
        size = os.fstat(fd).st_size
        if size == end + len(line):  # no other process wrote meanwhile: what this process read of the file stays true
            _read_own(path, os.fstat(fd).st_ino, end, size, receipt)
    finally:
        os.close(fd)
    if size > WITNESS_COMPACT_AT:
        _compact(folder, path, receipt)


def _compact(folder: Path, path: Path, receipt: Receipt) -> None:
    """Rewrite a grown witness file down to its newest receipt (``receipt`` or a newer line), atomically.

    The file is locked alone meanwhile: a line another process appends is written before the newest is read, or to
    the new file after the replace (never to the old file once it was read, where it would be lost)."""
    locked = _open_locked(path, os.O_RDONLY | os.O_CREAT, fcntl.LOCK_EX)
    try:
        if os.fstat(locked).st_size <= WITNESS_COMPACT_AT:
            return  # another process compacted it meanwhile
        try:
            kept = _newest_in(path)
        except (OSError, ValidationFailed):
            kept = None
        newest = kept if kept is not None and kept.version > receipt.version else receipt
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".witness-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_witness_line(newest))
        os.replace(temporary, path)
    finally:
        os.close(locked)


def rewitness(store: EventStore, campaign: str, receipt: Receipt | None) -> None:
    """Start ``campaign``'s witness again from ``receipt`` (a restore whose loss was accepted: the witness then names
    the restored head, not the newer one it lost).  The file replaced is kept beside, renamed ``….replaced-<n>``, out
    of what :func:`witnessed` reads; ``receipt`` None (a campaign the restore does not have) leaves no witness."""
    folder = store.witness
    if folder is None:
        return
    for path in (_witness_file(folder, campaign), _witness_file(folder, campaign).with_suffix(".json")):
        if path.exists():
            os.replace(path, path.with_name(f"{path.name}.replaced-{os.urandom(4).hex()}"))
    if receipt is not None:
        remember(store, receipt)


def remember_head(store: EventStore, campaign: str, version: int, hash_: str, recorded_at: str,
                  signature: str) -> None:
    """After a signed append or import commits: keep its head as the campaign's witness."""
    if store.key is not None:
        remember(store, Receipt(campaign, version, hash_, recorded_at, store.key.public_hex, signature))


def witness_append(store: EventStore, campaign: str, version: int) -> None:
    """The store's listener after each committed append: keep the new head, when signed, as the witness.

    The head is the one this process signed for that append (the last signing of that version wins, and the
    listener runs only once its transaction committed); a head not signed here is read back from the store.
    """
    signed = None
    if store.key is not None:
        with _SIGNED_LOCK:
            signed = _SIGNED.pop((store.key.public_hex, campaign, version), None)
    if signed is None:
        stmt = sa.select(T.c.hash, T.c.recorded_at, T.c.signature).where(T.c.campaign == campaign,
                                                                         T.c.version == version)
        with store.engine.connect() as conn:
            row = conn.execute(stmt).first()
        signed = None if row is None or row[2] is None else (row[0], row[1], row[2])
    if signed is not None:
        remember_head(store, campaign, version, *signed)


def witnessed(store: EventStore) -> list[Receipt]:
    """The newest receipt of each campaign the journal's witness keeps (none when the journal has no key).

    A campaign's file of an older release (``<digest>.json``, one receipt) counts beside its appended file
    (``<digest>.jsonl``): the newer receipt of the two is the witness.
    """
    folder = store.witness
    if folder is None or not folder.is_dir():
        return []
    newest: dict[str, Receipt] = {}
    for path in sorted([*folder.glob("*.json"), *folder.glob("*.jsonl")]):
        try:
            found = _newest_in(path)
        except OSError as exc:
            raise ValidationFailed(_("witness file {path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)) from None
        if found is None:
            raise ValidationFailed(_("witness file {path}: holds no receipt").format(path=path))
        if found.campaign not in newest or found.version > newest[found.campaign].version:
            newest[found.campaign] = found
    return sorted(newest.values(), key=lambda r: r.campaign)


# -- the witness before each append, and every witnessed head at verify ----------------------------

#: What this process has read of each witness file: path -> (inode, size read, bytes read up to a line's end, the
#: newest receipt in them).  An append stats the file, and reads only what other processes appended since.
_READ: dict[Path, tuple[int, int, int, Receipt | None]] = {}
_READ_LOCK = threading.Lock()


def _newer(a: Receipt | None, b: Receipt | None) -> Receipt | None:
    return b if a is None or (b is not None and b.version > a.version) else a


def _read_own(path: Path, inode: int, before: int, after: int, receipt: Receipt) -> None:
    """After this process appended ``receipt``'s line (the file grew from ``before`` to ``after`` bytes and no one
    else wrote): what it had read of the file plus that line is what the file holds."""
    with _READ_LOCK:
        cached = _READ.get(path)
        if before == 0:
            _READ[path] = (inode, after, after, receipt)
        elif cached is not None and cached[0] == inode and cached[1] == before:
            _READ[path] = (inode, after, after, _newer(cached[3], receipt))


def _receipts_in(path: Path, data: bytes) -> Iterator[Receipt]:
    """The receipts of witness file ``path``'s bytes ``data``, one a line: a line cut short by a crash is passed over,
    a line that is JSON but not a receipt is refused (ValidationFailed naming the file)."""
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue  # a write cut short
        yield Receipt.parse(value, f"witness file {path}")


def _parse_lines(path: Path, data: bytes) -> Receipt | None:
    newest: Receipt | None = None
    for receipt in _receipts_in(path, data):
        newest = _newer(newest, receipt)
    return newest


def _newest_read(path: Path) -> Receipt | None:
    """The newest receipt of a witness file, as :func:`_newest_in` finds it, reading only what was appended since
    this process last read it (one ``stat`` when nothing was)."""
    try:
        seen = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):  # no witness there (a file where its folder is)
        return None
    with _READ_LOCK:
        cached = _READ.get(path)
    if cached is not None and (cached[0], cached[1]) == (seen.st_ino, seen.st_size):
        return cached[3]
    try:
        fd = os.open(path, os.O_RDONLY)
    except (FileNotFoundError, NotADirectoryError):  # no witness there (a file where its folder is)
        return None
    try:
        now = os.fstat(fd)
        onward = cached is not None and cached[0] == now.st_ino and cached[2] <= now.st_size
        if cached is not None and onward:
            start, newest = cached[2], cached[3]
        else:
            start, newest = max(0, now.st_size - _WITNESS_TAIL), None
        data = os.pread(fd, now.st_size - start, start)
    finally:
        os.close(fd)
    if start > 0 and not onward:
        data = data[data.find(b"\n") + 1:] if b"\n" in data else b""  # the window began inside a line
        start = now.st_size - len(data)
    complete = data.rfind(b"\n") + 1
    newest = _newer(newest, _parse_lines(path, data[:complete]))
    rest = _parse_lines(path, data[complete:])  # a last line without its newline (a file of an older release)
    with _READ_LOCK:
        _READ[path] = (now.st_ino, now.st_size, start + complete, newest)
    return _newer(newest, rest)


def witnessed_head(store: EventStore, campaign: str) -> Receipt | None:
    """The campaign's witness: the newest receipt its witness files keep (None without a witness, or none kept)."""
    folder = store.witness
    if folder is None:
        return None
    appended, older = _witness_files(folder, campaign)
    return _newer(_newest_read(older), _newest_read(appended))


@functools.lru_cache(maxsize=4096)
def _witness_files(folder: Path, campaign: str) -> tuple[Path, Path]:
    """A campaign's witness file, and the one of an older release (``.json``): built once per campaign."""
    appended = _witness_file(folder, campaign)
    return appended, appended.with_suffix(".json")


#: The hash at a version, in the driver's paramstyle (positional: SQLite's ``?``; else psycopg's ``%s``).
_WITNESSED_HASH = {True: "SELECT hash FROM events WHERE campaign = ? AND version = ?",
                   False: "SELECT hash FROM events WHERE campaign = %s AND version = %s"}


def refuse_past_witness(store: EventStore, conn: sa.Connection, campaign: str, head: int, head_hash: str | None) -> None:
    """Before an append (or an import) writes: IntegrityFailure unless the chain, which ends at version ``head`` with
    hash ``head_hash`` as the write ``conn`` reads it, still holds the campaign's witnessed head.

    A journal that played on past a cut tail or a restored older copy would sign a fork, and its witness would then
    name the fork's head; so the appending process refuses first.  The usual cost is one ``stat`` per witness file:
    the head was read for the append anyway, and the witness is read only when another process wrote it.
    """
    held = witnessed_head(store, campaign)
    if held is None:
        return
    if head == held.version:
        found = head_hash
    elif head > held.version:
        row = driver_execute(conn, _WITNESSED_HASH[conn.dialect.positional],
                             (campaign, held.version)).fetchone()  # to the driver: each later command of a group
        found = row[0] if row else None
    else:
        found = None
    problem = _broken(held, found, head)
    if problem is not None:
        raise IntegrityFailure(_("witness: {problem}; nothing was written: the journal does not append to a chain "
                                 "that lost its witnessed head (hash {hash}…)").format(problem=problem,
                                                                                       hash=held.hash[:16]))


def _every_line(path: Path) -> list[Receipt]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ValidationFailed(_("witness file {path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)) from None
    kept = list(_receipts_in(path, data))
    if not kept:
        raise ValidationFailed(_("witness file {path}: holds no receipt").format(path=path))
    return kept


def witness_problems(store: EventStore, trusted: str | None, campaign: str | None = None) -> list[str]:
    """What the witness finds wrong: for each campaign, the newest of its witnessed heads that the chain no longer
    holds (every head the witness keeps is checked, not only the newest: a fork played on past a cut tail or a
    restored copy has a newest head that holds, and older ones that do not).

    A head that the chain holds needs no signature check (it agrees with the chain); the newest head and every
    head that does not hold must be signed by ``trusted``, else that is what is named.
    """
    folder = store.witness
    if folder is None or not folder.is_dir():
        return []
    held: dict[str, dict[tuple[int, str], Receipt]] = {}
    for path in sorted([*folder.glob("*.json"), *folder.glob("*.jsonl")]):
        for found in _every_line(path):
            if campaign is None or found.campaign == campaign:
                held.setdefault(found.campaign, {})[(found.version, found.hash)] = found
    problems = []
    with store.engine.connect() as conn:
        for name in sorted(held):
            kept = sorted(held[name].values(), key=lambda r: (r.version, r.hash))
            versions = sorted({r.version for r in kept})
            chain: dict[int, str] = {}
            for start in range(0, len(versions), 500):
                stored = conn.execute(sa.select(T.c.version, T.c.hash).where(
                    T.c.campaign == name, T.c.version.in_(versions[start:start + 500])))
                chain.update((version, hash_) for version, hash_ in stored)
            head = conn.execute(sa.select(sa.func.max(T.c.version)).where(T.c.campaign == name)).scalar() or 0
            for receipt in reversed(kept):
                why = _broken(receipt, chain.get(receipt.version), head)
                if why is None and receipt is not kept[-1]:
                    continue
                why = _forged(receipt, trusted) or why
                if why is not None:
                    problems.append(why)
                    break
    return problems


# -- signed export and import ----------------------------------------------------------------------


def export_line(receipt: Receipt) -> bytes:
    """The last line of a signed export (no newline)."""
    return orjson.dumps({"receipt": receipt.to_json()}, option=orjson.OPT_SORT_KEYS)


def export_receipt(store: EventStore, campaign: str, version: int) -> bytes | None:
    """The receipt line ending an export whose last event is ``version``, or None when that event is unsigned."""
    if store.key is None:
        return None
    try:
        found = receipt_at(store, campaign, version)
    except NotFound:
        return None
    return export_line(found) if found.version == version else None


def split(lines: Iterable[bytes | str]) -> tuple[Iterator[bytes | str], list[Receipt]]:
    """The event lines of an export, and (filled as they are read) the receipts on its last lines.

    A receipt line followed by an event line is refused: a receipt vouches for the file's end.
    """
    receipts: list[Receipt] = []

    def events() -> Iterator[bytes | str]:
        for number, line in enumerate(lines, start=1):
            text = line.lstrip()
            if (text.startswith(b'{"receipt"') if isinstance(text, bytes) else text.startswith('{"receipt"')):
                try:
                    value = orjson.loads(line)
                except orjson.JSONDecodeError:
                    raise ValidationFailed(_("line {number}: not valid JSON").format(number=number)) from None
                receipts.append(Receipt.parse(value, f"line {number}"))
                continue
            if receipts and line.strip():
                raise ValidationFailed(_("line {number}: an event after the receipt (a receipt ends the file)").format(number=number))
            yield line

    return events(), receipts


def vouch_import(rows: list[dict[str, Any]], receipts: list[Receipt], public_key: str | None,
                 key: JournalKey | None) -> list[dict[str, Any]]:
    """Check an import's receipts against its checked rows, then sign each imported head with ``key``.

    With ``public_key`` every campaign of the file must end at a receipt signed by that key.  A receipt
    that does not hold refuses the whole import (IntegrityFailure naming it); nothing is written.
    Returns the head rows signed (none without ``key``).
    """
    heads: dict[str, dict[str, Any]] = {}
    for row in rows:
        row.setdefault("signature", None)
        heads[row["campaign"]] = row
    for receipt in receipts:
        where = f"receipt of {receipt}"
        if not receipt.signed:
            raise IntegrityFailure(_("{where}: the signature does not verify (a forged or altered receipt)").format(where=where))
        if public_key is not None and receipt.public_key != public_key:
            raise IntegrityFailure(_("{where}: signed by key {signer}…, not {expected}…").format(where=where, signer=receipt.public_key[:16], expected=public_key[:16]))
        head = heads.get(receipt.campaign)
        if head is None:
            raise IntegrityFailure(_("{where}: the file holds no event of that campaign").format(where=where))
        if head["version"] != receipt.version:
            raise IntegrityFailure(_("{where}: the file's chain ends at version {version} (cut, or events added past "
                                     "the receipt)").format(where=where, version=head["version"]))
        if head["hash"] != receipt.hash:
            raise IntegrityFailure(_("{where}: the file's head has another hash (the history was rewritten)").format(where=where))
    if public_key is not None:
        unvouched = sorted(set(heads) - {r.campaign for r in receipts})
        if unvouched:
            raise IntegrityFailure(_("campaign '{campaign}': the file carries no receipt for it (a signed export ends "
                                     "with one)").format(campaign=unvouched[0]))
    if key is None:
        return []
    for head in heads.values():
        sign_last(key, [head])
    return list(heads.values())


__all__ = ["FORMAT", "Receipt", "append_witness", "check", "export_line", "export_receipt", "head_problems",
           "keyless_problems", "load_file", "load_problems", "message", "receipt_at", "refuse_past_witness", "remember",
           "remember_head", "rewitness", "sign_last", "split", "standing", "vouch_import", "witness_file",
           "witness_problems", "witnessed", "witnessed_head"]
