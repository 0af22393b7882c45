"""The bot's own layering (docs/ARCHITECTURE.md): which part of bot/ may
import which, no import circle among bot modules, and the service's parts
import only the parts below them."""

from __future__ import annotations

import pathlib

from tests.import_graph import circle
from tests.import_graph import graph as package_graph

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The parts of bot/, bottom first, and which parts each may import: only parts
# before it, so no import runs back up and no two parts need each other. The
# table is the drawing of today's bot: every import between two parts is in it,
# and every permission in it is used. "base" is bot/'s top-level modules (BASE);
# "app" is bot/app.py, the composition root; every other part is a sub-package.
MAY_IMPORT: dict[str, set[str]] = {
    "base": set(),
    "telegram": set(),
    "presenters": {"base"},
    "pictures": {"presenters"},
    "words": {"base", "telegram", "presenters", "pictures"},
    "tables": {"base", "telegram", "presenters", "pictures", "words"},
    "scores": {"base", "telegram", "presenters", "pictures", "words", "tables"},
    "handlers": {"base", "telegram", "words", "tables", "scores"},
    "app": {"base", "telegram", "presenters", "tables", "scores", "handlers"},
    "sandbox": {"base", "telegram", "app"},
    "gallery": {"base", "telegram", "presenters", "pictures", "words", "app", "sandbox"},
    "cli": {"base", "presenters", "pictures", "words", "tables", "app", "sandbox"},
}
# bot/'s top-level modules besides app.py: what every part may stand on.
BASE = {"__init__", "i18n", "config", "logs", "connect", "heartbeat", "sitting"}
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


def part_of(module: str) -> str:
    """bot.tables.core → "tables"; bot.i18n → "base"; bot.app → "app"."""
    name = module.split(".")[1] if "." in module else "__init__"
    if module == "bot.app":
        return "app"
    if (ROOT / "bot" / f"{name}.py").exists() or name == "__init__":
        return "base" if name in BASE else f"bot/{name}.py (in no part)"
    return name


def part_imports() -> dict[tuple[str, str], list[str]]:
    """(part, part it imports) → the module imports that make it; type-only
    imports count (a circle of types is still two parts that need each other)."""
    found: dict[tuple[str, str], list[str]] = {}
    for module, targets in package_graph("bot", type_checking=True).items():
        for target in sorted(targets):
            pair = (part_of(module), part_of(target))
            if pair[0] != pair[1]:
                found.setdefault(pair, []).append(f"{module} → {target}")
    return found


def test_every_module_of_bot_is_in_a_part():
    parts = {part_of(m) for m in package_graph("bot", type_checking=True)}
    assert parts - set(MAY_IMPORT) == set(), "add it to BASE or move it into a part"
    assert set(MAY_IMPORT) - parts == set()


def forbidden(found: dict[tuple[str, str], list[str]]) -> list[str]:
    return [f"{a} may not import {b}: {', '.join(why)}" for (a, b), why in sorted(found.items())
            if b not in MAY_IMPORT.get(a, set())]


def test_parts_import_only_what_the_table_allows():
    assert forbidden(part_imports()) == []


def test_every_permission_of_the_table_is_used():
    found = part_imports()
    unused = [f"{a} → {b}" for a, allowed in MAY_IMPORT.items() for b in sorted(allowed)
              if (a, b) not in found]
    assert unused == [], "the table allows more than the code does: take these out"


def test_the_table_runs_one_way():
    order = list(MAY_IMPORT)
    back = [f"{a} → {b}" for a, allowed in MAY_IMPORT.items() for b in allowed
            if order.index(b) >= order.index(a)]
    assert back == []
    assert circle(MAY_IMPORT) is None


def test_the_part_check_sees_a_wrong_import():
    """A late import from words/ back up into tables/ is refused."""
    assert part_of("bot.words.render") == "words" and part_of("bot.tables.core") == "tables"
    assert part_of("bot.i18n") == "base" and part_of("bot") == "base"
    assert part_of("bot.sandbox.fake.world") == "sandbox"
    found = {("words", "tables"): ["bot.words.render → bot.tables.core"]}
    assert forbidden(found) == ["words may not import tables: bot.words.render → bot.tables.core"]


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
