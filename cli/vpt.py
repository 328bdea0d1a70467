"""``journal vpt ...``: the table verbs of the vpt rule system."""

from __future__ import annotations

import click


@click.group("vpt")
def group() -> None:
    """Record what happens at a vpt table."""


COMMANDS = [group]
