"""The journal's signing key: an Ed25519 key pair kept in a file outside the database.

* One key per journal.  It lives in the key folder (``JOURNAL_KEY_DIR``, else
  ``$XDG_CONFIG_HOME/journal/keys``, else ``~/.config/journal/keys``), in a file named for the journal's
  identity (an id stored in the database, revision 0007: :func:`identity_key_path`), or in the file
  ``JOURNAL_KEY`` names.  It is made by ``journal init`` (mode 0600).  So a database file renamed or moved, or
  a server reached by another URL, still finds its key.  A key file of an older release, named for the
  database URL (:func:`key_path`), is renamed to the identity's name, with its witness, on first use
  (:func:`locate`).
* Whoever holds only the database (its file, or the server's owner) has neither the private key nor a
  way to make one the journal would accept: a signature is checked with the public key alone.
* Secrets the journal needs besides signatures (the session dice seeds) are derived from the private key
  with HKDF, one per purpose, so that nothing secret is stored in the database.

The cryptography is the ``cryptography`` package's; nothing here is hand-written beyond file handling.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import functools
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from journal.errors import IntegrityFailure, ValidationFailed

if TYPE_CHECKING:  # cryptography is imported where a key is parsed, used or made: a query never pays for it
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: The DER of an unencrypted PKCS#8 Ed25519 private key (RFC 8410) before its 32-byte seed: the form ``save`` writes.
_ED25519_PKCS8 = bytes.fromhex("302e020100300506032b657004220420")


def key_dir() -> Path:
    """The folder that holds the journal keys (see the module docstring)."""
    if os.environ.get("JOURNAL_KEY_DIR"):
        return Path(os.environ["JOURNAL_KEY_DIR"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "journal" / "keys"


def key_path(url: str) -> Path:
    """The key file of the database at ``url`` (``JOURNAL_KEY`` when set).

    The name is a digest of the normalised URL, so two databases never share a key by accident; a SQLite
    file is named by its absolute path.
    """
    if os.environ.get("JOURNAL_KEY"):
        return Path(os.environ["JOURNAL_KEY"])
    from journal.store.urls import normalise_url

    normal = normalise_url(url)
    if normal.startswith("sqlite:///") and normal != "sqlite:///:memory:":
        normal = "sqlite:///" + str(Path(normal[len("sqlite:///"):]).resolve())
    return key_dir() / f"{hashlib.sha256(normal.encode()).hexdigest()[:24]}.key"


def identity_key_path(identity: str) -> Path:
    """The key file of the journal whose identity (``journal_identity.id``) is ``identity``."""
    return key_dir() / f"journal-{identity}.key"


def locate(url: str, identity: str | None) -> Path:
    """The key file of the journal at ``url`` whose identity is ``identity`` (None: a database without one yet).

    ``JOURNAL_KEY`` when set.  Else the identity's file; when there is none yet and an older release's key file is
    named for ``url`` (:func:`key_path`), that file is renamed to it first, with its witness folder, so that the
    key and its witness are found after the database moves.  Without an identity, the URL's file.
    """
    legacy = key_path(url)
    if os.environ.get("JOURNAL_KEY") or identity is None:
        return legacy
    path = identity_key_path(identity)
    if not path.exists() and legacy.exists():
        _migrate(legacy, path)
    return path


def _migrate(legacy: Path, path: Path) -> None:
    """Rename an older release's key file (and its ``.witness`` folder) to the identity's name.

    The key is hard-linked into place first (an existing key is never replaced: of two processes migrating at
    once one links it, the other finds it), then its witness is moved, then the old name is removed.
    """
    try:
        os.link(legacy, path)
    except FileExistsError:
        pass
    except FileNotFoundError:
        return  # another process migrated it meanwhile
    witness, moved = legacy.with_suffix(".witness"), path.with_suffix(".witness")
    if witness.is_dir() and not moved.exists():
        with contextlib.suppress(FileNotFoundError, FileExistsError):
            os.rename(witness, moved)
    legacy.unlink(missing_ok=True)


def identity_of(url: str) -> str | None:
    """The identity stored in the database at ``url``, or None when it has none yet (no such file, no schema, or
    a schema older than revision 0007)."""
    from journal.store.engine import make_engine
    from journal.store.urls import normalise_url

    normal = normalise_url(url)
    if normal.startswith("sqlite:///") and (normal == "sqlite:///:memory:"
                                            or not Path(normal[len("sqlite:///"):]).exists()):
        return None
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return read_identity(conn)
    finally:
        engine.dispose()


def read_identity(conn: sa.Connection) -> str | None:
    """The journal's identity read through ``conn``, or None when the database has none (a schema before 0007)."""
    from journal.store.tables import journal_identity

    try:
        with conn.begin_nested() if conn.in_transaction() else contextlib.nullcontext():
            return conn.execute(sa.select(journal_identity.c.id).limit(1)).scalar()
    except sa.exc.DBAPIError:
        return None


def public_key_hex(public: Ed25519PublicKey) -> str:
    from cryptography.hazmat.primitives import serialization

    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


def load_public(hex_key: str) -> Ed25519PublicKey:
    """A public key from its 64 hex digits; ValidationFailed naming the field otherwise."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        return Ed25519PublicKey.from_public_bytes(bytes.fromhex(hex_key))
    except ValueError:
        raise ValidationFailed("public key: must be 64 hex digits (an Ed25519 public key)") from None


def verify_signature(public_hex: str, signature_hex: str, message: bytes) -> bool:
    """True when ``signature_hex`` is the holder of ``public_hex``'s signature of ``message``."""
    from cryptography.exceptions import InvalidSignature

    try:
        load_public(public_hex).verify(bytes.fromhex(signature_hex), message)
    except (InvalidSignature, ValueError, ValidationFailed):
        return False
    return True


