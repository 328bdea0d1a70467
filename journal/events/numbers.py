"""The one bound of every number the journal takes in: what an event may carry, a CLI option, an integer column.

:data:`MAX_INT` is the range of the store's integer columns on PostgreSQL (``version``, ``session``) and of every
integer an event's payload carries, either way: a rule text's own bound (a die's faces, a rank) is narrower and is
checked by its payload's field.  :func:`out_of_range` finds an integer past it anywhere in a value (a list of
dice, a mapping of amounts), so that a huge number is refused naming its field instead of failing where it is
encoded (orjson stops at 64 bits) or stored.
"""

from __future__ import annotations

from typing import Any

#: The largest integer (either way) a payload field, a CLI option or an integer column takes.
MAX_INT = 2**31 - 1


def out_of_range(value: Any, limit: int = MAX_INT) -> int | None:
    """The first integer in ``value`` (nested lists, tuples and mappings included) beyond ``±limit``, else None."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -limit <= item <= limit:
                return item
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            pending.extend(item)
    return None


__all__ = ["MAX_INT", "out_of_range"]
