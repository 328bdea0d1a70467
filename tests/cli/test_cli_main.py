"""The ``journal`` group itself: lazily loaded commands, and the list it shows."""

from __future__ import annotations

import importlib

from click.testing import CliRunner

from cli.main import LAZY_COMMANDS, cli, system_commands


def test_every_lazy_command_is_the_command_its_module_declares() -> None:
    """Each name maps to a click command of that name, listed in its module's COMMANDS."""
    for name, target in LAZY_COMMANDS.items():
        module_name, attribute = target.split(":")
        module = importlib.import_module(module_name)
        command = getattr(module, attribute)
        assert command.name == name, target
        assert command in module.COMMANDS, target


def test_every_declared_command_is_reachable() -> None:
    """No module declares a command that the group does not list."""
    modules = {target.split(":")[0] for target in LAZY_COMMANDS.values()}
    declared = {c.name for m in modules for c in importlib.import_module(m).COMMANDS}
    assert declared == set(LAZY_COMMANDS)


def test_each_system_brings_its_group_and_its_queries() -> None:
    """The descriptors add each system's verb group and its own queries, and nothing else."""
    assert system_commands() == {
        "dichotomy": "journal.systems.dichotomy.cli:group", "stone-wheel": "journal.systems.stone_wheel.cli:group", "vpt": "journal.systems.vpt.cli:group",
        "wield": "journal.systems.wield.cli:group", "bonds": "journal.systems.vpt.cli.queries:bonds_command", "debts": "journal.systems.wield.cli.queries:debts_command",
        "control": "journal.systems.wield.cli.queries:control_command",
        "coin": "coin_system.cli:group", "coins": "coin_system.cli:coins_command"}


def test_help_lists_every_command() -> None:
    """`journal --help` names each command."""
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    listed = {line.split()[0] for line in result.output.split("Commands:")[1].splitlines() if line.strip()}
    assert listed == set(LAZY_COMMANDS) | set(system_commands())
