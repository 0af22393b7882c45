"""Move bot/'s flat modules into sub-packages, and every reference with them.

    python tools/move_bot.py            # move, rewrite, sort imports, ruff check
    python tools/move_bot.py --check    # the same, then mypy
    python tools/move_bot.py --dry-run  # say what would move; change nothing
    python tools/move_bot.py --references  # after the move: rewrite what a branch
                                           # written before it still names the old way

The move is a mapping {old file: new file} (MOVES below). The script is meant
to be run again on a newer main (other branches rename files in bot/ while
this move waits): a source file that does not exist is reported and skipped,
so a mapping may name a file under its old and its new name; a second run on
its own result changes nothing.

For each file that moves it
- `git mv`s it (creating the sub-package, whose `__init__.py` says what it
  holds: PACKAGES);
- keeps its logger's name: `logging.getLogger(__name__)` becomes the old
  dotted name written out (hosts filter their logs on "bot.service" and co.);
- rewrites every reference in the tracked files: `from bot import x`
  statements (split where their names now live in different packages),
  relative imports inside bot/, dotted names (`from bot.x import`, `import
  bot.x`, "bot.x.f" in mock targets and importlib names, `python -m bot.x`,
  pyproject's `bot.x:main`), file paths (`bot/x.py` in docs and comments, and
  `"bot" / "x.py"` as path parts, as hatch_build.py writes them);
- leaves logger names alone: "bot.service" itself (not in an import or after
  `-m`) is a logger name, not a module, in a .py file that uses it as one
  (`getLogger`, `LogRecord`, `logger=`) and in any other text where the code
  does;
- sorts the imports it changed (`ruff check --fix --select I`), makes a line
  that the longer names made too long fit (a comment or docstring line cut in
  two, a statement formatted alone by `ruff format`), and runs `ruff check .`
  (and mypy with --check).

Not installed with the bot: a tool of the repository, kept for the record and
for redoing the move (tests/test_move_bot.py runs it on a toy tree)."""

from __future__ import annotations

import argparse
import ast
import json
import pathlib
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping

ROOT = pathlib.Path(__file__).resolve().parents[1]

# Old file -> new file. Several old names may lead to one new file (a file
# renamed on main while this move waited): whichever exists moves.
MOVES: dict[str, str] = {
    # the table service: the parts that run the tables, and the service that builds them
    "bot/service.py": "bot/tables/service.py",
    "bot/core.py": "bot/tables/core.py",
    "bot/people.py": "bot/tables/people.py",
    "bot/screens.py": "bot/tables/screens.py",
    "bot/timers.py": "bot/tables/timers.py",
    "bot/lifecycle.py": "bot/tables/lifecycle.py",
    "bot/moves.py": "bot/tables/moves.py",
    "bot/turns.py": "bot/tables/turns.py",
    "bot/lobby.py": "bot/tables/lobby.py",
    "bot/chats.py": "bot/tables/chats.py",
    "bot/settings_flow.py": "bot/tables/settings_flow.py",
    "bot/chat_settings.py": "bot/tables/chat_settings.py",
    "bot/recovery.py": "bot/tables/recovery.py",
    "bot/computer.py": "bot/tables/computer.py",
    "bot/watchdog.py": "bot/tables/watchdog.py",
    # the words: whole messages and the texts around the tables
    "bot/render.py": "bot/words/render.py",
    "bot/house_rules.py": "bot/words/house_rules.py",
    "bot/rules_text.py": "bot/words/rules_text.py",
    "bot/scores_text.py": "bot/words/scores_text.py",
    "bot/tally_text.py": "bot/words/tally_text.py",
    # the games the bot offers, found with their presenters
    "bot/catalog.py": "bot/presenters/catalog.py",
    # the Telegram side below everything: messages out, buttons' data
    "bot/outbox.py": "bot/telegram/outbox.py",
    "bot/overall.py": "bot/telegram/overall.py",
    "bot/callbacks.py": "bot/telegram/callbacks.py",
    "bot/response_types.py": "bot/telegram/response_types.py",
    # scores, the tally's settling up and the weekly post
    "bot/scores.py": "bot/scores/service.py",
    "bot/settling.py": "bot/scores/settling.py",
    "bot/weekly.py": "bot/scores/weekly.py",
    # updates in: the routers, their middlewares and the table of commands
    "bot/middlewares.py": "bot/handlers/middlewares.py",
    "bot/commands.py": "bot/handlers/commands.py",
    # the `paiju` command line
    "bot/cli.py": "bot/cli/main.py",
    "bot/terminal.py": "bot/cli/terminal.py",
}

