"""Imports flow one way (events <- store <- projections <- service <- cli): no module reaches up."""

from __future__ import annotations

import ast
import functools
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


def test_a_systems_folds_are_pure_like_the_shared_ones() -> None:
    """journal/systems/<system>/folds/ imports neither the store, the service, the CLI nor the web."""
    found = [f"{path.relative_to(ROOT)} imports {name}"
             for path in sorted(ROOT.glob("journal/systems/*/folds/*.py")) for name in _imports(path)
             if name.startswith(("journal.store", "journal.service", "cli", "web"))]
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
    imported = {name for name in _imports(ROOT / "journal/systems/registry.py")
                if name.split(".")[0] in ("journal", "projections", "cli", "web")}
    assert imported == {"journal.errors", "journal.i18n", "journal.systems"}


#: Where a system may be named: its own package.  Tests, the benchmarks and the docs may name any system; examples/
#: holds systems in packages of their own (the coin game), each naming only itself.
EXEMPT = ("tests", "bench", "docs", "examples")
#: Files that still name a system, each waiting for its generalisation (issue 22).  Remove an entry when the file
#: stops naming one; the test fails on an entry that no longer names any (so the list cannot go stale).
NOT_YET: dict[str, str] = {}
#: Words a system's payloads use that the core also uses for its own concepts (a session's number, an event's
#: version, a bond's change): they do not name a system.  A system's distinctive words (geis, vatcha, motive) are
#: not here.
CORE_WORDS = frozenset({
    "answer", "attributes", "block", "bond", "bonds", "bonus", "broken", "carry", "change", "check", "checks",
    "connection", "critical", "current", "degree", "dice", "domain", "end", "item", "kind", "level", "limit",
    "master", "method", "minutes", "new", "number", "old", "order", "other", "parameters", "points", "pool",
    "previous", "purpose", "response", "result", "results", "search", "since", "status", "success", "title",
    "version", "what",
})


def _sources() -> list[Path]:
    """Every Python module, page script and template of the repository, less the exempt folders."""
    skip = {ROOT / top for top in EXEMPT} | {p for p in ROOT.iterdir() if p.name.startswith(".")
                                            or p.name.endswith(".egg-info") or p.name in ("build", "dist")}
    found: list[Path] = []
    for top in sorted(ROOT.iterdir()):
        if top in skip:
            continue
        if top.is_file():
            found += [top] if top.suffix in (".py", ".js", ".html") else []
            continue
        found += [path for path in top.rglob("*") if path.suffix in (".py", ".js", ".html")]
    return sorted(found)


def _vocabulary(descriptor: object) -> tuple[Path, set[str], set[str]]:
    """A system's package folder, the words that name it anywhere (its name and its package's: ``stone-wheel``,
    ``stone_wheel``; so its event types ``wield.chance_rolled`` and its imports), and the identifiers it declares,
    which name it as a key, a property or a path (``"vatcha"``, ``row.geis``, ``/api/debts``): its queries, its
    sheets' keys, its bonds, and the fields of its payloads no other system and no core concept uses."""
    import importlib

    from journal.events.payload import Payload
    from journal.systems.registry import SystemDescriptor

    assert isinstance(descriptor, SystemDescriptor)
    package = descriptor.package.rsplit(".", 1)[-1]  # an installed system's own package (coin_system) is one word
    folder = Path(str(importlib.import_module(descriptor.package).__file__)).parent
    for module in descriptor.payloads:
        importlib.import_module(module)
    fields: set[str] = set()
    stack = list(Payload.__subclasses__())
    while stack:
        model = stack.pop()
        stack += model.__subclasses__()
        if model.__module__.startswith(descriptor.package + "."):
            fields |= set(model.model_fields)
    identifiers = (set(descriptor.queries) | {s.key for s in descriptor.sheets if s.key != "characters"}
                   | {tick[0] for tick in (descriptor.bonds.ticks.values() if descriptor.bonds else ())} | fields)
    return folder, {descriptor.name, package}, identifiers - CORE_WORDS


