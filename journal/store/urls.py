"""Database URLs as people type them: a bare path is a SQLite file, ``postgres(ql)://`` is driven by psycopg 3.

It imports nothing of the store, so that every module of it (and the CLI) can name a database without opening one.
"""

from __future__ import annotations


def normalise_url(url: str) -> str:
    """Accept the spellings people type and return a SQLAlchemy URL with the right driver."""
    if "://" not in url:
        return f"sqlite:///{url}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return url
