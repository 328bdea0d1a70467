"""Printing helpers shared by the commands: JSON lines for machines, rich tables for people."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

import click


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
    console = Console(soft_wrap=True)
    if not console.is_terminal:  # piped: never wrap a row to fit 80 columns
        console = Console(soft_wrap=True, width=max(console.width, 1000))
    console.print(grid)


def line(text: str) -> None:
    click.echo(text)