# Files that stay at bot/'s top level (everything else there is reported).
STAYS = {"bot/__init__.py", "bot/app.py", "bot/settings.py", "bot/config.py", "bot/i18n.py",
         "bot/logs.py", "bot/connect.py", "bot/heartbeat.py", "bot/sitting.py"}

# What each package holds: its __init__.py's docstring (written each run).
PACKAGES: dict[str, str] = {
    "bot": """\
The Telegram bot (aiogram 3) and the `paiju` command line.

Bottom up, each part importing only those below it (tests/bot/test_bot_layers.py):
the modules here (i18n, the process's config, logs, connect, heartbeat and
the sitting), telegram/ (messages out, buttons' data), presenters/ (a game's
words), pictures/, words/ (whole messages), tables/ (the service that runs
the tables), scores/, handlers/ (updates in), app.py (the composition root),
sandbox/, gallery/ and cli/. docs/ARCHITECTURE.md names every file.""",
    "bot/tables": """\
The table service: the parts that run the tables, one job per file, and
`service.py`, which builds them in order (each part gets only the parts
below it: core, people, screens, timers, lifecycle, moves, turns, lobby,
chats, recovery). Besides them a chat's settings (`chat_settings.py`) and
the /settings flow that `chats.py` runs (`settings_flow.py`: the pages and
what a press changes), the computer players' side in the bot
(`computer.py`) and the stuck-table watchdog (`watchdog.py`). Handlers call
in here; the parts write through storage/, say things through words/ and
send through telegram/'s outbox.""",
    "bot/words": """\
The bot's words, whole: a message's frame around its presenter's body
(`render.py`), the house rules in players' words, /rules, and the texts of
the scores and the tally. Plain functions from data to text and buttons:
nothing here sends, stores or holds a sitting's lock.""",
    "bot/telegram": """\
The Telegram side every part may use: the outbox (every message out, within
Telegram's limits, and who goes next under the overall one), the callback
data of every button, and aiogram's response types kept alive. It knows
Telegram and nothing of the games; updates come in at the other end, in
handlers/.""",
    "bot/scores": """\
Scores over the tables: /score, /top, /history, /replay and /stats answered
from the ledger (`service.py`), settling up a game's tally, and the weekly
post. Their texts are in words/.""",
    "bot/handlers": """\
Updates in: one router per feature, in the style of aiogram's multi-file
example (examples/multi_file_bot), the outer middlewares, and the table of
commands (`commands.py`: the menus, /help, each router's commands).
`bot/app.py` includes the routers in `routers()`'s order. A Router can join
only one Dispatcher, so each module builds a fresh one per App (`router()`).
Every handler is one call into the service, answered with what it returns
(`common.say` for a command, `common.answer` for a press, exactly once).""",
    "bot/presenters": """\
Per-game presenters, and the catalog of the games the bot offers. The bot
side of a game is one module here, named after the game's package: the games
of `games/xianniu` are drawn by `bot/presenters/xianniu.py`, whose
`PRESENTERS` maps each of the package's game ids to its Presenter. The
engines never name the bot's modules; the bot finds a game's presenter from
the game's id through the registry (`catalog.py`: every game, its engine,
computer player and presenter).""",
    "bot/cli": """\
The `paiju` command line (`main.py`: run, play, replay, simulate, sandbox,
healthcheck, db …) and offline play in a terminal (`terminal.py`).""",
}

# Tracked files the rewrite leaves alone: this script and its test name the old paths.
SKIP = {"tools/move_bot.py", "tests/test_move_bot.py"}
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".yaml", ".yml", ".po",
                 ".pot", ".json", ".sh", ".js", ".html", ".css", ""}


def dotted(path: str) -> str:
    p = path.removesuffix(".py").removesuffix("/__init__")
    return p.replace("/", ".")


def git(*args: str, root: pathlib.Path) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                          text=True).stdout


def plan(moves: Mapping[str, str], root: pathlib.Path) -> tuple[dict[str, str], list[str]]:
    """The moves to make now, and a line for each one that is not made."""
    todo, said = {}, []
    for old, new in moves.items():
        if (root / old).is_file():
            if (root / new).exists():
                said.append(f"both {old} and {new} exist: not moved")
            else:
                todo[old] = new
        elif (root / new).is_file():
            said.append(f"{old}: already at {new}")
        else:
            said.append(f"{old}: no such file, skipped")
    return todo, said


def unplaced(moves: Mapping[str, str], stays: Iterable[str], root: pathlib.Path) -> list[str]:
    """Top-level modules of bot/ that neither move nor stay by name."""
    known = set(moves) | set(stays)
    return sorted(p.relative_to(root).as_posix() for p in (root / "bot").glob("*.py")
                  if p.relative_to(root).as_posix() not in known)


