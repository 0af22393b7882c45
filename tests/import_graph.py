"""The import graph of a package, read from its source with ast (nothing is
imported), and a finder of circles in it: the layering tests of games/
(tests/games/test_imports.py) and bot/ (tests/bot/test_bot_layers.py)."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: pathlib.Path, *, type_checking: bool,
            root: pathlib.Path = ROOT) -> set[tuple[str, str | None]]:
    """Every import statement of `path`, anywhere in the file (a late import
    inside a function counts), as (module, name) for `from module import name`
    and (module, None) for `import module`. `type_checking`: count the imports
    under `if TYPE_CHECKING:` too (a circle of types is still two modules
    that each need the other)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path, root)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[tuple[str, str | None]] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if (not type_checking and isinstance(child, ast.If)
                    and "TYPE_CHECKING" in ast.unparse(child.test)):
                continue
            if isinstance(child, ast.Import):
                found.update((a.name, None) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                module = child.module or ""
                if child.level:  # from . import x, from ..y import z
                    up = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join(up + ([module] if module else []))
                found.update((module, a.name) for a in child.names)
            visit(child)

    visit(tree)
    return found


def graph(package: str, *, type_checking: bool, root: pathlib.Path = ROOT) -> dict[str, set[str]]:
    """Module → the modules of the same package it imports: `from p import m`
    imports the module p.m when there is one (p's `__init__` runs for any
    module of p, so that is no edge to p), else the name m of p."""
    modules = {module_name(p, root): p for p in (root / package).rglob("*.py")}
    g: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for module, item in imports(path, type_checking=type_checking, root=root):
            target = f"{module}.{item}" if f"{module}.{item}" in modules else module
            if target in modules and target != name:
                edges.add(target)
        g[name] = edges
    return g


def circle(g: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, or None."""
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for nxt in sorted(g.get(node, ())):
            if (found := walk(nxt, path + [node])) is not None:
                return found
        done.add(node)
        return None

    for name in sorted(g):
        if (found := walk(name, [])) is not None:
            return found
    return None
