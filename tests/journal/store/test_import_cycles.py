"""No import circle inside journal/store/: the modules form a tree of dependencies, so each can be read (and
loaded) after the ones it names.

Every import statement counts, at module level and inside functions alike (a function-level import that closes a
circle is a circle all the same: it only hides it until the function runs), relative ones resolved.  Only the
imports under ``if TYPE_CHECKING:`` are left out: they are never executed, and name a type for mypy alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

STORE = Path(__file__).resolve().parents[3] / "journal" / "store"


def _module(path: Path) -> str:
    return "journal.store" if path.name == "__init__.py" else f"journal.store.{path.stem}"


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(tree: ast.AST, here: str) -> set[str]:
    """The journal.store modules ``tree`` (module ``here``) imports, anywhere but under ``if TYPE_CHECKING``."""
    found: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = here.split(".")[: len(here.split(".")) - node.level + (here == "journal.store")]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # ``from journal.store import keys``
        todo.extend(ast.iter_child_nodes(node))
    return found


def _graph() -> dict[str, set[str]]:
    paths = sorted(STORE.glob("*.py"))
    modules = {_module(path) for path in paths}
    return {_module(path): {name for name in _imported(ast.parse(path.read_text(encoding="utf-8")), _module(path))
                            if name in modules and name != _module(path)} for path in paths}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle found by a depth-first walk, each as the modules along it (the first repeated at the end)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for name in sorted(graph[module]):
            if state.get(name) == 1:
                found.append([*path[path.index(name):], name])
            elif name not in state:
                walk(name)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)
    return found


def test_the_store_has_no_import_circle() -> None:
    """No module of journal/store/ imports, however indirectly, a module that imports it back (the package's
    ``__init__`` left out: it only names the public face, and imports it)."""
    graph = {module: names - {"journal.store"} for module, names in _graph().items() if module != "journal.store"}
    assert [" -> ".join(cycle) for cycle in _cycles(graph)] == []


def test_the_walk_sees_a_function_level_import() -> None:
    """The check itself: an import inside a function is an edge (keys.py names the engine only there)."""
    assert "journal.store.engine" in _graph()["journal.store.keys"]


def test_the_walk_finds_a_circle() -> None:
    """The check itself: a circle of three is reported, with its modules in order."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_urls_import_nothing_of_the_store() -> None:
    """journal/store/urls.py is a leaf: any module (the CLI too) names a database without loading the store."""
    assert _graph()["journal.store.urls"] == set()


def test_the_engine_imports_none_of_the_parts_a_store_is_assembled_from() -> None:
    """The engine (the low-level helpers) imports neither the event store, the keys, the receipts nor the
    migrations: a store is assembled in journal/store/opening.py alone."""
    assert _graph()["journal.store.engine"] <= {"journal.store.tables", "journal.store.urls"}
