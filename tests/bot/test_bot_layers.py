"""The bot's own layering: no import circle among bot modules, and the
service's parts import only the parts below them (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import pathlib

from tests.import_graph import circle
from tests.import_graph import graph as package_graph

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The service's parts, bottom first: each may import only those before it
# (whole module names, so tools/move_bot.py carries them with the files).
PARTS = [
    "bot.tables.core",
    "bot.tables.people",
    "bot.tables.screens",
    "bot.tables.timers",
    "bot.tables.lifecycle",
    "bot.tables.moves",
    "bot.tables.turns",
    "bot.tables.lobby",
    "bot.tables.chats",
    "bot.tables.recovery",
    "bot.tables.service",
]


def graph() -> dict[str, set[str]]:
    """The bot modules each bot module imports when it runs (not under TYPE_CHECKING)."""
    return package_graph("bot", type_checking=False)


def test_no_import_circle_among_bot_modules():
    g = graph()
    assert PARTS[-1] in g and "bot.handlers.play" in g and g["bot.tables.moves"]
    found = circle(g)
    assert found is None, "import circle: " + " → ".join(found or [])


def test_the_circle_finder_finds_one():
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_each_part_imports_only_the_parts_below_it():
    g = graph()
    for i, part in enumerate(PARTS):
        path = ROOT / (part.replace(".", "/") + ".py")
        assert not g[part] & set(PARTS[i + 1:]), f"{path.relative_to(ROOT)} imports a part above it"
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 300, f"{path.relative_to(ROOT)} has {lines} lines"
