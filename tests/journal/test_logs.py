"""journal.logs: the structured log's level decides which records are built at all (an append's debug lines too)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
import structlog

from journal import logs
from journal.events.envelope import NewEvent
from journal.store import EventStore


@pytest.fixture(autouse=True)
def _restore_structlog() -> Iterator[None]:
    """Each test reconfigures structlog process-wide: undo it."""
    saved = structlog.get_config()
    yield
    structlog.configure(**saved)


def test_debug_records_pass_only_at_the_debug_level() -> None:
    """enabled(DEBUG) is False at the warning level (the default) and True at debug; warnings pass at both."""
    logs.configure(level="warning", console=False)
    at_warning = (logs.enabled(logging.DEBUG), logs.enabled(logging.WARNING))
    logs.configure(level="debug", console=False)
    at_debug = (logs.enabled(logging.DEBUG), logs.enabled(logging.WARNING))
    assert (at_warning, at_debug) == ((False, True), (True, True))


def _appended(err: str) -> list[str]:
    """The 'event.appended' lines of ``err``, without their timestamp."""
    return [line.split(" timestamp=")[0] for line in err.splitlines() if line.startswith("event='event.appended'")]


def test_an_append_logs_its_events_at_the_debug_level_only(store: EventStore, capsys: pytest.CaptureFixture[str]) -> None:
    """At debug an append writes one 'event.appended' line per event, naming the campaign; at warning none."""
    logs.configure(level="debug", console=False)
    store.append("c", [NewEvent("test.noted", {"x": 1}, "gm"), NewEvent("test.noted", {"x": 2}, "gm")])
    at_debug = _appended(capsys.readouterr().err)
    logs.configure(level="warning", console=False)
    store.append("c", [NewEvent("test.noted", {"x": 3}, "gm")])
    at_warning = _appended(capsys.readouterr().err)
    assert (at_debug, at_warning) == ([
        f"event='event.appended' campaign='c' version={v} type='test.noted' actor='gm' level='debug'" for v in (1, 2)],
        [])
