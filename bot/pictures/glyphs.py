"""Card ranks, numbers and suits drawn as shapes, so a picture needs no font
for them: a digit or letter is a few strokes in a box one unit wide and 1.5
high, a suit a filled shape in a unit box."""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

Point = tuple[float, float]
Stroke = list[Point]


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 14
         ) -> Stroke:
    """Points along an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


H = 1.5  # glyph height in units of its width

GLYPHS: dict[str, list[Stroke]] = {
    "0": [_arc(0.5, 0.75, 0.42, 0.68, 0, 360, 28)],
    "1": [[(0.2, 0.3), (0.55, 0.07), (0.55, 1.43)], [(0.25, 1.43), (0.85, 1.43)]],
    "2": [_arc(0.5, 0.45, 0.4, 0.38, 200, 390) + [(0.1, 1.43), (0.92, 1.43)]],
    "3": [_arc(0.48, 0.4, 0.38, 0.33, 200, 450)[:-1] + _arc(0.48, 1.07, 0.42, 0.36, -90, 160)],
    "4": [[(0.7, 1.43), (0.7, 0.07), (0.06, 1.0), (0.95, 1.0)]],
    "5": [[(0.88, 0.07), (0.2, 0.07), (0.14, 0.66)] + _arc(0.5, 1.0, 0.42, 0.43, 215, 500)[1:]],
    "6": [_arc(0.5, 0.75, 0.42, 0.68, 300, 180, 10) + _arc(0.5, 1.05, 0.42, 0.38, 180, 540)],
    "7": [[(0.08, 0.07), (0.92, 0.07), (0.38, 1.43)]],
    "8": [_arc(0.5, 0.4, 0.34, 0.33, 90, 450), _arc(0.5, 1.07, 0.42, 0.36, -90, 270)],
    "9": [_arc(0.5, 0.45, 0.42, 0.38, 0, 360) + _arc(0.5, 0.75, 0.42, 0.68, 0, 120, 10)],
    "A": [[(0.05, 1.43), (0.5, 0.07), (0.95, 1.43)], [(0.22, 0.95), (0.78, 0.95)]],
    "J": [[(0.3, 0.07), (0.85, 0.07)], [(0.7, 0.07)] + _arc(0.42, 1.1, 0.28, 0.33, 0, 180)],
    "Q": [_arc(0.5, 0.72, 0.44, 0.65, 0, 360, 28), [(0.55, 1.05), (0.98, 1.5)]],
    "K": [[(0.12, 0.07), (0.12, 1.43)], [(0.9, 0.07), (0.14, 0.88)], [(0.38, 0.66), (0.92, 1.43)]],
    "O": [_arc(0.5, 0.75, 0.44, 0.68, 0, 360, 28)],
    "-": [[(0.15, 0.78), (0.85, 0.78)]],
    "+": [[(0.12, 0.78), (0.88, 0.78)], [(0.5, 0.42), (0.5, 1.14)]],
    "E": [[(0.88, 0.07), (0.14, 0.07), (0.14, 1.43), (0.88, 1.43)], [(0.14, 0.74), (0.72, 0.74)]],
    "R": [[(0.14, 1.43), (0.14, 0.07), (0.55, 0.07)] + _arc(0.55, 0.42, 0.33, 0.35, -90, 90)
          + [(0.14, 0.77)], [(0.5, 0.77), (0.9, 1.43)]],
}


def _advance(ch: str, w: float) -> float:
    return w * (0.62 if ch == "1" else 0.84) + w * 0.16


def text_width(text: str, size: float) -> float:
    """Width of `text` drawn `size` high."""
    w = size / H
    return sum(_advance(ch, w) for ch in text) - w * 0.16


def draw_text(d: ImageDraw.ImageDraw, x: float, y: float, text: str, size: float,
              fill: tuple[int, ...], weight: float = 0.16) -> None:
    """`text` (digits and the letters above) with its top-left at (x, y), `size` high."""
    w = size / H
    stroke = max(1, round(w * weight))
    r = stroke / 2
    for ch in text:
        dx = x - (w * 0.16 if ch == "1" else 0)  # the 1 is narrow: drawn in less room
        for line in GLYPHS[ch]:
            pts = [(dx + px * w * 0.84, y + py * w) for px, py in line]
            d.line(pts, fill=fill, width=stroke, joint="curve")
            for px, py in (pts[0], pts[-1]):  # round caps
                d.ellipse((px - r, py - r, px + r, py + r), fill=fill)
        x += _advance(ch, w)


@functools.lru_cache(maxsize=256)
def text_image(text: str, size: int, fill: tuple[int, ...], weight: float = 0.2) -> Image.Image:
    """`text` drawn `size` high on a clear ground, with smooth edges (drawn at
    four times the size and scaled down)."""
    k = 4
    w = round(text_width(text, size * k) + size * k * 0.3)
    h = round(size * k * 1.15)
    im = Image.new("RGBA", (w, h), fill[:3] + (0,))
    draw_text(ImageDraw.Draw(im), size * k * 0.15, size * k * 0.07, text, size * k,
              fill[:3] + (255,), weight)
    return im.resize((max(1, round(w / k)), max(1, round(h / k))), Image.Resampling.LANCZOS)


# -- suits -----------------------------------------------------------------------
def _heart(n: int = 40) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((0.5 + x / 34, 0.45 - y / 32))
    return pts


def draw_suit(d: ImageDraw.ImageDraw, x: float, y: float, size: float, suit: str,
              fill: tuple[int, ...]) -> None:
    """A suit sign (s h c d) filling a `size` box with its top-left at (x, y)."""

    def at(pts: list[Point]) -> list[Point]:
        return [(x + px * size, y + py * size) for px, py in pts]

    def disc(cx: float, cy: float, r: float) -> None:
        d.ellipse((x + (cx - r) * size, y + (cy - r) * size,
                   x + (cx + r) * size, y + (cy + r) * size), fill=fill)

    stem = [(0.5, 0.62), (0.36, 0.98), (0.64, 0.98)]
    if suit == "h":
        d.polygon(at(_heart()), fill=fill)
    elif suit == "d":
        d.polygon(at([(0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)]), fill=fill)
    elif suit == "s":
        d.polygon(at([(px, 0.92 - py) for px, py in _heart()]), fill=fill)
        d.polygon(at(stem), fill=fill)
    elif suit == "c":
        disc(0.5, 0.27, 0.21)
        disc(0.27, 0.58, 0.21)
        disc(0.73, 0.58, 0.21)
        d.polygon(at([(0.45, 0.4), (0.55, 0.4), (0.55, 0.7), (0.45, 0.7)]), fill=fill)
        d.polygon(at(stem), fill=fill)


def draw_star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
              fill: tuple[int, ...], outline: tuple[int, ...] | None = None) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=outline)
