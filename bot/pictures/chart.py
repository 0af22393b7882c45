"""The weekly board as a bar chart: one panel per game (each game in its own
points), a bar per person, won to the right in green, lost to the left in
red. It draws names, so it is drawn only where a font for Chinese is found
(`chart` returns None without one)."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from PIL import Image, ImageDraw, PngImagePlugin

from bot.pictures import fonts
from bot.pictures.source import digest_of, file_name

BG = (250, 247, 238)
INK = (40, 40, 44)
WON = (46, 140, 86)
LOST = (196, 48, 48)
AXIS = (160, 150, 130)
W = 900
ROW = 46
NAME_W = 260


@dataclass(frozen=True)
class Board:
    title: str  # the game, as the post names it
    rows: tuple[tuple[str, int], ...]  # (name, net points), best first


class Chart:
    """A weekly chart on its way out (the outbox's `Photo`)."""

    def __init__(self, title: str, boards: tuple[Board, ...]) -> None:
        self.title = title
        self.boards = boards

    @property
    def digest(self) -> str:
        return digest_of(self.describe())

    @property
    def name(self) -> str:
        return file_name(self.describe())

    def png(self) -> bytes:
        font = fonts.cjk(26)
        small = fonts.cjk(22)
        big = fonts.cjk(30)
        assert font is not None and small is not None and big is not None  # see chart()
        height = 70 + sum(56 + ROW * len(b.rows) + 24 for b in self.boards)
        im = Image.new("RGB", (W, height), BG)
        d = ImageDraw.Draw(im)
        d.text((28, 22), _drawable(self.title), font=big, fill=INK)
        y = 76
        for board in self.boards:
            d.text((28, y), _drawable(board.title), font=font, fill=INK)
            y += 48
            most = max((abs(n) for _name, n in board.rows), default=1) or 1
            zero = NAME_W + (W - NAME_W - 40) // 2
            half = (W - NAME_W - 40) // 2 - 70
            d.line((zero, y - 6, zero, y + ROW * len(board.rows) - 6), fill=AXIS, width=2)
            for name, net in board.rows:
                length = round(half * abs(net) / most)
                colour = WON if net >= 0 else LOST
                x0, x1 = (zero, zero + length) if net >= 0 else (zero - length, zero)
                d.rounded_rectangle((x0, y, max(x1, x0 + 2), y + ROW - 14), radius=6, fill=colour)
                d.text((28, y + (ROW - 14) // 2), _short(name), font=font, fill=INK, anchor="lm")
                label = f"+{net}" if net > 0 else (f"−{-net}" if net < 0 else "0")
                lx = x1 + 8 if net >= 0 else x0 - 8
                d.text((lx, y + (ROW - 14) // 2), label, font=small, fill=INK,
                       anchor="lm" if net >= 0 else "rm")
                y += ROW
            y += 24
        info = PngImagePlugin.PngInfo()  # what is drawn travels with it, as with the others
        info.add_text("paiju", json.dumps(self.describe(), ensure_ascii=False, sort_keys=True))
        out = io.BytesIO()
        im.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, "PNG", pnginfo=info)
        return out.getvalue()

    def describe(self) -> dict:
        return {"game": "weekly", "kind": "chart", "title": self.title,
                "boards": [{"title": b.title, "rows": [list(r) for r in b.rows]}
                           for b in self.boards]}


def _short(name: str, most: int = 12) -> str:
    name = _drawable(name)
    return name if len(name) <= most else name[: most - 1] + "…"


def _drawable(text: str) -> str:
    """Without the emoji a text font has no glyph for (🗓 …): never a box."""
    return "".join(ch for ch in text if ord(ch) < 0x1F000 and ch != "\ufe0f").strip()


def chart(title: str, boards: list[Board]) -> Chart | None:
    """The chart, or None where no font for Chinese is found (it draws names)."""
    if fonts.cjk_path() is None or not boards:
        return None
    return Chart(title, tuple(boards))
