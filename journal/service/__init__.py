"""The application service: the one door through which every client (CLI, later HTTP) records and queries.

``record`` loads the state a command needs through projections, checks who is acting and what the
rules allow, and appends with the version it read (retrying when another writer got there first).
"""

from journal.service.journal import Journal

__all__ = ["Journal"]
