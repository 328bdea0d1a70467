"""Reading a carry-over sheet file (``journal <system> carry-over CAMPAIGN FILE``): one JSON object.

A file that cannot be read, is not JSON, or is not one object is one ValidationFailed line naming the file;
what the object holds is the system's payload schema, checked by its service function.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from journal.errors import ValidationFailed
from journal.i18n import CLI

_ = CLI.gettext

#: A sheet file larger than this is refused unread (a character's standing is a few hundred bytes).
MAX_BYTES = 1_000_000


def read_sheet(path: str) -> dict[str, Any]:
    """The JSON object in ``path``; ValidationFailed naming the file when it is unreadable, too big or not one object."""
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ValidationFailed(_("sheet file '{path}': {reason}").format(path=path, reason=exc.strerror)) from None
    if len(raw) > MAX_BYTES:
        raise ValidationFailed(_("sheet file '{path}': larger than {limit} bytes").format(path=path, limit=MAX_BYTES))
    try:
        sheet = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ValidationFailed(_("sheet file '{path}': not JSON ({reason})").format(path=path, reason=exc)) from None
    if not isinstance(sheet, dict):
        raise ValidationFailed(_("sheet file '{path}': not one JSON object").format(path=path))
    return sheet
