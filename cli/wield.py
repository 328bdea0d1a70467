"""``journal wield ...``: the table verbs of the wield rule system."""

from __future__ import annotations

import click


@click.group("wield")
def group() -> None:
    """Record what happens at a wield table."""


COMMANDS = [group]
