"""The bot's own layering: no import circle among bot modules, and the
service's parts import only the parts below them (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
# The service's parts, bottom first: each may import only those before it.
PARTS = ["core", "people", "screens", "timers", "lifecycle", "moves", "turns", "lobby",
         "chats", "recovery", "service"]


def module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: pathlib.Path) -> set[str]:
    """The bot modules `path` imports when it runs (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.add(child.module)
                found.update(f"{child.module}.{a.name}" for a in child.names)
            visit(child)

    visit(tree)
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in BOT.rglob("*.py")}
    return {name: {m for m in imports(path) if m in modules and m != name}
            for name, path in modules.items()}


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


def test_no_import_circle_among_bot_modules():
    g = graph()
    assert "bot.service" in g and "bot.handlers.play" in g and g["bot.moves"]
    found = circle(g)
    assert found is None, "import circle: " + " → ".join(found or [])


def test_the_circle_finder_finds_one():
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_each_part_imports_only_the_parts_below_it():
    g = graph()
    for i, part in enumerate(PARTS):
        above = {f"bot.{p}" for p in PARTS[i + 1:]}
        assert not g[f"bot.{part}"] & above, f"bot/{part}.py imports a part above it"
        lines = len((BOT / f"{part}.py").read_text(encoding="utf-8").splitlines())
        assert lines <= 300, f"bot/{part}.py has {lines} lines"
