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


def named_bot_modules(path: pathlib.Path) -> list[str]:
    """Bot modules a file names in a string ("bot.presenters.x"): an import
    in disguise, the engine knowing the bot's layout."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.split(".")[0] == "bot" and "." in node.value]


def test_games_never_name_a_bot_module():
    """The bot finds a game's presenter by the game's package; the game does
    not say where the bot keeps it."""
    offenders = [f"{path.relative_to(ROOT)}: {name}" for path in (ROOT / "games").rglob("*.py")
                 for name in named_bot_modules(path)]
    assert offenders == []


def test_the_name_check_sees_a_named_module(tmp_path):
    f = tmp_path / "x.py"
    f.write_text('PARTS = dict(presenter="bot.presenters.x")\n"""A docstring. Not bot. Ok."""\n')
    assert named_bot_modules(f) == ["bot.presenters.x"]


def test_checker_sees_imports(tmp_path):
    # The check above must be able to fail: it parses real import statements.
    f = tmp_path / "x.py"
    f.write_text("import os\nfrom aiogram.types import Message\n")
    assert "aiogram.types" in imported_modules(f)


# Presenters see the engine only through games.base, what views and events
# carry, and the names a game package declares public in its `__init__`
# (`__all__`); the shared plumbing (`__init__.py` finds presenters through the
# registry, `base.py` replays records, `catalog.py` lists the games offered and
# checks each one's computer player) may also use those game-agnostic modules.
PRESENTER_GAMES_IMPORTS = {"games.base"}
PLUMBING_GAMES_IMPORTS = {"games.base", "games.records", "games.registry", "games.players"}
PLUMBING = {"__init__.py", "base.py", "catalog.py"}


def declared_public(package_init: pathlib.Path) -> set[str]:
    """The names in a package's `__all__` (read from its source, not imported)."""
    for node in ast.parse(package_init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return set(ast.literal_eval(node.value))
    return set()


def presenter_import_violations(presenters: pathlib.Path, games: pathlib.Path) -> list[str]:
    bad = []
    for path in sorted(presenters.glob("*.py")):
        allowed = PLUMBING_GAMES_IMPORTS if path.name in PLUMBING else PRESENTER_GAMES_IMPORTS
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                pairs = [(a.name, None) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                pairs = [(node.module, a.name) for a in node.names]
            else:
                continue
            for module, name in pairs:
                if module != "games" and not module.startswith("games."):
                    continue
                if module == "games" and name is not None:
                    module, name = f"games.{name}", None  # from games import base
                if module in allowed:
                    continue
                init = games.parent / module.replace(".", "/") / "__init__.py"
                if module.count(".") == 1 and init.exists() and name in declared_public(init):
                    continue  # a game package's declared public name
                shown = module if name is None else f"{module}.{name}"
                bad.append(f"{path.name} imports {shown}")
    return bad


def test_presenters_import_only_games_base_and_declared_public_names():
    assert presenter_import_violations(ROOT / "bot" / "presenters", ROOT / "games") == []


def test_presenter_check_sees_engine_internals(tmp_path):
    # It can fail: engine modules, undeclared names and whole packages are caught.
    (tmp_path / "mygame.py").write_text(
        "from games.base import Move\n"
        "from games.paoyao import play_of\n"
        "from games.paoyao.combos import classify\n"
        "from games.paoyao import PaoyaoGame\n"
        "import games.xianniu.shapes\n"
        "from games import records\n"
    )
    (tmp_path / "base.py").write_text(
        "from games import records\nfrom games.dingniu import tiles\n"
    )
    assert presenter_import_violations(tmp_path, ROOT / "games") == [
        "base.py imports games.dingniu.tiles",
        "mygame.py imports games.paoyao.combos.classify",
        "mygame.py imports games.paoyao.PaoyaoGame",
        "mygame.py imports games.xianniu.shapes",
        "mygame.py imports games.records",
    ]
