"""The Dockerfile's build stage, replayed without Docker (no daemon on these
machines): the files its COPY lines name (less what .dockerignore leaves
out) are copied into a temporary directory, its own `pip wheel` command runs
there, and the wheel is installed into a fresh virtualenv whose `paiju
--help` must work. Where a Docker daemon answers, the image is built for real.

No package index is needed, so the test runs offline in seconds: the
Dockerfile's `pip wheel` runs with `--no-build-isolation` added (its build
backend, hatchling, and Babel come from this environment: the `dev` extra
names them; in Docker, pip fetches them), and the fresh virtualenv gets the
wheel alone (`--no-deps --no-index`) and sees this environment's packages
through a path file: a full install of the dependencies took 59 s here
(load 8) against about 3 s. `pip check` then shows that the wheel's declared
dependencies are what it runs with."""

from __future__ import annotations

import fnmatch
import os
import shlex
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build_stage(dockerfile: str) -> tuple[str, list[tuple[str, str]]]:
    """(its WORKDIR, its COPY and RUN instructions) of the first stage."""
    lines = dockerfile.replace("\\\n", " ").splitlines()
    ins = [(w.upper(), rest.strip()) for w, _, rest in
           (line.strip().partition(" ") for line in lines)
           if w and not w.startswith("#")]
    first = next(i for i, (w, _r) in enumerate(ins) if w == "FROM")
    end = next((i for i, (w, _r) in enumerate(ins) if w == "FROM" and i > first), len(ins))
    stage = ins[first + 1:end]
    workdir = next(r for w, r in stage if w == "WORKDIR")
    return workdir, [(w, r) for w, r in stage if w in ("COPY", "RUN")]


def ignored(rel: str, patterns: list[str]) -> bool:
    """.dockerignore, as far as this project uses it: names at the top of the
    context, and `**/` patterns at any depth."""
    parts = rel.split("/")
    for p in patterns:
        if p.startswith("**/"):
            if any(fnmatch.fnmatch(part, p[3:]) for part in parts):
                return True
        elif fnmatch.fnmatch(parts[0], p) or fnmatch.fnmatch(rel, p):
            return True
    return False