def _vocabularies() -> dict[str, tuple[Path, set[str], set[str]]]:
    import importlib
    import pkgutil

    import journal.events
    from journal.events.payload import Payload
    from journal.systems.registry import descriptors

    for module in pkgutil.iter_modules(journal.events.__path__):
        importlib.import_module(f"journal.events.{module.name}")
    declared = {d.name: _vocabulary(d) for d in descriptors()}
    shared: set[str] = set()
    stack = list(Payload.__subclasses__())
    while stack:
        model = stack.pop()
        stack += model.__subclasses__()
        if not model.__module__.startswith("journal.systems."):
            shared |= set(model.model_fields)
    return {name: (folder, words, identifiers - shared
                   - set().union(*(ids for other, (_f, _w, ids) in declared.items() if other != name)))
            for name, (folder, words, identifiers) in declared.items()}


def _names(text: str, words: set[str], identifiers: set[str]) -> list[str]:
    """What of ``words`` (as a word of code or a string) and ``identifiers`` (quoted, ``.property`` or ``/path``)
    ``text`` names; people's prose ("Wield", "a wielder") does not count."""
    word_pattern, identifier_pattern = _patterns(frozenset(words), frozenset(identifiers))
    said = sorted({m.group(1) for m in word_pattern.finditer(text)}) if words else []
    named = {next(g for g in m.groups() if g) for m in identifier_pattern.finditer(text)} if identifiers else set()
    return said + sorted(named)


@functools.cache
def _patterns(words: frozenset[str], identifiers: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One regular expression for the words and one for the identifiers (a file is read once, not once a name)."""
    alternatives = "|".join(re.escape(w) for w in sorted(identifiers, key=len, reverse=True)) or "(?!)"
    words_part = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!)"
    return (re.compile(rf"(?<![\w-])({words_part})(?![\w-])"),
            re.compile(rf"""(?:"({alternatives})"|'({alternatives})'|(?<=[\w)\]])\.({alternatives})\b"""
                       rf"""|/({alternatives})\b)"""))


@functools.cache
def _naming() -> dict[str, list[str]]:
    """Each file outside a system's package that names a system: what it names.  A system's package may use a field
    name another system also uses (``power``, ``round``); it may not name the other system nor import it."""
    vocabularies = _vocabularies()
    found: dict[str, list[str]] = {}
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        core = not path.is_relative_to(ROOT / "journal/systems") or path.parent == ROOT / "journal/systems"
        named = [f"{system}: {word}" for system, (folder, words, identifiers) in vocabularies.items()
                 if not path.is_relative_to(folder) for word in _names(text, words, identifiers if core else set())]
        if named:
            found[str(path.relative_to(ROOT))] = named
    return found


def test_no_file_outside_a_systems_package_names_that_system() -> None:
    """The store, engine, service, CLI, web, page and migrations iterate over the descriptors: only
    journal/systems/<system>/ names its system, its event types, its queries and its fields (NOT_YET: on the way)."""
    found = {path: named for path, named in _naming().items() if path not in NOT_YET}
    assert found == {}


def test_every_file_not_yet_generalised_still_names_a_system() -> None:
    """An entry of NOT_YET whose file names no system any more is stale: remove it."""
    assert sorted(set(NOT_YET) - set(_naming())) == []


def test_the_layering_test_sees_a_core_file_naming_a_system(tmp_path: Path) -> None:
    """The check fails on the kinds of names that leaked (a query's path, a field, an event type, an import)."""
    vocabularies = _vocabularies()
    _folder, words, identifiers = vocabularies["wield"]
    assert [_names(text, words, identifiers) for text in (
        "fetch('/api/debts')", "row.vatcha_dice", "types=['wield.geis_offered']", "from journal.systems.wield import x",
        "the wielder's dice",
    )] == [["debts"], ["vatcha_dice"], ["wield"], ["wield"], []]


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
