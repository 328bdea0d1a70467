"""The event catalogue (docs/events.md and docs/events/*.md) names every event type of the journal: the shared ones and
those of the systems it ships (a system installed from another package, examples/coin-system, documents its own)."""

from __future__ import annotations

from pathlib import Path

from journal.events import registered_types
from journal.systems.registry import descriptors

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_every_registered_event_type_is_catalogued() -> None:
    """Each type string registered by a payload model appears, in backticks, in the catalogue."""
    text = (DOCS / "events.md").read_text(encoding="utf-8")
    text += "".join(path.read_text(encoding="utf-8") for path in sorted((DOCS / "events").glob("*.md")))
    others = {d.name for d in descriptors() if not d.package.startswith("journal.systems.")}
    missing = [name for name in registered_types() if f"`{name}`" not in text and name.split(".")[0] not in others]
    assert missing == []