def package_inits(todo: Mapping[str, str], root: pathlib.Path) -> list[str]:
    """The __init__.py each new sub-package needs (bot/x/ for bot/x/y.py)."""
    made = []
    for new in todo.values():
        parent = pathlib.PurePosixPath(new).parent
        while parent.as_posix() != "bot" and parent.parts:
            init = f"{parent.as_posix()}/__init__.py"
            if not (root / init).exists() and init not in made:
                made.append(init)
            parent = parent.parent
    return made


# -- rewriting -------------------------------------------------------------------------------
def keep_logger_name(text: str, old_module: str) -> str:
    """A moved module's logger keeps its old name."""
    return re.sub(r"getLogger\(__name__\)", f'getLogger("{old_module}")', text)


def logger_names(tree: ast.AST) -> set[str]:
    """Strings a file uses as logger names: getLogger's and LogRecord's first
    argument, and `logger=` (caplog.set_level)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ("getLogger", "LogRecord") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
        for kw in node.keywords:
            if kw.arg == "logger" and isinstance(kw.value, ast.Constant) \
                    and isinstance(kw.value.value, str):
                found.add(kw.value.value)
    return found


def absolute(module: str | None, level: int, here: str, is_package: bool) -> str:
    """`from ..x import y` in module `here` as an absolute module name."""
    package = here if is_package else here.rpartition(".")[0]
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join(base + ([module] if module else []))


def rewrite_imports(text: str, names: Mapping[str, str], here: str, is_package: bool,
                    moved_self: bool) -> str:
    """`from bot import render, logs` → one statement per package the names now
    live in; relative imports that reach a moved module (or that a moved module
    makes) become absolute. The dotted rewrite does the rest."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.end_lineno is None:
            continue
        module = node.module or ""
        if node.level:
            module = absolute(node.module, node.level, here, is_package)
            if not (moved_self or module in names
                    or any(f"{module}.{a.name}" in names for a in node.names)):
                continue
        elif not any(f"{module}.{a.name}" in names for a in node.names):
            continue
        groups: dict[str, list[str]] = {}
        for a in node.names:
            full = f"{module}.{a.name}"
            if full in names:
                new_pkg, _, new_base = names[full].rpartition(".")
                bound = a.asname or a.name
                groups.setdefault(new_pkg, []).append(
                    new_base if bound == new_base else f"{new_base} as {bound}")
            else:
                target = names.get(module, module)
                groups.setdefault(target, []).append(
                    a.name if a.asname is None else f"{a.name} as {a.asname}")
        first, last = node.lineno - 1, node.end_lineno - 1
        indent = lines[first][: node.col_offset]
        tail = lines[last][node.end_col_offset:].rstrip("\n")
        out = "".join(f"{indent}from {pkg} import {', '.join(items)}\n"
                      for pkg, items in groups.items())
        out = out[:-1] + tail + "\n"
        edits.append((first, last, out))
    for first, last, out in sorted(edits, reverse=True):
        lines[first:last + 1] = [out]
    return "".join(lines)


def dotted_pattern(names: Iterable[str]) -> re.Pattern[str]:
    alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])({alts})(?!\w)")


def path_pattern(paths: Iterable[str]) -> re.Pattern[str]:
    alts = "|".join(re.escape(p) for p in sorted(paths, key=len, reverse=True))
    return re.compile(rf"(?<![\w./-])({alts})(?![\w])")


PARTS = re.compile(r'"bot"((?:\s*/\s*"[\w.]+")+)')


def rewrite_text(text: str, names: Mapping[str, str], paths: Mapping[str, str],
                 loggers: set[str], kept: list[str], where: str) -> str:
    """Dotted names, file paths and path parts of moved modules, in any text."""
    if not names and not paths:
        return text

    def dotted_sub(m: re.Match[str]) -> str:
        name = m.group(1)
        after = text[m.end(): m.end() + 2]
        if name in loggers and after[:1] != "." and not re.fullmatch(r":\w", after):
            # "bot.service" itself (not "bot.x.f", not an entry point's "bot.x:main"),
            # not in an import or after `-m`: a logger name
            before = text[text.rfind("\n", 0, m.start()) + 1: m.start()]
            if not re.search(r"(\bimport|\bfrom|-m)\s+$", before):
                line = text[: m.start()].count("\n") + 1
                kept.append(f"{where}:{line}: {name} (a logger name)")
                return name
        return names[name]

    def parts_sub(m: re.Match[str]) -> str:
        segments = re.findall(r'"([\w.]+)"', m.group(1))
        old = "/".join(["bot", *segments])
        new = paths.get(old)
        if new is None:
            return m.group(0)
        return " / ".join(f'"{s}"' for s in new.split("/"))

    if names:
        text = dotted_pattern(names).sub(dotted_sub, text)
    if paths:
        text = path_pattern(paths).sub(lambda m: paths[m.group(1)], text)
    return PARTS.sub(parts_sub, text)


