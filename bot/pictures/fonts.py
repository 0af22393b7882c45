"""A font that covers Chinese, where the system has one.

Game pictures draw no words (names live in the caption); the few pictures
that draw text (the kind on a 牛九 card, the names on the weekly chart) use
this font and draw no text when there is none. The Docker image installs
Debian's fonts-noto-cjk; `PAIJU_CJK_FONT` names another file, or `none`
(no words ever: the screens gallery, the same on every machine)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from PIL import ImageFont

# Debian/Ubuntu fonts-noto-cjk, fonts-wqy-*, Fedora, Arch, macOS, Windows.
KNOWN = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti Medium.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)
PROBE = "牌局天地人和"  # must all be in the font


def _covers(path: str) -> bool:
    try:
        font = ImageFont.truetype(path, 24)
    except OSError:
        return False
    # a glyph the font lacks comes out as the same "missing" box for every
    # character: real glyphs differ from each other
    masks = {bytes(font.getmask(ch)) for ch in PROBE}
    return len(masks) == len(PROBE)


def _fc_match() -> str | None:
    if shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}", ":lang=zh-cn"], capture_output=True,
                             text=True, timeout=5, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out or None


@functools.cache
def cjk_path() -> str | None:
    """The file of a font that draws Chinese, or None."""
    wanted = os.environ.get("PAIJU_CJK_FONT")
    if wanted == "none":
        return None
    candidates = [wanted] if wanted else []
    candidates += [p for p in KNOWN if Path(p).exists()]
    found = _fc_match()
    if found:
        candidates.append(found)
    for path in candidates:
        if path and _covers(path):
            return path
    return None


@functools.cache
def cjk(size: int) -> ImageFont.FreeTypeFont | None:
    path = cjk_path()
    return ImageFont.truetype(path, size) if path else None