def _plain_ed25519(pem: bytes) -> bool:
    """Whether ``pem`` is an unencrypted PKCS#8 Ed25519 key as :meth:`JournalKey.save` writes it (read without
    cryptography, which parses it on first use; any other form is parsed by cryptography at once)."""
    lines = pem.strip().splitlines()
    if len(lines) < 3 or lines[0] != b"-----BEGIN PRIVATE KEY-----" or lines[-1] != b"-----END PRIVATE KEY-----":
        return False
    try:
        der = base64.b64decode(b"".join(lines[1:-1]), validate=True)
    except binascii.Error:
        return False
    return len(der) == len(_ED25519_PKCS8) + 32 and der.startswith(_ED25519_PKCS8)


def _parse(pem: bytes, path: Path | None) -> Ed25519PrivateKey:
    """The Ed25519 private key in ``pem``; IntegrityFailure naming the file ``path`` when it is not one."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from journal.i18n import _

    try:
        loaded = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError):
        raise IntegrityFailure(_("key file {path}: not an Ed25519 private key in PEM form").format(path=path)) from None
    if not isinstance(loaded, Ed25519PrivateKey):
        raise IntegrityFailure(_("key file {path}: not an Ed25519 private key").format(path=path))
    return loaded


def _unwritable(path: Path, exc: OSError) -> ValidationFailed:
    """The refusal of a key that cannot be written to ``path`` (nothing is recorded without it)."""
    from journal.aftermath import describe
    from journal.i18n import _

    return ValidationFailed(_("key file {path}: cannot be written ({reason}); JOURNAL_KEY_DIR or JOURNAL_KEY names "
                              "another place").format(path=path, reason=describe(exc)))


@dataclass(frozen=True)
class JournalKey:
    """The journal's private key, with what it signs and derives.

    It is kept as its PEM and parsed by cryptography when it first signs or derives (:attr:`private`), so that
    opening a database for a query does not import cryptography; a file that is not a journal key is still
    refused when it is loaded.
    """

    pem: bytes
    path: Path | None = None

    @functools.cached_property
    def private(self) -> Ed25519PrivateKey:
        """The key itself (parsed from :attr:`pem` once)."""
        return _parse(self.pem, self.path)

    @classmethod
    def generate(cls) -> JournalKey:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        private = Ed25519PrivateKey.generate()
        key = cls(private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ))
        key.__dict__["private"] = private  # the cached_property's slot: no parse of what was just made
        return key

    @classmethod
    def load(cls, path: Path) -> JournalKey:
        """The key in ``path``; IntegrityFailure naming the file when it is not a journal key."""
        key = cls(path.read_bytes(), path)
        if not _plain_ed25519(key.pem):
            _ = key.private  # another form (or none): cryptography judges it now
        return key

    @classmethod
    def for_url(cls, url: str, identity: str | None = None) -> JournalKey | None:
        """The key of the journal at ``url`` (its identity ``identity``, else read from it), or None when it has
        none yet."""
        path = locate(url, identity if identity is not None else identity_of(url))
        return cls.load(path) if path.exists() else None

    @classmethod
    def create_for_url(cls, url: str, identity: str | None = None) -> tuple[JournalKey, Path, bool]:
        """The journal's key, made now when it has none: (key, its file, whether it was made).

        Two processes making the key at once agree on one: each writes its own file, and only the first
        link into place wins; the other loads the winner's.
        """
        path = locate(url, identity if identity is not None else identity_of(url))
        if path.exists():
            return cls.load(path), path, False
        made = cls.generate()
        if not made.save(path):
            return cls.load(path), path, False
        key = cls(made.pem, path)
        key.__dict__["private"] = made.private  # the cached_property's slot: no parse of what was just made
        return key, path, True

    def save(self, path: Path) -> bool:
        """Write the key to ``path`` readable by its owner only; False (and nothing written) when it exists.

        The file is written whole under a private name, then hard-linked into place, so a reader never sees
        a half-written key and an existing key is never replaced.
        """
        pem = self.pem
        fresh = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as exc:  # a file where the folder should be, a full disk: nothing written, one line
            raise _unwritable(path, exc) from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(pem)
                handle.flush()
                os.fsync(handle.fileno())
            os.link(fresh, path)
        except FileExistsError:
            return False
        except OSError as exc:
            raise _unwritable(path, exc) from None
        finally:
            with contextlib.suppress(OSError):
                fresh.unlink(missing_ok=True)
        return True

    @functools.cached_property
    def public_hex(self) -> str:
        """The public key as 64 hex digits: what is printed with every receipt (computed once: each append uses it)."""
        return public_key_hex(self.private.public_key())

    def sign(self, message: bytes) -> str:
        """The Ed25519 signature of ``message`` as 128 hex digits."""
        return self.private.sign(message).hex()

    def secret(self, purpose: str, length: int = 32) -> bytes:
        """A secret derived from the private key for one ``purpose`` (HKDF-SHA256); never stored."""
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        raw = self.private.private_bytes(
            serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
        )
        return HKDF(algorithm=hashes.SHA256(), length=length, salt=None, info=purpose.encode()).derive(raw)


__all__ = ["JournalKey", "identity_key_path", "identity_of", "key_dir", "key_path", "load_public", "locate",
           "public_key_hex", "read_identity", "verify_signature"]