def set_docstring(text: str, doc: str) -> str:
    """The module's docstring replaced by (or set to) `doc`."""
    new = f'"""{doc}"""\n'
    body = ast.parse(text).body if text.strip() else []
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        lines = text.splitlines(keepends=True)
        end = first.end_lineno or first.lineno
        return "".join(lines[: first.lineno - 1]) + new + "".join(lines[end:])
    return new + ("\n" + text if text.strip() else "")


# -- the run ---------------------------------------------------------------------------------
def tracked(root: pathlib.Path) -> list[str]:
    return [p for p in git("ls-files", root=root).splitlines()
            if p not in SKIP and (root / p).is_file()
            and pathlib.PurePosixPath(p).suffix in TEXT_SUFFIXES]


def code_loggers(root: pathlib.Path, files: Iterable[str]) -> set[str]:
    """Every literal logger name bot/ uses (after its moved modules kept theirs)."""
    found: set[str] = set()
    for f in files:
        if f.startswith("bot/") and f.endswith(".py"):
            found |= {n for n in logger_names(ast.parse((root / f).read_text("utf-8")))
                      if n.startswith("bot.")}
    return found


def references(root: pathlib.Path, moves: Mapping[str, str]) -> dict[str, str]:
    """What to rewrite in a tree moved already (a branch written against the
    old layout, merged after the move): the moves made, less those whose old
    dotted name is now a package's (`bot.cli` is the old module and the new
    package at once): those are left to a person, and said."""
    done = {o: n for o, n in moves.items() if not (root / o).exists() and (root / n).is_file()}
    for o in sorted(done):
        if (root / o.removesuffix(".py")).is_dir():
            print(f"  {dotted(o)}: now a package too; its references are left to a person")
    return done


def move(root: pathlib.Path, moves: Mapping[str, str], packages: Mapping[str, str],
         dry_run: bool = False, only_references: bool = False) -> dict[str, str]:
    """Make the moves that are still to make; return them (old file → new file).
    `only_references`: move nothing, rewrite the references to files moved
    already (see `references`)."""
    if only_references:
        done = references(root, moves)
        names = {dotted(o): dotted(n) for o, n in done.items()
                 if not (root / o.removesuffix(".py")).is_dir()}
        if not dry_run:
            rewrite(root, names, done, {}, packages)
        return {}
    todo, said = plan(moves, root)
    for line in said:
        print(f"  {line}")
    for f in unplaced(moves, STAYS, root):
        print(f"  {f}: neither moves nor stays by name: place it in MOVES or STAYS")
    inits = package_inits(todo, root)
    for old, new in todo.items():
        print(f"  move {old} -> {new}")
    for init in inits:
        print(f"  new package {init}")
    if dry_run:
        return todo

    for init in inits:
        (root / init).parent.mkdir(parents=True, exist_ok=True)
        (root / init).write_text('"""."""\n', encoding="utf-8")
        git("add", init, root=root)
    for old, new in todo.items():
        (root / new).parent.mkdir(parents=True, exist_ok=True)
        git("mv", old, new, root=root)
        path = root / new
        path.write_text(keep_logger_name(path.read_text("utf-8"), dotted(old)), "utf-8")

    rewrite(root, {dotted(o): dotted(n) for o, n in todo.items()}, todo,
            {n: o for o, n in todo.items()}, packages)
    print(f"  {len(todo)} files moved")
    return todo


