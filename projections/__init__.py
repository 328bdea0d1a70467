"""Projections: pure folds of a campaign's events into what people look at.

The contract every projection keeps (see projections/base.py once written):

* ``initial() -> dict``: a fresh, JSON-serialisable state (dicts, lists, str, int, bool, None);
* ``apply(state, event) -> None``: folds one :class:`journal.events.envelope.Event` into the state,
  in place (replay of a million events cannot afford a copy per event);
* the state is JSON-serialisable so that a snapshot is ``orjson.dumps(state)``.

Projections may import ``journal.events`` and ``journal.systems.<system>.events`` and the pure
``journal.systems.<system>.rules``; never the store's internals, the service or the CLI.
"""
