"""tools/move_bot.py on a toy tree: the files move, every kind of reference
follows them, logger names stay, and a second run changes nothing."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import move_bot  # noqa: E402

TREE = {
    "bot/__init__.py": '"""The bot."""\n',
    "bot/a.py": ('"""Module a."""\n\nimport logging\n\nlog = logging.getLogger(__name__)\n\n\n'
                 "def main() -> int:\n    return 0\n\n\nTHING = 1\n"),
    "bot/c.py": '"""Module c."""\n\nVALUE = 2\n',
    "bot/keep.py": ('"""Stays; imports both."""\n\nfrom bot import a, c  # noqa: F401\n'
                    "from bot.a import THING\n\nX = THING\n"),
    "bot/sub/__init__.py": "",
    "bot/sub/rel.py": '"""Relative."""\n\nfrom .. import a  # noqa: F401\n',
    "tests/test_x.py": ('import logging\nfrom unittest import mock\n\n'
                        'R = logging.LogRecord("bot.a", logging.INFO, __file__, 1, "m", (), None)\n'
                        'P = mock.patch("bot.a.THING", 3)\nOK = R.name == "bot.a"\n'),
    "tests/test_y.py": 'CMD = ["python", "-m", "bot.a"]\nM = "bot.a"\n',
    # lines that the longer names push over 100 characters
    "tests/test_z.py": ('"""' + "word " * 17 + 'bot/a.py."""\n\n'
                        "# " + "word " * 16 + "bot/a.py bot/c.py\n"
                        'T = dict(one="bot.a.THING", two="bot.a.THING", three="bot.a.THING", '
                        'four="bot.a.main")\n'),
    "docs/x.md": ("See bot/a.py (not tests/bot/a.py), `python -m bot.a`, bot.a.main and\n"
                  "bot/c.py. A log line: `INFO bot.a: started`.\n"),
    "pyproject.toml": '[project.scripts]\nx = "bot.a:main"\n',
    "hatch_build.py": 'import pathlib\nP = pathlib.Path(".") / "bot" / "a.py"\n',
}
MOVES = {"bot/a.py": "bot/pkg/a.py", "bot/old_name.py": "bot/pkg/a.py",
         "bot/c.py": "bot/pkg/c.py"}
PACKAGES = {"bot/pkg": "What pkg holds."}


def make(tmp: pathlib.Path) -> pathlib.Path:
    for rel, text in TREE.items():
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_text(text, encoding="utf-8")
    for args in (["init", "-q"], ["add", "."],
                 ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "toy"]):
        subprocess.run(["git", *args], cwd=tmp, check=True)
    return tmp


def read(root: pathlib.Path, rel: str) -> str:
    return (root / rel).read_text(encoding="utf-8")


def test_the_move_carries_every_reference(tmp_path, capsys):
    root = make(tmp_path)
    done = move_bot.move(root, MOVES, PACKAGES)
    assert done == {"bot/a.py": "bot/pkg/a.py", "bot/c.py": "bot/pkg/c.py"}
    assert "bot/old_name.py: no such file, skipped" in capsys.readouterr().out
    assert not (root / "bot/a.py").exists() and (root / "bot/pkg/a.py").exists()
    assert read(root, "bot/pkg/__init__.py") == '"""What pkg holds."""\n'
    # the logger keeps its name
    assert 'logging.getLogger("bot.a")' in read(root, "bot/pkg/a.py")
    keep = read(root, "bot/keep.py")
    assert "from bot.pkg import a, c  # noqa: F401" in keep
    assert "from bot.pkg.a import THING" in keep
    assert "from bot.pkg import a  # noqa: F401" in read(root, "bot/sub/rel.py")
    test = read(root, "tests/test_x.py")
    assert 'LogRecord("bot.a"' in test and 'R.name == "bot.a"' in test
    assert 'mock.patch("bot.pkg.a.THING"' in test
    assert read(root, "tests/test_y.py") == 'CMD = ["python", "-m", "bot.pkg.a"]\nM = "bot.pkg.a"\n'
    docs = read(root, "docs/x.md")
    assert "bot/pkg/a.py (not tests/bot/a.py)" in docs and "python -m bot.pkg.a" in docs
    assert "bot.pkg.a.main" in docs and "bot/pkg/c.py" in docs
    assert "INFO bot.a: started" in docs
    assert 'x = "bot.pkg.a:main"' in read(root, "pyproject.toml")
    assert '"bot" / "pkg" / "a.py"' in read(root, "hatch_build.py")
    z = read(root, "tests/test_z.py").splitlines()
    assert max(len(line) for line in z) <= 100
    assert z[0].endswith("word") and z[1] == 'bot/pkg/a.py."""'
    assert z[3].endswith("word bot/pkg/a.py") and z[4] == "# bot/pkg/c.py"
    assert z[5] == "T = dict(" and z[-1] == ")" and "bot.a" not in "".join(z)
    # git sees moves, not a deletion and a new file
    status = subprocess.run(["git", "status", "--porcelain"], cwd=root, check=True,
                            capture_output=True, text=True).stdout
    assert "bot/a.py -> bot/pkg/a.py" in status and "D  bot/a.py" not in status


def test_a_second_run_changes_nothing(tmp_path, capsys):
    root = make(tmp_path)
    move_bot.move(root, MOVES, PACKAGES)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and ".git" not in p.parts}
    capsys.readouterr()
    assert move_bot.move(root, MOVES, PACKAGES) == {}
    assert "bot/a.py: already at bot/pkg/a.py" in capsys.readouterr().out
    after = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert after == before


def test_a_top_level_module_neither_moved_nor_kept_is_reported(tmp_path, capsys):
    root = make(tmp_path)
    move_bot.move(root, MOVES, PACKAGES, dry_run=True)
    out = capsys.readouterr().out
    assert "bot/keep.py: neither moves nor stays by name" in out
    assert not (root / "bot/pkg").exists()


def test_references_of_a_branch_written_before_the_move(tmp_path, capsys):
    """A branch merged after the move still names the old modules: --references
    rewrites them and moves nothing."""
    root = make(tmp_path)
    move_bot.move(root, MOVES, PACKAGES)
    late = root / "tests" / "test_late.py"
    late.write_text('from bot import a\nfrom bot.c import VALUE\nT = "bot.a.THING"\n'
                    "X = (a, VALUE)\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    assert move_bot.move(root, MOVES, PACKAGES, only_references=True) == {}
    assert late.read_text(encoding="utf-8") == (
        'from bot.pkg import a\nfrom bot.pkg.c import VALUE\n\nT = "bot.pkg.a.THING"\n'
        "X = (a, VALUE)\n")
    assert 'LogRecord("bot.a"' in read(root, "tests/test_x.py")  # a logger name stays
    before = read(root, "bot/keep.py")
    move_bot.move(root, MOVES, PACKAGES, only_references=True)
    assert read(root, "bot/keep.py") == before  # new names are left as they are


def test_references_leave_an_old_name_that_is_now_a_package_to_a_person(tmp_path, capsys):
    root = make(tmp_path)
    moves = {"bot/a.py": "bot/a/main.py"}
    move_bot.move(root, moves, {"bot/a": "What a holds."})
    assert 'x = "bot.a.main:main"' in read(root, "pyproject.toml")
    capsys.readouterr()
    move_bot.move(root, moves, {}, only_references=True)
    assert "bot.a: now a package too" in capsys.readouterr().out
    assert 'x = "bot.a.main:main"' in read(root, "pyproject.toml")  # not bot.a.main.main
