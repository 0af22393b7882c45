"""docs/ARCHITECTURE.md names every file of bot/, storage/ and games/, and
every `file.py:function` it names exists.

A file is named by a name in backticks: its path from the repository root
(`storage/ledger.py`), or its path below a folder that the section's heading
names in backticks (under "### `bot/tables/`", `core.py`). A file that every
game package has may be named once for all of them with `<name>` for the
game's package (`games/<name>/views.py`); a file that only some games have is
named for each. `path.py:name` (`handlers/play.py:on_move`, from the root or
from bot/) names a function, class or constant of that file, or a method as
`Class.method`: it must exist."""

from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"
TREES = ("bot", "storage", "games")
TICKED = re.compile(r"`([^`\n]+)`")
PLACE = re.compile(r"^(?P<path>[\w/<>.-]+\.py):(?P<name>[A-Za-z_][\w.]*)$")


def code_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for tree in TREES
                  for p in (ROOT / tree).rglob("*.py") if "__pycache__" not in p.parts)


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))


def sections(text: str) -> list[tuple[list[str], list[str]]]:
    """(the folders a heading names, the names in backticks below it) per section."""
    found: list[tuple[list[str], list[str]]] = [([], [])]
    for line in text.splitlines():
        if line.startswith("#"):
            found.append(([t for t in TICKED.findall(line) if t.endswith("/")], []))
        found[-1][1].extend(TICKED.findall(line))
    return found


def named(text: str, games: list[str]) -> set[str]:
    """Every file path the text names (patterns expanded for the files every
    game package has)."""
    paths: set[str] = set()
    for folders, names in sections(text):
        for name in names:
            name = name.split(":")[0]
            paths.add(name)
            paths.update(folder + name for folder in folders)
    every = {p for p in paths if "<name>" in p}
    for pattern in every:
        expanded = [pattern.replace("<name>", g) for g in games]
        if all((ROOT / p).is_file() for p in expanded):
            paths.update(expanded)
    return paths


def unnamed(text: str) -> list[str]:
    names = named(text, game_packages())
    return [f for f in code_files() if f not in names]


def defined(path: pathlib.Path, name: str) -> bool:
    """`name` (or `Class.member`) is defined at the top of the file."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    for part in name.split("."):
        found = None
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name == part:
                    found = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                    found = node
        if found is None:
            return False
        body = getattr(found, "body", [])
    return True


def wrong_places(text: str) -> list[str]:
    bad = []
    for token in sorted(set(TICKED.findall(text))):
        m = PLACE.match(token)
        if m is None or "<" in token:
            continue
        files = [ROOT / m["path"], ROOT / "bot" / m["path"]]
        path = next((f for f in files if f.is_file()), None)
        if path is None:
            bad.append(f"{token}: no such file")
        elif not defined(path, m["name"]):
            bad.append(f"{token}: {path.relative_to(ROOT)} defines no {m['name']}")
    return bad


def test_architecture_names_every_file():
    missing = unnamed(DOC.read_text(encoding="utf-8"))
    assert missing == [], "docs/ARCHITECTURE.md does not name: " + ", ".join(missing)


def test_every_place_named_in_architecture_exists():
    assert wrong_places(DOC.read_text(encoding="utf-8")) == []


def test_the_checks_can_fail():
    text = ("## `bot/tables/`\n`core.py`, `games/<name>/views.py`, `games/<name>/hu.py`\n"
            "# Elsewhere\n`people.py` `tables/moves.py:Moves.move` `tables/moves.py:Moves.nope`"
            " `nowhere.py:f` `app.py:App.stop`\n")
    names = named(text, game_packages())
    assert "bot/tables/core.py" in names and "bot/tables/people.py" not in names
    assert "games/dingniu/views.py" in names
    assert "games/changpai/hu.py" not in names  # only 川牌 has one: named alone or not at all
    assert wrong_places(text) == ["nowhere.py:f: no such file",
                                  "tables/moves.py:Moves.nope: bot/tables/moves.py defines no "
                                  "Moves.nope"]
