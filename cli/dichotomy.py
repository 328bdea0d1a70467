"""``journal dichotomy ...``: the table verbs of the dichotomy rule system."""

from __future__ import annotations

import click


@click.group("dichotomy")
def group() -> None:
    """Record what happens at a dichotomy table."""


COMMANDS = [group]
