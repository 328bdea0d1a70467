"""The CLI's names for a system's types, fields and words: :class:`journal.service.words.Names`, shared with the
session report (which the page serves too)."""

from __future__ import annotations

from journal.service.words import Names

__all__ = ["Names"]
