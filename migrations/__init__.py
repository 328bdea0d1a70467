"""Alembic migrations of the journal's schema (run by ``journal db upgrade`` or on first use of a SQLite file)."""
