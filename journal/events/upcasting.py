"""Upcasting: stored payloads of an older schema version read as the current shape.

The store keeps every payload exactly as it was recorded (its hash covers those bytes); the
envelope's ``schema`` says which shape that was.  When a payload's shape changes, its model's
``schema_version`` goes up by one and an upcaster from the old version is registered here.  Folds
and commands then see every event in the current shape; the log, the audit and exports show what
was stored.  Upcasters are pure functions of the old payload: ``data -> data`` one version up.

This module imports nothing heavy, so the fold's hot path pays one dict lookup per event type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from journal.events.envelope import Event

Data = dict[str, Any]
Upcaster = Callable[[Data], Data]

#: (event type, schema version it reads) -> the function that returns the payload one version up, or its
#: ``module:function`` reference, imported the first time an old payload needs it (start-up pays nothing).
_UPCASTERS: dict[tuple[str, int], Upcaster | str] = {}
#: What was registered for each step, as given (a second registration must give the same).
_REGISTERED: dict[tuple[str, int], Upcaster | str] = {}
#: event type -> the newest schema version an upcaster reaches.
_CURRENT: dict[str, int] = {}


def register(event_type: str, from_version: int, upcaster: Upcaster | str) -> None:
    """Register ``upcaster`` (a function, or its ``module:function``) to turn a ``from_version`` payload of
    ``event_type`` into ``from_version + 1``."""
    known = _REGISTERED.get((event_type, from_version))
    if known is not None and known != upcaster:
        raise ValueError(f"an upcaster for {event_type} v{from_version} is registered twice")
    if known is None:
        _REGISTERED[(event_type, from_version)] = _UPCASTERS[(event_type, from_version)] = upcaster
    _CURRENT[event_type] = max(_CURRENT.get(event_type, 1), from_version + 1)


def current_version(event_type: str) -> int:
    """The schema version events of this type are read as (1 when no upcaster was registered)."""
    return _CURRENT.get(event_type, 1)


def register_all(upcasts: Iterable[Any]) -> None:
    """Register each of ``upcasts`` (a system descriptor's: ``type``, ``from_version``, ``function``), the one place
    the folds (projections.catalog) and the summaries (journal.service.summaries) both go through."""
    for step in upcasts:
        register(step.type, step.from_version, step.function)


def needs_upcast(event_type: str) -> bool:
    """Whether some stored payload of this type may be older than the current shape."""
    return event_type in _CURRENT


def upcast(event: Event) -> Event:
    """``event`` with its payload in the current shape of its type (the same object when it already is)."""
    target = _CURRENT.get(event.type)
    if target is None or event.schema >= target:
        return event
    data, version = event.data, event.schema
    while version < target:
        step = _UPCASTERS.get((event.type, version))
        if step is None:
            raise ValueError(f"no upcaster for {event.type} v{version} (event {event.id})")
        if isinstance(step, str):
            step = _UPCASTERS[(event.type, version)] = _load(step)
        data, version = step(dict(data)), version + 1
    return event._replace(data=data, schema=version)


def _load(reference: str) -> Upcaster:
    import importlib

    module, _, name = reference.partition(":")
    function: Upcaster = getattr(importlib.import_module(module), name)
    return function
