"""Imports flow one way (events <- store <- projections <- service <- cli): no module reaches up."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Each layer, and the project modules it must not import.
FORBIDDEN = {
    "journal/events": ("journal.store", "journal.service", "projections", "cli", "journal.systems"),
    "journal/store": ("journal.service", "projections", "cli", "web", "journal.systems", "journal.events.payload"),
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


#: The one module of journal.systems every layer may read: the registry of descriptors (a leaf itself).
REGISTRY = "journal.systems.registry"


def _violations(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in _imports(path):
            if name == REGISTRY:
                continue
            if any(name == bad or name.startswith(bad + ".") for bad in forbidden):
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


def test_events_import_nothing_above_them() -> None:
    """journal.events is the leaf: it imports no store, projection, service, system or CLI module."""
    assert _violations("journal/events", FORBIDDEN["journal/events"]) == []


def test_the_store_knows_no_game_and_no_layer_above() -> None:
    """journal.store imports neither the systems nor projections, service, CLI or web: the write path never climbs
    back up."""
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


def test_the_registry_imports_no_layer() -> None:
    """journal/systems/registry.py, read by every layer, imports only the errors module (and, to add an installed
    system's own catalogue, the languages' leaf module)."""
    imported = {name for name in _imports(ROOT / "journal/systems/registry.py") if name.startswith(("journal", "projections",
                                                                                                 "cli", "web"))}
    assert imported == {"journal.errors", "journal.i18n", "journal.systems"}


def _system_folders() -> dict[str, tuple[set[Path], set[str]]]:
    """Each registered system: the files that are its own (its folders), and the words that name it."""
    from journal.systems.registry import descriptors

    found = {}
    for descriptor in descriptors():
        package = descriptor.package.rsplit(".", 1)[-1]  # a package of its own (coin_system) is one word
        own = set((ROOT / "journal/systems" / package).rglob("*"))
        for fold in descriptor.folds:
            own |= set((ROOT / Path(*fold.module.split(".")[:-1])).rglob("*"))
        for reference in [descriptor.cli or "", *descriptor.cli_queries.values()]:
            if reference:
                own.add(ROOT / (reference.split(":")[0].replace(".", "/") + ".py"))
        found[descriptor.name] = (own, {descriptor.name, package})
    return found


def _names_a_system(text: str, words: set[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) for word in words)


def test_no_module_outside_a_systems_folders_names_that_system() -> None:
    """The store, engine, service, CLI and web iterate over the descriptors: only a system's folders name it.

    A name is the system's name or its package's (``stone-wheel``, ``stone_wheel``) as a word of code or a
    string (``"wield.sheet"``, ``systems.vpt``); people's prose ("Wield", "a wielder") does not count.
    """
    folders = _system_folders()
    sources = [p for top in ("journal", "projections", "cli", "web") for p in (ROOT / top).rglob("*")
               if p.suffix in (".py", ".js", ".html")]
    found = []
    for path in sorted(sources):
        text = path.read_text(encoding="utf-8")
        for system, (own, words) in folders.items():
            if path not in own and _names_a_system(text, words):
                found.append(f"{path.relative_to(ROOT)} names {system}")
    assert found == []


def test_the_service_imports_no_systems_commands() -> None:
    """journal/service/ reaches the systems only through the registry (no import cycle through a system)."""
    found = [f"{path.relative_to(ROOT)} imports {name}"
             for path in sorted((ROOT / "journal/service").rglob("*.py"))
             for name in _imports(path) if name.startswith("journal.systems.") and name != REGISTRY]
    assert found == []


def test_the_service_leaves_the_stores_connection_state_alone() -> None:
    """What a write keeps on its connection (``conn.info``: the heads to witness, what runs after the commit) is the
    store's: the service reads and writes none of it, and group commit is one call of the store."""
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "journal" / "service").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "info" and isinstance(node.value, ast.Name)
        and node.value.id in ("conn", "connection", "held")
    ]
    assert found == []
