"""What a compiled engine core would give: `python -m bench.compiled`.

    python -m bench.compiled [ENGINE ...] [--rounds 5] [--seconds 2] [--refs] [--tests]

An experiment, not a build: the project ships pure Python. It copies this
commit's `games` package (`git archive HEAD`) into a temporary directory,
compiles the engine modules below with mypyc (part of mypy, a dev
dependency; needs a C compiler), and measures both side by side in CPU time
as `bench.side` does: ENGINE (this tree) and ENGINE@mypyc (the compiled
copy). `--tests` also runs tests/games against the compiled copy and prints
pytest's summary: the same source does not behave the same once compiled
(docs/PERFORMANCE.md, "A compiled engine core?").

Left interpreted: games/base.py (the other modules' classes subclass it, and
mypyc forbids an interpreted subclass of a compiled class unless marked),
changpai/game.py (reads its own `__dict__`), every computer player module.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.side import ROOT, measure, refs, report
from games import registry

ENGINE_MODULES = {
    "": ["shuffle"],
    "xianniu": ["cards", "scoring", "shapes", "state", "variants", "views"],
    "dingniu": ["opening", "scoring", "state", "suanzhang", "tiles", "variants"],
    "paoyao": ["cards", "combos", "game", "moves", "notation", "public", "scoring", "state",
               "variants"],
    "changpai": ["cards", "claims", "estimate", "hu", "kan", "melds", "scoring", "state",
                 "variants"],
}


def module_files() -> list[str]:
    return [str(Path("games", pkg, f"{m}.py")) for pkg, mods in ENGINE_MODULES.items()
            for m in mods]


def compiled_copy(into: Path) -> Path:
    """This commit's games package (and its tests), the engine modules
    compiled in place."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD", "games", "tests"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    # No pyproject here: mypyc's setuptools run would refuse the flat layout.
    mypyc = Path(sys.executable).with_name("mypyc")
    out = subprocess.run([str(mypyc), *module_files()], cwd=into, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"mypyc failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")
    return into


def run_tests(root: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(root))
    check = "import games.paoyao.state as s; assert s.__file__.endswith('.so'), s.__file__"
    subprocess.run([sys.executable, "-c", check], env=env, cwd=root, check=True)
    # The copied tests, run from the copy: pytest puts the tests' root (here
    # the copy) first on sys.path, so this tree's games cannot shadow it.
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:logging",
         "-m", "not slow", "-n", "2", "tests/games"],
        env=env, cwd=root, capture_output=True, text=True)
    print("tests/games against the compiled copy:", out.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.compiled")
    p.add_argument("engines", nargs="*", help="game ids (default: all)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    p.add_argument("--refs", action="store_true", help="add RLCard and OpenSpiel 斗地主")
    p.add_argument("--tests", action="store_true", help="run tests/games on the compiled copy")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="paiju-mypyc-") as tmp:
        root = compiled_copy(Path(tmp))
        print(f"compiled {len(module_files())} modules with mypyc in {root}", file=sys.stderr)
        runs: list[tuple[str, str, Path]] = []
        for game_id in args.engines or registry.ids():
            runs += [(game_id, game_id, ROOT), (f"{game_id}@mypyc", game_id, root)]
        if args.refs:
            runs += refs()
        report(measure(runs, args.rounds, args.seconds))
        if args.tests:
            run_tests(root)


if __name__ == "__main__":
    main()