def rewrite(root: pathlib.Path, names: Mapping[str, str], paths: Mapping[str, str],
            new_to_old: Mapping[str, str], packages: Mapping[str, str]) -> None:
    """Every reference in the tracked files: `names` (dotted) and `paths`
    (old file → new file); `new_to_old`: the files that moved in this run."""
    files = tracked(root)
    loggers = code_loggers(root, files)
    kept: list[str] = []
    changed = []
    for f in files:
        path = root / f
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        # dotted names and paths first (one pass over the old text), then
        # the `from bot import x` statements, which write new names
        if f.endswith(".py"):  # a file's own logger names (LogRecord("bot.x"), logger=)
            try:
                mine = {n for n in logger_names(ast.parse(text)) if n.startswith("bot.")}
            except SyntaxError:
                mine = set()
        new_text = rewrite_text(text, names, paths, mine if f.endswith(".py") else loggers,
                                kept, f)
        if f.endswith(".py") and names:
            was = new_to_old.get(f, f)
            new_text = rewrite_imports(new_text, names, dotted(was),
                                       was.endswith("__init__.py"), f in new_to_old)
        if new_text != text:
            path.write_text(new_text, "utf-8")
            changed.append(f)
    for package, doc in packages.items():
        face = root / package / "__init__.py"
        if face.parent.is_dir():
            text = face.read_text("utf-8") if face.exists() else ""
            new_text = set_docstring(text, doc)
            if new_text != text:
                face.write_text(new_text, "utf-8")
                git("add", face.relative_to(root).as_posix(), root=root)
                changed.append(face.relative_to(root).as_posix())
    for line in kept:
        print(f"  kept {line}")
    py = sorted({f for f in changed if f.endswith(".py")})
    if py:
        tidy(root, py)
    print(f"  {len(set(changed))} files rewritten")


LINE = 100  # pyproject's [tool.ruff] line-length


def long_rows(root: pathlib.Path, files: list[str]) -> dict[str, list[int]]:
    found = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "E501",
                            "--output-format", "json", "--quiet", *files],
                           cwd=root, capture_output=True, text=True)
    rows: dict[str, list[int]] = {}
    for d in json.loads(found.stdout or "[]"):
        rows.setdefault(d["filename"], []).append(d["location"]["row"])
    return rows


def statement_at(tree: ast.AST, row: int) -> ast.stmt | None:
    """The innermost statement without a body that holds line `row`."""
    best = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not hasattr(node, "body") \
                and node.lineno <= row <= (node.end_lineno or node.lineno):
            best = node
    return best


def wrap_prose(line: str, comment: bool) -> list[str]:
    """A comment's or docstring's line cut at the last space that fits."""
    indent = line[: len(line) - len(line.lstrip())]
    lead = indent + ("# " if comment else "")
    cut = line.rfind(" ", len(lead), LINE + 1)
    if cut <= len(lead):
        return [line]
    return [line[:cut].rstrip(), lead + line[cut + 1:]]


def shorten(text: str, row: int, root: pathlib.Path) -> str:
    """Line `row` (too long since a name grew) made to fit: a comment or a
    docstring's line cut in two, a statement formatted alone by ruff."""
    lines = text.splitlines(keepends=True)
    line = lines[row - 1].rstrip("\n")
    node = statement_at(ast.parse(text), row)
    if line.lstrip().startswith("#"):
        lines[row - 1: row] = [p + "\n" for p in wrap_prose(line, True)]
    elif node is None or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
        lines[row - 1: row] = [p + "\n" for p in wrap_prose(line, False)]
    else:
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        indent = " " * node.col_offset
        if not lines[first].startswith(indent) or lines[first][: node.col_offset].strip():
            return text  # a statement that does not start its line: left to a person
        source = "".join(x[node.col_offset:] if x.startswith(indent) else x.lstrip()
                         for x in lines[first: last + 1])
        out = subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet",
                              "--line-length", str(LINE - node.col_offset),
                              "--stdin-filename", "statement.py", "-"],
                             input=source, cwd=root, capture_output=True, text=True)
        if out.returncode:
            return text
        lines[first: last + 1] = [indent + x if x.strip() else x
                                  for x in out.stdout.splitlines(keepends=True)]
    return "".join(lines)


def tidy(root: pathlib.Path, files: list[str]) -> None:
    """Imports sorted again (ruff, which also wraps a long one); a line that
    the longer names made too long made to fit (`shorten`), nothing else."""
    subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "--select", "I", "--quiet",
                    *files], cwd=root, check=False)
    for filename, rows in long_rows(root, files).items():
        path = root / filename
        text = path.read_text("utf-8")
        for row in sorted(rows, reverse=True):
            text = shorten(text, row, root)
        path.write_text(text, "utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=pathlib.Path, default=ROOT)
    ap.add_argument("--dry-run", action="store_true", help="say what would move")
    ap.add_argument("--check", action="store_true", help="run mypy after ruff")
    ap.add_argument("--references", action="store_true",
                    help="move nothing: rewrite references to files moved already "
                         "(a branch written before the move, merged after it)")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    move(root, MOVES, PACKAGES, dry_run=args.dry_run, only_references=args.references)
    if args.dry_run:
        return 0
    rc = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=root).returncode
    if args.check and rc == 0:
        rc = subprocess.run([sys.executable, "-m", "mypy"], cwd=root).returncode
    return rc


if __name__ == "__main__":
    sys.exit(main())
