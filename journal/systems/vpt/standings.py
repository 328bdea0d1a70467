"""The arithmetic VPT's folds and rules share: a standing never below 0, a death check against the wounds, the
points held towards another.

Kept apart from ``rules`` (which builds its outcome classes on import) so that a query that folds VPT
events pays for two functions, not for the whole rule book.  ``rules`` re-exports both.
"""

from __future__ import annotations


def dies(total: int, wounds: int) -> bool:
    """A death check's total below the character's wounds kills; an unwounded character does not die of it."""
    return wounds >= 1 and total < wounds


def new_standing(points: int, change: int) -> int:
    """Apply a checklist change; a standing never drops below 0."""
    return max(0, points + change)


def held(bonds: dict, name: str, other: str, bond: str) -> int:
    """The points ``name`` holds towards ``other`` (``bond`` ``relationship`` or ``revenge``) in the bonds fold's
    state; 0 without such a standing (a revenge on someone else counts none towards ``other``)."""
    if bond == "relationship":
        standing = bonds["relationships"].get(name, {}).get(other)
    else:
        standing = bonds["revenges"].get(name)
        if standing is not None and standing["target"] != other:
            standing = None
    return standing["points"] if standing is not None else 0
