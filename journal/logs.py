"""structlog set-up: console lines for people or JSON lines (``--log-json``), always on stderr.

Library code only calls ``structlog.get_logger``; the CLI calls :func:`configure` once.  Until then a
quiet default (warnings and up, on stderr, key=value lines) applies, so tests and benchmarks print
nothing per event and no command pays for importing the console renderer (and rich) at start-up.
"""

from __future__ import annotations

import logging
import sys

import structlog


def configure(*, json: bool = False, level: str = "warning", console: bool = True) -> None:
    """Send structured logs to stderr at ``level``, rendered for people or as JSON lines."""
    renderer: structlog.typing.Processor
    if json:
        renderer = structlog.processors.JSONRenderer()
    elif console:
        from structlog.dev import ConsoleRenderer

        renderer = ConsoleRenderer(colors=False)
    else:
        renderer = structlog.processors.KeyValueRenderer(key_order=["event"])
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level.upper())),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )


#: Whether each configured wrapper class passes each level (structlog's filtering classes are made once per level).
_PASSES: dict[tuple[type, int], bool] = {}


def enabled(level: int) -> bool:
    """Whether the configured loggers pass records of ``level``, so that a caller builds no record nobody logs (the
    wrapper's own ``is_enabled_for``; True for a wrapper without one)."""
    wrapper = structlog.get_config()["wrapper_class"]
    passes = _PASSES.get((wrapper, level))
    if passes is None:
        try:
            passes = bool(wrapper(None, [], {}).is_enabled_for(level))
        except Exception:  # noqa: BLE001 - another kind of wrapper: it decides per record
            passes = True
        _PASSES[(wrapper, level)] = passes
    return passes


if not structlog.is_configured():
    configure(console=False)
