"""The per-user config of ``journal use``: the campaign and the database a player works with at the table.

One small JSON file, ``{"campaign": ..., "db": ...}``, at ``JOURNAL_CONFIG``, else
``$XDG_CONFIG_HOME/journal/config.json``, else ``~/.config/journal/config.json``.  It is a convenience of
the command line only: nothing in it is part of the journal, and an unreadable file is refused naming it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from journal.errors import ValidationFailed
from journal.i18n import CLI

_ = CLI.gettext

KEYS = ("campaign", "db")


def path() -> Path:
    """Where the config lives (JOURNAL_CONFIG, else the XDG config folder, else ~/.config)."""
    explicit = os.environ.get("JOURNAL_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "journal" / "config.json"


def load() -> dict[str, str]:
    """What ``journal use`` remembered ({} when nothing); a file that is not such a JSON object is refused."""
    where = path()
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ValidationFailed(_("config: cannot read '{path}': {reason}").format(
            path=where, reason=exc.strerror or type(exc).__name__)) from None
    try:
        found: Any = json.loads(text)
    except ValueError:
        raise ValidationFailed(_("config: '{path}' is not JSON (remove it, or run 'journal use --forget')").format(
            path=where)) from None
    if not isinstance(found, dict) or not all(isinstance(found.get(k, ""), str) for k in KEYS):
        raise ValidationFailed(_("config: '{path}' is not an object of text 'campaign' and 'db'").format(path=where))
    return {k: found[k] for k in KEYS if found.get(k)}


def absolute(db: str) -> str:
    """``db`` as ``journal use`` keeps it: a SQLite file by its absolute path, any other URL as given.

    A relative path remembered would name another file (a new, empty one) in each folder the next command runs in.
    """
    if db in (":memory:", "sqlite://", "sqlite:///:memory:"):
        return db
    if "://" not in db:
        return os.path.abspath(os.path.expanduser(db))
    scheme, rest = db.split("://", 1)
    if scheme.startswith("sqlite") and rest.startswith("/") and not rest.startswith("//") and rest != "/:memory:":
        return f"{scheme}:///{os.path.abspath(os.path.expanduser(rest[1:]))}"
    return db


def relative(db: str) -> bool:
    """Whether ``db`` names a SQLite file by a path relative to the current folder (what older configs kept)."""
    return bool(db) and absolute(db) != db


def save(values: dict[str, str]) -> Path:
    """Write ``values`` (campaign, db) to the config, replacing what was remembered."""
    where = path()
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        temporary = where.with_name(where.name + ".tmp")
        temporary.write_text(json.dumps({k: values[k] for k in KEYS if values.get(k)}, ensure_ascii=False, indent=2)
                             + "\n", encoding="utf-8")
        temporary.replace(where)
    except OSError as exc:
        raise ValidationFailed(_("config: cannot write '{path}': {reason}").format(
            path=where, reason=exc.strerror or type(exc).__name__)) from None
    return where


def clear() -> Path:
    """Forget what ``journal use`` remembered."""
    where = path()
    where.unlink(missing_ok=True)
    return where
