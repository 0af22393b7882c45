"""Docker cannot run here: the Dockerfile's essentials, read statically."""

from __future__ import annotations

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_dockerfile_essentials():
    ins = instructions()
    froms = [rest for word, rest in ins if word == "FROM"]
    assert len(froms) >= 2, "multi-stage: build the wheel, install it in a clean stage"
    assert all(re.match(r"python:3\.1[12]-slim\b", f) for f in froms), froms
    final = ins[max(i for i, (w, _) in enumerate(ins) if w == "FROM"):]
    words = [w for w, _ in final]
    # the final stage installs a wheel built earlier, not the source tree
    assert any(w == "COPY" and "--from=" in r and ".whl" in r for w, r in final)
    assert not any(
        w == "COPY" and r.split()[0] in ("bot", "games", "storage", ".") for w, r in final
    )
    user = [r for w, r in final if w == "USER"]
    assert user and re.fullmatch(r"\d+:\d+", user[-1]) and not user[-1].startswith("0:")
    uid, gid = user[-1].split(":")
    run = " ".join(r for w, r in final if w == "RUN")
    assert f"--uid {uid}" in run or f"-u {uid}" in run, "the user is created with that fixed UID"
    assert f"--gid {gid}" in run or f"-g {gid}" in run
    assert any(w == "VOLUME" and "/data" in r for w, r in final)
    health = [r for w, r in final if w == "HEALTHCHECK"]
    assert health and "paiju" in health[0] and "healthcheck" in health[0]
    entry = [r for w, r in final if w == "ENTRYPOINT"]
    assert entry and json.loads(entry[-1])[0] == "paiju", "exec form: signals reach paiju"
    cmd = [r for w, r in final if w == "CMD"]
    assert cmd and json.loads(cmd[-1]) == ["run"]
    env = " ".join(r for w, r in final if w == "ENV")
    assert "PAIJU_DB=/data/" in env
    assert words.index("USER") > max(i for i, w in enumerate(words) if w == "RUN")


def test_dockerignore_keeps_the_context_small():
    ignored = (ROOT / ".dockerignore").read_text().split()
    for entry in (".git", ".venv", "*.sqlite3", ".env", "tests", "__pycache__"):
        assert entry in ignored or f"**/{entry}" in ignored, entry


def test_compose_file_restarts_and_keeps_data():
    text = (ROOT / "compose.yaml").read_text()
    assert "restart: unless-stopped" in text and "/data" in text and "BOT_TOKEN" in text


def test_the_image_has_a_font_for_chinese():
    """The pictures that draw names find Debian's Noto CJK (bot/pictures/fonts.py)."""
    final = instructions()[max(i for i, (w, _) in enumerate(instructions()) if w == "FROM"):]
    run = " ".join(r for w, r in final if w == "RUN")
    assert "fonts-noto-cjk" in run and "--no-install-recommends" in run
    from bot.pictures import fonts
    assert "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc" in fonts.KNOWN
