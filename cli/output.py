"""Printing helpers shared by the commands: JSON lines for machines, rich tables for people."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

import click

from journal.i18n import CLI, current_language

_ = CLI.gettext


def local_time(stamp: str, english: str, *, seconds: bool = True) -> str:
    """A stored time for the reader (:func:`journal.service.words.local_time`, loaded when a time is shown)."""
    from journal.service.words import local_time as shown

    return shown(stamp, english, seconds=seconds)


def english_type(event_type: str, label: str) -> str:
    """An event's type beside its line: the stable identifier in English (scripts match it), its label otherwise."""
    return event_type if current_language() == "en" else label


def emit_json(value: Any) -> None:
    """Write one JSON document (UTF-8, not ASCII-escaped) and a newline to stdout."""
    import orjson

    sys.stdout.buffer.write(orjson.dumps(value) + b"\n")
    sys.stdout.flush()


def table(title: str | None, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Print a table for people (rich), wide enough for the terminal, plain when not a terminal."""
    from rich.console import Console
    from rich.table import Table

    grid = Table(title=title, show_edge=False, header_style="bold")
    for header in headers:
        grid.add_column(header)
    for row in rows:
        grid.add_row(*("" if cell is None else str(cell) for cell in row))
    # Cells are names people typed: printed as they are, never read as rich markup ("[/]") or emoji codes (":x:").
    console = Console(soft_wrap=True, markup=False, emoji=False)
    if not console.is_terminal:  # piped: never wrap a row to fit 80 columns
        console = Console(soft_wrap=True, markup=False, emoji=False, width=max(console.width, 1000))
    console.print(grid)


def open_output(path: str, mode: str = "w") -> IO[Any]:
    """Open the file of ``-o/--output`` for writing; one ValidationFailed naming the option when it cannot be."""
    from journal.errors import ValidationFailed

    try:
        if "b" in mode:
            return open(path, mode)
        return open(path, mode, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise ValidationFailed(_("--output: cannot write '{path}': {reason}").format(
            path=path, reason=exc.strerror or type(exc).__name__)) from None


def line(text: str) -> None:
    """Print one line of a command's output on stdout."""
    click.echo(text)


def error_line(message: str) -> str:
    """``error: MESSAGE`` with the prefix in the current language (``Ошибка: ...``), on one line for stderr."""
    return _("error: {message}").format(message=message.replace("\r", " ").replace("\n", " "))


def warning_line(message: str) -> str:
    """``warning: MESSAGE`` (translated prefix), on one line for stderr: said after a result, not instead of it."""
    return _("warning: {message}").format(message=message.replace("\r", " ").replace("\n", " "))
