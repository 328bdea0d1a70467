"""The signing key's file: loaded without cryptography, parsed when it first signs, refused when it is not a key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from journal.errors import IntegrityFailure
from journal.store.keys import JournalKey, verify_signature


def test_a_loaded_key_signs_what_its_public_key_verifies(tmp_path: Path) -> None:
    """A key saved, loaded back and used: its signature verifies under the public key the made key printed."""
    made = JournalKey.generate()
    assert made.save(tmp_path / "k.key") is True
    loaded = JournalKey.load(tmp_path / "k.key")
    assert (loaded.public_hex, verify_signature(made.public_hex, loaded.sign(b"head"), b"head")) == (made.public_hex,
                                                                                                      True)


def test_a_loaded_key_derives_the_secrets_of_the_key_it_was_saved_from(tmp_path: Path) -> None:
    """The dice seeds' secret is the same from the key made and from its file."""
    made = JournalKey.generate()
    made.save(tmp_path / "k.key")
    assert JournalKey.load(tmp_path / "k.key").secret("dice") == made.secret("dice")


def test_a_file_that_is_not_a_pem_key_is_refused_when_loaded(tmp_path: Path) -> None:
    """Garbage in the key file: IntegrityFailure naming the file at load, before anything signs."""
    (tmp_path / "k.key").write_bytes(b"not a key\n")
    with pytest.raises(IntegrityFailure) as refused:
        JournalKey.load(tmp_path / "k.key")
    assert str(refused.value) == f"key file {tmp_path / 'k.key'}: not an Ed25519 private key in PEM form"


def test_a_key_of_another_algorithm_is_refused_when_loaded(tmp_path: Path) -> None:
    """An EC private key in PEM: refused at load as not an Ed25519 key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    (tmp_path / "k.key").write_bytes(pem)
    with pytest.raises(IntegrityFailure) as refused:
        JournalKey.load(tmp_path / "k.key")
    assert str(refused.value) == f"key file {tmp_path / 'k.key'}: not an Ed25519 private key"


def test_loading_a_key_does_not_import_cryptography(tmp_path: Path) -> None:
    """In a fresh process, loading the journal's own key file leaves cryptography unimported until it signs."""
    JournalKey.generate().save(tmp_path / "k.key")
    script = ("import sys\nfrom pathlib import Path\nfrom journal.store.keys import JournalKey\n"
              f"key = JournalKey.load(Path({str(tmp_path / 'k.key')!r}))\n"
              "before = 'cryptography' in sys.modules\nkey.sign(b'x')\nprint(before, 'cryptography' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout == "False True\n"
