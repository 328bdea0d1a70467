"""The application service: the one door through which every client (CLI, later HTTP) records and queries.

``record`` loads the state a command needs through projections, checks who is acting and what the
rules allow, and appends with the version it read (retrying when another writer got there first).

``Journal`` is imported on first use (PEP 562), so that a light module of this package (labels, words) does not
bring the store, SQLAlchemy and every payload model with it: ``journal --help`` and a command's parsing stay cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from journal.service.journal import Journal

__all__ = ["Journal"]


def __getattr__(name: str) -> Any:
    if name == "Journal":
        from journal.service.journal import Journal

        return Journal
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
