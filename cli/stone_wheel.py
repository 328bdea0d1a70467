"""``journal stone-wheel ...``: the table verbs of the stone-wheel rule system."""

from __future__ import annotations

import click


@click.group("stone-wheel")
def group() -> None:
    """Record what happens at a stone-wheel table."""


COMMANDS = [group]
