"""games/ and storage/ stay free of the transport layer (DESIGN.md)."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_games_and_storage_never_import_aiogram_or_bot():
    offenders = []
    for package in ("games", "storage"):
        for path in (ROOT / package).rglob("*.py"):
            for mod in imported_modules(path):
                top = mod.split(".")[0]
                if top in ("aiogram", "bot", "apscheduler"):
                    offenders.append(f"{path.relative_to(ROOT)} imports {mod}")
    assert offenders == []


def test_checker_sees_imports(tmp_path):
    # The check above must be able to fail: it parses real import statements.
    f = tmp_path / "x.py"
    f.write_text("import os\nfrom aiogram.types import Message\n")
    assert "aiogram.types" in imported_modules(f)