def replay(dockerfile: Path, context: Path, tmp: Path) -> Path:
    """Run the build stage of `dockerfile` in `tmp`; return the wheel it built."""
    workdir, steps = build_stage(dockerfile.read_text())
    patterns = [p.strip() for p in (context / ".dockerignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    src = tmp / workdir.lstrip("/")
    src.mkdir(parents=True)
    dist = tmp / "dist"
    for word, rest in steps:
        args = [a for a in shlex.split(rest) if not a.startswith("--")]
        if word == "COPY":
            *sources, dest = args
            target = src / dest
            for name in sources:
                assert not ignored(name, patterns), f"{name} is in .dockerignore"
                path = context / name
                if path.is_dir():
                    into = target if len(sources) == 1 and not dest.endswith("/") else (
                        target / path.name)
                    shutil.copytree(path, into, dirs_exist_ok=True, ignore=lambda d, names: [
                        n for n in names if ignored(
                            (Path(d) / n).relative_to(context).as_posix(), patterns)])
                else:
                    target.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target / path.name)
        else:
            command = shlex.split(rest)
            assert command[:2] == ["pip", "wheel"], rest
            wheel_dir = command.index("--wheel-dir") + 1
            command[wheel_dir] = str(dist)
            command.insert(2, "--no-build-isolation")  # the backend installed here: no index
            done = subprocess.run([sys.executable, "-m", *command], cwd=src,
                                  capture_output=True, text=True, timeout=600)
            if done.returncode != 0:
                raise BuildFailed(done.stdout + done.stderr)
    wheels = list(dist.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


class BuildFailed(Exception):
    pass


def install(wheel: Path, tmp: Path) -> Path:
    """A fresh virtualenv with the wheel (this environment's packages visible
    behind it); returns its bin directory."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, timeout=300)
    inside = subprocess.run([str(py), "-c", "import site; print(site.getsitepackages()[0])"],
                            check=True, capture_output=True, text=True).stdout.strip()
    # a plain path line: this environment's .pth files (the editable install of
    # this worktree among them) are not read, so `bot` comes from the wheel
    (Path(inside) / "zz_outer.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return venv / "bin"


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return replay(ROOT / "Dockerfile", ROOT, tmp_path_factory.mktemp("replay"))


def test_the_build_stage_makes_a_wheel_whose_paiju_runs(wheel, tmp_path):
    bin_dir = install(wheel, tmp_path)
    where = subprocess.run([str(bin_dir / "python"), "-c", "import bot; print(bot.__file__)"],
                           cwd=tmp_path, env=clean_env(), check=True, capture_output=True,
                           text=True).stdout
    assert where.startswith(str(tmp_path / "venv")), where  # the wheel, not this worktree
    done = subprocess.run([str(bin_dir / "paiju"), "--help"], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage: paiju" in done.stdout and "run" in done.stdout
    # the translations are compiled into the wheel by the build hook
    names = zipfile.ZipFile(wheel).namelist()
    for lang in ("zh_Hans", "zh_Hant", "en"):
        assert f"locales/{lang}/LC_MESSAGES/paiju.mo" in names
    check = subprocess.run([str(bin_dir / "python"), "-m", "pip", "check"], cwd=tmp_path,
                           env=clean_env(), capture_output=True, text=True)
    # every dependency the wheel declares is there (pip comes from this environment)
    assert check.returncode == 0 and "No broken requirements" in check.stdout, check


def test_the_wheel_ships_the_license(wheel):
    z = zipfile.ZipFile(wheel)
    licenses = [n for n in z.namelist() if n.endswith("/licenses/LICENSE")]
    assert len(licenses) == 1, z.namelist()
    text = z.read(licenses[0]).decode()
    assert text.startswith("MIT License") and "Copyright (c) 2026 the Paiju authors" in text
    meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta and "License-File: LICENSE" in meta


def test_a_file_the_build_needs_left_out_of_the_dockerfile_fails_the_replay(tmp_path):
    """The replay is a real check: without the COPY of the build hook (the
    Dockerfile of issue 35) the build stage fails as it did in Docker."""
    text = (ROOT / "Dockerfile").read_text()
    line = next(x for x in text.splitlines() if x.startswith("COPY") and "hatch_build.py" in x)
    broken = tmp_path / "Dockerfile"
    broken.write_text(text.replace(line + "\n", ""))
    with pytest.raises(BuildFailed, match="Build script does not exist: hatch_build.py"):
        replay(broken, ROOT, tmp_path / "build")


def copied(dockerfile: str) -> list[str]:
    """Every source the build stage's COPY lines name."""
    return [a for w, rest in build_stage(dockerfile)[1] if w == "COPY"
            for a in [x for x in shlex.split(rest) if not x.startswith("--")][:-1]]


def without(dockerfile: str, name: str) -> str:
    """The Dockerfile with `name` left out of its COPY line (the line goes if
    it named nothing else)."""
    out = []
    for line in dockerfile.splitlines(keepends=True):
        words = line.split()
        if words[:1] == ["COPY"] and name in words[1:-1]:
            words.remove(name)
            if len(words) == 2:
                continue
            line = " ".join(words) + "\n"
        out.append(line)
    return "".join(out)


@pytest.mark.parametrize("name", [n for n in copied((ROOT / "Dockerfile").read_text())
                                  if n != "hatch_build.py"])
def test_every_file_the_build_stage_copies_is_needed(name, wheel, tmp_path):
    """Left out, each one fails the build or leaves out of the wheel what
    the full build ships (the code, the compiled translations, the LICENSE):
    the checks on the full wheel above would then fail."""
    broken = tmp_path / "Dockerfile"
    broken.write_text(without((ROOT / "Dockerfile").read_text(), name))
    assert name not in copied(broken.read_text())
    try:
        smaller = replay(broken, ROOT, tmp_path / "build")
    except BuildFailed:
        return
    missing = set(zipfile.ZipFile(wheel).namelist()) - set(zipfile.ZipFile(smaller).namelist())
    assert missing, f"the wheel is the same without {name}"


def docker_works() -> bool:
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "info"], capture_output=True).returncode == 0


@pytest.mark.skipif(not docker_works(), reason="no Docker daemon here: the replay stands in")
def test_the_image_builds_and_runs_with_docker():
    tag = "paiju-build-test"
    subprocess.run(["docker", "build", "-t", tag, str(ROOT)], check=True, timeout=1800)
    try:
        done = subprocess.run(["docker", "run", "--rm", tag, "--help"], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0 and "usage: paiju" in done.stdout, done.stderr
    finally:
        subprocess.run(["docker", "image", "rm", "-f", tag], capture_output=True)
