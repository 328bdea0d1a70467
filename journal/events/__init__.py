"""Event payloads: the pydantic models of what each event type carries, and the registry of types.

Each game system declares its payloads in ``journal/systems/<system>/events.py`` by subclassing
:class:`Payload` with a ``type`` class variable; declaring the class registers it.  The store knows
nothing of payloads: it stores ``data`` as canonical JSON.  The service validates a payload when a
command records it, and the importer validates every imported line against the registry.

The names below load ``journal.events.payload`` (and pydantic's model machinery) on first use only,
so that reading the journal (the envelope, projections, queries) never pays for building models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from journal.events.payload import Payload, parse_payload, payload_class, registered_types

__all__ = ["Payload", "parse_payload", "payload_class", "registered_types"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from journal.events import payload

        return getattr(payload, name)
    raise AttributeError(f"module 'journal.events' has no attribute {name!r}")
