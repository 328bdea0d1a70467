"""Imports flow one way (events <- store <- projections <- service <- cli): no module reaches up."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Each layer, and the project modules it must not import.
FORBIDDEN = {
    "journal/events": ("journal.store", "journal.service", "projections", "cli", "journal.systems"),
    "journal/store": ("journal.service", "projections", "cli", "journal.systems"),
    "journal/dice": ("journal.store", "journal.service", "projections", "cli"),
    "projections": ("journal.service", "cli"),
    "journal/service": ("cli",),
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _violations(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in _imports(path):
            if any(name == bad or name.startswith(bad + ".") for bad in forbidden):
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


def test_events_import_nothing_above_them() -> None:
    """journal.events is the leaf: it imports no store, projection, service, system or CLI module."""
    assert _violations("journal/events", FORBIDDEN["journal/events"]) == []


def test_the_store_knows_no_game_and_no_layer_above() -> None:
    """journal.store imports neither the systems nor projections, service or CLI."""
    assert _violations("journal/store", FORBIDDEN["journal/store"]) == []


def test_dice_are_pure() -> None:
    """journal.dice imports no store, projection, service or CLI module."""
    assert _violations("journal/dice", FORBIDDEN["journal/dice"]) == []


def test_projections_do_not_reach_the_service_or_cli() -> None:
    """Projections never import the service or the CLI."""
    assert _violations("projections", FORBIDDEN["projections"]) == []


def test_only_the_engine_and_points_of_projections_read_the_store() -> None:
    """Folds are pure: only projections/engine.py and projections/points.py import the store."""
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / "projections").rglob("*.py"))
        if path.name not in ("engine.py", "points.py")
        for name in _imports(path)
        if name == "journal.store" or name.startswith("journal.store.")
    ]
    assert found == []


def test_the_service_never_imports_the_cli() -> None:
    """The service is UI-agnostic."""
    assert _violations("journal/service", FORBIDDEN["journal/service"]) == []


def test_system_rules_and_events_do_not_import_projections_or_the_service() -> None:
    """Each system's events and rules stay pure (its commands may use the service and projections)."""
    found = []
    for system in sorted((ROOT / "journal/systems").iterdir()):
        for module in ("events.py", "rules.py"):
            path = system / module
            if path.exists():
                for name in _imports(path):
                    if name.startswith(("projections", "journal.service", "journal.store", "cli")):
                        found.append(f"{path.relative_to(ROOT)} imports {name}")
    assert found == []


def test_the_journal_and_projections_never_import_the_web_layer() -> None:
    """The HTTP server is a client like the CLI: nothing in journal/ or projections/ imports ``web``."""
    found = _violations("journal", ("web",)) + _violations("projections", ("web",))
    assert found == []


def test_the_web_layer_does_not_import_the_cli() -> None:
    """web/ and cli/ are two clients side by side: the web layer imports no CLI module."""
    assert _violations("web", ("cli",)) == []
